import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { corpusCardNames, readCorpusCard } from "@/fixtures/corpus";
import { buildCli } from "@/scripts/build-cli.mjs";
import { runCli } from "./test-io";

/**
 * `batch --jobs N` and the built CLI (scripts/build-cli.mjs), run as processes: worker threads
 * need a real entry file, which only the tsx-run sources and the bundle have. Both must answer
 * byte for byte what the in-process, single-threaded batch answers.
 */
const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const TSX = path.join(ROOT, "node_modules", ".bin", "tsx");
const dir = mkdtempSync(path.join(tmpdir(), "parley-jobs-"));
let bundle = "";

beforeAll(async () => {
  bundle = await buildCli(path.join(dir, "review.mjs"));
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every corpus card, as card and as text, plus lines batch must refuse, blank lines and CRLF. */
function mixedInput(): string {
  const lines: string[] = [];
  corpusCardNames().forEach((name, i) => {
    const text = readCorpusCard(name);
    lines.push(JSON.stringify({ id: `${name}:json`, card: JSON.parse(text) as unknown, profile: "northwind" }));
    lines.push(JSON.stringify({ id: `${name}:text`, cardText: text, profile: i % 2 ? "full-sdk" : "text-only" }));
    if (i % 10 === 3) lines.push("{not json", "", JSON.stringify({ id: i, profile: "northwind" }));
  });
  // An answer longer than an output piece (its id, echoed, over a megabyte; warnings no longer
  // make one, 20 of a kind are kept): it travels from a worker in a buffer of its own.
  const card = JSON.parse(readCorpusCard("samples-adk-currency-0.3.json")) as { skills: Array<Record<string, unknown>> };
  const skill = card.skills[0]!;
  card.skills = Array.from({ length: 3000 }, (_, i) => ({ ...skill, id: `s${i}`, examples: null, inputModes: ["text"] }));
  lines.splice(40, 0, JSON.stringify({ id: `long answer ${"x".repeat(1_100_000)}`, card, profile: "northwind" }));
  return lines.join("\r\n") + "\n";
}

function runProcess(command: string, args: string[], input: string) {
  const r = spawnSync(command, args, { cwd: ROOT, input, encoding: "utf8", timeout: 60_000, maxBuffer: 64 << 20 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe("batch in other processes and threads", () => {
  const input = mixedInput();

  it("--jobs 2 (sources under tsx) and the built CLI, with and without --jobs, answer exactly as batch in-process", async () => {
    const expected = await runCli(["batch"], { stdin: input });
    expect(expected.stdout.split("\n").length).toBeGreaterThan(80);
    expect(expected.stdout.split("\n").find((line) => line.startsWith('{"id":"long answer '))?.length).toBeGreaterThan(1_000_000);
    for (const [command, args] of [
      [TSX, ["lib/cli/main.ts", "batch", "--jobs", "2"]],
      [process.execPath, [bundle, "batch"]],
      [process.execPath, [bundle, "batch", "--jobs", "3"]],
    ] as const) {
      const r = runProcess(command, [...args], input);
      expect({ args: args.join(" "), code: r.code, stderr: r.stderr }).toEqual({ args: args.join(" "), code: expected.code, stderr: expected.stderr });
      expect(r.stdout).toBe(expected.stdout);
    }
  }, 120_000);

  it("--jobs with --messages none answers as the single thread does", async () => {
    const expected = await runCli(["batch", "--messages", "none"], { stdin: input });
    const r = runProcess(process.execPath, [bundle, "batch", "--messages", "none", "--jobs", "2"], input);
    expect(r.stdout).toBe(expected.stdout);
  }, 60_000);

  it("refuses a --jobs that is not a whole number from 1 to 64", async () => {
    for (const jobs of ["0", "-1", "1.5", "many", "65", "1e1", "0x2"]) {
      const r = await runCli(["batch", `--jobs=${jobs}`]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`--jobs must be a whole number from 1 to 64, in decimal digits, not "${jobs}"`);
    }
  });

  it("the built CLI checks a card like the sources do", async () => {
    const args = ["check", "--card", "example:contoso", "--profile", "northwind", "--format", "json"];
    const expected = await runCli(args);
    const r = runProcess(process.execPath, [bundle, ...args], "");
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(expected.stdout);
  }, 60_000);
});
