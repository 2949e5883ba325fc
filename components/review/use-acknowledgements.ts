"use client";

import { useMemo, useState } from "react";
import { type Acknowledgement, acknowledgeReview, type ClassAcknowledgement, digestCardText, type Review } from "@/lib/negotiation";

/** Per task class: what the imported acknowledgements do to it (only classes something bears on). */
export type AcknowledgementsByClass = ReadonlyMap<string, ClassAcknowledgement>;

const NONE: AcknowledgementsByClass = new Map();
const NO_ACKNOWLEDGEMENTS: readonly Acknowledgement[] = [];

/**
 * The acknowledged findings the workspace holds (imported with a parley.config.json, or carried by
 * the review link the session opened from) and what they say about the review on screen: the matrix
 * marks them, the explanation gives their reasons and the config file control lists them. A review
 * link made here carries them (a v2 link), and the draft keeps them.
 */
export function useAcknowledgements(review: Review | undefined, cardText: string, initial: readonly Acknowledgement[] = NO_ACKNOWLEDGEMENTS) {
  const [acknowledgements, setAcknowledgements] = useState<Acknowledgement[]>(() => [...initial]);
  const byClass = useMemo<AcknowledgementsByClass>(() => {
    if (acknowledgements.length === 0 || !review) return NONE;
    // Judged now: an acknowledgement that runs out while the page is open is said to be expired at the next review.
    const entries = acknowledgeReview(review, acknowledgements, { now: new Date(), cardDigest: digestCardText(cardText) });
    return new Map(entries.filter((e) => e.applied.length > 0 || e.expired.length > 0).map((e) => [e.taskClass, e]));
  }, [acknowledgements, review, cardText]);
  return { acknowledgements, setAcknowledgements, byClass };
}
