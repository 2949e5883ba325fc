import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PassThrough, Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { json, startTestServer, type TestServer } from "../fetch/test-server";
import { CONTOSO } from "../negotiation/examples/incidents";
import { ENGINE_VERSION } from "../negotiation/version";
import type { CliIo } from "./io";
import { run } from "./main";
import { runCli } from "./test-io";

// Issue 45's CLI manners: -o, --quiet, colour only on a terminal, -v, `help check`, a repeated
// single-value flag refused, and --allow-loopback (with a refusal that names it).
let dir: string;
let card: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "parley-manners-"));
  card = path.join(dir, "contoso.json");
  writeFileSync(card, CONTOSO.text);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The CLI with stdout a terminal (isTTY), as a person at a shell has it. */
async function runOnTerminal(argv: string[], env: Record<string, string> = {}) {
  const stdout = Object.assign(new PassThrough(), { isTTY: true });
  const chunks: Buffer[] = [];
  stdout.on("data", (c: Buffer) => chunks.push(c));
  const io: CliIo = { stdin: Readable.from([]), stdout, stderr: new PassThrough(), env, cwd: dir };
  const code = await run(argv, io);
  return { code, stdout: Buffer.concat(chunks).toString("utf8") };
}

const CHECK = ["check", "--card", "contoso.json", "--profile", "northwind", "--task-class", "live-input"];

describe("where the report goes", () => {
  it("-o FILE writes the report to the file (relative to the working directory), nothing on stdout, same exit code", async () => {
    const r = await runCli([...CHECK, "--format", "json", "-o", "out/../report.json"], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    const doc = JSON.parse(readFileSync(path.join(dir, "report.json"), "utf8")) as { decisions: Record<string, { decision: string }> };
    expect(doc.decisions["live-input"]?.decision).toBe("reject");
  });

  it("--output into a folder that does not exist is exit 2 naming the path, before any review", async () => {
    const r = await runCli([...CHECK, "--output", "no/such/dir/r.sarif"], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^parley: check: -o no\/such\/dir\/r\.sarif: cannot write the report there \(ENOENT\)/);
  });

  it("--quiet prints nothing and keeps the exit code; lint takes it too", async () => {
    const check = await runCli([...CHECK, "--quiet"], { cwd: dir });
    expect([check.code, check.stdout, check.stderr]).toEqual([1, "", ""]);
    const lint = await runCli(["lint", "--card", "contoso.json", "-q"], { cwd: dir });
    expect([lint.code, lint.stdout]).toEqual([0, ""]);
  });

  it("lint -o writes its SARIF to the file", async () => {
    const r = await runCli(["lint", "--card", "contoso.json", "--format", "sarif", "-o", "lint.sarif"], { cwd: dir });
    expect(r.code).toBe(0);
    expect(JSON.parse(readFileSync(path.join(dir, "lint.sarif"), "utf8"))).toMatchObject({ version: "2.1.0" });
  });
});

describe("colour", () => {
  it("colours the decision table on a terminal: reject red, accept green", async () => {
    const r = await runOnTerminal(["check", "--card", "contoso.json", "--profile", "northwind", "--task-class", "live-input", "--task-class", "request-response"]);
    expect(r.stdout).toContain("live-input        \u001b[31mreject\u001b[39m");
    expect(r.stdout).toContain("request-response  \u001b[32maccept\u001b[39m");
  });

  it.each([
    ["--no-color", [...CHECK, "--no-color"], {}],
    ["NO_COLOR=1", CHECK, { NO_COLOR: "1" }],
  ] as const)("%s turns it off on a terminal", async (_name, argv, env) => {
    const r = await runOnTerminal([...argv], { ...env });
    expect(r.stdout).toMatch(/^live-input +reject$/m);
    expect(r.stdout).not.toContain("\u001b[");
  });

  it("is never written into a pipe (a CI log, a file)", async () => {
    const r = await runCli(CHECK, { cwd: dir });
    expect(r.stdout).not.toContain("\u001b[");
  });
});

describe("flags", () => {
  it.each([["-v"], ["-V"], ["--version"]])("%s prints the engine version", async (flag) => {
    const r = await runCli([flag]);
    expect([r.code, r.stdout]).toEqual([0, `parley ${ENGINE_VERSION}\n`]);
  });

  it("`help check` prints check's help, `help` alone the commands, `help nope` is exit 2", async () => {
    const help = await runCli(["help", "check"]);
    const own = await runCli(["check", "--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toBe(own.stdout);
    expect(help.stdout).toMatch(/^Usage: parley check /);
    expect((await runCli(["help"])).stdout).toMatch(/^Usage: parley <command>/);
    const unknown = await runCli(["help", "nope"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^parley: help: unknown command "nope"\. Commands: check, lint, batch/);
  });

  it.each([
    [["check", "--card", "a.json", "--profile", "northwind", "--skill", "a", "--skill", "b"], 'check: --skill was given twice ("a", then "b")'],
    [["check", "--card=a.json", "--context=a.json", "--context", "b.json", "--profile", "northwind"], 'check: --context was given twice ("a.json", then "b.json")'],
    [["lint", "--card", "a.json", "--format", "json", "--format", "sarif"], 'lint: --format was given twice ("json", then "sarif")'],
    [["triage", "--cards", "a.json", "--profiles", "northwind", "--profiles", "a2a-js"], "triage: --profiles was given twice"],
    [["diff", "a.json", "b.json", "--format", "json", "--format", "text", "--profile", "northwind"], "diff: --format was given twice"],
    [["batch", "--jobs", "2", "--jobs", "3"], "batch: --jobs was given twice"],
    [["check", "--card", "a.json", "--profile", "northwind", "-o", "x", "--output", "y"], "check: --output was given twice"],
  ])("a repeated single-value flag is exit 2, not 'the last wins': %j", async (argv, message) => {
    const r = await runCli(argv, { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`parley: ${message}`);
    expect(r.stdout).toBe("");
  });

  it("a repeatable flag may repeat (--task-class)", async () => {
    const r = await runCli([...CHECK, "--task-class", "request-response", "--format", "json"], { cwd: dir });
    expect(Object.keys((JSON.parse(r.stdout) as { decisions: object }).decisions)).toEqual(["live-input", "request-response"]);
  });
});

describe("loopback", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ "/.well-known/agent-card.json": json(CONTOSO.text) });
  });
  afterAll(() => server.close());

  it("is refused by default, and the refusal names --allow-loopback and PARLEY_ALLOW_LOOPBACK_FETCH=1", async () => {
    const r = await runCli(["check", "--card", server.base, "--profile", "northwind"], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("To review an agent on this machine, pass --allow-loopback (check, lint) or set PARLEY_ALLOW_LOOPBACK_FETCH=1");
  });

  it("--allow-loopback reviews the local agent's card, as the variable does", async () => {
    const flag = await runCli(["check", "--card", server.base, "--profile", "northwind", "--task-class", "live-input", "--allow-loopback", "--format", "json"], { cwd: dir });
    const env = await runCli(["check", "--card", server.base, "--profile", "northwind", "--task-class", "live-input", "--format", "json"], { cwd: dir, env: { PARLEY_ALLOW_LOOPBACK_FETCH: "1" } });
    expect(flag.code).toBe(1);
    const decision = (s: string) => (JSON.parse(s) as { decisions: Record<string, { decision: string }> }).decisions["live-input"]?.decision;
    expect(decision(flag.stdout)).toBe("reject");
    expect(decision(env.stdout)).toBe("reject");
  });
});
