"use client";

import type { Review, TaskClassDecision } from "@/lib/negotiation/decision-types";
import { explainDecision, explainDegradation } from "@/lib/negotiation/explain/decisions";
import { describeInvariant, explainFinding, whatWouldChange } from "@/lib/negotiation/explain/findings";
import { getInvariant } from "@/lib/negotiation/invariants";
import type { Finding, InvariantMeta } from "@/lib/negotiation/invariants/types";
import { decisionRecordFor } from "@/components/review/workspace-review";
import type { MatrixSelection } from "@/components/matrix/review-matrix";
import { describeCut } from "@/lib/negotiation/explain/cut-label";
import { useCardDigest } from "@/components/review/use-card-digest";
import { CopyButton } from "@/components/ui/copy-button";
import { DecisionBadge } from "@/components/ui/decision-badge";
import { STATUS_STYLE } from "@/components/ui/decision-style";
import { Section } from "@/components/ui/section";
import { docsPath, type EvidenceRef } from "@/lib/negotiation/invariants/types";
import { memo, type ReactNode } from "react";
import { FieldList } from "./field-list";

function JsonBlock({ title, value, note, testId }: { title: string; value: unknown; note?: string; testId?: string }) {
  const text = JSON.stringify(value, null, 2);
  return (
    <div data-testid={testId}>
      <div className="mb-0.5 flex items-center justify-between gap-2">
        <h4 className="text-xs font-semibold text-slate-600">{title}</h4>
        {note ? <span className="text-xs text-slate-500">{note}</span> : <CopyButton text={text} label="Copy JSON" />}
      </div>
      <pre aria-busy={note ? true : undefined} className="max-h-64 overflow-auto rounded bg-slate-900 p-2 font-mono text-[11px] text-slate-100">
        {text}
      </pre>
    </div>
  );
}

/** The record needs the card's digest, computed asynchronously; it is copyable once known. */
function DecisionRecordBlock({ review, taskClass, cardText }: { review: Review; taskClass: string; cardText: string }) {
  const digest = useCardDigest(cardText);
  const value = decisionRecordFor(review, taskClass, digest.status === "ready" ? digest.digest : undefined);
  const note =
    digest.status === "pending" ? "Computing the card digest…" : digest.status === "failed" ? "Could not compute the card digest." : undefined;
  return <JsonBlock title="Decision record (log line)" value={value} note={note} testId="log-record" />;
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h4 className="text-xs font-semibold text-slate-600">{title}</h4>
      <div className="text-sm">{children}</div>
    </div>
  );
}

function DecisionView({ review, decision, taskTitle, cardText, note }: {
  review: Review;
  decision: TaskClassDecision;
  taskTitle: string;
  cardText: string;
  note?: string;
}) {
  return (
    <>
      <h3 className="flex flex-wrap items-center gap-2 text-base font-semibold">
        {taskTitle}: <DecisionBadge decision={decision.decision} />
      </h3>
      {note && <p className="text-xs text-slate-600">{note}</p>}
      <p className="text-sm">{explainDecision(decision, review)}</p>
      {decision.degradations.length > 0 && (
        <>
          <Part title="What it gives up">
            <ul className="list-disc pl-5">
              {decision.degradations.map((record, i) => (
                <li key={i}>{explainDegradation(record)}</li>
              ))}
            </ul>
          </Part>
          <JsonBlock title="Degradation records" value={decision.degradations} />
        </>
      )}
      <DecisionRecordBlock review={review} taskClass={decision.taskClass} cardText={cardText} />
    </>
  );
}

