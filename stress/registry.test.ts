import { describe, expect, it } from "vitest";
import { runRegistryStressSuite } from "./registry";

// The quick part of `npm run stress -- --only registry`: a few dozen agents due at once, two
// instances on one database, overlapping ticks, a slow agent and a hanging webhook.
const POSTGRES = process.env.PARLEY_TEST_POSTGRES_URL;

describe("the registry under a burst of due checks", () => {
  it("on the embedded database: each check runs once per round, nothing stalls", { timeout: 240_000 }, async () => {
    const f = await runRegistryStressSuite({ agents: 24 });
    expect(f.failures).toEqual([]);
    expect(f.rounds.map((r) => [r.checksRecorded, r.checkedTwice])).toEqual([[24, 0], [24, 0]]);
    expect(f.rounds[1]!.events).toBe(24);
    expect(f.webhookGaveUp).toBe(24);
  });

  // Runs only with a PostgreSQL to reach (PARLEY_TEST_POSTGRES_URL): .ci/run installs and starts one,
  // so it runs there; a machine without one runs the embedded-database test above instead.
  it.runIf(POSTGRES)("on PostgreSQL, two instances with their own pools: each check runs once, and both take part", { timeout: 240_000 }, async () => {
    const f = await runRegistryStressSuite({ agents: 40, postgresUrl: POSTGRES });
    expect(f.failures).toEqual([]);
    expect(f.rounds.map((r) => [r.checksRecorded, r.checkedTwice])).toEqual([[40, 0], [40, 0]]);
    expect(f.rounds.every((r) => r.byInstance.every((n) => n > 0))).toBe(true);
  });
});
