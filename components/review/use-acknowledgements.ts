"use client";

import { useMemo, useState } from "react";
import { type Acknowledgement, acknowledgeReview, type ClassAcknowledgement, digestCardText, type Review } from "@/lib/negotiation";

/** Per task class: what the imported acknowledgements do to it (only classes something bears on). */
export type AcknowledgementsByClass = ReadonlyMap<string, ClassAcknowledgement>;

const NONE: AcknowledgementsByClass = new Map();

/**
 * The acknowledged findings the workspace holds (imported with a parley.config.json) and what they
 * say about the review on screen: the matrix marks them, the explanation gives their reasons and the
 * config file control lists them. Held for this page only: not in a draft, not in a link (the
 * link format has no place for them).
 */
export function useAcknowledgements(review: Review | undefined, cardText: string) {
  const [acknowledgements, setAcknowledgements] = useState<Acknowledgement[]>([]);
  const byClass = useMemo<AcknowledgementsByClass>(() => {
    if (acknowledgements.length === 0 || !review) return NONE;
    // Judged now: an acknowledgement that runs out while the page is open is said to be expired at the next review.
    const entries = acknowledgeReview(review, acknowledgements, { now: new Date(), cardDigest: digestCardText(cardText) });
    return new Map(entries.filter((e) => e.applied.length > 0 || e.expired.length > 0).map((e) => [e.taskClass, e]));
  }, [acknowledgements, review, cardText]);
  return { acknowledgements, setAcknowledgements, byClass };
}
