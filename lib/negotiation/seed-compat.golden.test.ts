/**
 * Parity with the rule's reference check, always: every case of fixtures/seed/golden.jsonl (the
 * reference's recorded answers, see fixtures/seed/generate.ts) through checkCardNegotiable. Needs
 * no Python; the live differential (seed-compat.diff.test.ts) runs the reference itself when found.
 */
import { describe, expect, it } from "vitest";
import { diffOutcomes, type GoldenCase, readGoldenCases, readGoldenMeta, shimOutcome } from "@/fixtures/seed/golden";

describe("checkCardNegotiable against the reference's recorded answers (fixtures/seed/golden.jsonl)", () => {
  const golden: GoldenCase[] = readGoldenCases();
  const meta = readGoldenMeta();

  it("holds every case the generator recorded, numbered in order", () => {
    expect(golden).toHaveLength(meta.randomCases + meta.cornerCases);
    expect(golden.every((c, index) => c.id === index)).toBe(true);
  });

  it("raises, crashes and returns exactly where the reference did, with the same invariant and byte-identical message", () => {
    const mismatches = diffOutcomes(
      golden,
      golden.map((c) => c.expected),
      golden.map(shimOutcome),
    );
    expect(mismatches.slice(0, 8).join("\n"), `${mismatches.length} of ${golden.length} cases differ`).toBe("");
  });

  it("covers every invariant, every crash type and the quiet path (the recorded set is not degenerate)", () => {
    const count = (predicate: (c: GoldenCase) => boolean) => golden.filter(predicate).length;
    const raisedBy = (n: number) => (c: GoldenCase) => "invariant" in c.expected && c.expected.invariant === n;
    const message = (c: GoldenCase) => ("message" in c.expected ? c.expected.message : "");
    expect(count(raisedBy(1))).toBeGreaterThan(150);
    expect(count(raisedBy(2))).toBeGreaterThan(50);
    expect(count(raisedBy(3))).toBeGreaterThan(100);
    expect(count((c) => c.expected.raises === null)).toBeGreaterThan(1000);
    expect(count((c) => c.expected.raises === "AttributeError")).toBeGreaterThan(50);
    expect(count((c) => c.expected.raises === "TypeError")).toBeGreaterThan(50);
    expect(count((c) => c.expected.raises === "IndexError")).toBeGreaterThan(0);
    // Messages with escapes, double quotes and non-ASCII reprs were recorded, not just plain ones.
    expect(count((c) => message(c).includes("\\x"))).toBeGreaterThan(5);
    expect(count((c) => message(c).includes('"'))).toBeGreaterThan(3);
    expect(count((c) => /[^\x00-\x7f]/.test(message(c)))).toBeGreaterThan(5);
  });
});
