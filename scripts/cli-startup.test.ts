import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { buildCli } from "./build-cli.mjs";

// The start-up figures docs/benchmarks.md gives come from scripts/cli-startup.mjs: it must run, and
// time the bare start and a one-card check the ways the docs tell users to run the CLI, against
// node's own start-up. (What the figures are is not asserted: that is a measurement, not a test.)
const ROOT = path.resolve(__dirname, "..");

beforeAll(async () => {
  await buildCli();
}, 60_000);

describe("scripts/cli-startup.mjs", () => {
  it("times node -e 0, the bare start, and a one-card check under node, by the bin and by npx, each as a ratio to node -e 0", () => {
    const r = spawnSync(process.execPath, ["scripts/cli-startup.mjs", "1"], { cwd: ROOT, encoding: "utf8", timeout: 120_000 });
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split("\n");
    expect(lines[0]).toBe("CLI start-up, median of 1 runs (wall time; CPU time beside it):");
    const labels = lines.slice(1).map((l) => l.replace(/\s+\d+\.\d\d s\s+\d+\.\d× node -e 0  CPU \d+\.\d\d s$/, "").trim());
    expect(labels).toEqual([
      "node -e 0",
      "node build/cli/review.mjs --version",
      "node build/cli/review.mjs check (one card)",
      "build/cli/review.mjs check (the bin: its shebang)",
      "npx parley check",
    ]);
    expect(lines[1]).toMatch(/ 1\.0× node -e 0  CPU /);
  }, 120_000);

  it("docs/benchmarks.md gives its figures for the same commands, and says how to reproduce them", () => {
    const doc = readFileSync(path.join(ROOT, "docs/benchmarks.md"), "utf8");
    const section = doc.slice(doc.indexOf("## CLI start-up"), doc.indexOf("## `npm run bench`"));
    expect(section).toContain("node scripts/cli-startup.mjs");
    for (const label of ["node -e 0", "node build/cli/review.mjs --version", "node build/cli/review.mjs check (one card)", "npx parley check"]) expect(section).toContain(label);
  });
});
