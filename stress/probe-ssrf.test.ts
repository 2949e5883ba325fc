import { expect, it } from "vitest";
import { runProbeSsrfSuite } from "./probe-ssrf";

// Fast like the fetch route's suite (every form is refused before connecting), so npm test runs all of it.
it("no hostile form, as the card's URL, after a redirect or as a declared interface, lets the live check reach this machine", { timeout: 90_000 }, async () => {
  const figures = await runProbeSsrfSuite();
  expect(figures.failures).toEqual([]);
  expect(figures.cardForms + figures.redirectForms).toBeGreaterThanOrEqual(100);
  expect(figures.interfaceForms).toBeGreaterThanOrEqual(100);
  expect(figures.connections).toBe(0);
  expect(figures.probed).toBe(0);
  expect(figures.interfacesCalled).toBe(0);
  expect(figures.controlConnections).toBeGreaterThanOrEqual(1);
});
