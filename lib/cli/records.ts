import type { Review } from "../negotiation/decision-types";
import { writeDecisionRecord } from "../negotiation/record";
import type { LoadedCard } from "./inputs";

/**
 * One decision record per task class (docs/decision-record.md), as objects so `--format json`
 * stays one JSON document; re-serialize one with JSON.stringify to get its log line.
 */
export function buildRecords(review: Review, card: LoadedCard): unknown[] {
  return review.decisions
    .map((d) => writeDecisionRecord(review, d.taskClass, card.text))
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as unknown);
}
