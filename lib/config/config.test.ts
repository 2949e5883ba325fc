import { cpSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { Ajv2020 } from "ajv/dist/2020.js";
import AjvDraft04 from "ajv-draft-04";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../cli/test-io";
import { CONFIG_KEYS, readConfig, writeConfig } from "./schema";
import { configFileText, readConfigFile } from "./workspace";
import { parleyConfigJsonSchema } from "../../schema/parley-config";
import { clientProfileJsonSchema } from "../../schema/client-profile";

const ROOT = path.resolve(__dirname, "../..");
const require = createRequire(import.meta.url);
const CONTOSO = readFileSync(path.join(ROOT, "examples/cards/contoso.json"), "utf8");
const ACK = { invariant: "live-input-needs-streaming" as const, taskClass: "live-input", reason: "Contoso ships streaming next quarter.", by: "Ana" };

let work: string;
beforeAll(() => {
  work = realpathSync(mkdtempSync(path.join(tmpdir(), "parley-config-")));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A fresh project folder: a card at its root, `files` written into it, and a nested folder to run in. */
function project(files: Record<string, string | object>): { root: string; nested: string } {
  const root = mkdtempSync(path.join(work, "p-"));
  writeFileSync(path.join(root, "contoso.json"), CONTOSO);
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), typeof content === "string" ? content : JSON.stringify(content, null, 2));
  }
  const nested = path.join(root, "agents", "voice");
  mkdirSync(nested, { recursive: true });
  return { root, nested };
}

describe("readConfig", () => {
  it("reads a profile, task classes (ids and own classes), fail-on, formats and acknowledgements", () => {
    const own = { id: "voice-note", title: "Voice note", description: "", input: "whole", completion: "polling", output: "required" };
    const { config, problems } = readConfig({ profile: "northwind", taskClasses: ["live-input", own], failOn: "defer,not-for-client", format: "json", acknowledgements: [ACK], lint: { failOn: "warning" } });
    expect(problems).toEqual([]);
    expect(config).toMatchObject({ profile: { kind: "preset", spec: "northwind" }, taskClassIds: ["live-input"], failOn: "defer,not-for-client", format: "json", lint: { failOn: "warning" } });
    expect(config.customTaskClasses?.map((t) => t.id)).toEqual(["voice-note"]);
    expect(config.acknowledgements).toEqual([ACK]);
  });

  it("names every wrong field by its JSON pointer", () => {
    const { problems } = readConfig({ profile: { name: "x", transports: "JSONRPC" }, taskClasses: ["live-inptu"], failOn: "sometimes", format: "pdf", colour: true, lint: { failOn: "never" } });
    expect(problems.map((p) => p.pointer)).toEqual(["/colour", "/profile/transports", "/taskClasses/0", "/failOn", "/format", "/lint/failOn"]);
    expect(problems.find((p) => p.pointer === "/taskClasses/0")!.message).toContain('unknown task class "live-inptu"');
  });

  it("keeps the acknowledgements that read and says which do not", () => {
    const reading = readConfig({ acknowledgements: [ACK, { invariant: "no-such-rule", reason: "x" }] });
    expect(reading.config.acknowledgements).toEqual([ACK]);
    expect(reading.acknowledgementProblems.map((p) => p.pointer)).toEqual(["/acknowledgements/1/invariant"]);
  });

  it("reads back what the workspace exports", () => {
    const exported = writeConfig({ profile: "northwind", taskClasses: ["request-response"], acknowledgements: [ACK] });
    const { config, problems } = readConfig(JSON.parse(JSON.stringify(exported)));
    expect(problems).toEqual([]);
    expect(config).toMatchObject({ profile: { kind: "preset", spec: "northwind" }, taskClassIds: ["request-response"], acknowledgements: [ACK] });
  });
});

