"use client";

import { memo } from "react";
import { DecisionBadge } from "@/components/ui/decision-badge";
import { summarizeVerdict } from "@/lib/negotiation/explain/verdict";
import type { Review } from "@/lib/negotiation/decision-types";

const TONE = {
  good: "border-emerald-600 bg-emerald-50",
  mixed: "border-amber-600 bg-amber-50",
  bad: "border-rose-600 bg-rose-50",
} as const;

/** How many task-class lines are shown before "and N more": the verdict stays short. */
const MAX_LINES = 4;

/**
 * The answer in one line, above the matrix: what is rejected, degraded, deferred or escalated and
 * why, most severe first. Each task class opens its explanation.
 */
export const VerdictSummary = memo(function VerdictSummary({ review, onExplain }: { review: Review; onExplain: (taskClass: string) => void }) {
  const verdict = summarizeVerdict(review);
  const shown = verdict.lines.slice(0, MAX_LINES);
  const more = verdict.lines.length - shown.length;
  return (
    <div data-testid="verdict" data-tone={verdict.tone} className={`rounded-lg border-l-4 p-2.5 text-slate-900 ${TONE[verdict.tone]}`}>
      <p className="text-sm font-semibold" data-testid="verdict-headline">
        {verdict.headline}
      </p>
      {shown.length > 0 && (
        <ul className="mt-1.5 flex flex-col gap-1.5 text-sm">
          {shown.map((line) => (
            <li key={line.taskClass} data-testid="verdict-line" data-task-class={line.taskClass}>
              <span className="inline-flex flex-wrap items-center gap-1.5 align-baseline">
                <button
                  type="button"
                  className="font-semibold text-sky-800 underline underline-offset-2 hover:text-sky-950 focus-visible:outline-2 focus-visible:outline-sky-600"
                  onClick={() => onExplain(line.taskClass)}
                  aria-label={`${line.title}: ${line.decision}. Show the explanation`}
                >
                  {line.title}
                </button>
                <DecisionBadge decision={line.decision} />
              </span>{" "}
              <span className="text-slate-800">{line.why}</span>
            </li>
          ))}
          {more > 0 && <li className="text-xs text-slate-700">and {more} more in the matrix below.</li>}
        </ul>
      )}
    </div>
  );
});
