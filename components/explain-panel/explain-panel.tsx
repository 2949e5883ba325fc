"use client";

import { type ClassAcknowledgement, describeAcknowledgement, describeClassAcknowledgement, describeCut, describeInvariant, docsPath, type EvidenceRef, explainDecision, explainDegradation, explainFinding, type Finding, getInvariant, type InvariantMeta, outcomeOf, type Review, type TaskClassDecision, whatWouldChange } from "@/lib/negotiation";
import type { MatrixSelection } from "@/components/session/selection";
import type { ClassObservation } from "@/components/session/live-observations";
import { explainCellOfInvalidCard } from "@/lib/negotiation/explain";
import { CopyButton } from "@/components/ui/copy-button";
import { DecisionBadge } from "@/components/ui/decision-badge";
import { STATUS_STYLE } from "@/components/ui/decision-style";
import { Section } from "@/components/ui/section";
import { memo, type ReactNode } from "react";
import { DecisionRecord, type RecordSource } from "./decision-record";
import { FieldList } from "./field-list";

function JsonBlock({ title, value, testId }: { title: string; value: unknown; testId?: string }) {
  const text = JSON.stringify(value, null, 2);
  return (
    <details data-testid={testId} className="rounded border border-slate-200">
      <summary className="cursor-pointer px-2 py-1 text-xs font-semibold text-slate-700 hover:bg-slate-100">{title}</summary>
      <div className="flex flex-col gap-1 p-2">
        <div className="flex justify-end">
          <CopyButton text={text} label="Copy JSON" />
        </div>
        {/* Focusable: it scrolls, and a keyboard user must be able to scroll it too. */}
        <pre
          tabIndex={0}
          role="region"
          aria-label={title}
          className="max-h-64 overflow-auto rounded bg-slate-100 p-2 font-mono text-[11px] text-slate-900 focus-visible:outline-2 focus-visible:outline-sky-600"
        >
          {text}
        </pre>
      </div>
    </details>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h4 className="text-xs font-semibold text-slate-700">{title}</h4>
      <div className="text-sm">{children}</div>
    </div>
  );
}

