import { validateCardValue } from "../../lib/negotiation/card/validate";
import { NORTHWIND } from "../../lib/negotiation/profile";
import { review } from "../../lib/negotiation/review";
import { BUILT_IN_TASK_CLASS_IDS } from "../../lib/negotiation/task-classes";
import { describeSize, LARGE_CARD_TEXT, TYPICAL_CARD_TEXT } from "../fixtures";
import { type BenchResult, type BenchSection, keep, measure } from "../harness";

/** Issue 2's target: a full review costs at most twice JSON.parse + schema validation alone. */
export const MAX_REVIEW_TO_VALIDATION_RATIO = 2;

/**
 * Reviews per second for every built-in task class, and the ratio of a full review (parse,
 * validation, normalization, every invariant for every class, decisions) to the baseline of
 * JSON.parse + validateCardValue on the same text. Both sides are measured in the same run,
 * interleaved, so machine speed cancels out of the ratio.
 */
export const reviewThroughput: BenchSection = {
  id: "review",
  title: "Review throughput (lib/negotiation review())",
  run: async (log) => {
    const results: BenchResult[] = [];
    for (const [label, text] of [
      ["typical card", TYPICAL_CARD_TEXT],
      ["large card (200 skills)", LARGE_CARD_TEXT],
    ] as const) {
      // Sanity: the benchmark must review what it claims to (a valid card, every task class decided).
      const check = review(text, NORTHWIND);
      if (!check.validity.valid || check.decisions.length !== BUILT_IN_TASK_CLASS_IDS.length) {
        throw new Error(`bench card "${label}" did not review cleanly`);
      }
      const baselineRuns: number[] = [];
      const reviewRuns: number[] = [];
      // Interleave rounds so drift (thermal, neighbours) hits both sides alike.
      for (let round = 0; round < 3; round++) {
        baselineRuns.push(measure(() => validateCardValue(JSON.parse(text))).medianMs);
        reviewRuns.push(measure(() => keep(review(text, NORTHWIND))).medianMs);
      }
      const baselineMs = Math.min(...baselineRuns);
      const reviewMs = Math.min(...reviewRuns);
      const ratio = reviewMs / baselineMs;
      const size = describeSize(text);
      results.push({
        name: `${label}, ${size}: reviews/s (all ${BUILT_IN_TASK_CLASS_IDS.length} task classes)`,
        value: 1000 / reviewMs,
        unit: "reviews/s",
        detail: `${(reviewMs * 1000).toFixed(1)} µs per review`,
      });
      results.push({
        name: `${label}, ${size}: full review ÷ (JSON.parse + validation)`,
        value: ratio,
        unit: "×",
        target: { op: "<=", value: MAX_REVIEW_TO_VALIDATION_RATIO },
        pass: ratio <= MAX_REVIEW_TO_VALIDATION_RATIO,
        detail: `baseline ${(baselineMs * 1000).toFixed(1)} µs, review ${(reviewMs * 1000).toFixed(1)} µs`,
      });
      log(`  measured ${label}`);
    }
    return results;
  },
};
