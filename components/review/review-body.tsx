"use client";

import type { ValidityProblem } from "@/lib/negotiation";
import { INVARIANTS, type Review } from "@/lib/negotiation";
import { describeProblem } from "@/lib/negotiation/explain";
import { LiveVerdict } from "@/components/live-check/live-verdict";
import { ReviewMatrix } from "@/components/matrix/review-matrix";
import type { LiveView } from "@/components/session/live-observations";
import type { MatrixSelection } from "@/components/session/selection";
import type { AcknowledgementsByClass } from "./use-acknowledgements";
import type { ParsedReview } from "./use-session-review";
import { ValiditySummary } from "./validity-summary";
import { VerdictSummary } from "./verdict-summary";

/** Registry order = column order in the matrix: the matrix grows with the engine. */
const MATRIX_COLUMNS = INVARIANTS.map((invariant) => invariant.meta);

/**
 * What the Review section shows: the engine still loading, no card, a card over the size cap, the
 * last valid card's review under a syntax error, or the review itself (verdict, validity, the
 * live check's verdict, the matrix).
 */
export function ReviewBody({
  review,
  revision,
  empty,
  overCap,
  syntaxError,
  lastValid,
  selection,
  live,
  acknowledged,
  signatureChecking,
  onSelect,
  onExplain,
  onLocateProblem,
  onLocateField,
}: {
  review: Review | undefined;
  revision: number;
  empty: boolean;
  overCap: { size: number; limit: number } | undefined;
  syntaxError: ValidityProblem | undefined;
  lastValid: ParsedReview | undefined;
  selection: MatrixSelection | null;
  live: LiveView | null;
  acknowledged: AcknowledgementsByClass;
  signatureChecking: boolean;
  onSelect: (selection: MatrixSelection) => void;
  onExplain: (taskClass: string) => void;
  onLocateProblem: (problem: ValidityProblem) => void;
  onLocateField: (pointer: string) => void;
}) {
  if (!review) {
    return (
      <p role="status" className="text-sm text-slate-700">
        Loading the review engine…
      </p>
    );
  }
  if (empty) {
    return (
      <p data-testid="no-card" className="rounded border border-dashed border-slate-300 p-4 text-sm text-slate-700">
        No card loaded. Paste or type a card, open a file, fetch one by URL or pick a built-in example.
      </p>
    );
  }
  if (overCap) {
    return (
      <p data-testid="over-cap" role="status" className="rounded border border-amber-500 bg-amber-50 p-3 text-sm text-amber-950">
        <span className="font-semibold">Over Parley&apos;s size cap: not reviewed.</span> This card is{" "}
        {overCap.size.toLocaleString("en-US")} characters long; Parley reads cards of at most{" "}
        {overCap.limit.toLocaleString("en-US")} characters. That says nothing about whether the card is
        valid: shorten it (its skills, most often) or check it with a tool made for documents this large.
      </p>
    );
  }
  if (lastValid && syntaxError) {
    return (
      <div className="flex flex-col gap-3">
        <p data-testid="syntax-error" role="status" className="rounded border border-rose-400 bg-rose-50 px-2 py-1.5 text-sm text-rose-900">
          <span className="font-semibold">Not JSON yet.</span> {describeProblem(syntaxError)}{" "}
          <button type="button" className="text-sky-800 underline decoration-dotted" onClick={() => onLocateProblem(syntaxError)}>
            Show it in the editor
          </button>
          <span className="block text-xs text-rose-800">Below: the review of the last valid card, until this one parses again.</span>
        </p>
        <div data-testid="last-valid-review" className="flex flex-col gap-3 opacity-60" aria-label="Review of the last valid card" role="group">
          <p className="text-xs font-semibold tracking-wide text-slate-700 uppercase">Last valid card</p>
          <VerdictSummary review={lastValid.review} onExplain={onExplain} />
          <ValiditySummary review={lastValid.review} onLocate={onLocateProblem} />
          <ReviewMatrix review={lastValid.review} invariants={MATRIX_COLUMNS} revision={lastValid.revision} selection={selection} onSelect={onSelect} live={live} acknowledged={acknowledged} />
        </div>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <VerdictSummary review={review} onExplain={onExplain} />
      <ValiditySummary review={review} onLocate={onLocateProblem} signatureChecking={signatureChecking} />
      {live && <LiveVerdict view={live} onLocate={onLocateField} />}
      <ReviewMatrix review={review} invariants={MATRIX_COLUMNS} revision={revision} selection={selection} onSelect={onSelect} live={live} acknowledged={acknowledged} />
    </div>
  );
}