function RulePageLink({ meta }: { meta: InvariantMeta }) {
  // A new tab: leaving the workspace would lose the card and profile being reviewed.
  return (
    <a href={docsPath(meta.id)} target="_blank" rel="noopener" className="text-sky-800 underline">
      Rule page<span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

const OBSERVED_WORDS: Record<ClassObservation["observed"], string> = {
  completed: "completed",
  "completed-fallback": "completed by a fallback",
  failed: "failed",
  hung: "hung (no end in time)",
  skipped: "not sent",
};

/** What the live agent was observed doing for this class, beside the prediction, and what the server said. */
function ObservationView({ observation, stale }: { observation: ClassObservation; stale: string | undefined }) {
  const checked = observation.how === "checked";
  return (
    <div data-testid="explain-observation" className={`rounded border px-2 py-1.5 text-sm ${observation.agreement === "disagrees" && !stale ? "border-rose-400 bg-rose-50" : "border-slate-200"}`}>
      <h4 className="text-xs font-semibold text-slate-700">Observed on the live agent</h4>
      <p>
        <span className="font-semibold">{OBSERVED_WORDS[observation.observed]}</span>
        {checked
          ? observation.observed === "skipped"
            ? " (the check created no task)"
            : ", read off what the check's calls found (they created no task)"
          : " (a real message was sent)"}
        .{" "}
        {stale
          ? stale
          : observation.agreement === "disagrees"
            ? `The prediction (${observation.predicted}) and the observation disagree.`
            : observation.agreement === "agrees"
              ? `It agrees with the prediction (${observation.predicted}).`
              : observation.agreement === "clear"
                ? "Nothing the check asked contradicts the path this class takes."
                : observation.agreement === "unknown"
                  ? "The check could not ask about it."
                  : `The prediction (${observation.predicted}) makes no claim to compare.`}
      </p>
      {observation.said && (
        <p className="mt-1 text-xs break-words text-slate-700">
          <span className="font-semibold">What the server said:</span> {observation.said}
        </p>
      )}
    </div>
  );
}

/**
 * Why a finding or a decision is acknowledged (who, until when, the reason), or that the
 * acknowledgement expired; the decision above it is the engine's, unchanged.
 */
function AcknowledgementView({ entry, invariant }: { entry: ClassAcknowledgement; invariant?: string }) {
  const applied = entry.applied.filter((a) => invariant === undefined || a.invariant === invariant);
  const expired = entry.expired.filter((a) => invariant === undefined || a.invariant === invariant);
  if (applied.length === 0 && expired.length === 0) return null;
  const said = invariant === undefined ? describeClassAcknowledgement(entry) : undefined;
  return (
    <div data-testid="explain-acknowledgement" className="rounded border border-slate-300 px-2 py-1.5 text-sm">
      <h4 className="text-xs font-semibold text-slate-700">{applied.length > 0 ? "Acknowledged (the decision stands as shown)" : "Acknowledgement expired"}</h4>
      {said && <p>{said}</p>}
      <ul className="list-disc pl-5">
        {applied.map((a) => (
          <li key={a.index}>{describeAcknowledgement(a.acknowledgement)}</li>
        ))}
        {expired.map((a) => (
          <li key={a.index}>
            Expired on {a.acknowledgement.until}, so the finding counts again: {describeAcknowledgement(a.acknowledgement)}
          </li>
        ))}
      </ul>
    </div>
  );
}

function DecisionView({ review, decision, taskTitle, cardText, source, observation, liveStale, acknowledgement }: {
  review: Review;
  decision: TaskClassDecision;
  taskTitle: string;
  cardText: string;
  source: RecordSource;
  observation?: ClassObservation;
  liveStale?: string;
  acknowledgement?: ClassAcknowledgement;
}) {
  return (
    <>
      <h3 className="flex flex-wrap items-center gap-2 text-base font-semibold">
        {taskTitle}: <DecisionBadge decision={outcomeOf(decision)} />
      </h3>
      <p className="text-sm">{explainDecision(decision, review)}</p>
      {acknowledgement && <AcknowledgementView entry={acknowledgement} />}
      {observation && <ObservationView observation={observation} stale={liveStale} />}
      {decision.degradations.length > 0 && (
        <>
          <Part title="What it gives up">
            <ul className="list-disc pl-5">
              {decision.degradations.map((record, i) => (
                <li key={i}>{explainDegradation(record)}</li>
              ))}
            </ul>
          </Part>
          <JsonBlock title="Degradation records (JSON)" value={decision.degradations} />
        </>
      )}
      <DecisionRecord review={review} taskClass={decision.taskClass} cardText={cardText} source={source} />
    </>
  );
}

function InvalidCardCellView({ review, decision, meta, taskTitle, cardText, source }: {
  review: Review;
  decision: TaskClassDecision;
  meta: InvariantMeta;
  taskTitle: string;
  cardText: string;
  source: RecordSource;
}) {
  return (
    <>
      <h3 className="text-base font-semibold">
        {meta.title} × {taskTitle}: <span className={`rounded px-1 ${STATUS_STYLE["not-evaluated"].className}`}>not evaluated</span>
      </h3>
      <p className="text-sm" data-testid="not-evaluated-why">
        {explainCellOfInvalidCard(review)}
      </p>
      <Part title="What it checks">
        {describeInvariant(meta.id)} <RulePageLink meta={meta} />
      </Part>
      <DecisionView review={review} decision={decision} taskTitle={taskTitle} cardText={cardText} source={source} />
    </>
  );
}

function FindingView({ review, decision, finding, meta, taskTitle, cardText, source, onHighlight, acknowledgement }: {
  review: Review;
  decision: TaskClassDecision;
  finding: Finding;
  meta: InvariantMeta;
  taskTitle: string;
  cardText: string;
  source: RecordSource;
  onHighlight: (ref: EvidenceRef) => void;
  acknowledgement?: ClassAcknowledgement;
}) {
  const style = STATUS_STYLE[finding.status];
  const cardRefs = finding.evidence.filter((e) => e.source === "card");
  const profileRefs = finding.evidence.filter((e) => e.source === "profile");
  const contextRefs = finding.evidence.filter((e) => e.source === "context");
  const classRefs = finding.evidence.filter((e) => e.source === "task-class");
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
        {describeInvariant(meta.id)} <RulePageLink meta={meta} />
      </Part>
      <Part title={finding.status === "violated" ? "Why it fired here" : "Here"}>
        {explainFinding(finding)}
        {finding.cuts && <span className="block text-xs text-slate-700">{describeCut(finding.cuts)}</span>}
      </Part>
      {acknowledgement && <AcknowledgementView entry={acknowledgement} invariant={finding.invariant} />}
      <div className="grid gap-2 sm:grid-cols-2">
        <FieldList title="Card fields (click to highlight)" refs={cardRefs} onHighlight={onHighlight} />
        <FieldList title="Profile fields (click to highlight)" refs={profileRefs} onHighlight={onHighlight} />
        <FieldList title="Context" refs={contextRefs} />
        <FieldList title={`Task class ${finding.taskClass}`} refs={classRefs} />
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
      {degradations.length > 0 && <JsonBlock title="Degradation record (JSON)" value={degradations} />}
      {finding.status === "violated" && <DecisionRecord review={review} taskClass={decision.taskClass} cardText={cardText} source={source} />}
      <JsonBlock title="Finding (JSON)" value={finding} />
    </>
  );
}

/**
 * The explanation of the selected matrix cell (the selection is already resolved against this
 * review: a cell whose finding is gone has become its row's decision). On an invalid card a cell
 * says why it was not evaluated, then what its row's decision is.
 */
export const ExplainPanel = memo(function ExplainPanel({
  review,
  cardText,
  selection,
  onHighlight,
  source,
  observation,
  liveStale,
  acknowledgement,
}: {
  review: Review;
  cardText: string;
  selection: MatrixSelection | null;
  onHighlight: (ref: EvidenceRef) => void;
  source: RecordSource;
  /** After a live check: the selected class's observation. */
  observation?: ClassObservation;
  /** Why that observation may no longer hold. */
  liveStale?: string;
  /** What imported acknowledgements say of the selected class. */
  acknowledgement?: ClassAcknowledgement;
}) {
  const decision = selection ? review.decisions.find((d) => d.taskClass === selection.taskClass) : undefined;
  if (!selection || !decision) {
    return (
      <Section title="Explanation" id="explain-heading" className="parley-contained">
        <p className="text-sm text-slate-700">Select a cell or a decision in the matrix to see why.</p>
      </Section>
    );
  }
  const taskTitle = review.taskClasses.find((t) => t.id === decision.taskClass)?.title ?? decision.taskClass;
  const finding = selection.invariant ? decision.findings.find((f) => f.invariant === selection.invariant) : undefined;
  const meta = selection.invariant ? getInvariant(selection.invariant)?.meta : undefined;
  const common = { review, decision, taskTitle, cardText, source };
  return (
    <Section title="Explanation" id="explain-heading" className="parley-contained">
      <div className="flex flex-col gap-3" data-testid="explain-panel" data-selection={`${selection.taskClass}/${selection.live ? "observed" : (selection.invariant ?? "decision")}`}>
        {meta && !review.validity.valid ? (
          <InvalidCardCellView {...common} meta={meta} />
        ) : finding && meta ? (
          <FindingView {...common} finding={finding} meta={meta} onHighlight={onHighlight} acknowledgement={acknowledgement} />
        ) : (
          <DecisionView {...common} observation={observation} liveStale={liveStale} acknowledgement={acknowledgement} />
        )}
      </div>
    </Section>
  );
});
