/**
 * Differential test: the TS shim against the real Python reference over thousands of generated
 * cases. It runs a Python process, so it lives outside lib/negotiation, whose files (tests too)
 * import no Node built-ins.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkCardNegotiable, SeedInputError, UnnegotiableAgentCardError } from "./negotiation/seed-compat";
import { CORNER_CASES, generateCases } from "./negotiation/seed-compat/generate-cases";

const HERE = fileURLToPath(new URL(".", import.meta.url));
const REPO_ROOT = resolve(HERE, "..");
const REFERENCE = resolve(REPO_ROOT, "../shared/spec/seed_reference.py");
const DRIVER = join(HERE, "negotiation/seed-compat/reference-driver.py");

const SEED = 20261108;
const RANDOM_CASES = 5000;
const CASE_COUNT = RANDOM_CASES + CORNER_CASES.length;

interface PythonResult {
  raised: boolean;
  message: string | null;
  invariant: 1 | 2 | 3 | null;
  crashed: string | null;
}

type Outcome =
  | { kind: "raised"; message: string; invariant: number | null }
  | { kind: "crashed"; type: string | null }
  | { kind: "ok" };

function outcomeOfPython(result: PythonResult): Outcome {
  if (result.raised) return { kind: "raised", message: result.message ?? "", invariant: result.invariant };
  if (result.crashed) return { kind: "crashed", type: result.crashed };
  return { kind: "ok" };
}

function outcomeOfTs(line: string): Outcome {
  const { card, client_profile, task_class } = JSON.parse(line) as Record<string, unknown>;
  try {
    checkCardNegotiable(card, client_profile, task_class);
    return { kind: "ok" };
  } catch (error) {
    if (error instanceof UnnegotiableAgentCardError) {
      return { kind: "raised", message: error.message, invariant: error.invariant };
    }
    if (error instanceof SeedInputError) return { kind: "crashed", type: error.pythonError };
    return { kind: "crashed", type: `unexpected ${String(error)}` };
  }
}

describe("checkCardNegotiable against the Python reference", () => {
  let workDir = "";
  let lines: string[] = [];
  let python: PythonResult[] = [];

  beforeAll(() => {
    if (!existsSync(REFERENCE)) {
      throw new Error(`the rule's reference check is missing at ${REFERENCE} (expected ../shared/spec/seed_reference.py from the repo root)`);
    }
    workDir = mkdtempSync(join(tmpdir(), "parley-seed-diff-"));
    const casesPath = join(workDir, "cases.jsonl");
    // The JSON text is what both sides read, so both see exactly the same values.
    lines = [...generateCases(SEED, RANDOM_CASES), ...CORNER_CASES].map((testCase) => JSON.stringify(testCase));
    writeFileSync(casesPath, lines.join("\n") + "\n", "utf8");
    let stdout: string;
    try {
      stdout = execFileSync("python3", [DRIVER, REFERENCE, casesPath], { encoding: "utf8", maxBuffer: 64 << 20 });
    } catch (error) {
      throw new Error(`could not run python3 over the reference (CI installs python3 when missing): ${String(error)}`);
    }
    python = stdout.trimEnd().split("\n").map((line) => JSON.parse(line) as PythonResult);
  }, 30_000);

  afterAll(() => {
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  it("answers one result per case", () => {
    expect(python).toHaveLength(CASE_COUNT);
  });

  it("raises, crashes and passes exactly where the reference does, with identical messages", () => {
    const mismatches: string[] = [];
    lines.forEach((line, index) => {
      const expected = outcomeOfPython(python[index]!);
      const actual = outcomeOfTs(line);
      if (JSON.stringify(expected) !== JSON.stringify(actual)) {
        mismatches.push(`case ${index}: ${line}\n  python: ${JSON.stringify(expected)}\n  ts:     ${JSON.stringify(actual)}`);
      }
    });
    expect(mismatches.slice(0, 8).join("\n"), `${mismatches.length} mismatches`).toBe("");
  });

  it("exercises every invariant, every crash type and the quiet path (the generator is not degenerate)", () => {
    const count = (predicate: (result: PythonResult) => boolean) => python.filter(predicate).length;
    expect(count((r) => r.raised && r.invariant === 1)).toBeGreaterThan(150);
    expect(count((r) => r.raised && r.invariant === 2)).toBeGreaterThan(100);
    expect(count((r) => r.raised && r.invariant === 3)).toBeGreaterThan(150);
    expect(count((r) => !r.raised && !r.crashed)).toBeGreaterThan(1000);
    expect(count((r) => r.crashed === "AttributeError")).toBeGreaterThan(50);
    expect(count((r) => r.crashed === "TypeError")).toBeGreaterThan(50);
    expect(count((r) => r.crashed === "IndexError")).toBeGreaterThan(0);
    // Messages with escapes, double quotes and non-ASCII reprs were compared, not just plain ones.
    expect(count((r) => r.message?.includes("\\x") ?? false)).toBeGreaterThan(5);
    expect(count((r) => r.message?.includes('"') ?? false)).toBeGreaterThan(5);
    expect(count((r) => /[^\x00-\x7f]/.test(r.message ?? ""))).toBeGreaterThan(5);
  });
});
