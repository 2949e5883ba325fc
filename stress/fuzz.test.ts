import { expect, it } from "vitest";
import { runFuzzSuite } from "./fuzz";

// The quick part of the fuzz suite (npm run stress runs 2,600 per target, over 10,000 in all).
it("generated and mutated cards, profiles, contexts, links, log lines and route bodies: no throw, every problem typed, no pollution", { timeout: 120_000 }, async () => {
  const figures = await runFuzzSuite({ runsPerTarget: 150 });
  expect(figures.failures, `seed ${figures.seed}`).toEqual([]);
  expect(figures.total).toBe(600);
});
