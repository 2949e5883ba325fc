"use client";

import { memo } from "react";
import { explainAdvisory, explainInputError, type Review, type ValidityProblem } from "@/lib/negotiation";
import { problemsInReadingOrder } from "@/lib/negotiation/explain";
import { describeIssueCuts, describeProblemCounts } from "@/lib/negotiation/explain";
import { ProblemList } from "@/components/ui/problem-list";
import { SignatureBadge } from "@/components/signature-keys/signature-badge";

const SHAPE_LABEL: Record<string, string> = {
  "0.1": "A2A 0.1",
  "0.2": "A2A 0.2.x",
  "0.3": "A2A 0.3",
  "1.0": "A2A 1.0",
  hybrid: "hybrid 0.3 / 1.0",
  unknown: "unknown shape",
};

/** Validity comes first: a card with errors gets no accept, and the page says why before anything else. */
export const ValiditySummary = memo(function ValiditySummary({
  review,
  onLocate,
  signatureChecking = false,
}: {
  review: Review;
  onLocate: (problem: ValidityProblem) => void;
  /** A signed card whose signatures are being checked: its status is not final yet. */
  signatureChecking?: boolean;
}) {
  const { validity } = review;
  return (
    <div data-testid="validity-summary" data-valid={validity.valid} className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span
          data-testid="card-validity"
          className={`rounded px-2 py-0.5 font-semibold ring-1 ring-inset ${
            validity.valid ? "bg-emerald-50 text-emerald-900 ring-emerald-600" : "bg-rose-100 text-rose-900 ring-rose-600"
          }`}
        >
          {validity.valid ? "✓ valid card" : "✗ invalid card: no task class can be accepted"}
        </span>
        <span data-testid="card-shape" className="rounded bg-slate-100 px-2 py-0.5 text-slate-800">
          Shape: {SHAPE_LABEL[validity.shape] ?? validity.shape}
        </span>
        <SignatureBadge report={validity.signature} checking={signatureChecking} />
        {/* The card's totals: a report lists only the first warnings of each kind and counts the rest. */}
        <span data-testid="problem-counts" className="text-xs text-slate-500">
          {[describeProblemCounts(validity.problems), ...describeIssueCuts(validity.truncated)].join(" ")}
        </span>
      </div>
      {review.inputErrors && review.inputErrors.length > 0 && (
        <ul data-testid="input-errors" className="rounded bg-rose-50 px-2 py-1 text-sm text-rose-800">
          {review.inputErrors.map((error, i) => (
            <li key={i}>{explainInputError(error)}</li>
          ))}
        </ul>
      )}
      {review.advisory && (
        <p data-testid="advisory" className="rounded bg-sky-50 px-2 py-1 text-sm text-sky-900">
          <span className="font-semibold">Advisory review.</span> {explainAdvisory(review.advisory)}
        </p>
      )}
      {validity.problems.length > 0 && (
        <ProblemList problems={problemsInReadingOrder(validity.problems)} onLocate={onLocate} testId="validity-problems" className="max-h-40 overflow-auto" />
      )}
    </div>
  );
});
