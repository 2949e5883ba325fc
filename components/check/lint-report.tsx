"use client";

import { memo } from "react";
import { DecisionBadge } from "@/components/ui/decision-badge";
import { BUTTON } from "@/components/ui/form-styles";
import { ProblemList } from "@/components/ui/problem-list";
import { type CardLint, describeLintStatus, describeLiveProblem, docsPath, type LiveObservation, type PresetLint, presetsWithoutRejection } from "@/lib/negotiation";
import { describeSignatureReport, signatureStatusLabel } from "@/lib/negotiation/explain";
import { formatList } from "@/lib/negotiation/explain";

/** The live check of a fetched card: not asked yet, asking, its observations, or why it did not run. */
export type LiveState = { phase: "idle" } | { phase: "running" } | { phase: "done"; observation: LiveObservation } | { phase: "failed"; code: string; message: string };

/** What became of the last "open in the workspace". */
export type OpenNotice = { kind: "opened"; preset: string; url: string } | { kind: "failed"; preset: string; message: string };

const STATUS_STYLE: Record<CardLint["status"], string> = {
  clean: "bg-emerald-50 text-emerald-900 ring-emerald-600",
  warnings: "bg-amber-50 text-amber-900 ring-amber-600",
  "live-problems": "bg-rose-50 text-rose-900 ring-rose-600",
  invalid: "bg-rose-100 text-rose-900 ring-rose-600",
};

/**
 * The card check: the answer in one sentence, the card's problems (each pointer shows its field in
 * the editor), its signatures, then every preset: the worst outcome, each task class's outcome
 * with the rule pages it rests on, and a button that opens that review in the workspace.
 */
export const LintReport = memo(function LintReport({
  lint,
  stale,
  onLocate,
  onOpen,
  notice,
  live,
  onLive,
}: {
  lint: CardLint;
  /** The editor has moved on: this is the check of a slightly older text (a large card, typing). */
  stale: boolean;
  onLocate: (pointer: string) => void;
  onOpen: (preset: PresetLint) => void;
  notice?: OpenNotice;
  /** A fetched card's live check (undefined: the card was not fetched, or was edited since). */
  live?: LiveState;
  onLive: () => void;
}) {
  const problems = [...lint.errors, ...lint.warnings];
  const fine = presetsWithoutRejection(lint);
  return (
    <div data-testid="lint-report" data-status={lint.status} className={`flex min-w-0 flex-col gap-3 ${stale ? "opacity-70" : ""}`}>
      <p data-testid="check-status" className={`rounded px-2 py-1 text-sm font-semibold ring-1 ring-inset ${STATUS_STYLE[lint.status]}`}>
        {describeLintStatus(lint.status)}
      </p>
      <p className="text-xs text-slate-600">
        {lint.name ? <span className="font-semibold text-slate-800">{lint.name}</span> : "Unnamed card"}; shape {lint.shape}; {lint.errors.length} error
        {lint.errors.length === 1 ? "" : "s"}, {lint.warnings.length} warning{lint.warnings.length === 1 ? "" : "s"}.
      </p>

      {problems.length > 0 && (
        <div>
          <h3 className="mb-1 text-sm font-semibold text-slate-800">Problems</h3>
          <ProblemList problems={problems} onLocate={(problem) => onLocate(problem.pointer)} testId="check-problems" showCode />
        </div>
      )}

      <p data-testid="check-signature" className="text-sm text-slate-700">
        <span className="font-semibold">Signature: {signatureStatusLabel(lint.signature.status)}.</span>{" "}
        {lint.signature.report
          ? `${describeSignatureReport(lint.signature.report)} Check it against the public key in the workspace ("Signature keys").`
          : "A client that requires signed cards refuses it."}
      </p>

      <LiveSection lint={lint} live={live} onLive={onLive} onLocate={onLocate} />

      <div>
        <h3 className="text-sm font-semibold text-slate-800">Presets</h3>
        <p data-testid="check-works-for" className="mb-2 text-xs text-slate-600">
          {fine.length === 0
            ? "No preset can perform every task class it is capable of with this card."
            : `Works, for every task class the client can perform, with: ${formatList(fine.map((p) => p.name))}.`}{" "}
          A class the client itself cannot perform reads &quot;not for this client&quot;: no fault of the card.
        </p>
        <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {lint.presets.map((preset) => (
            <li key={preset.id} data-testid={`preset-${preset.id}`} data-worst={preset.worst} className="flex min-w-0 flex-col gap-1 rounded border border-slate-200 p-2">
              <div className="flex flex-wrap items-baseline justify-between gap-x-2 gap-y-1">
                <h4 className="text-sm font-semibold text-slate-800">
                  {preset.name} <code className="text-xs font-normal text-slate-500">{preset.id}</code>
                </h4>
                <span className="text-xs text-slate-600">
                  worst <DecisionBadge decision={preset.worst} compact />
                </span>
              </div>
              <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 gap-y-0.5 text-xs">
                {preset.decisions.map((d) => (
                  <div key={d.taskClass} className="contents" data-testid={`preset-${preset.id}-${d.taskClass}`} data-outcome={d.outcome}>
                    <dt className="font-mono text-slate-700">{d.taskClass}</dt>
                    <dd className="flex min-w-0 flex-wrap items-center gap-1">
                      <DecisionBadge decision={d.outcome} compact />
                      {d.rules.map((rule) => (
                        <a key={rule} href={docsPath(rule)} className="font-mono break-all text-sky-800 underline-offset-2 hover:underline">
                          {rule}
                        </a>
                      ))}
                    </dd>
                  </div>
                ))}
              </dl>
              <button type="button" className={`${BUTTON} mt-1 self-start`} onClick={() => onOpen(preset)} aria-label={`Open in the workspace with ${preset.name}`}>
                Open in the workspace
              </button>
            </li>
          ))}
        </ul>
        {notice && (
          <p role="status" data-testid="check-open-notice" className={`mt-2 text-xs ${notice.kind === "failed" ? "text-rose-800" : "text-slate-600"}`}>
            {notice.kind === "opened" ? (
              <>
                The review with {notice.preset} opened in a new tab (or <a href={notice.url} className="text-sky-800 underline">open it here</a>).
              </>
            ) : (
              `The review with ${notice.preset} could not be opened: ${notice.message}`
            )}
          </p>
        )}
      </div>
    </div>
  );
});

