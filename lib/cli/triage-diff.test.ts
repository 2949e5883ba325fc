import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { corpusCardPath, CARDS_DIR } from "@/fixtures/corpus";
import { CONTOSO } from "../negotiation/examples/incidents";
import { MAX_INPUT_BYTES } from "./inputs";
import { runCli } from "./test-io";

const dir = mkdtempSync(path.join(tmpdir(), "parley-triage-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
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
    expect(lines[0]).toBe("card,name,source,profile,valid,worst,request-response,request-response rules");
    expect(lines.length).toBeGreaterThan(40);
  });

  it("a class that is not for a profile does not fail the triage unless --fail-on not-for-client", async () => {
    const base = ["triage", "--cards", "example:contoso-live-audio", "--profiles", "a2a-js", "--task-class", "live-input"];
    const r = await runCli(base);
    expect(r.code).toBe(0);
    const [row] = JSON.parse(r.stdout) as Array<{ worst: string; decisions: Record<string, { decision: string; target?: string }> }>;
    expect(row).toMatchObject({ worst: "not-for-client", decisions: { "live-input": { decision: "reject", target: "client" } } });
    expect((await runCli([...base, "--fail-on", "not-for-client"])).code).toBe(1);
    const csv = await runCli([...base, "--format", "csv"]);
    expect(csv.stdout.split("\n")[1]).toMatch(/,not-for-client,not-for-client,input-modes$/);
  });

  it("exits 0 when nothing reaches --fail-on", async () => {
    const r = await runCli(["triage", "--cards", "example:contoso", "--profiles", "northwind", "--task-class", "request-response", "--format", "markdown"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("## Northwind discovery agent");
  });

  it("leaves out folder entries it cannot read, lists each with why, triages the rest and exits 2; never opens a FIFO", async () => {
    const folder = mkdtempSync(path.join(dir, "entries-"));
    writeFileSync(path.join(folder, "good.json"), CONTOSO.text);
    symlinkSync(path.join(folder, "missing-target.json"), path.join(folder, "dangling.json"));
    mkdirSync(path.join(folder, "folder.json"));
    execFileSync("mkfifo", [path.join(folder, "pipe.json")]);
    writeFileSync(path.join(folder, "latin1.json"), Buffer.from([0x7b, 0x22, 0x6e, 0x61, 0x6d, 0x65, 0x22, 0x3a, 0x22, 0xe9, 0x22, 0x7d]));
    writeFileSync(path.join(folder, "huge.json"), new Uint8Array(MAX_INPUT_BYTES + 1));
    const expected: Array<[string, RegExp]> = [
      ["dangling.json", /is a symbolic link to .*missing-target\.json, which does not exist\./],
      ["folder.json", /is a directory, not a file\./],
      ["huge.json", /is 4,194,305 bytes, more than 4 MiB/],
      ["latin1.json", /is not UTF-8 text: the byte at offset 9 \(line 1\)/],
      ["pipe.json", /is a named pipe \(FIFO\), not a file; it was not opened\./],
    ];

    const r = await runCli(["triage", "--cards", folder, "--profiles", "northwind", "--task-class", "live-input"]);
    expect(r.code).toBe(2);
    const rows = JSON.parse(r.stdout) as Array<{ card: string; decisions: Record<string, { decision: string }> }>;
    expect(rows.map((row) => path.basename(row.card))).toEqual(["good.json"]);
    expect(rows[0]?.decisions["live-input"]?.decision).toBe("reject");
    const lines = r.stderr.trimEnd().split("\n");
    expect(lines[0]).toBe("parley triage: 5 of 6 cards could not be read and were left out (exit 2):");
    expect(lines).toHaveLength(6);
    expected.forEach(([name, why], i) => {
      expect(lines[i + 1]).toContain(`  ${path.join(folder, name)}: `);
      expect(lines[i + 1]).toMatch(why);
    });

    // Markdown, a report for people, lists them after the tables too.
    const md = await runCli(["triage", "--cards", folder, "--profiles", "northwind", "--task-class", "live-input", "--format", "markdown"]);
    expect(md.code).toBe(2);
    expect(md.stdout).toContain("## Not triaged\n\n5 cards could not be read:");
    expect(md.stdout).toMatch(/\| .*pipe\.json \| is a named pipe \(FIFO\)/);
  });

  it("names --profiles, not --profile, when a profile file cannot be read", async () => {
    const r = await runCli(["triage", "--cards", "example:contoso", "--profiles", "northwind,./no-such-profile.json"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^parley: --profiles \.\/no-such-profile\.json: no such file/);
  });

  it("says what is wrong with its arguments (exit 2)", async () => {
    const empty = mkdtempSync(path.join(dir, "empty-"));
    for (const [argv, message] of [
      [["triage", "--profiles", "northwind"], /--cards is required/],
      [["triage", "--cards", empty, "--profiles", "northwind"], /holds no \.json file/],
      [["triage", "--cards", "example:contoso", "--profiles", "southwind"], /--profiles southwind: no such preset or file/],
      [["triage", "--cards", "example:fabrikam", "--profiles", "northwind"], /--cards example:fabrikam: no such example/],
      [["triage", "--cards", path.join(dir, "nothing-here.json"), "--profiles", "northwind"], /--cards .*nothing-here\.json: no such file or folder/],
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

  it("says which decisions stay the same for other reasons, in text and in JSON", async () => {
    const text = (await runCli(["diff", oldFile, mp3, "--profile", "northwind"])).stdout;
    const reasons = text.slice(text.indexOf("Same decisions, other reasons:\n"), text.indexOf("\nA decision got worse"));
    expect(reasons).toMatch(
      /^Same decisions, other reasons:\n {2}Northwind discovery agent \/ live-input: still reject, on live-input-needs-streaming, output-modes \(was on live-input-needs-streaming\)\n {4}output-modes: holds → violated\. /,
    );
    const doc = JSON.parse((await runCli(["diff", oldFile, mp3, "--profile", "northwind", "--format", "json"])).stdout) as {
      reasonChanges: Array<{ taskClass: string; before: string; after: string; findings: Array<{ invariant: string }> }>;
    };
    expect(doc.reasonChanges.map((c) => `${c.taskClass}: ${c.before} → ${c.after}, ${c.findings.map((f) => f.invariant).join()}`)).toEqual([
      "live-input: reject → reject, output-modes",
      "streaming-output: reject → reject, output-modes",
    ]);
  });

  it("shortens a value nested too deep to print whole, in text and in JSON, instead of crashing", async () => {
    const deep = "[".repeat(100_000) + "]".repeat(100_000);
    const nested = write("nested.json", CONTOSO.text.replace(/^\{/, `{"x-extra": ${deep},`));
    const text = await runCli(["diff", oldFile, nested, "--profile", "northwind"]);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(`Fields (1 change):\n  added   /x-extra  ${"[".repeat(117)}...\n`);
    const json = await runCli(["diff", oldFile, nested, "--profile", "northwind", "--format", "json"]);
    expect(json.code).toBe(0);
    const doc = JSON.parse(json.stdout) as { fieldChanges: Array<Record<string, unknown>> };
    expect(doc.fieldChanges).toEqual([{ pointer: "/x-extra", kind: "added", tooDeep: ["after"] }]);
    // A value within the limit is still given whole.
    const shallow = write("shallow.json", CONTOSO.text.replace(/^\{/, `{"x-extra": ${"[".repeat(200) + "]".repeat(200)},`));
    const kept = JSON.parse((await runCli(["diff", oldFile, shallow, "--profile", "northwind", "--format", "json"])).stdout) as typeof doc;
    expect(kept.fieldChanges[0]).toEqual({ pointer: "/x-extra", kind: "added", after: JSON.parse("[".repeat(200) + "]".repeat(200)) as unknown });
  });

  it("says a version that is not JSON was not compared field by field, and where it stops being JSON", async () => {
    const cut = write("cut.json", CONTOSO.text.slice(0, 40));
    const r = await runCli(["diff", oldFile, cut, "--profile", "northwind"]);
    expect(r.stdout).not.toContain("Fields: no change.");
    expect(r.stdout).toContain(`Not JSON: ${cut}: The text is not valid JSON: `);
    expect(r.stdout).toContain("Fields: not compared (a version is not JSON).");
  });

  it("names OLD or NEW when a card cannot be read", async () => {
    const r = await runCli(["diff", oldFile, path.join(dir, "missing.json"), "--profile", "northwind"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^parley: diff: NEW .*missing\.json: no such file/);
  });

  it("needs two cards and a profile (exit 2)", async () => {
    expect((await runCli(["diff", oldFile, "--profile", "northwind"])).code).toBe(2);
    expect((await runCli(["diff", oldFile, mp3])).stderr).toMatch(/--profile is required/);
  });
});
