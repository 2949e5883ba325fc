"use client";

import { useEffect, useId, useRef, useState } from "react";
import type { ClientProfile } from "@/lib/negotiation";
import type { ProbeReport } from "@/lib/probe/types";
import { ExchangeLog, WireFindings } from "./wire-panel";
import { classObservations, contradictionSentence, definitionsOf, type LiveCheckRun } from "@/components/session/live-observations";
import type { TaskClassSelection } from "@/components/session/workspace-review";
import { postProbe, type ProbeFailure } from "./post-probe";

interface LiveCheckProps {
  /** The URL the card was fetched from. */
  cardUrl: string;
  /** The card as fetched from it: what the check's observations are about. */
  cardText: string;
  profile: ClientProfile;
  taskClasses?: TaskClassSelection;
  /** Mark a card field (a JSON pointer) in the card editor. */
  onLocate: (pointer: string) => void;
  /** A check came back: the workspace shows it in the matrix, the editor and the verdict (never the credential). */
  onResult?: (run: LiveCheckRun) => void;
  /** Why the last check no longer describes what is on screen (the card, the profile changed). */
  stale?: string;
}

type State =
  | { phase: "idle" }
  /** `heartbeats`: how often Parley's server has said the check is still running; `seconds`: since it started, at the last one. */
  | { phase: "running"; send: boolean; heartbeats: number; seconds: number }
  | { phase: "done"; report: ProbeReport }
  | { phase: "failed"; failure: ProbeFailure };

/**
 * "Check against the live agent", beside a fetched card: Parley's server asks the agent what the
 * card claims with calls that create nothing, and the result is shown beside the prediction. Real
 * messages are sent only after a second, explicit confirmation (and only where the operator
 * allows it). A credential typed here stays in this component's state: never stored, never in a link.
 */