/** The card's interfaces asked live (a fetched card only): each one's answer, and what contradicts the card. */
function LiveSection({ lint, live, onLive, onLocate }: { lint: CardLint; live?: LiveState; onLive: () => void; onLocate: (pointer: string) => void }) {
  if (!live) {
    return <p className="text-xs text-slate-600">Live check: fetch the card by URL to ask its interfaces whether they answer (nothing is created).</p>;
  }
  return (
    <div data-testid="check-live">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-sm font-semibold text-slate-800">Live check</h3>
        <button type="button" className={BUTTON} disabled={live.phase === "running"} onClick={onLive}>
          {live.phase === "running" ? "Asking the interfaces…" : live.phase === "idle" ? "Ask the interfaces" : "Ask again"}
        </button>
      </div>
      <p className="text-xs text-slate-600">
        Parley&apos;s server calls each interface once with a request that creates nothing (a task that does not exist), and asks whether the streaming and
        push the card claims are there.
      </p>
      {live.phase === "failed" && (
        <p role="status" className="mt-1 rounded bg-rose-50 px-2 py-1 text-sm text-rose-800">
          <span className="font-semibold">Not checked ({live.code}).</span> {live.message}
        </p>
      )}
      {live.phase === "done" && lint.live && (
        <div role="status" className="mt-1 flex flex-col gap-1 text-sm">
          <ul className="text-xs">
            {lint.live.interfaces.map((i) => (
              <li key={i.index} className="break-all" data-testid={`live-interface-${i.index}`} data-reachable={String(i.reachable)}>
                {i.index}. {i.binding} {i.version} {i.url}: {i.reachable === true ? "answers" : i.reachable === false ? "does not answer" : "not called"}
                {i.picked ? " (the SDK picks it)" : ""}
              </li>
            ))}
          </ul>
          {lint.live.problems.length > 0 && (
            <ul data-testid="check-live-problems" className="rounded border border-slate-200">
              {lint.live.problems.map((p, i) => (
                <li key={i} data-code={p.code} data-severity={p.severity} className="border-b border-slate-100 px-2 py-1 break-words last:border-0">
                  <span className={p.severity === "error" ? "font-semibold text-rose-800" : "text-slate-700"}>{p.severity === "error" ? "✗ " : "· "}</span>
                  {describeLiveProblem(p)}{" "}
                  {p.pointer && (
                    <button type="button" className="font-mono text-xs break-all text-sky-800 underline decoration-dotted" onClick={() => onLocate(p.pointer)} aria-label={`Show ${p.pointer} in the editor`}>
                      {p.pointer}
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
