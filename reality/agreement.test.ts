import { describe, expect, it } from "vitest";
import { passes, tally, verdict, type CellKind, type Observed, type Verdict } from "./agreement";

describe("what agrees means, per decision", () => {
  const table: [string, Observed, Verdict][] = [
    ["accept", "completed", "agree"],
    ["accept", "completed-fallback", "wrong-path"],
    ["accept", "failed", "confident-wrong"],
    ["accept", "client-cannot", "confident-wrong"],
    ["accept-degraded", "completed-fallback", "agree"],
    ["accept-degraded", "completed", "wrong-path"],
    ["accept-degraded", "failed", "confident-wrong"],
    ["reject", "failed", "agree"],
    ["reject", "client-cannot", "agree"],
    ["reject", "completed", "confident-wrong"],
    ["reject", "completed-fallback", "confident-wrong"],
    // A sixth decision for "not for this client" is a confident no as well.
    ["not-for-client", "client-cannot", "agree"],
    ["not-for-client", "completed", "confident-wrong"],
    ["defer", "completed", "no-answer"],
    ["defer", "failed", "no-answer"],
    ["escalate", "completed-fallback", "no-answer"],
  ];
  it.each(table)("%s when the lifecycle is %s: %s", (decision, observed, expected) => {
    expect(verdict(decision, observed)).toBe(expected);
  });
});

describe("when the run passes", () => {
  const cells = (spec: [CellKind, Verdict, number][]) => spec.flatMap(([kind, v, n]) => Array.from({ length: n }, () => ({ kind, verdict: v })));
  it("passes at 97 % agreement on decidable cells, fails just below", () => {
    expect(passes(tally(cells([["decidable", "agree", 97], ["decidable", "no-answer", 3]])))).toBe(true);
    expect(passes(tally(cells([["decidable", "agree", 96], ["decidable", "wrong-path", 4]])))).toBe(false);
  });
  it("a defer on a decidable cell is a miss, not an agreement", () => {
    expect(tally(cells([["decidable", "no-answer", 1]])).decidableAgree).toBe(0);
  });
  it("fails on one confident wrong answer where the card is silent, not on a defer there", () => {
    expect(passes(tally(cells([["decidable", "agree", 10], ["silent", "confident-wrong", 1]])))).toBe(false);
    expect(passes(tally(cells([["decidable", "agree", 10], ["silent", "no-answer", 3]])))).toBe(true);
  });
  it("lie cells never count either way", () => {
    const t = tally(cells([["decidable", "agree", 10], ["lie", "confident-wrong", 10]]));
    expect(t.lie).toBe(10);
    expect(passes(t)).toBe(true);
  });
});

describe("wire-fault cells", () => {
  it("are counted apart, never in the agreement either way", () => {
    const t = tally([
      ...Array.from({ length: 10 }, () => ({ kind: "decidable" as const, verdict: "agree" as const })),
      ...Array.from({ length: 5 }, () => ({ kind: "wire" as const, verdict: "confident-wrong" as const })),
    ]);
    expect(t).toMatchObject({ decidable: 10, decidableAgree: 10, wire: 5, lie: 0 });
    expect(passes(t)).toBe(true);
  });
});