describe("schema/parley-config.schema.json", () => {
  const schema = parleyConfigJsonSchema();

  it("is in step with the code that writes it (npm run build:schema rewrites it)", () => {
    expect(JSON.parse(readFileSync(path.join(ROOT, "schema/parley-config.schema.json"), "utf8"))).toEqual(schema);
  });

  it("names itself by a relative $id and has the fields the reader takes, no more", () => {
    expect(schema.$id).toBe("parley-config.schema.json");
    expect(Object.keys(schema.properties as object)).toEqual([...CONFIG_KEYS]);
  });

  it("accepts the configs the reader accepts and refuses those it refuses", () => {
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    ajv.addSchema(clientProfileJsonSchema());
    const validate = ajv.compile(schema);
    const good = writeConfig({ profile: JSON.parse(readFileSync(path.join(ROOT, "examples/profile.json"), "utf8")) as never, taskClasses: ["live-input"], acknowledgements: [ACK], failOn: "escalate" });
    expect(validate(good), JSON.stringify(validate.errors)).toBe(true);
    expect(readConfig(good).problems).toEqual([]);
    for (const bad of [{ colour: true }, { failOn: "sometimes" }, { acknowledgements: [{ invariant: "live-input-needs-streaming" }] }, { lint: { failOn: "never" } }]) {
      expect(validate(bad)).toBe(false);
    }
  });
});

