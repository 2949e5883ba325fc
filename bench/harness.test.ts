import { describe, expect, it } from "vitest";
import { formatResult, measure, median } from "./harness";
import { SECTIONS } from "./sections";
import { LARGE_CARD_TEXT, TYPICAL_CARD_TEXT } from "./fixtures";

describe("bench harness", () => {
  it.each([
    [[3], 3],
    [[5, 1, 3], 3],
    [[4, 1, 3, 2], 2.5],
    [[9, 9, 1, 100, 2], 9],
  ])("median of %j is %d", (values, expected) => {
    expect(median(values)).toBe(expected);
  });

  it("measures a per-operation time from repeated samples", () => {
    const s = measure(() => JSON.parse(TYPICAL_CARD_TEXT), { warmupMs: 20, samples: 3, sampleMs: 10 });
    expect(s.samples).toHaveLength(3);
    expect(s.medianMs).toBeGreaterThan(0);
    expect(s.opsPerSecond).toBeCloseTo(1000 / s.medianMs);
  });

  it("prints PASS or FAIL against the target, and no verdict without one", () => {
    expect(formatResult({ name: "ratio", value: 1.5, unit: "×", target: { op: "<=", value: 2 }, pass: true })).toBe("PASS  ratio: 1.50 × (target <= 2 ×)");
    expect(formatResult({ name: "batch", value: 12.3, unit: "s", target: { op: "<", value: 10 }, pass: false })).toMatch(/^FAIL {2}batch: 12\.3 s/);
    expect(formatResult({ name: "rate", value: 35213, unit: "reviews/s" })).toBe("      rate: 35,213 reviews/s");
  });

  it("keeps section ids unique (they are what --only selects)", () => {
    const ids = SECTIONS.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("builds the bench cards the docs describe: about 3 KB, and 200 skills", () => {
    expect(TYPICAL_CARD_TEXT.length).toBeGreaterThan(2500);
    expect(TYPICAL_CARD_TEXT.length).toBeLessThan(3500);
    expect((JSON.parse(LARGE_CARD_TEXT) as { skills: unknown[] }).skills).toHaveLength(200);
  });
});
