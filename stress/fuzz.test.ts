import { describe, expect, it } from "vitest";
import { HEAVY_TEST_MS } from "../fixtures/test-budget";
import { runFuzzSuite } from "./fuzz";

// The quick part of the fuzz suite (npm run stress runs 2,600 per target, over 10,000 in all): 150
// runs per target, in ten runs of 15 with seeds one apart, so each test stays well inside vitest's
// default timeout on a loaded machine. A failure names its seed; `npm run stress -- --only fuzz
// --seed N` replays it.
const BASE_SEED = Date.now() % 2_147_483_000;
const RUNS = Array.from({ length: 10 }, (_, i) => [i + 1, BASE_SEED + i] as const);

describe("generated and mutated cards, profiles, contexts, links, log lines and route bodies: no throw, every problem typed, no pollution", () => {
  // One run per target first: it loads the fetch route and its engine, which is what this test waits for.
  it("one run per target, loading the fetch route", async () => {
    const figures = await runFuzzSuite({ runsPerTarget: 1, seed: BASE_SEED - 1 });
    expect(figures.failures, `seed ${figures.seed}`).toEqual([]);
    expect(figures.total).toBe(4);
  }, HEAVY_TEST_MS);

  it.each(RUNS)("run %i of 10", async (_run, seed) => {
    const figures = await runFuzzSuite({ runsPerTarget: 15, seed });
    expect(figures.failures, `seed ${figures.seed}`).toEqual([]);
    expect(figures.total).toBe(60);
  });
});
