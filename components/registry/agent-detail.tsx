"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { wireFindingSentence } from "@/lib/probe/wire-explain";
import { acknowledge, type AgentDetail, type AgentHistory, agentQuery, checkAgentNow, historyQuery, type RegistryCallError, registryKeys } from "../queries/registry";
import { DecisionBadge } from "../ui/decision-badge";
import { BUTTON, ERROR, FIELD, HINT, LABEL } from "../ui/form-styles";
import { Section } from "../ui/section";
import { shortDigest, when, worstFirst } from "./registry-words";
import { diffLinkFor, reviewLinkFor, type VersionLink } from "./version-links";

type Decision = AgentDetail["decisions"][number];

/** One watched agent: its decisions worst first, its card versions, its decision changes as a timeline. */
export function AgentPanel({ id }: { id: string }) {
  const client = useQueryClient();
  const agent = useQuery(agentQuery(id));
  const history = useQuery(historyQuery(id));
  const check = useMutation<Awaited<ReturnType<typeof checkAgentNow>>, RegistryCallError, void>({
    mutationFn: () => checkAgentNow(id),
    onSettled: () => client.invalidateQueries({ queryKey: registryKeys.all }),
  });
  if (agent.isPending) return <p className={HINT}>Loading the agent…</p>;
  if (agent.error) return <p role="alert" className={ERROR}>{agent.error.message}</p>;
  const a = agent.data;
  const checkStatus = check.data
    ? check.data.error
      ? `Checked: the card could not be fetched (${check.data.error.message}).`
      : check.data.events.length > 0
        ? `Checked: ${check.data.events.length} decision${check.data.events.length === 1 ? "" : "s"} changed.`
        : check.data.changed
          ? "Checked: a new card version, no decision changed."
          : "Checked: nothing changed."
    : "";
  return (
    <div className="space-y-3">
      <Section
        id="registry-agent"
        title="Agent"
        actions={
          <button type="button" className={BUTTON} onClick={() => check.mutate()} disabled={check.isPending}>
            {check.isPending ? "Checking…" : "Check now"}
          </button>
        }
      >
        <p className="text-sm font-medium break-all text-slate-900">{a.url}</p>
        <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
          <dt className="text-slate-600">Last check</dt>
          <dd>
            {when(a.lastCheckedAt)}
            {a.lastError ? <span className="text-rose-800"> — failed: {a.lastError.message}</span> : a.lastCheckedAt ? <span className="text-emerald-800"> — ok</span> : null}
          </dd>
          <dt className="text-slate-600">Next check</dt>
          <dd>
            {when(a.nextCheckAt)} (every {a.intervalMinutes} min)
          </dd>
          <dt className="text-slate-600">Latest card</dt>
          <dd className="break-all">{a.latestDigest ? <CardLink digest={a.latestDigest} full /> : "none yet"}</dd>
          <dt className="text-slate-600">Live check</dt>
          <dd>{a.liveCheck ? "with every check (creates nothing on the agent)" : "off"}</dd>
        </dl>
        <p role="status" aria-live="polite" className="mt-2 text-sm text-slate-700">
          {check.error ? <span className="text-rose-800">{check.error.message}</span> : checkStatus}
        </p>
      </Section>
      <Section id="registry-decisions" title="Decisions, worst first">
        <Decisions agent={a} />
      </Section>
      {a.liveCheck ? (
        <Section id="registry-live" title="Live check">
          <LiveFindings agent={a} />
        </Section>
      ) : null}
      <Section id="registry-history" title="History">
        {history.isPending ? <p className={HINT}>Loading the history…</p> : history.error ? <p role="alert" className={ERROR}>{history.error.message}</p> : <Timeline agent={a} history={history.data} />}
      </Section>
    </div>
  );
}

function CardLink({ digest, full = false }: { digest: string; full?: boolean }) {
  return (
    <a href={`/api/v1/cards/${encodeURIComponent(digest)}`} title={digest} className="font-mono text-xs text-sky-800 underline underline-offset-2">
      {full ? digest : shortDigest(digest)}
    </a>
  );
}

