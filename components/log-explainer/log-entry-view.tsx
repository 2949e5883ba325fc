import { useMemo } from "react";
import { DecisionBadge } from "@/components/ui/decision-badge";
import { type LogEntry, outcomeOf } from "@/lib/negotiation";
import { explainLogEntry } from "@/lib/negotiation/explain";
import { RECONSTRUCTION_NOTE } from "@/lib/negotiation/explain";
import { buildOpenReview } from "./open-review";
import { RecordCardForm } from "./record-card-form";
import { claimOf } from "./record-claim";
import { RecordCheckView } from "./record-check-view";
import { buildReproduction } from "./reproduce";

const KIND_LABEL: Record<LogEntry["kind"], { label: string; className: string }> = {
  record: { label: "decision record", className: "bg-sky-100 text-sky-900 ring-sky-600" },
  seed: { label: "UnnegotiableAgentCardError", className: "bg-rose-100 text-rose-900 ring-rose-600" },
  mention: { label: "names a rule", className: "bg-slate-100 text-slate-800 ring-slate-500" },
  unreadable: { label: "unreadable", className: "bg-amber-100 text-amber-950 ring-amber-600" },
};

function SentenceList({ title, sentences, testId }: { title: string; sentences: readonly string[]; testId: string }) {
  if (sentences.length === 0) return null;
  return (
    <>
      <h3 className="mt-3 text-xs font-semibold tracking-wide text-slate-600 uppercase">{title}</h3>
      <ul className="mt-1 list-disc pl-5 text-sm" data-testid={testId}>
        {sentences.map((sentence) => (
          <li key={sentence}>{sentence}</li>
        ))}
      </ul>
    </>
  );
}

/** One pasted line and what it means. A client leaf's child: rendered in the browser. */
export function LogEntryView({ entry, registry = false }: { entry: LogEntry; registry?: boolean }) {
  const text = useMemo(() => explainLogEntry(entry), [entry]);
  const open = useMemo(() => buildOpenReview(entry), [entry]);
  const reproduction = useMemo(() => buildReproduction(entry), [entry]);
  // A record whose line carries a snapshot link: checked against the card in it (digest, then decision).
  const claim = useMemo(() => (entry.kind === "record" ? claimOf(entry.record) : undefined), [entry]);
  const checkSource = useMemo(() => (entry.kind === "record" && entry.reviewLink !== undefined && open?.status === "open" && open.kind === "snapshot" ? { link: entry.reviewLink } : undefined), [entry, open]);
  const kind = KIND_LABEL[entry.kind];
  const headingId = `log-line-${entry.line}`;
  const truncated = entry.length > entry.excerpt.length;

  return (
    <li
      aria-labelledby={headingId}
      data-testid="log-entry"
      data-kind={entry.kind}
      data-line={entry.line}
      className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm"
    >
      <div className="mb-1 flex flex-wrap items-center gap-2">
        <h2 id={headingId} className="text-sm font-semibold text-slate-800">
          {entry.endLine ? `Lines ${entry.line}–${entry.endLine}` : `Line ${entry.line}`}
        </h2>
        <span className={`rounded px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${kind.className}`}>{kind.label}</span>
        {entry.kind === "record" && <DecisionBadge decision={outcomeOf(entry.record)} />}
      </div>
      {open?.status === "open" && (
        <div className="mb-2">
          <a
            href={open.href}
            data-testid="open-review"
            data-link-kind={open.kind}
            className="inline-block rounded bg-sky-700 px-3 py-1 text-sm font-semibold text-white hover:bg-sky-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600"
          >
            Open review
            <span className="font-normal">{open.kind === "live" ? " (fetches the card now)" : " (the card the record carries)"}</span>
          </a>
        </div>
      )}
      {claim && checkSource && <RecordCheckView claim={claim} source={checkSource} />}
      <p className="mb-2 font-mono text-xs break-all text-slate-600">
        {entry.excerpt}
        {truncated && <span className="text-slate-500"> … ({entry.length.toLocaleString("en-US")} characters)</span>}
      </p>
      <p className="text-sm font-medium" data-testid="log-headline">
        {text.headline}
      </p>

      {(text.rules.length > 0 || text.taskClass) && (
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          {text.rules.length > 0 && (
            <>
              <dt className="text-slate-500">{text.rules.length === 1 ? "Rule" : "Rules"}</dt>
              <dd className="flex flex-wrap gap-x-3">
                {text.rules.map((rule) =>
                  rule.docsPath ? (
                    <a key={rule.id} href={rule.docsPath} className="text-sky-800 underline hover:text-sky-950" data-testid="rule-link">
                      {rule.title} <code className="text-xs">({rule.id})</code>
                    </a>
                  ) : (
                    <span key={rule.id}>{rule.title}</span>
                  ),
                )}
              </dd>
            </>
          )}
          {text.taskClass && (
            <>
              <dt className="text-slate-500">Task class</dt>
              <dd>
                <code>{text.taskClass}</code>
              </dd>
            </>
          )}
        </dl>
      )}

      <SentenceList title="What it means" sentences={text.meaning} testId="log-meaning" />
      <SentenceList title="What would change it" sentences={text.changes} testId="log-changes" />
      {text.notes.length > 0 && (
        <ul className="mt-2 text-xs text-slate-600">
          {text.notes.map((note) => (
            <li key={note} className="[overflow-wrap:anywhere]">
              {note}
            </li>
          ))}
        </ul>
      )}

      {open?.status === "unavailable" && (
        <p className="mt-3 text-sm text-slate-600" data-testid="open-review-unavailable">
          {open.why}
        </p>
      )}
      {open?.status === "needs-card" && <RecordCardForm need={open.need} registry={registry} />}

      {reproduction && (
        <div className="mt-3 rounded border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950" data-testid="reproduction">
          <p>{RECONSTRUCTION_NOTE.what}</p>
          {reproduction.ok ? (
            <a
              href={reproduction.href}
              data-testid="reproduce"
              className="mt-2 inline-block rounded bg-sky-700 px-3 py-1 text-sm font-semibold text-white hover:bg-sky-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600"
            >
              Reproduce in the workspace <span className="font-normal">(a reconstruction)</span>
            </a>
          ) : (
            <p className="mt-1">{reproduction.why}</p>
          )}
          <p className="mt-2 text-xs">{RECONSTRUCTION_NOTE.fullRecord}</p>
        </div>
      )}
    </li>
  );
}