export function LiveCheck({ cardUrl, cardText, profile, taskClasses, onLocate, onResult, stale }: LiveCheckProps) {
  const [state, setState] = useState<State>({ phase: "idle" });
  const [headerName, setHeaderName] = useState("Authorization");
  const [headerValue, setHeaderValue] = useState("");
  const [confirming, setConfirming] = useState(false);
  // Another card fetched from the same URL: the last result was about the card it replaced.
  const [forText, setForText] = useState(cardText);
  if (forText !== cardText) {
    setForText(cardText);
    setState({ phase: "idle" });
  }
  const abort = useRef<AbortController | null>(null);
  const nameId = useId();
  const valueId = useId();
  useEffect(() => () => abort.current?.abort(), []);
  // Whether this instance sends real messages at all: the button is offered only where it does.
  const [sendOffered, setSendOffered] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    fetch("/api/probe", { signal: controller.signal })
      .then((r) => (r.ok ? (r.json() as Promise<{ send?: unknown }>) : undefined))
      .then((info) => setSendOffered(info?.send === true))
      .catch(() => undefined);
    return () => controller.abort();
  }, []);

  const run = (send: boolean) => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setConfirming(false);
    setState({ phase: "running", send, heartbeats: 0, seconds: 0 });
    // What the check is made on, as it is at the click: the observations belong to it.
    const made = { cardText, profile, taskClasses };
    const started = Date.now();
    const heartbeat = () => {
      if (controller.signal.aborted) return;
      const seconds = Math.round((Date.now() - started) / 1000);
      setState((now) => (now.phase === "running" ? { ...now, heartbeats: now.heartbeats + 1, seconds } : now));
    };
    postProbe({ url: cardUrl, profile, taskClasses, header: headerValue ? { name: headerName, value: headerValue } : undefined, send }, controller.signal, heartbeat).then(
      (report) => {
        if (controller.signal.aborted) return;
        setState({ phase: "done", report });
        onResult?.({ report, ...made });
      },
      (failure: ProbeFailure) => !controller.signal.aborted && setState({ phase: "failed", failure }),
    );
  };
  const running = state.phase === "running";

  return (
    <section aria-labelledby="live-check-heading" data-testid="live-check" className="mt-3 rounded border border-slate-200 p-2">
      <h3 id="live-check-heading" className="text-sm font-semibold">
        Check against the live agent
      </h3>
      <p className="text-xs text-slate-600">
        Parley&apos;s server calls every interface the card declares once, with a request that creates nothing (it asks for a task that does not exist), and asks
        whether the streaming and push the card claims are there.
      </p>
      <div className="mt-1 grid grid-cols-[auto_1fr] items-center gap-1 text-xs">
        <label htmlFor={nameId} className="font-medium text-slate-600">
          Credential header
        </label>
        <input id={nameId} className="min-w-0 rounded border border-slate-300 px-1 py-0.5 font-mono" value={headerName} spellCheck={false} onChange={(e) => setHeaderName(e.target.value)} />
        <label htmlFor={valueId} className="font-medium text-slate-600">
          Value (optional)
        </label>
        <input
          id={valueId}
          type="password"
          autoComplete="off"
          spellCheck={false}
          className="min-w-0 rounded border border-slate-300 px-1 py-0.5 font-mono"
          value={headerValue}
          onChange={(e) => setHeaderValue(e.target.value)}
        />
      </div>
      <p className="text-xs text-slate-500">Sent only to the card&apos;s origin; never saved, logged or put in a link.</p>
      <div className="mt-1 flex flex-wrap gap-2">
        <button type="button" disabled={running} onClick={() => run(false)} className="rounded bg-slate-800 px-3 py-1 text-sm font-medium text-white hover:bg-slate-700 disabled:opacity-60">
          {running && !state.send ? "Checking…" : "Check against the live agent"}
        </button>
        {sendOffered && (
          <button type="button" disabled={running} onClick={() => setConfirming(true)} className="rounded border border-slate-300 px-3 py-1 text-sm">
            Also send real messages…
          </button>
        )}
      </div>
      {confirming && sendOffered && (
        <div role="alertdialog" aria-labelledby="live-check-confirm" className="mt-2 rounded bg-amber-50 p-2 text-sm text-amber-900">
          <p id="live-check-confirm">
            This sends a real message per task class to the agent at {new URL(cardUrl).host}: it <strong>creates real tasks there</strong>, and the agent may bill for
            them. Only instances whose operator set PARLEY_PROBE_SEND=1 allow it.
          </p>
          <div className="mt-1 flex gap-2">
            <button type="button" onClick={() => run(true)} className="rounded bg-amber-700 px-3 py-1 font-medium text-white">
              Yes, create real tasks
            </button>
            {/* Focus goes into the question, on the answer that sends nothing. */}
            <button type="button" autoFocus onClick={() => setConfirming(false)} className="rounded border border-amber-700 px-3 py-1">
              Cancel
            </button>
          </div>
        </div>
      )}
      {state.phase === "running" && (
        <p role="status" className="mt-2 text-xs text-slate-600">
          {state.send ? "Running the smallest lifecycle per task class…" : "Asking the agent…"}
        </p>
      )}
      {state.phase === "running" && state.heartbeats > 0 && (
        <p data-testid="live-check-progress" data-heartbeats={state.heartbeats} className="mt-1 text-xs text-slate-600">
          Still running after {state.seconds} s: the agent has not finished yet, and Parley&apos;s server says every few seconds that it is still waiting for it.
          {state.send && " A slow agent may take up to 90 s per task class."}
        </p>
      )}
      {state.phase === "failed" && (
        <p role="status" data-testid="live-check-error" className="mt-2 rounded bg-rose-50 px-2 py-1 text-sm text-rose-800">
          <span className="font-semibold">Not checked ({state.failure.code}).</span> {state.failure.message}
        </p>
      )}
      {state.phase === "done" && stale && (
        <p role="status" data-testid="live-check-stale" className="mt-2 rounded bg-amber-50 px-2 py-1 text-xs text-amber-950">
          {stale}
        </p>
      )}
      {state.phase === "done" && <LiveCheckResult report={state.report} taskClasses={taskClasses} onLocate={onLocate} />}
    </section>
  );
}

