import { cpSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expandCardSpecs } from "./many-cards";
import { runCli } from "./test-io";
import { HEAVY_TEST_MS } from "../../fixtures/test-budget";

const ROOT = path.resolve(__dirname, "../..");
let work: string;

beforeAll(() => {
  work = realpathSync(mkdtempSync(path.join(tmpdir(), "parley-many-")));
  cpSync(path.join(ROOT, "examples/cards"), path.join(work, "cards"), { recursive: true });
  mkdirSync(path.join(work, "agents/voice/.hidden"), { recursive: true });
  cpSync(path.join(ROOT, "examples/cards/contoso.json"), path.join(work, "agents/voice/card.json"));
  cpSync(path.join(ROOT, "examples/cards/text-desk.json"), path.join(work, "agents/card.json"));
  writeFileSync(path.join(work, "agents/voice/.hidden/card.json"), "{}");
  // A link back up: followed, a ** walk would never end.
  symlinkSync(path.join(work, "agents"), path.join(work, "agents/voice/loop"));
}, 30_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("expandCardSpecs", () => {
  it("expands * and ** in order, keeps files, URLs, stdin and examples as given, and drops repeats", async () => {
    expect(await expandCardSpecs("check", ["cards/c*.json"], work)).toEqual(["cards/contoso-streaming.json", "cards/contoso.json"]);
    expect(await expandCardSpecs("check", ["agents/**/card.json"], work)).toEqual(["agents/card.json", "agents/voice/card.json"]);
    expect(await expandCardSpecs("check", ["cards/contoso.json", "cards/cont?so.json", "https://a.example/", "example:contoso"], work)).toEqual(["cards/contoso.json", "https://a.example/", "example:contoso"]);
  });

  it("says when a pattern matches nothing; stdin named twice is read once", async () => {
    await expect(expandCardSpecs("lint", ["nothing/*.json"], work)).rejects.toThrow("lint: --card nothing/*.json: the pattern matches no file.");
    await expect(expandCardSpecs("check", ["-", "-"], work)).resolves.toEqual(["-"]);
  });
});

describe("check and lint with several cards", () => {
  it("check: one JSON report with every card's review, and the worst exit code", async () => {
    const r = await runCli(["check", "--card", "cards/text-desk.json", "--card", "cards/contoso*.json", "--profile", "northwind", "--task-class", "live-input", "--format", "json"], { cwd: work });
    expect(r.code).toBe(1);
    const json = JSON.parse(r.stdout) as { cards: Array<{ card: { source: string }; decisions: Record<string, { decision: string }>; exitCode: number }>; exitCode: number };
    expect(json.cards.map((c) => c.card.source)).toEqual(["cards/text-desk.json", "cards/contoso-streaming.json", "cards/contoso.json"]);
    expect(json.cards.map((c) => c.decisions["live-input"]!.decision)).toEqual(["reject", "accept", "reject"]);
    expect(json.exitCode).toBe(1);
    // The one-card report is what each card's own run prints.
    const alone = await runCli(["check", "--card", "cards/contoso.json", "--profile", "northwind", "--task-class", "live-input", "--format", "json"], { cwd: work });
    expect(json.cards[2]).toEqual(JSON.parse(alone.stdout));
  }, HEAVY_TEST_MS);

  it("check: a card it cannot read is named on stderr, the others are still reviewed, and the exit code is 2", async () => {
    const r = await runCli(["check", "--card", "cards/contoso-streaming.json", "--card", "missing.json", "--profile", "northwind", "--task-class", "live-input"], { cwd: work });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--card missing.json: no such file");
    expect(r.stdout).toContain("Contoso Voice Desk — cards/contoso-streaming.json");
    expect(r.stdout).toMatch(/2 cards; none failing; not read: missing\.json \(exit 2\)\n$/);
  });

  it("check: one SARIF log with a run per card, and one JUnit document", async () => {
    const args = ["check", "--card", "cards/contoso.json", "--card", "cards/text-desk.json", "--profile", "northwind", "--task-class", "live-input"];
    const sarif = JSON.parse((await runCli([...args, "--format", "sarif"], { cwd: work })).stdout) as { version: string; runs: unknown[] };
    expect(sarif.version).toBe("2.1.0");
    expect(sarif.runs).toHaveLength(2);
    const junit = (await runCli([...args, "--format", "junit"], { cwd: work })).stdout;
    expect(junit.match(/<\?xml/g)).toHaveLength(1);
    expect(junit).toMatch(/^<\?xml[^\n]*\n<testsuites name="Parley" tests="2" failures="2">/);
    expect(junit.match(/<testsuite /g)).toHaveLength(2);
  });

  it("lint: every card in one report; a broken one fails the run", async () => {
    const r = await runCli(["lint", "--card", "cards/*.json", "--format", "json"], { cwd: work });
    const json = JSON.parse(r.stdout) as { cards: Array<{ card: { source: string }; valid: boolean }>; exitCode: number };
    expect(json.cards.length).toBeGreaterThanOrEqual(4);
    expect(json.cards.find((c) => c.card.source === "cards/broken.json")!.valid).toBe(false);
    expect(r.code).toBe(1);
    expect(json.exitCode).toBe(1);
  });

  it("an invocation problem every card shares is said once, with exit 2", async () => {
    const r = await runCli(["check", "--card", "cards/contoso.json", "--card", "cards/text-desk.json", "--profile", "nowhere-preset"], { cwd: work });
    expect(r.code).toBe(2);
    expect(r.stderr.match(/nowhere-preset/g)).toHaveLength(1);
  });
});
