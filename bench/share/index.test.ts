import { describe, expect, it } from "vitest";
import { runShareBench } from "./index";

describe("share-link lengths over the corpus: never longer than lz-string, median at most 45 % of raw", () => {
  const result = runShareBench({ log: () => {} });

  it("measures every corpus card", () => {
    expect(result.rows.length).toBeGreaterThanOrEqual(40);
  });

  it("no link is longer than lz-string's on the same state", () => {
    expect(result.longerThanLzString).toEqual([]);
  });

  it("the median link is at most 45 % of the raw state JSON", () => {
    expect(result.medianRatio).toBeLessThanOrEqual(0.45);
  });

  it("reports both targets as harness lines", () => {
    expect(result.results.map((r) => r.pass)).toEqual([true, true]);
  });
});
