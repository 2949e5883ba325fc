import type { MessageData } from "./invariants/types";
import type { CardModeAnswers } from "./invariants/card-modes";

/**
 * What one review works out once and shares between its task classes: made by review() for each
 * call and carried in the check and decide inputs, so it goes when the review does. Nothing here
 * outlives a review, and no review reads what an earlier one left behind.
 */
export interface ReviewScope {
  /** The card's modes, per question the invariants ask of it (invariants/card-modes.ts). */
  modes: CardModeAnswers;
  /** What the invalid card's rejection says, the same for every task class (decide.ts). */
  invalidCard?: MessageData;
}

export function newReviewScope(): ReviewScope {
  return { modes: {}, invalidCard: undefined };
}
