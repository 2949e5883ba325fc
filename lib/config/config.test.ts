import { cpSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { Ajv2020 } from "ajv/dist/2020.js";
import AjvDraft04 from "ajv-draft-04";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../cli/test-io";
import { CONFIG_KEYS, readConfig, writeConfig } from "./schema";
import { configFileText, exportConfigFile, readConfigFile } from "./workspace";
import { parleyConfigJsonSchema } from "../../schema/parley-config";
import { clientProfileJsonSchema } from "../../schema/client-profile";

const ROOT = path.resolve(__dirname, "../..");
const require = createRequire(import.meta.url);
const CONTOSO = readFileSync(path.join(ROOT, "examples/cards/contoso.json"), "utf8");
const ACK = { invariant: "live-input-needs-streaming" as const, taskClass: "live-input", reason: "Contoso ships streaming next quarter.", by: "Ana" };

const validateSarif = new AjvDraft04({ allErrors: true, strict: false, unicodeRegExp: false, formats: { uri: true, "uri-reference": true, "date-time": true } }).compile(
  JSON.parse(readFileSync(require.resolve("@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json"), "utf8")) as object,
);

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
    expect(config).toMatchObject({ profiles: [{ kind: "preset", spec: "northwind" }], taskClassIds: ["live-input"], failOn: "defer,not-for-client", format: "json", lint: { failOn: "warning" } });
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
    expect(config).toMatchObject({ profiles: [{ kind: "preset", spec: "northwind" }], taskClassIds: ["request-response"], acknowledgements: [ACK] });
  });

  it("reads several profiles (presets, files, inline profiles) and refuses profile and profiles together", () => {
    const inline = JSON.parse(readFileSync(path.join(ROOT, "examples/profile.json"), "utf8")) as { name: string };
    const { config, problems } = readConfig({ profiles: ["northwind", "ci/profile.json", inline] });
    expect(problems).toEqual([]);
    expect(config.profiles?.map((p) => p.kind)).toEqual(["preset", "file", "inline"]);
    expect(readConfig({ profile: "northwind", profiles: ["a2a-js"] }).problems).toEqual([
      { pointer: "/profiles", message: "a config file takes profile (one) or profiles (several), not both: move the profile into profiles" },
    ]);
    expect(readConfig({ profiles: [] }).problems[0]!.pointer).toBe("/profiles");
    expect(readConfig({ profiles: ["northwind", { name: "x", transports: "JSONRPC" }, 7] }).problems.map((p) => p.pointer)).toEqual(["/profiles/1/transports", "/profiles/2"]);
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
    expect(validate({ profiles: ["northwind", "ci/profile.json"] })).toBe(true);
    const lintAck = { lint: "urlPlaceholder", pointer: "/supportedInterfaces/0/url", reason: "Filled at deploy time.", until: "2099-01-31" };
    expect(validate({ acknowledgements: [ACK, lintAck] }), JSON.stringify(validate.errors)).toBe(true);
    expect(readConfig({ acknowledgements: [ACK, lintAck] }).config.lintAcknowledgements).toEqual([lintAck]);
    for (const bad of [{ lint: "noSuchCode", reason: "x" }, { lint: "urlPlaceholder" }, { lint: "urlPlaceholder", reason: "x", invariant: "input-modes" }]) {
      expect(validate({ acknowledgements: [bad] })).toBe(false);
      expect(readConfig({ acknowledgements: [bad] }).acknowledgementProblems).toHaveLength(1);
    }
    for (const bad of [{ colour: true }, { profile: "northwind", profiles: ["a2a-js"] }, { profiles: [] }, { failOn: "sometimes" }, { acknowledgements: [{ invariant: "live-input-needs-streaming" }] }, { lint: { failOn: "never" } }]) {
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

  it("run check for every profile of profiles: one report whose every result says its profile, and the worst exit code", async () => {
    const { root } = project({
      "parley.config.json": { profiles: ["text-only", "northwind", "profile.json"], taskClasses: ["live-input"], acknowledgements: [ACK] },
      "profile.json": readFileSync(path.join(ROOT, "examples/profile.json"), "utf8"),
    });
    const json = await runCli(["check", "--card", "contoso.json", "--format", "json"], { cwd: root });
    // Northwind's rejection is acknowledged: no profile fails the run on live-input.
    const doc = JSON.parse(json.stdout) as { cards: Array<{ profile: string; decisions: Record<string, { decision: string }>; exitCode: number }>; exitCode: number };
    expect(doc.cards.map((c) => c.profile)).toEqual(["Text-only JSON-RPC client", "Northwind discovery agent", "Our support backend"]);
    expect(doc.cards[1]!.decisions["live-input"]!.decision).toBe("reject");
    const text = await runCli(["check", "--card", "contoso.json", "--task-class", "request-response"], { cwd: root });
    expect(text.code).toBe(1);
    expect(text.stdout).toContain("3 reviews (1 card × 3 profiles); failing: contoso.json × text-only, contoso.json × profile.json (exit 1)");
    const github = await runCli(["check", "--card", "contoso.json", "--format", "github"], { cwd: root });
    expect(github.stdout).toMatch(/^::notice [^\n]*title=Northwind discovery agent \/ live-input%3A reject \(live-input-needs-streaming\)::.* Acknowledged by Ana/m);
    const gitlab = JSON.parse((await runCli(["check", "--card", "contoso.json", "--format", "gitlab"], { cwd: root })).stdout) as Array<{ description: string; fingerprint: string }>;
    expect(gitlab.some((i) => i.description.startsWith("Northwind discovery agent / live-input: reject."))).toBe(true);
    expect(new Set(gitlab.map((i) => i.fingerprint)).size).toBe(gitlab.length);
    const sarif = JSON.parse((await runCli(["check", "--card", "contoso.json", "--format", "sarif"], { cwd: root })).stdout) as { runs: Array<{ properties: { profile: string }; results: Array<{ message: { text: string }; properties: { profile: string } }> }> };
    expect(sarif.runs.map((r) => r.properties.profile)).toEqual(["Text-only JSON-RPC client", "Northwind discovery agent", "Our support backend"]);
    expect(validateSarif(sarif), JSON.stringify(validateSarif.errors?.slice(0, 3))).toBe(true);
    for (const run of sarif.runs) for (const result of run.results) expect(result.message.text.startsWith(`${run.properties.profile} / `)).toBe(true);
    const junit = (await runCli(["check", "--card", "contoso.json", "--format", "junit"], { cwd: root })).stdout;
    expect([...junit.matchAll(/<testsuite name="([^"]+)"/g)].map((m) => m[1])).toEqual(["Contoso Voice Desk × Text-only JSON-RPC client", "Contoso Voice Desk × Northwind discovery agent", "Contoso Voice Desk × Our support backend"]);
    // --profile wins over the file's profiles: one review, as ever.
    const one = await runCli(["check", "--card", "contoso.json", "--profile", "northwind", "--format", "json"], { cwd: root });
    expect((JSON.parse(one.stdout) as { profile: string }).profile).toBe("Northwind discovery agent");
  });

  it("run check for every --profile given (repeated) as for a config's profiles, the flags winning over the file's", async () => {
    const { root } = project({
      "parley.config.json": { profiles: ["text-only", "a2a-js"], taskClasses: ["live-input"] },
      "profile.json": readFileSync(path.join(ROOT, "examples/profile.json"), "utf8"),
    });
    const github = await runCli(["check", "--card", "contoso.json", "--profile", "northwind", "--profile", "profile.json", "--format", "github"], { cwd: root });
    expect(github.code).toBe(1);
    expect(github.stdout).toMatch(/^::error [^\n]*title=Northwind discovery agent \/ live-input%3A reject \(live-input-needs-streaming\)::/m);
    expect(github.stdout).toMatch(/^::notice [^\n]*title=Our support backend \/ live-input%3A not for this client \(security-satisfiable\)::/m);
    expect(github.stdout).not.toContain("Text-only JSON-RPC client");
    const text = await runCli(["check", "--card", "contoso.json", "--profile", "northwind", "--profile", "profile.json", "--profile", "northwind"], { cwd: root });
    // The same profile twice is reviewed once, as the same card twice is.
    expect(text.stdout).toContain("2 reviews (1 card × 2 profiles); failing: contoso.json × northwind (exit 1)");
    const junit = (await runCli(["check", "--card", "contoso.json", "--profile", "northwind", "--profile", "profile.json", "--format", "junit"], { cwd: root })).stdout;
    expect([...junit.matchAll(/<testsuite name="([^"]+)"/g)].map((m) => m[1])).toEqual(["Contoso Voice Desk × Northwind discovery agent", "Contoso Voice Desk × Our support backend"]);
    const bad = await runCli(["check", "--card", "contoso.json", "--profile", "northwind", "--profile", "no-such.json"], { cwd: root });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("no-such.json");
  });

  it("give lint's table a row for each profile of the file's own (presets are rows already); they fail nothing", async () => {
    const { root } = project({ "parley.config.json": { profiles: ["northwind", "profile.json"] }, "profile.json": readFileSync(path.join(ROOT, "examples/profile.json"), "utf8") });
    const text = await runCli(["lint", "--card", "contoso.json"], { cwd: root });
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^PROFILE +WORST/m);
    expect(text.stdout).toMatch(/^profile\.json +reject +reject +not for this client/m);
    expect(text.stdout.match(/^northwind +/gm)).toHaveLength(1);
    const json = JSON.parse((await runCli(["lint", "--card", "contoso.json", "--format", "json"], { cwd: root })).stdout) as { presets: Array<{ id: string; own?: boolean; name: string }> };
    expect(json.presets.filter((p) => p.own)).toEqual([expect.objectContaining({ id: "profile.json", name: "Our support backend" })]);
  });

  it("refuse a config with both profile and profiles, naming the fix", async () => {
    const { root } = project({ "parley.config.json": { profile: "northwind", profiles: ["a2a-js"] } });
    const r = await runCli(["check", "--card", "contoso.json"], { cwd: root });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("/profiles: a config file takes profile (one) or profiles (several), not both");
  });

  it("show lint's acknowledged findings as acknowledged in every format, not failing the run; an expired one fails again", async () => {
    const LINT_ACKS = [
      { lint: "wrongType", pointer: "/capabilities/streaming", reason: "The vendor fixes the type next release.", by: "Ana", until: "2099-01-31" },
      { lint: "emptyRequiredList", reason: "Skills are added at deploy time." },
      { lint: "noCallableInterface", reason: "The URL is filled at deploy time." },
      { lint: "urlPlaceholder", reason: "The URL is filled at deploy time." },
    ];
    const { root } = project({ "parley.config.json": { acknowledgements: [ACK, ...LINT_ACKS] } });
    cpSync(path.join(ROOT, "examples/cards/broken.json"), path.join(root, "broken.json"));
    const text = await runCli(["lint", "--card", "broken.json", "--fail-on", "warning"], { cwd: root });
    expect(text.code, text.stdout + text.stderr).toBe(0);
    expect(text.stderr).toBe("");
    // Never hidden: each finding is listed with who accepted it and why.
    expect(text.stdout).toMatch(/error {3}\/capabilities\/streaming .*\[wrongType\]\n {10}Acknowledged by Ana until 2099-01-31: The vendor fixes the type next release\./);
    expect(text.stdout).toContain("Acknowledged (known and accepted, not failing the run): wrongType at /capabilities/streaming, emptyRequiredList at /skills, noCallableInterface at /supportedInterfaces/0/url, urlPlaceholder at /supportedInterfaces/0/url");
    const json = JSON.parse((await runCli(["lint", "--card", "broken.json", "--format", "json"], { cwd: root })).stdout) as { errors: Array<{ code: string; acknowledged?: boolean; acknowledgement?: { by?: string } }>; exitCode: number };
    expect(json.errors.map((e) => [e.code, e.acknowledged])).toEqual([["wrongType", true], ["emptyRequiredList", true], ["noCallableInterface", true]]);
    expect(json.errors[0]!.acknowledgement?.by).toBe("Ana");
    expect(json.exitCode).toBe(0);
    const sarif = JSON.parse((await runCli(["lint", "--card", "broken.json", "--format", "sarif"], { cwd: root })).stdout) as { runs: Array<{ results: Array<{ ruleId: string; level: string; suppressions?: Array<{ justification: string }> }> }> };
    const wrongType = sarif.runs[0]!.results.find((r) => r.ruleId === "validity/wrongType")!;
    expect(wrongType.level).toBe("error");
    expect(wrongType.suppressions?.[0]?.justification).toBe("The vendor fixes the type next release.");
    expect(validateSarif(sarif), JSON.stringify(validateSarif.errors?.slice(0, 3))).toBe(true);
    const junit = (await runCli(["lint", "--card", "broken.json", "--format", "junit"], { cwd: root })).stdout;
    expect(junit).toMatch(/<testcase [^>]*name="validity">\s*<properties>.*<\/properties>\s*<skipped message="3 acknowledged problems\. wrongType: Acknowledged by Ana/);
    expect(junit).toContain('failures="0"');
    const github = (await runCli(["lint", "--card", "broken.json", "--format", "github"], { cwd: root })).stdout;
    expect(github).not.toMatch(/^::error/m);
    expect(github).toMatch(/^::notice [^\n]*title=Card error \(wrongType\)::.* Acknowledged by Ana until 2099-01-31: The vendor fixes the type next release\.$/m);
    const gitlab = JSON.parse((await runCli(["lint", "--card", "broken.json", "--format", "gitlab"], { cwd: root })).stdout) as Array<{ check_name: string; severity: string; description: string }>;
    expect(gitlab.find((i) => i.check_name === "validity/wrongType")).toMatchObject({ severity: "info", description: expect.stringContaining("Acknowledged by Ana") as unknown });

    // Expired: said, and the finding fails the run again; a finding no acknowledgement names still fails.
    writeFileSync(path.join(root, "parley.config.json"), JSON.stringify({ acknowledgements: [{ ...LINT_ACKS[0], until: "2021-06-30" }, ...LINT_ACKS.slice(1)] }));
    const expired = await runCli(["lint", "--card", "broken.json"], { cwd: root });
    expect(expired.code).toBe(1);
    expect(expired.stdout).toContain("The acknowledgement of wrongType at /capabilities/streaming expired on 2021-06-30: the finding counts again.");
    expect(expired.stdout).toContain("Not fine: 1 validity error (exit 1)");
    const junitExpired = (await runCli(["lint", "--card", "broken.json", "--format", "junit"], { cwd: root })).stdout;
    expect(junitExpired).toMatch(/<failure type="wrongType"/);
  });

  it("name a lint acknowledgement that does not read on stderr and leave it out, the others still applying", async () => {
    const { root } = project({ "parley.config.json": { acknowledgements: [{ lint: "liveNotRun", reason: "x" }, { lint: "urlPlaceholder" }, { lint: "emptyRequiredList", reason: "Skills come later." }] } });
    cpSync(path.join(ROOT, "examples/cards/broken.json"), path.join(root, "broken.json"));
    const r = await runCli(["lint", "--card", "broken.json"], { cwd: root });
    expect(r.stderr).toContain('parley.config.json /acknowledgements/0: The lint acknowledgement at /acknowledgements/0 (lint) does not read: "liveNotRun": it is a note, which never fails a lint run');
    expect(r.stderr).toContain("parley.config.json /acknowledgements/1: The lint acknowledgement at /acknowledgements/1 (reason) does not read: is required");
    expect(r.stdout).toContain("Acknowledged (known and accepted, not failing the run): emptyRequiredList at /skills");
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
    const { imported, ...back } = readConfigFile(text, "parley.config.json");
    expect(back).toEqual({ profile: NORTHWIND, classes, acknowledgements: [ACK], notes: [] });
    // Exported again untouched, the file comes back as it was.
    expect(exportConfigFile(NORTHWIND, classes, [ACK], imported).text).toBe(text);
  });

  it("exports an imported file with only the workspace's edits in it: the other profiles, lint acknowledgements and settings kept", async () => {
    const { NORTHWIND, BUILT_IN_TASK_CLASSES } = await import("../negotiation");
    const ours = JSON.parse(readFileSync(path.join(ROOT, "examples/profile.json"), "utf8")) as Record<string, unknown>;
    const LINT = { lint: "signatureUnverifiable", reason: "The release job verifies with pinned keys.", by: "Ana", until: "2099-12-31" };
    const file = { $schema: "./x.json", profiles: ["northwind", ours], taskClasses: ["live-input"], acknowledgements: [ACK, LINT], failOn: "defer", format: "text", lint: { failOn: "warning" } };
    const read = readConfigFile(JSON.stringify(file), "team.json");
    expect(read.profile).toEqual(NORTHWIND);
    const edited = { ...NORTHWIND, name: "Northwind, buffering now", bufferableInputModes: ["audio/pcm"] };
    const classes = ["live-input", "request-response"].map((id) => BUILT_IN_TASK_CLASSES.find((t) => t.id === id)!);
    const out = exportConfigFile(edited, classes, read.acknowledgements, read.imported);
    const written = JSON.parse(out.text) as Record<string, unknown>;
    // The edited profile replaces the entry it came from; everything else is the file's, as written.
    expect(written).toEqual({ ...file, profiles: [edited, ours], taskClasses: ["live-input", "request-response"] });
    expect(out.kept).toEqual(["1 other profile", "1 lint acknowledgement", "failOn, format, lint"]);
    // check runs it: both profiles, the edited one's decision changed.
    const { root } = project({ "parley.config.json": out.text });
    const r = await runCli(["check", "--card", "contoso.json", "--task-class", "live-input", "--format", "json"], { cwd: root });
    expect(r.stderr).toBe("");
    const doc = JSON.parse(r.stdout) as { cards: Array<{ profile: string; decisions: Record<string, { decision: string }> }> };
    expect(doc.cards.map((c) => [c.profile, c.decisions["live-input"]!.decision])).toEqual([
      ["Northwind, buffering now", "accept"],
      ["Our support backend", "reject"],
    ]);

    // Left as opened, a preset stays its id; acknowledgements the workspace no longer holds go, the lint ones stay.
    const unedited = JSON.parse(exportConfigFile(NORTHWIND, classes, [], read.imported).text) as { profiles: unknown[]; acknowledgements: unknown[] };
    expect(unedited.profiles).toEqual(["northwind", ours]);
    expect(unedited.acknowledgements).toEqual([LINT]);
    // Another profile picked from the file is the entry replaced.
    const picked = { ...read.imported!, profileAt: 1, opened: ours as never };
    expect((JSON.parse(exportConfigFile(edited, classes, [ACK], picked).text) as { profiles: unknown[] }).profiles).toEqual(["northwind", edited]);
  });

  it("exports the profile on screen beside a file's profiles it could not open, and a file never imported as before", async () => {
    const { NORTHWIND, BUILT_IN_TASK_CLASSES } = await import("../negotiation");
    const classes = [BUILT_IN_TASK_CLASSES[0]!];
    // A field this version does not know is kept too (check refuses it, as it refused the file imported).
    const read = readConfigFile(JSON.stringify({ profile: "ci/profile.json", failOn: "defer", team: "voice" }), "ci.json");
    expect(read.profile).toBeUndefined();
    const out = exportConfigFile(NORTHWIND, classes, [], read.imported);
    expect(JSON.parse(out.text)).toEqual({ profiles: ["ci/profile.json", NORTHWIND], failOn: "defer", team: "voice", taskClasses: [classes[0]!.id] });
    expect(out.kept).toEqual(["1 other profile", "failOn", "1 field it does not know (team)"]);
    expect(exportConfigFile(NORTHWIND, classes, [ACK])).toEqual({ text: configFileText(NORTHWIND, classes, [ACK]), kept: [] });
    expect(JSON.parse(configFileText(NORTHWIND, classes, [ACK]))).toEqual(writeConfig({ profile: NORTHWIND, taskClasses: [classes[0]!.id], acknowledgements: [ACK] }));
  });

  it("takes the first of several profiles it can open, offers the others to pick, and names the ones it cannot open", () => {
    const read = readConfigFile(JSON.stringify({ profiles: ["ci/profile.json", "northwind", "a2a-js"] }), "parley.config.json");
    expect(read.profile?.name).toBe("Northwind discovery agent");
    expect(read.choices?.map((c) => [c.label, c.profile.name])).toEqual([
      ["northwind", "Northwind discovery agent"],
      ["a2a-js", "A2A JS SDK client (Node)"],
    ]);
    expect(read.notes).toEqual([
      'parley.config.json names 3 profiles; the workspace reviews for one at a time and took northwind. Pick another of its 2 under "Profile from parley.config.json"; parley check runs them all.',
      "The profile ci/profile.json is a file the browser cannot open from here: import that file in the profile editor.",
    ]);
  });

  it("says what it could not take: broken JSON with line and column, a profile given as a path, a wrong field", () => {
    expect(readConfigFile('{\n  "profile": \n}', "mine.json").notes[0]).toMatch(/^mine\.json: .*line 3, column 1.* Nothing was imported\.$/);
    const read = readConfigFile(JSON.stringify({ profile: "ci/profile.json", taskClasses: ["request-response"], format: "pdf" }), "parley.config.json");
    expect(read.profile).toBeUndefined();
    expect(read.classes?.map((t) => t.id)).toEqual(["request-response"]);
    expect(read.notes).toEqual([
      "parley.config.json /format: must be one of text, json, sarif, junit, markdown, github, gitlab, not \"pdf\".",
      "The profile ci/profile.json is a file the browser cannot open from here: import that file in the profile editor.",
    ]);
  });
});