describe("check and lint with a config file", () => {
  it("find parley.config.json upward from the working directory, and take its profile, classes and format", async () => {
    const { nested } = project({ "parley.config.json": { profile: "northwind", taskClasses: ["request-response", "live-input"], format: "json" } });
    const r = await runCli(["check", "--card", "../../contoso.json"], { cwd: nested });
    expect(r.code).toBe(1);
    const json = JSON.parse(r.stdout) as { profile: string; decisions: Record<string, { decision: string }>; config: string };
    expect(json.profile).toBe("Northwind discovery agent");
    expect(Object.keys(json.decisions)).toEqual(["request-response", "live-input"]);
    expect(json.config).toBe(path.join("..", "..", "parley.config.json"));
  });

  it("stop looking at the repository's root: a file above it is not the project's", async () => {
    const { root } = project({ "parley.config.json": { profile: "northwind", acknowledgements: [ACK] } });
    const repo = path.join(root, "repo");
    mkdirSync(path.join(repo, ".git"), { recursive: true });
    writeFileSync(path.join(repo, "card.json"), CONTOSO);
    const r = await runCli(["check", "--card", "card.json", "--task-class", "live-input"], { cwd: repo });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--profile is required");
  });

  it("let flags win over the file, and --no-config ignore it", async () => {
    const { nested } = project({ ".parleyrc.json": { profile: "northwind", taskClasses: ["live-input"], format: "json" } });
    const r = await runCli(["check", "--card", "../../contoso.json", "--task-class", "request-response", "--format", "text"], { cwd: nested });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/TASK CLASS +DECISION\nrequest-response +accept\n\n/);
    const none = await runCli(["check", "--card", "../../contoso.json", "--no-config"], { cwd: nested });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain("--profile is required");
  });

  it("read the file --config names, with a profile file relative to it", async () => {
    const { root } = project({ "ci/parley.json": { profile: "../profile.json", taskClasses: ["live-input"] }, "profile.json": readFileSync(path.join(ROOT, "examples/profile.json"), "utf8") });
    const r = await runCli(["check", "--card", "contoso.json", "--config", "ci/parley.json", "--format", "json"], { cwd: root });
    expect((JSON.parse(r.stdout) as { profile: string }).profile).toBe("Our support backend");
  });

  it("show an acknowledged rejection as acknowledged, and it does not fail the run", async () => {
    const { root } = project({ "parley.config.json": { profile: "northwind", taskClasses: ["live-input"], acknowledgements: [ACK] } });
    const text = await runCli(["check", "--card", "contoso.json"], { cwd: root });
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/live-input +reject/);
    expect(text.stdout).toContain("live-input: reject, acknowledged (live-input-needs-streaming); it does not fail a gate.");
    expect(text.stdout).toContain("by Ana: Contoso ships streaming next quarter.");
    expect(text.stdout).toContain("Acknowledged (known and accepted, not failing the run): live-input");
    const json = JSON.parse((await runCli(["check", "--card", "contoso.json", "--format", "json"], { cwd: root })).stdout) as {
      decisions: Record<string, { decision: string }>;
      acknowledgements: Array<{ taskClass: string; acknowledged: boolean }>;
      exitCode: number;
    };
    expect(json.decisions["live-input"]!.decision).toBe("reject");
    expect(json.acknowledgements).toMatchObject([{ taskClass: "live-input", acknowledged: true }]);
    expect(json.exitCode).toBe(0);
  });

  it("mark an acknowledged finding in SARIF as a suppression with its reason, kept in the log at its level, and the log validates", async () => {
    const { root } = project({ "parley.config.json": { profile: "northwind", taskClasses: ["live-input"], acknowledgements: [ACK] } });
    const r = await runCli(["check", "--card", "contoso.json", "--format", "sarif"], { cwd: root });
    expect(r.code).toBe(0);
    const log = JSON.parse(r.stdout) as { runs: Array<{ results: Array<{ ruleId: string; level: string; suppressions?: unknown[] }> }> };
    const result = log.runs[0]!.results.find((x) => x.ruleId === "live-input-needs-streaming")!;
    expect(result.level).toBe("error");
    expect(result.suppressions).toEqual([{ kind: "external", status: "accepted", justification: ACK.reason, properties: { by: "Ana", classAcknowledged: true } }]);
    const sarifSchema = JSON.parse(readFileSync(require.resolve("@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json"), "utf8")) as object;
    const validate = new AjvDraft04({ allErrors: true, strict: false, unicodeRegExp: false, formats: { uri: true, "uri-reference": true, "date-time": true } }).compile(sarifSchema);
    expect(validate(log), JSON.stringify(validate.errors)).toBe(true);
  });

  it("turn an acknowledged finding into a GitHub notice and a GitLab info issue that say why, still on the card's line", async () => {
    const { root } = project({ "parley.config.json": { profile: "northwind", taskClasses: ["live-input"], acknowledgements: [ACK] } });
    const github = await runCli(["check", "--card", "contoso.json", "--format", "github"], { cwd: root });
    expect(github.stdout).toMatch(/^::notice file=contoso\.json,line=\d+,col=\d+,title=live-input%3A reject \(live-input-needs-streaming\)::.* Acknowledged by Ana: Contoso ships streaming next quarter\.$/m);
    expect(github.stdout).not.toMatch(/^::error/m);
    const gitlab = JSON.parse((await runCli(["check", "--card", "contoso.json", "--format", "gitlab"], { cwd: root })).stdout) as Array<{ check_name: string; severity: string; description: string }>;
    expect(gitlab.find((i) => i.check_name === "live-input-needs-streaming")).toMatchObject({ severity: "info", description: expect.stringContaining("Acknowledged by Ana: Contoso ships streaming next quarter.") as unknown });
  });

  it("keep a hostile reason on its line in every text format: no CI command, no escape code of its own", async () => {
    const reason = "fine\n::error::injected\u001b[2J";
    const { root } = project({ "parley.config.json": { profile: "northwind", taskClasses: ["live-input"], acknowledgements: [{ ...ACK, reason }] } });
    for (const format of ["text", "markdown", "github", "junit"]) {
      const r = await runCli(["check", "--card", "contoso.json", "--format", format], { cwd: root });
      expect(r.code, format).toBe(0);
      expect(r.stdout, format).not.toMatch(/^\s*::error::injected/m);
      expect(r.stdout, format).not.toContain("\u001b");
      expect(r.stdout, format).toContain("injected");
    }
    const markdown = (await runCli(["check", "--card", "contoso.json", "--format", "markdown"], { cwd: root })).stdout;
    expect(markdown).toContain("**Acknowledgements** (`parley.config.json`):");
  });

  it("say an expired acknowledgement expired, and fail the run on the finding again", async () => {
    const { root } = project({ "parley.config.json": { profile: "northwind", taskClasses: ["live-input"], acknowledgements: [{ ...ACK, until: "2021-06-30" }] } });
    const r = await runCli(["check", "--card", "contoso.json"], { cwd: root });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("The acknowledgement of live-input-needs-streaming for live-input expired on 2021-06-30: the finding counts again.");
    expect(r.stdout).toContain("Rejected: live-input (exit 1)");
  });

  it("refuse a broken file with its name, line and column, and a wrong field with its pointer", async () => {
    const broken = project({ "parley.config.json": '{\n  "profile": "northwind",\n  "taskClasses": ["live-input",]\n}\n' });
    const r = await runCli(["check", "--card", "contoso.json"], { cwd: broken.root });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^parley: parley\.config\.json: .*line 3, column \d+/);
    const wrong = project({ "parley.config.json": { profile: "northwind", failOn: "always" } });
    const w = await runCli(["lint", "--card", "contoso.json"], { cwd: wrong.root });
    expect(w.code).toBe(2);
    expect(w.stderr).toContain("parley.config.json is not a valid Parley config:\n  /failOn: must be reject, escalate or defer");
    const both = project({ "parley.config.json": {}, ".parleyrc.json": {} });
    expect((await runCli(["check", "--card", "contoso.json"], { cwd: both.root })).stderr).toContain("holds both parley.config.json and .parleyrc.json");
    const missing = await runCli(["check", "--card", "contoso.json", "--config", "nope.json"], { cwd: both.root });
    expect(missing.stderr).toContain("--config nope.json: no such file.");
  });

  it("give lint its own fail-on and format", async () => {
    const { root } = project({ "parley.config.json": { format: "json", lint: { failOn: "warning" } } });
    cpSync(path.join(ROOT, "examples/cards/broken.json"), path.join(root, "broken.json"));
    const r = await runCli(["lint", "--card", "contoso.json"], { cwd: root });
    expect(() => JSON.parse(r.stdout) as unknown).not.toThrow();
    const flagged = await runCli(["lint", "--card", "contoso.json", "--fail-on", "error", "--format", "text"], { cwd: root });
    expect(flagged.stdout).not.toMatch(/^\{/);
  });
});

