import { describe, expect, it } from "vitest";
import { formatResult, measure, measurePair, median } from "./harness";
import { SECTIONS } from "./sections";
import { cardWithSkills, TYPICAL_CARD_TEXT } from "./fixtures";
import { collectOnLaterTurns } from "../stress/collect";

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

  it("builds the bench cards the docs describe: a typical one of about 3 KB, and one with exactly N skills", () => {
    expect(TYPICAL_CARD_TEXT.length).toBeGreaterThan(2500);
    expect(TYPICAL_CARD_TEXT.length).toBeLessThan(3500);
    for (const n of [1, 100, 1000]) expect((JSON.parse(cardWithSkills(n)) as { skills: unknown[] }).skills).toHaveLength(n);
  });

  it("measures a pair side by side: the ratio of a slow function to a fast one is well above 1", () => {
    const small = JSON.stringify(Array.from({ length: 10 }, (_, i) => i));
    const large = JSON.stringify(Array.from({ length: 1000 }, (_, i) => i));
    const pair = measurePair(
      () => JSON.parse(small),
      () => JSON.parse(large),
      { warmupMs: 20, samples: 3, sampleMs: 5 },
    );
    expect(pair.ratio).toBeGreaterThan(5);
    expect(pair.bMs).toBeGreaterThan(pair.aMs);
  });

  it("lets every measured result go: none is still held once the measurement returns", async () => {
    // The latest results, the ones a sink would still hold.
    const made: Array<WeakRef<object>> = [];
    let calls = 0;
    const fresh = () => {
      const result = { skills: Array.from({ length: 50 }, (_, i) => ({ id: i })) };
      made[calls++ % 64] = new WeakRef(result);
      return result;
    };
    measure(fresh, { warmupMs: 5, samples: 2, sampleMs: 2 });
    measurePair(fresh, fresh, { warmupMs: 5, samples: 2, sampleMs: 2 });
    await collectOnLaterTurns();
    expect(calls).toBeGreaterThan(64);
    expect(made.filter((ref) => ref.deref() !== undefined)).toHaveLength(0);
  });
});