function LiveCheckResult({ report, taskClasses, onLocate }: { report: ProbeReport; taskClasses: TaskClassSelection | undefined; onLocate: (pointer: string) => void }) {
  const observations = classObservations(report, definitionsOf(taskClasses));
  return (
    <div className="mt-2 flex flex-col gap-2 text-xs" data-testid="live-check-result">
      <p role="status" className="font-medium">
        {report.contradictions.length === 0
          ? "The agent does what its card says, as far as these calls can tell."
          : `${report.contradictions.length} claim${report.contradictions.length === 1 ? "" : "s"} of the card contradicted by the agent.`}
        {report.card.servedToSdkDiffers ? " The card served to the SDK (with A2A-Version) differs from the one fetched plainly." : ""}
      </p>
      {report.contradictions.length > 0 && (
        <ul className="flex flex-col gap-1" data-testid="live-check-contradictions">
          {report.contradictions.map((c) => (
            <li key={c.pointer} className="rounded bg-rose-50 px-2 py-1 text-rose-900">
              <button type="button" className="font-mono underline" onClick={() => onLocate(c.pointer)} title="Mark this field in the card">
                {c.pointer}
              </button>
              : {contradictionSentence(c)}
            </li>
          ))}
        </ul>
      )}
      <WireFindings findings={report.wire ?? []} />
      <table className="w-full table-fixed border-collapse text-left" data-testid="live-check-interfaces">
        <caption className="text-left font-medium">Interfaces</caption>
        <colgroup>
          <col className="w-[18%]" />
          <col className="w-[22%]" />
          <col className="w-[12%]" />
          <col />
        </colgroup>
        <thead>
          <tr>
            <th scope="col" className={TH}>#</th>
            <th scope="col" className={TH}>binding</th>
            <th scope="col" className={TH}>alive</th>
            <th scope="col" className={TH}>what it said</th>
          </tr>
        </thead>
        <tbody>
          {report.interfaces.map((i) => (
            <tr key={i.index} className="border-t border-slate-200 align-top">
              <td className={TD}>
                {i.index}
                {i.picked ? " (SDK's pick)" : ""}
              </td>
              <td className={TD}>
                {i.binding} {i.version}
              </td>
              <td className={TD}>{i.reachable === null ? "not probed" : i.reachable ? "yes" : "no"}</td>
              <td className={`${TD} ${WRAP}`}>{i.error ? `${i.error.kind}: ${i.error.detail}` : i.reachable ? "task not found, as it should" : ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="w-full table-fixed border-collapse text-left" data-testid="live-check-classes">
        <caption className="text-left font-medium">
          {report.sent ? "Task classes: predicted and observed (real tasks were created)" : "Task classes: predicted, and what the check's calls tell of each (no task was created)"}
        </caption>
        <colgroup>
          <col className="w-[27%]" />
          <col className="w-[20%]" />
          <col className="w-[20%]" />
          <col />
        </colgroup>
        <thead>
          <tr>
            <th scope="col" className={TH}>class</th>
            <th scope="col" className={TH}>predicted</th>
            <th scope="col" className={TH}>observed</th>
            <th scope="col" className={TH}>what the server said</th>
          </tr>
        </thead>
        <tbody>
          {[...observations.values()].map((o) => (
            <tr key={o.taskClass} className={`border-t border-slate-200 align-top ${o.agreement === "disagrees" ? "bg-rose-50" : ""}`}>
              <th scope="row" className={`${TD} font-normal`}>
                {o.taskClass}
              </th>
              <td className={TD}>{o.predicted}</td>
              <td className={TD}>{o.agreement === "disagrees" ? `${o.observed} (disagrees)` : o.observed === "skipped" ? "not sent" : o.observed}</td>
              <td className={`${TD} ${WRAP}`}>{o.said}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {report.notes.length > 0 && (
        <ul className="list-disc pl-4 text-slate-600 [overflow-wrap:break-word]">
          {report.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
      <ExchangeLog exchanges={report.exchanges ?? []} />
    </div>
  );
}

// Cells keep apart (headers never run together) and long text wraps at word boundaries: a URL or
// an error too long for its cell breaks only where nothing else can.
const TH = `px-1.5 py-0.5 align-bottom font-semibold [overflow-wrap:break-word]`;
const TD = "px-1.5 py-0.5 [overflow-wrap:break-word]";
const WRAP = "[overflow-wrap:break-word] [word-break:normal]";
