import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { corpusCardPath, CARDS_DIR } from "@/fixtures/corpus";
import { CONTOSO } from "../negotiation/examples/incidents";
import { runCli } from "./test-io";

const dir = mkdtempSync(path.join(tmpdir(), "parley-triage-"));
const write = (name: string, content: string) => {
  const p = path.join(dir, name);
  writeFileSync(p, content);
  return p;
};

describe("triage", () => {
  it("reviews every card × profile: a JSON row per pair, exit 1 when any pair is rejected", async () => {
    const r = await runCli(["triage", "--cards", corpusCardPath("a2a-spec-main-geospatial.json"), "--cards", "example:contoso", "--profiles", "northwind,a2a-python"]);
    expect(r.code).toBe(1);
    const rows = JSON.parse(r.stdout) as Array<{ card: string; profile: string; worst: string; decisions: Record<string, { decision: string; rules: string[] }> }>;
    expect(rows).toHaveLength(4);
    const contoso = rows.find((row) => row.card === "example:contoso" && row.profile === "Northwind discovery agent")!;
    expect(contoso.decisions["live-input"]).toEqual({ decision: "reject", rules: ["live-input-needs-streaming"] });
  });

  it("takes a folder of cards, and exports CSV", async () => {
    const r = await runCli(["triage", "--cards", CARDS_DIR, "--profiles", "a2a-python", "--format", "csv", "--task-class", "request-response"]);
    const lines = r.stdout.trimEnd().split("\n");
    expect(lines[0]).toBe("card,source,profile,valid,worst,request-response,request-response rules");
    expect(lines.length).toBeGreaterThan(40);
  });

  it("exits 0 when nothing reaches --fail-on", async () => {
    const r = await runCli(["triage", "--cards", "example:contoso", "--profiles", "northwind", "--task-class", "request-response", "--format", "markdown"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("## Northwind discovery agent");
  });

  it("says what is wrong with its arguments (exit 2)", async () => {
    const empty = mkdtempSync(path.join(tmpdir(), "parley-empty-"));
    for (const [argv, message] of [
      [["triage", "--profiles", "northwind"], /--cards is required/],
      [["triage", "--cards", empty, "--profiles", "northwind"], /holds no \.json file/],
      [["triage", "--cards", "example:contoso", "--profiles", "southwind"], /no such preset or file/],
      [["triage", "--cards", "example:contoso", "--profiles", "northwind", "--format", "xml"], /--format must be json, csv or markdown/],
    ] as const) {
      const r = await runCli([...argv]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
    }
  });
});

describe("diff", () => {
  const card = JSON.parse(CONTOSO.text) as { capabilities: Record<string, unknown>; defaultOutputModes: string[]; skills: Array<{ outputModes: string[] }> };
  const oldFile = write("old.json", CONTOSO.text);
  const streaming = write("streaming.json", JSON.stringify({ ...card, capabilities: { ...card.capabilities, streaming: true } }, null, 2));
  const mp3 = write("mp3.json", JSON.stringify({ ...card, defaultOutputModes: ["audio/mpeg"], skills: card.skills.map((s) => ({ ...s, outputModes: ["audio/mpeg"] })) }, null, 2));

  it("json: field changes and decision changes with the findings behind them; exit 0 when nothing got worse", async () => {
    const r = await runCli(["diff", oldFile, streaming, "--profile", "northwind", "--format", "json"]);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout) as { fieldChanges: Array<{ pointer: string }>; decisionChanges: Array<{ taskClass: string; before: string; after: string; findings: Array<{ invariant: string }> }> };
    expect(doc.fieldChanges.map((c) => c.pointer)).toEqual(["/capabilities/streaming"]);
    const live = doc.decisionChanges.find((c) => c.taskClass === "live-input")!;
    expect(live).toMatchObject({ before: "reject", after: "accept" });
    expect(live.findings.map((f) => f.invariant)).toContain("live-input-needs-streaming");
  });

  it("text: says which decision got worse, and exits 1", async () => {
    const r = await runCli(["diff", oldFile, mp3, "--profile", "northwind"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/Northwind discovery agent \/ request-response: accept → reject {2}\(worse\)/);
    expect(r.stdout).toMatch(/output-modes: holds → violated/);
  });

  it("needs two cards and a profile (exit 2)", async () => {
    expect((await runCli(["diff", oldFile, "--profile", "northwind"])).code).toBe(2);
    expect((await runCli(["diff", oldFile, mp3])).stderr).toMatch(/--profile is required/);
  });
});
