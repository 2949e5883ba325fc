import type { Review } from "@/lib/negotiation";

export interface MatrixSelection {
  taskClass: string;
  /** Absent: the decision cell of the row. */
  invariant?: string;
}

/**
 * The selection as it applies to this review. After an edit (a new card pasted) a selected cell
 * stays selected when its row still has that finding; otherwise the row's decision is selected,
 * which says why the cell is gone. A row that is gone drops the selection. On an invalid card the
 * cells stay selectable: each says why it was not evaluated.
 */
export function resolveSelection(selection: MatrixSelection | null, review: Review): MatrixSelection | null {
  if (!selection) return null;
  const decision = review.decisions.find((d) => d.taskClass === selection.taskClass);
  if (!decision) return null;
  if (selection.invariant === undefined) return selection;
  if (!review.validity.valid || decision.findings.some((f) => f.invariant === selection.invariant)) return selection;
  return { taskClass: selection.taskClass };
}

export function sameSelection(a: MatrixSelection | null, b: MatrixSelection | null): boolean {
  return a?.taskClass === b?.taskClass && a?.invariant === b?.invariant;
}
