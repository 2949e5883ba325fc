import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { checkoutProblem, MEASURE_IDS, parseArgs, sampleOrder } from "./side-by-side";

describe("bench/side-by-side.ts arguments", () => {
  it("takes one other checkout, rounds and a tolerance in per cent", () => {
    expect(parseArgs(["../before"])).toEqual({ other: resolve("../before"), rounds: 3, tolerance: 0.03, only: [...MEASURE_IDS] });
    expect(parseArgs(["--rounds", "5", "../before", "--tolerance", "2", "--only", "review,guard-call"])).toEqual({ other: resolve("../before"), rounds: 5, tolerance: 0.02, only: ["review", "guard-call"] });
  });

  it.each([
    [[], "which checkout to compare with? give its directory"],
    [["a", "b"], 'one other checkout only, got "a" and "b"'],
    [["a", "--rounds"], '--rounds needs a positive number, got ""'],
    [["a", "--tolerance", "-1"], '--tolerance needs a positive number, got "-1"'],
    [["a", "--jobs", "2"], "unknown option --jobs"],
    [["a", "--only", "review,guards"], "--only takes review, skills, library, guard-call; not guards"],
    [["a", "--only"], "--only takes review, skills, library, guard-call"],
  ])("refuses %j: %s", (argv, error) => {
    expect(parseArgs(argv)).toEqual({ error });
  });
});

describe("what a checkout to compare with needs", () => {
  const dir = mkdtempSync(join(tmpdir(), "parley-side-"));

  it("says what is missing: the directory, the engine's files, its own dependencies", () => {
    expect(checkoutProblem(join(dir, "nowhere"))).toBe(`${join(dir, "nowhere")} does not exist`);
    expect(checkoutProblem(dir)).toBe(`${dir} has no lib/negotiation/index.ts: not a checkout of this project`);
    for (const file of ["lib/negotiation/index.ts", "lib/a2a-js/index.ts", "scripts/build-lib.mjs"]) {
      mkdirSync(join(dir, file, ".."), { recursive: true });
      writeFileSync(join(dir, file), "");
    }
    expect(checkoutProblem(dir)).toBe(`${dir} has no node_modules: run npm ci --ignore-scripts there first`);
  });

  it("accepts this checkout's own layout", () => {
    expect(checkoutProblem(resolve("."))).toBeUndefined();
  });
});

describe("the order sides are measured in", () => {
  it.each([2, 3, 5])("puts each of %i sides in each place equally often over twice as many samples", (n) => {
    const counts = Array.from({ length: n }, () => new Array<number>(n).fill(0));
    for (let s = 0; s < 2 * n; s++) {
      const order = sampleOrder(n, s);
      expect([...order].sort()).toEqual(Array.from({ length: n }, (_, i) => i));
      order.forEach((side, place) => counts[side]![place]!++);
    }
    expect(counts).toEqual(Array.from({ length: n }, () => new Array<number>(n).fill(2)));
  });
});
