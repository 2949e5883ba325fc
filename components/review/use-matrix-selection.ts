"use client";

import { useCallback, useState } from "react";
import { sameSelection, type MatrixSelection } from "@/components/session/selection";

/**
 * The cell the user chose in the matrix (or through the verdict's links) and the explanation it
 * opens, brought into view. The choice is kept as made; the session resolves it against the
 * review on screen (a cell whose finding is gone becomes its row's decision).
 */
export function useMatrixSelection(initial: MatrixSelection | null) {
  const [chosen, setChosen] = useState<MatrixSelection | null>(initial);
  const onSelect = useCallback((next: MatrixSelection) => {
    setChosen((prev) => (sameSelection(prev, next) ? prev : next));
    // The explanation is under the matrix (on a phone far below it; side by side, lower in the
    // review's own column): a chosen cell whose explanation is out of sight brings it into view.
    requestAnimationFrame(() => {
      const heading = document.getElementById("explain-heading");
      if (!heading) return;
      const top = heading.getBoundingClientRect().top;
      if (top <= window.innerHeight * 0.6 && top >= 0) return;
      const column = heading.closest<HTMLElement>("[data-testid=review-column]");
      if (column && getComputedStyle(column).position === "sticky") {
        // The page stays where it is (the inputs beside it too): the review's own column scrolls,
        // leaving the lower rows of the matrix above the explanation when there is room.
        column.scrollBy({ top: top - window.innerHeight * 0.3 });
        const after = heading.getBoundingClientRect().top;
        if (after >= 0 && after <= window.innerHeight * 0.6) return;
      }
      heading.scrollIntoView({ block: "start", behavior: "smooth" });
    });
  }, []);
  const onExplain = useCallback((taskClass: string) => {
    setChosen({ taskClass });
    requestAnimationFrame(() => {
      const heading = document.getElementById("explain-heading");
      heading?.scrollIntoView({ block: "start", behavior: "smooth" });
      heading?.focus({ preventScroll: true });
    });
  }, []);
  const clearSelection = useCallback(() => setChosen(null), []);
  return { chosen, onSelect, onExplain, clearSelection };
}
