"use client";

import { useEffect, useMemo, useState } from "react";
import type { Review } from "@/lib/negotiation";
import { problemDiagnostics, type EditorDiagnostic } from "@/components/session/workspace-review";
import { contradictionDiagnostics, type LiveCheckRun } from "@/components/session/live-observations";

export const NO_DIAGNOSTICS: never[] = [];
const NO_MARKERS = { list: NO_DIAGNOSTICS, text: "" };

/**
 * Past this size a card's editor markers are worked out after the review is painted, in a task of
 * their own: on a 1 MiB card, finding the problems' pointers in the text takes about as long as
 * the review, and the two in one task made the longest task on the page.
 */
const DEFER_MARKERS_CHARS = 256 * 1024;

/**
 * The card editor's marks and the text they were made for: the review's validity problems, and the
 * live agent's contradictions on the card they were made on (on no other text).
 */
export function useCardMarks(review: Review | undefined, text: string, liveRun: LiveCheckRun | null): { list: readonly EditorDiagnostic[]; text: string } {
  const problemMarks = useEditorDiagnostics(review, text);
  const liveMarks = useMemo(
    () => (liveRun && liveRun.report.contradictions.length > 0 && text === liveRun.cardText ? contradictionDiagnostics(liveRun.report.contradictions, text) : NO_DIAGNOSTICS),
    [liveRun, text],
  );
  // Validity marks may still be those of an earlier text (a large card's are made after its paint):
  // beside the live marks only when they are for this text.
  return useMemo(() => {
    if (liveMarks === NO_DIAGNOSTICS) return problemMarks;
    if (problemMarks.list.length === 0 || problemMarks.text !== text) return { list: liveMarks, text };
    return { list: [...problemMarks.list, ...liveMarks], text };
  }, [problemMarks, liveMarks, text]);
}

/** The editor's markers for a review and the text they were made for (the editor drops them once its text differs). */
function useEditorDiagnostics(review: Review | undefined, text: string): { list: readonly EditorDiagnostic[]; text: string } {
  const problems = review !== undefined && review.validity.problems.length > 0;
  const large = text.length > DEFER_MARKERS_CHARS;
  const now = useMemo(() => (review && problems && !large ? { list: problemDiagnostics(review, text), text } : undefined), [review, problems, large, text]);
  const [later, setLater] = useState<{ list: EditorDiagnostic[]; text: string } | null>(null);
  useEffect(() => {
    if (!review || !problems || !large) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setLater({ list: problemDiagnostics(review, text), text }), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [review, problems, large, text]);
  if (!problems) return NO_MARKERS;
  if (now) return now;
  // Until this review's are ready, the last ones made (for the text they were made for).
  return later ?? NO_MARKERS;
}