function Decisions({ agent }: { agent: AgentDetail }) {
  const [open, setOpen] = useState<string | null>(null);
  if (agent.decisions.length === 0) return <p className={HINT}>No decisions yet: the agent has not been checked (use Check now).</p>;
  return (
    <ul className="divide-y divide-slate-200">
      {worstFirst(agent.decisions).map((d) => {
        const key = `${d.profile}\u0000${d.taskClass}`;
        return (
          <li key={key} className="py-2">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <DecisionBadge decision={d.outcome} />
              <span className="text-sm font-medium">{d.taskClass}</span>
              <span className="text-sm text-slate-600">{d.profile}</span>
              {d.acknowledged ? <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-semibold text-slate-800 ring-1 ring-slate-400 ring-inset">acknowledged</span> : null}
            </div>
            {d.rules.length > 0 ? (
              <p className="mt-1 text-xs text-slate-700">
                Rules behind it:{" "}
                {d.rules.map((r, i) => (
                  <span key={r}>
                    {i > 0 ? ", " : ""}
                    <a href={`/rules/${r}`} className="font-mono text-sky-800 underline underline-offset-2">
                      {r}
                    </a>
                    {d.acknowledgedRules.includes(r) ? " (acknowledged)" : d.expiredRules.includes(r) ? " (acknowledgement expired)" : ""}
                  </span>
                ))}
              </p>
            ) : null}
            {d.rules.length > 0 ? (
              open === key ? (
                <AcknowledgeForm agent={agent} decision={d} onDone={() => setOpen(null)} />
              ) : (
                <button type="button" className={`${BUTTON} mt-1`} onClick={() => setOpen(key)} aria-label={`Acknowledge a finding of ${d.taskClass} for ${d.profile}`}>
                  Acknowledge…
                </button>
              )
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

function AcknowledgeForm({ agent, decision, onDone }: { agent: AgentDetail; decision: Decision; onDone: () => void }) {
  const id = useId();
  const client = useQueryClient();
  const [rule, setRule] = useState(decision.rules.find((r) => !decision.acknowledgedRules.includes(r)) ?? decision.rules[0]!);
  const [reason, setReason] = useState("");
  const [by, setBy] = useState("");
  const [until, setUntil] = useState("");
  const save = useMutation<{ id: string }, RegistryCallError, void>({
    mutationFn: () =>
      acknowledge({
        agent: agent.id,
        profile: decision.profile,
        invariant: rule,
        taskClass: decision.taskClass,
        reason: reason.trim(),
        ...(by.trim() ? { by: by.trim() } : {}),
        ...(until ? { until } : {}),
      }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: registryKeys.agent(agent.id) });
      onDone();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form onSubmit={submit} className="mt-2 space-y-2 rounded border border-slate-200 bg-slate-50 p-2" aria-label={`Acknowledge a finding of ${decision.taskClass} for ${decision.profile}`}>
      <div>
        <label htmlFor={`${id}-rule`} className={LABEL}>
          Rule
        </label>
        <select id={`${id}-rule`} value={rule} onChange={(e) => setRule(e.target.value)} className={FIELD}>
          {decision.rules.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-reason`} className={LABEL}>
          Because (required)
        </label>
        <input id={`${id}-reason`} required value={reason} onChange={(e) => setReason(e.target.value)} className={FIELD} />
      </div>
      <div className="flex flex-wrap gap-3">
        <div className="min-w-0 flex-1">
          <label htmlFor={`${id}-by`} className={LABEL}>
            By
          </label>
          <input id={`${id}-by`} value={by} onChange={(e) => setBy(e.target.value)} className={FIELD} />
        </div>
        <div className="min-w-0 flex-1">
          <label htmlFor={`${id}-until`} className={LABEL}>
            Until (last day, optional)
          </label>
          <input id={`${id}-until`} type="date" value={until} onChange={(e) => setUntil(e.target.value)} className={FIELD} />
        </div>
      </div>
      <p className={HINT}>Acknowledged findings stay shown; can-i-deploy counts the class as a yes while it holds.</p>
      {save.error ? (
        <p role="alert" className={ERROR}>
          {save.error.message}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={BUTTON} disabled={save.isPending || reason.trim() === ""}>
          {save.isPending ? "Saving…" : "Acknowledge"}
        </button>
        <button type="button" className={BUTTON} onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function LiveFindings({ agent }: { agent: AgentDetail }) {
  const live = agent.lastLiveCheck;
  if (!live) return <p className={HINT}>The live check runs with the next check.</p>;
  return (
    <div className="space-y-2 text-sm">
      <p>
        Last run {when(live.at)}
        {live.error ? <span className="text-rose-800"> — it could not run: {live.error}</span> : null}
      </p>
      {live.wire.length === 0 && live.contradictions.length === 0 && !live.error ? <p>The agent answered as the protocol and its card say.</p> : null}
      {live.wire.length > 0 ? (
        <ul className="list-disc space-y-1 pl-5">
          {live.wire.map((w, i) => (
            <li key={`${w.id}-${i}`}>
              <span className="font-mono text-xs">{w.id}</span>: {wireFindingSentence(w)}
            </li>
          ))}
        </ul>
      ) : null}
      {live.contradictions.length > 0 ? (
        <ul className="list-disc space-y-1 pl-5">
          {live.contradictions.map((c, i) => (
            <li key={i}>
              <span className="font-mono text-xs">{c.pointer}</span>: the card says {c.claim}; {c.observed}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** Makes its link when clicked (the card texts are fetched then), and goes there; says why when it cannot. */
function OpenButton({ label, name, make }: { label: string; name: string; make: () => Promise<VersionLink> }) {
  const [state, setState] = useState<{ pending: boolean; why?: string }>({ pending: false });
  const open = async () => {
    setState({ pending: true });
    try {
      const link = await make();
      if (link.ok) window.location.assign(link.href);
      else setState({ pending: false, why: link.why });
    } catch (error) {
      setState({ pending: false, why: error instanceof Error ? error.message : String(error) });
    }
  };
  return (
    <>
      <button type="button" className={`${BUTTON} mt-1 mr-2`} aria-label={name} disabled={state.pending} onClick={() => void open()}>
        {state.pending ? "Opening…" : label}
      </button>
      {state.why ? (
        <span role="alert" className={ERROR}>
          {state.why}
        </span>
      ) : null}
    </>
  );
}

function Timeline({ agent, history }: { agent: AgentDetail; history: AgentHistory }) {
  const profileNamed = (name: string) => agent.profileDefinitions.find((p) => p.name === name) ?? agent.profileDefinitions[0]!;
  type Entry = { at: string; key: string; node: ReactNode };
  const entries: Entry[] = [
    ...history.versions.map((v) => ({
      at: v.firstSeen,
      key: `v-${v.digest}`,
      node: (
        <>
          <p className="text-sm font-medium">
            Card version <CardLink digest={v.digest} />
          </p>
          <p className="text-xs text-slate-600">
            first seen {when(v.firstSeen)}, last seen {when(v.lastSeen)}
          </p>
          {agent.profileDefinitions.length > 0 ? (
            <OpenButton
              label="Review"
              name={`Review card version ${shortDigest(v.digest)} against ${agent.profileDefinitions[0]!.name}`}
              make={() => reviewLinkFor(v.digest, agent.profileDefinitions[0]!, agent.taskClasses)}
            />
          ) : null}
        </>
      ),
    })),
    ...history.events.map((e) => ({
      at: e.at,
      key: `e-${e.id}`,
      node: (
        <>
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
            <span className="font-medium">{e.taskClass}</span>
            <span className="text-slate-600">{e.profile}</span>
            <DecisionBadge decision={e.from} compact />
            <span aria-label="changed to">→</span>
            <DecisionBadge decision={e.to} compact />
            {e.worse ? <span className="text-xs font-semibold text-rose-800">worse</span> : <span className="text-xs text-emerald-800">better</span>}
          </p>
          {e.findings.length > 0 ? (
            <p className="text-xs text-slate-700">
              moved by:{" "}
              {e.findings.map((f, i) => (
                <span key={f.invariant}>
                  {i > 0 ? "; " : ""}
                  <span className="font-mono">{f.invariant}</span> {f.before.status} → {f.after.status}
                </span>
              ))}
            </p>
          ) : null}
          {e.fromDigest ? (
            <OpenButton
              label="Diff"
              name={`Diff the card versions behind ${e.taskClass} ${e.from} to ${e.to}, at ${when(e.at)}`}
              make={() => diffLinkFor(e.fromDigest!, e.toDigest, [profileNamed(e.profile)], agent.taskClasses)}
            />
          ) : null}
        </>
      ),
    })),
  ].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : a.key.startsWith("e-") ? -1 : 1));
  if (entries.length === 0) return <p className={HINT}>Nothing yet: the history starts with the first check.</p>;
  return (
    <>
      {history.versions.length > 1 && <CompareVersions agent={agent} versions={history.versions} />}
    <ol aria-label="Card versions and decision changes, newest first" className="space-y-2 border-l-2 border-slate-200 pl-3">
      {entries.map((e) => (
        <li key={e.key}>
          <p className="text-xs text-slate-600">
            <time dateTime={e.at}>{when(e.at)}</time>
          </p>
          {e.node}
        </li>
      ))}
    </ol>
    </>
  );
}

/** Any two of the agent's card versions, diffed against every profile it is held to (oldest and newest to start). */
function CompareVersions({ agent, versions }: { agent: AgentDetail; versions: AgentHistory["versions"] }) {
  const id = useId();
  const ordered = [...versions].sort((a, b) => (a.firstSeen < b.firstSeen ? -1 : a.firstSeen > b.firstSeen ? 1 : 0));
  const [from, setFrom] = useState(ordered[0]!.digest);
  const [to, setTo] = useState(ordered[ordered.length - 1]!.digest);
  const option = (v: AgentHistory["versions"][number]) => (
    <option key={v.digest} value={v.digest}>
      {shortDigest(v.digest)}, first seen {when(v.firstSeen)}
    </option>
  );
  return (
    <div role="group" aria-label="Compare two card versions" className="mb-3 flex flex-wrap items-end gap-2">
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-from`} className={LABEL}>
          Older version
        </label>
        <select id={`${id}-from`} value={from} onChange={(e) => setFrom(e.target.value)} className={FIELD}>
          {ordered.map(option)}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-to`} className={LABEL}>
          Newer version
        </label>
        <select id={`${id}-to`} value={to} onChange={(e) => setTo(e.target.value)} className={FIELD}>
          {ordered.map(option)}
        </select>
      </div>
      {from === to ? (
        <p className={HINT}>Pick two different versions to diff them.</p>
      ) : (
        <OpenButton label="Diff these versions" name={`Diff card version ${shortDigest(from)} with ${shortDigest(to)}`} make={() => diffLinkFor(from, to, agent.profileDefinitions, agent.taskClasses)} />
      )}
    </div>
  );
}
