import { expect, it } from "vitest";
import { runSsrfSuite } from "./ssrf";

// The whole SSRF suite is fast (every form is refused before connecting), so npm test runs all of it.
it("no hostile URL form, direct or after a redirect, reaches a listener on this machine", { timeout: 60_000 }, async () => {
  const figures = await runSsrfSuite();
  expect(figures.failures).toEqual([]);
  expect(figures.directForms + figures.redirectForms).toBeGreaterThanOrEqual(100);
  expect(figures.connections).toBe(0);
  expect(figures.fetched).toBe(0);
  expect(figures.controlConnections).toBe(1);
});
