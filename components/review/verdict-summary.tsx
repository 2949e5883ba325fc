"use client";

import { memo } from "react";
import { DecisionBadge } from "@/components/ui/decision-badge";
import { summarizeVerdict } from "@/lib/negotiation/explain";
import { OUTCOME_LABELS, type Review } from "@/lib/negotiation";
import { shareSentences } from "./shared-sentences";

const TONE = {
  good: "border-emerald-600 bg-emerald-50",
  mixed: "border-amber-600 bg-amber-50",
  bad: "border-rose-600 bg-rose-50",
} as const;

/** How many lines are shown before "and N more": the verdict stays short. */
const MAX_LINES = 4;

/**
 * The answer in one line, above the matrix: what is rejected, degraded, deferred or escalated and
 * why, most severe first. Task classes decided the same way for the same reason share a line; each
 * class in it opens its own explanation.
 */
export const VerdictSummary = memo(function VerdictSummary({ review, onExplain }: { review: Review; onExplain: (taskClass: string) => void }) {
  const verdict = summarizeVerdict(review);
  const shown = verdict.lines.slice(0, MAX_LINES);
  // What several lines say word for word (a condition that cannot change a finding) is said once.
  const { lines: whys, shared } = shareSentences(shown.map((line) => line.why));
  const more = verdict.lines.slice(MAX_LINES).reduce((n, line) => n + line.taskClasses.length, 0);
  return (
    <div data-testid="verdict" data-tone={verdict.tone} className={`rounded-lg border-l-4 p-2.5 text-slate-900 ${TONE[verdict.tone]}`}>
      <p className="text-sm font-semibold" data-testid="verdict-headline">
        {verdict.headline}
      </p>
      {shown.length > 0 && (
        <ul className="mt-1.5 flex flex-col gap-1.5 text-sm">
          {shown.map((line, index) => (
            <li
              key={line.taskClasses.map((t) => t.id).join(" ")}
              data-testid="verdict-line"
              data-task-class={line.taskClasses.map((t) => t.id).join(" ")}
            >
              <span className="inline-flex flex-wrap items-center gap-1.5 align-baseline">
                {line.taskClasses.map((taskClass, i) => (
                  <span key={taskClass.id} className="inline-flex items-center">
                    <button
                      type="button"
                      className="font-semibold text-sky-800 underline underline-offset-2 hover:text-sky-950 focus-visible:outline-2 focus-visible:outline-sky-600"
                      onClick={() => onExplain(taskClass.id)}
                      aria-label={`${taskClass.title}: ${OUTCOME_LABELS[line.decision]}. Show the explanation`}
                    >
                      {taskClass.title}
                    </button>
                    {i < line.taskClasses.length - 1 && <span aria-hidden="true">,</span>}
                  </span>
                ))}
                <DecisionBadge decision={line.decision} />
              </span>{" "}
              <span className="text-slate-800">{whys[index]}</span>
            </li>
          ))}
          {shared.map((sentence) => (
            <li key={sentence.text} data-testid="verdict-shared" className="text-slate-800">
              <span className="font-semibold">
                {sentence.lines.map((i) => shown[i]!.taskClasses.map((t) => t.title).join(", ")).join(", ")}:
              </span>{" "}
              {sentence.text}
            </li>
          ))}
          {more > 0 && (
            <li className="text-xs text-slate-700">
              and {more} more task class{more === 1 ? "" : "es"} in the matrix below.
            </li>
          )}
        </ul>
      )}
    </div>
  );
});
