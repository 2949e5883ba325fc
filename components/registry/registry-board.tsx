"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useCallback, useId, useState } from "react";
import { QueryProvider } from "../queries/query-provider";
import { type AgentSummary, agentsQuery, type RegistryCallError, registryKeys, signIn } from "../queries/registry";
import { DecisionBadge } from "../ui/decision-badge";
import { BUTTON, ERROR, FIELD, HINT, LABEL } from "../ui/form-styles";
import { Section } from "../ui/section";
import { AgentPanel } from "./agent-detail";
import { when, worstFirst, worstOf } from "./registry-words";
import { WatchForm } from "./watch-form";

/** The Registry page's body: the watched agents, one agent's detail, the form to watch another. */
export function RegistryBoard({ initialAgent }: { initialAgent: string | null }) {
  return (
    <QueryProvider>
      <Board initialAgent={initialAgent} />
    </QueryProvider>
  );
}

function Board({ initialAgent }: { initialAgent: string | null }) {
  const agents = useQuery(agentsQuery());
  // ?agent=… (a webhook's link) opens that agent; choosing one keeps it in the address.
  const [selected, setSelected] = useState<string | null>(initialAgent);
  const choose = useCallback((id: string) => {
    setSelected(id);
    const url = new URL(window.location.href);
    url.searchParams.set("agent", id);
    window.history.replaceState(window.history.state, "", url);
  }, []);

  if (agents.error?.status === 401) return <SignIn />;
  const list = agents.data?.agents ?? [];
  const current = selected ?? list[0]?.id ?? null;
  // On a phone: the agents, the chosen agent, then the form; on a wide screen the agent fills the right column.
  return (
    <div className="space-y-3">
      {list.length > 0 ? <PairMatrix agents={list} current={current} onChoose={choose} /> : null}
      <div className="grid gap-3 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:grid-rows-[auto_1fr] lg:items-start">
        <div className="min-w-0 lg:col-start-1 lg:row-start-1">
          <Section id="registry-agents" title="Watched agents">
            {agents.isPending ? (
              <p className={HINT}>Loading the registry…</p>
            ) : agents.error ? (
              <p role="alert" className={ERROR}>
                {agents.error.message}
              </p>
            ) : list.length === 0 ? (
              <p className={HINT}>No agent is watched yet: add one under Watch an agent.</p>
            ) : (
              <ul className="space-y-2" aria-label="Watched agents">
                {list.map((a) => (
                  <AgentRow key={a.id} agent={a} current={a.id === current} onChoose={() => choose(a.id)} />
                ))}
              </ul>
            )}
          </Section>
        </div>
        <div className="min-w-0 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          {current ? <AgentPanel key={current} id={current} /> : <p className={HINT}>Choose an agent to see its decisions and history.</p>}
        </div>
        <div className="min-w-0 lg:col-start-1 lg:row-start-2">
          <Section id="registry-watch" title="Watch an agent">
            <WatchForm onWatched={choose} />
          </Section>
        </div>
      </div>
    </div>
  );
}

/**
 * Every agent against every profile, Pact-style: each cell the pair's worst decision over the
 * classes the agent is watched for, and how many of them are not accepted; a pair the registry
 * does not watch is said so. It scrolls on its own when it is wider than the screen.
 */