describe("the workspace's config file", () => {
  it("exports the profile and classes as a file `check` runs as is, and reads it back", async () => {
    const { NORTHWIND, BUILT_IN_TASK_CLASSES } = await import("../negotiation");
    const own = { id: "voice-note", title: "Voice note", description: "A whole recording, result later by polling.", input: "whole" as const, completion: "polling" as const, output: "required" as const, inputModes: ["audio/pcm"] };
    const classes = [BUILT_IN_TASK_CLASSES.find((t) => t.id === "live-input")!, own];
    const text = configFileText(NORTHWIND, classes, [ACK]);
    const { root } = project({ "parley.config.json": text });
    const r = await runCli(["check", "--card", "contoso.json", "--format", "json"], { cwd: root });
    const json = JSON.parse(r.stdout) as { profile: string; decisions: Record<string, { decision: string }>; acknowledgements: Array<{ taskClass: string; acknowledged: boolean }> };
    expect(json.profile).toBe(NORTHWIND.name);
    expect(Object.keys(json.decisions)).toEqual(["live-input", "voice-note"]);
    expect(json.acknowledgements).toMatchObject([{ taskClass: "live-input", acknowledged: true }]);
    const back = readConfigFile(text, "parley.config.json");
    expect(back).toEqual({ profile: NORTHWIND, classes, acknowledgements: [ACK], notes: [] });
  });

  it("says what it could not take: broken JSON with line and column, a profile given as a path, a wrong field", () => {
    expect(readConfigFile('{\n  "profile": \n}', "mine.json").notes[0]).toMatch(/^mine\.json: .*line 3, column 1.* Nothing was imported\.$/);
    const read = readConfigFile(JSON.stringify({ profile: "ci/profile.json", taskClasses: ["request-response"], format: "pdf" }), "parley.config.json");
    expect(read.profile).toBeUndefined();
    expect(read.classes?.map((t) => t.id)).toEqual(["request-response"]);
    expect(read.notes).toEqual([
      "parley.config.json /format: must be one of text, json, sarif, junit, markdown, github, gitlab, not \"pdf\".",
      "The profile is a file (ci/profile.json) the browser cannot open from here: import that file in the profile editor.",
    ]);
  });
});
