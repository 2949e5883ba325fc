"use client";

import { memo } from "react";
import type { Review } from "@/lib/negotiation/decision-types";
import type { Finding, InvariantMeta } from "@/lib/negotiation/invariants/types";
import { DecisionBadge } from "@/components/ui/decision-badge";
import { STATUS_STYLE } from "@/components/ui/decision-style";
import { describeCut } from "@/lib/negotiation/explain/cut-label";

export interface MatrixSelection {
  taskClass: string;
  /** Absent: the decision cell of the row. */
  invariant?: string;
}

const cellButton =
  "flex h-full w-full flex-col items-start gap-0.5 rounded px-1.5 py-1 text-left text-xs focus-visible:outline-2 focus-visible:outline-sky-600 hover:ring-1 hover:ring-slate-400";

function FindingCell({
  finding,
  selected,
  onSelect,
  rowTitle,
  columnTitle,
}: {
  finding: Finding | undefined;
  selected: boolean;
  onSelect: () => void;
  rowTitle: string;
  columnTitle: string;
}) {
  if (!finding) return <td className="p-0.5 text-xs text-slate-400">—</td>;
  const style = STATUS_STYLE[finding.status];
  const cut = finding.status === "violated" && finding.cuts ? describeCut(finding.cuts) : undefined;
  return (
    <td className="p-0.5 align-top" data-status={finding.status} data-invariant={finding.invariant}>
      <button
        type="button"
        aria-pressed={selected}
        aria-label={`${rowTitle}, ${columnTitle}: ${style.label}${cut ? `, ${cut}` : ""}${finding.exception ? `, exception ${finding.exception}` : ""}`}
        className={`${cellButton} ${style.className} ${selected ? "ring-2 ring-sky-600" : ""}`}
        onClick={onSelect}
      >
        <span>
          <span aria-hidden="true">{style.symbol} </span>
          {style.label}
        </span>
        {cut && <span className="font-normal">{cut}</span>}
        {finding.exception && <span className="font-normal text-slate-600">exception: {finding.exception}</span>}
      </button>
    </td>
  );
}

/**
 * Rows: task classes; columns: invariants; the last column: the decision. Memoized: a keystroke's
 * urgent render (the review not yet redone) leaves it alone.
 */
export const ReviewMatrix = memo(function ReviewMatrix({
  review,
  invariants,
  revision,
  selection,
  onSelect,
}: {
  review: Review;
  invariants: readonly InvariantMeta[];
  /** Which edit this review reflects: lets tests and the bench wait for exactly this update. */
  revision: number;
  selection: MatrixSelection | null;
  onSelect: (selection: MatrixSelection) => void;
}) {
  return (
    <div className="overflow-x-auto">
      <table
        data-testid="review-matrix"
        data-review-revision={revision}
        className="w-full min-w-[38rem] border-separate border-spacing-0 text-sm"
      >
        <caption className="sr-only">
          Findings per task class and invariant, and the decision for each task class. Select a cell for its explanation.
        </caption>
        <thead>
          <tr className="text-left align-bottom text-xs text-slate-600">
            <th scope="col" className="border-b border-slate-200 p-1 font-semibold">
              Task class
            </th>
            <th scope="col" className="border-b border-slate-200 p-1 font-semibold">
              Decision
            </th>
            {invariants.map((meta) => (
              <th key={meta.id} scope="col" className="border-b border-slate-200 p-1 font-medium" title={meta.description}>
                {meta.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {review.decisions.map((decision) => {
            const taskClass = review.taskClasses.find((t) => t.id === decision.taskClass);
            const rowTitle = taskClass?.title ?? decision.taskClass;
            const decisionSelected = selection?.taskClass === decision.taskClass && !selection.invariant;
            return (
              <tr key={decision.taskClass} data-task-class={decision.taskClass} className="align-top">
                <th scope="row" className="border-b border-slate-100 p-1 text-left text-xs font-semibold">
                  {rowTitle}
                  <span className="block font-mono text-[10px] font-normal text-slate-500">{decision.taskClass}</span>
                </th>
                <td className="border-b border-slate-100 p-0.5" data-testid={`decision-${decision.taskClass}`} data-decision={decision.decision}>
                  <button
                    type="button"
                    aria-pressed={decisionSelected}
                    aria-label={`${rowTitle}: ${decision.decision}${decision.target === "card" ? " (the card, not the server)" : ""}. Explain.`}
                    className={`${cellButton} ${decisionSelected ? "ring-2 ring-sky-600" : ""}`}
                    onClick={() => onSelect({ taskClass: decision.taskClass })}
                  >
                    <span className="whitespace-nowrap"><DecisionBadge decision={decision.decision} /></span>
                    {decision.target === "card" && <span className="text-[10px] text-slate-600">the card, not the server</span>}
                  </button>
                </td>
                {invariants.map((meta) => (
                  <FindingCell
                    key={meta.id}
                    finding={decision.findings.find((f) => f.invariant === meta.id)}
                    rowTitle={rowTitle}
                    columnTitle={meta.title}
                    selected={selection?.taskClass === decision.taskClass && selection.invariant === meta.id}
                    onSelect={() => onSelect({ taskClass: decision.taskClass, invariant: meta.id })}
                  />
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
});