function PairMatrix({ agents, current, onChoose }: { agents: AgentSummary[]; current: string | null; onChoose: (id: string) => void }) {
  const profiles = [...new Set(agents.flatMap((a) => a.profiles))];
  return (
    <Section id="registry-matrix" title="Agents × profiles">
      <div role="region" aria-label="Agents × profiles, worst decision per pair" tabIndex={0} className="max-w-full overflow-x-auto focus-visible:outline-2 focus-visible:outline-sky-600">
        <table className="min-w-full border-collapse text-xs">
          <thead>
            <tr>
              <th scope="col" className="p-1 text-left font-semibold text-slate-700">
                Agent
              </th>
              {profiles.map((p) => (
                <th key={p} scope="col" className="p-1 text-left font-semibold text-slate-700">
                  {p}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {agents.map((a) => (
              <tr key={a.id} className={`border-t border-slate-200 ${a.id === current ? "bg-sky-50" : ""}`}>
                <th scope="row" className="max-w-[16rem] p-1 text-left font-normal break-all">
                  <button type="button" onClick={() => onChoose(a.id)} aria-current={a.id === current ? "true" : undefined} className="text-left text-sky-900 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-sky-600">
                    {a.url}
                  </button>
                </th>
                {profiles.map((p) => {
                  if (!a.profiles.includes(p)) return <td key={p} className="p-1 text-slate-600">not watched</td>;
                  const rows = a.decisions.filter((d) => d.profile === p);
                  const worst = worstOf(rows);
                  const notAccepted = rows.filter((d) => d.outcome !== "accept").length;
                  return (
                    <td key={p} className="p-1">
                      {worst ? (
                        <span className="inline-flex flex-wrap items-center gap-1">
                          <DecisionBadge decision={worst} compact />
                          <span className="text-slate-700">{notAccepted === 0 ? `all ${rows.length} accepted` : `${notAccepted} of ${rows.length} not accepted`}</span>
                        </span>
                      ) : (
                        <span className="text-slate-600">not checked yet</span>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Section>
  );
}

function AgentRow({ agent, current, onChoose }: { agent: AgentSummary; current: boolean; onChoose: () => void }) {
  const worst = worstOf(agent.decisions);
  const status = agent.lastError ? `check failed: ${agent.lastError.message}` : agent.lastCheckedAt ? "ok" : "not checked yet";
  return (
    <li className={`rounded border p-2 ${current ? "border-sky-600 bg-sky-50" : "border-slate-200"}`}>
      <button type="button" onClick={onChoose} aria-current={current ? "true" : undefined} className="w-full text-left text-sm font-medium break-all text-sky-900 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-sky-600">
        {agent.url}
      </button>
      <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-700">
        {worst ? <DecisionBadge decision={worst} compact /> : null}
        <span>last check {when(agent.lastCheckedAt)}</span>
        <span className={agent.lastError ? "text-rose-800" : ""}>— {status}</span>
      </p>
      {agent.decisions.length > 0 ? (
        <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-xs" aria-label={`Decisions for ${agent.url}, worst first`}>
          {worstFirst(agent.decisions).map((d) => (
            <li key={`${d.profile}-${d.taskClass}`} className="flex items-center gap-1">
              <DecisionBadge decision={d.outcome} compact />
              <span>
                {d.taskClass} <span className="text-slate-600">({d.profile})</span>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** The registry asks for the team token once; the server keeps it in an httpOnly cookie, never in the page. */
function SignIn() {
  const id = useId();
  const client = useQueryClient();
  const [token, setToken] = useState("");
  const send = useMutation<{ ok: true }, RegistryCallError, void>({
    mutationFn: () => signIn(token),
    onSuccess: () => client.invalidateQueries({ queryKey: registryKeys.all }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate();
  };
  return (
    <Section id="registry-sign-in" title="Team token" className="max-w-xl">
      <form onSubmit={submit} className="space-y-2">
        <label htmlFor={`${id}-token`} className={LABEL}>
          The registry needs the team token (PARLEY_TEAM_TOKEN)
        </label>
        <input id={`${id}-token`} type="password" autoComplete="current-password" required value={token} onChange={(e) => setToken(e.target.value)} aria-invalid={send.isError || undefined} className={FIELD} />
        <p className={HINT}>Sent once; the server keeps it in an httpOnly cookie for this site.</p>
        {send.error ? (
          <p role="alert" className={ERROR}>
            {send.error.message}
          </p>
        ) : null}
        <button type="submit" className={BUTTON} disabled={send.isPending}>
          {send.isPending ? "Checking…" : "Open the registry"}
        </button>
      </form>
    </Section>
  );
}
