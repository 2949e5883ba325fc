/**
 * The live differential: the shim against the rule's Python reference itself, when it is found
 * (PARLEY_SEED_REFERENCE, or the default in fixtures/seed/locate-reference.mjs). A lone clone
 * does not have it: the test then shows as skipped with the reason, and the golden-file parity
 * test (negotiation/seed-compat.golden.test.ts) still holds the shim to the reference's recorded
 * answers. When PARLEY_SEED_REFERENCE is set (.ci/run sets it), a missing reference or python3
 * fails. It runs a Python process, so it lives outside lib/negotiation.
 */
import { describe, expect, it } from "vitest";
import { diffOutcomes, readGoldenCases, readGoldenMeta, type ReferenceOutcome, shimOutcome } from "@/fixtures/seed/golden";
import { checkReferenceAvailable, runReference, sha256OfFile } from "@/fixtures/seed/reference";
import { CORNER_CASES, generateCases } from "./negotiation/seed-compat/generate-cases";

/** A different seed from the golden file's, so the live run checks cases the golden file does not hold. */
const LIVE_SEED = 7_301_955;
const LIVE_RANDOM_CASES = 5000;

const available = checkReferenceAvailable();

describe("checkCardNegotiable against the live Python reference", () => {
  if (!available.ok) {
    if (available.location.explicit) {
      it("runs, because PARLEY_SEED_REFERENCE asks for it", () => {
        throw new Error(`PARLEY_SEED_REFERENCE is set but the live differential cannot run: ${available.reason}.`);
      });
    } else {
      const why = `did not run: ${available.reason}; the golden-file parity test ran instead`;
      console.warn(`seed-compat live differential ${why}.`);
      // Skipped on purpose, never silently: a lone clone has no Python reference (it lives beside
      // the repository on our machines only). The title says why; .ci/run sets PARLEY_SEED_REFERENCE,
      // which turns this into the failing test above when the reference is missing.
      it.skip(`live differential ${why}`, () => {}); // skipped: no Python reference beside a lone clone (see above)
    }
    return;
  }

  const reference = available.location.path;
  const fresh = [...generateCases(LIVE_SEED, LIVE_RANDOM_CASES), ...CORNER_CASES];
  let freshOutcomes: ReferenceOutcome[] = [];
  const golden = readGoldenCases();
  let goldenOutcomes: ReferenceOutcome[] = [];

  it(`answers one result per case (${reference})`, () => {
    freshOutcomes = runReference(reference, fresh);
    goldenOutcomes = runReference(reference, golden);
    expect(freshOutcomes).toHaveLength(fresh.length);
    expect(goldenOutcomes).toHaveLength(golden.length);
  }, 60_000);

  it("raises, crashes and returns exactly where the reference does on fresh cases, with identical messages", () => {
    const mismatches = diffOutcomes(fresh, freshOutcomes, fresh.map(shimOutcome));
    expect(mismatches.slice(0, 8).join("\n"), `${mismatches.length} of ${fresh.length} cases differ`).toBe("");
  });

  it("still gives the answers recorded in fixtures/seed/golden.jsonl (else rerun npx tsx fixtures/seed/generate.ts)", () => {
    const mismatches = diffOutcomes(
      golden,
      golden.map((c) => c.expected),
      goldenOutcomes,
    );
    const changed = sha256OfFile(reference) !== readGoldenMeta().referenceSha256 ? " (the reference file changed since it was recorded)" : "";
    expect(mismatches.slice(0, 8).join("\n"), `${mismatches.length} recorded answers differ${changed}`).toBe("");
  });

  it("exercises every invariant, every crash type and the quiet path on fresh cases (the generator is not degenerate)", () => {
    const count = (predicate: (o: ReferenceOutcome) => boolean) => freshOutcomes.filter(predicate).length;
    const message = (o: ReferenceOutcome) => ("message" in o ? o.message : "");
    for (const invariant of [1, 2, 3]) expect(count((o) => "invariant" in o && o.invariant === invariant)).toBeGreaterThan(100);
    expect(count((o) => o.raises === null)).toBeGreaterThan(1000);
    expect(count((o) => o.raises === "AttributeError")).toBeGreaterThan(50);
    expect(count((o) => o.raises === "TypeError")).toBeGreaterThan(50);
    expect(count((o) => o.raises === "IndexError")).toBeGreaterThan(0);
    expect(count((o) => message(o).includes("\\x"))).toBeGreaterThan(5);
    expect(count((o) => /[^\x00-\x7f]/.test(message(o)))).toBeGreaterThan(5);
  });
});