function FindingView({ review, decision, finding, meta, taskTitle, cardText, onHighlight }: {
  review: Review;
  decision: TaskClassDecision;
  finding: Finding;
  meta: InvariantMeta;
  taskTitle: string;
  cardText: string;
  onHighlight: (ref: EvidenceRef) => void;
}) {
  const style = STATUS_STYLE[finding.status];
  const cardRefs = finding.evidence.filter((e) => e.source === "card");
  const profileRefs = finding.evidence.filter((e) => e.source === "profile");
  const contextRefs = finding.evidence.filter((e) => e.source === "context");
  const changes = whatWouldChange(finding, decision);
  const degradations = decision.degradations.filter((d) => d.invariant === finding.invariant);
  return (
    <>
      <h3 className="text-base font-semibold">
        {meta.title} × {taskTitle}:{" "}
        <span className={`rounded px-1 ${style.className}`}>
          <span aria-hidden="true">{style.symbol} </span>
          {style.label}
        </span>
      </h3>
      <Part title="What it checks">
        {describeInvariant(meta.id)}{" "}
        {/* A new tab: leaving the workspace would lose the card and profile being reviewed. */}
        <a href={docsPath(meta.id)} target="_blank" rel="noopener" className="text-sky-800 underline">
          Rule page<span className="sr-only"> (opens in a new tab)</span>
        </a>
      </Part>
      <Part title={finding.status === "violated" ? "Why it fired here" : "Here"}>
        {explainFinding(finding)}
        {finding.cuts && <span className="block text-xs text-slate-600">{describeCut(finding.cuts)}</span>}
      </Part>
      <div className="grid gap-2 sm:grid-cols-2">
        <FieldList title="Card fields (click to highlight)" refs={cardRefs} onHighlight={onHighlight} />
        <FieldList title="Profile fields" refs={profileRefs} onHighlight={onHighlight} />
        <FieldList title="Context" refs={contextRefs} />
      </div>
      {finding.missing && finding.missing.length > 0 && (
        <Part title="Declare in the profile to evaluate">
          <code className="text-xs">{finding.missing.join(", ")}</code>
        </Part>
      )}
      {changes.length > 0 && (
        <Part title="What would change the answer">
          <ul className="list-disc pl-5">
            {changes.map((change, i) => (
              <li key={i}>{change}</li>
            ))}
          </ul>
        </Part>
      )}
      {degradations.length > 0 && <JsonBlock title="Degradation record" value={degradations} />}
      {finding.status === "violated" && <DecisionRecordBlock review={review} taskClass={decision.taskClass} cardText={cardText} />}
      <JsonBlock title="Finding (JSON)" value={finding} />
    </>
  );
}

/**
 * The explanation of the selected matrix cell. A cell whose finding is gone (the card stopped
 * parsing after it was selected) shows its row's decision instead of vanishing: that decision
 * says why nothing was checked.
 */
export const ExplainPanel = memo(function ExplainPanel({
  review,
  cardText,
  selection,
  onHighlight,
}: {
  review: Review;
  cardText: string;
  selection: MatrixSelection | null;
  onHighlight: (ref: EvidenceRef) => void;
}) {
  const decision = selection ? review.decisions.find((d) => d.taskClass === selection.taskClass) : undefined;
  if (!selection || !decision) {
    return (
      <Section title="Explanation" id="explain-heading">
        <p className="text-sm text-slate-600">Select a cell or a decision in the matrix to see why.</p>
      </Section>
    );
  }
  const taskTitle = review.taskClasses.find((t) => t.id === decision.taskClass)?.title ?? decision.taskClass;
  const finding = selection.invariant ? decision.findings.find((f) => f.invariant === selection.invariant) : undefined;
  const meta = selection.invariant ? getInvariant(selection.invariant)?.meta : undefined;
  return (
    <Section title="Explanation" id="explain-heading">
      <div className="flex flex-col gap-3" data-testid="explain-panel">
        {finding && meta ? (
          <FindingView
            review={review}
            decision={decision}
            finding={finding}
            meta={meta}
            taskTitle={taskTitle}
            cardText={cardText}
            onHighlight={onHighlight}
          />
        ) : (
          <DecisionView
            review={review}
            decision={decision}
            taskTitle={taskTitle}
            cardText={cardText}
            note={selection.invariant ? `No finding of ${meta?.title ?? selection.invariant} for this task class in this review.` : undefined}
          />
        )}
      </div>
    </Section>
  );
});
