import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PRESET_IDS } from "../negotiation";
import { agentsClosedAfterEach } from "../../reality/test-agents";
import { startFaultyAgent } from "../probe/faulty-agent";
import { runCli } from "./test-io";

const { agent } = agentsClosedAfterEach();
const LOOPBACK = { PARLEY_ALLOW_LOOPBACK_FETCH: "1" };
const TEXT_DESK = readFileSync("examples/cards/text-desk.json", "utf8");

/** A card being edited by a test: the lists and objects its edits reach into. */
interface CardDraft {
  [key: string]: unknown;
  skills: Array<Record<string, unknown>>;
  supportedInterfaces: Array<Record<string, unknown>>;
  capabilities: Record<string, unknown>;
}

/** A card of the text desk with one change, written to a temporary file. */
function cardFile(edit: (card: CardDraft) => void): string {
  const card = JSON.parse(TEXT_DESK);
  edit(card);
  const file = path.join(mkdtempSync(path.join(tmpdir(), "parley-lint-")), "card.json");
  writeFileSync(file, JSON.stringify(card, null, 2));
  return file;
}

describe("parley lint: formats and exit codes", () => {
  it("text: the answer, the problems, the signature, and a row per preset; a fine card exits 0", async () => {
    const { code, stdout, stderr } = await runCli(["lint", "--card", "examples/cards/text-desk.json"]);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const lines = stdout.split("\n");
    expect(lines[0]).toBe("Fabrikam Text Desk — examples/cards/text-desk.json");
    expect(stdout).toContain("The card is fine: valid, with nothing a client trips on.");
    expect(stdout).toContain("Live check: not run (a card from a file or an example: --live runs it).");
    expect(lines.find((l) => l.startsWith("PRESET"))).toMatch(/^PRESET\s+WORST\s+request-response\s+live-input\s+async-completion\s+fire-and-forget\s+streaming-output$/);
    for (const id of PRESET_IDS) expect(lines.some((l) => l.startsWith(`${id} `))).toBe(true);
    expect(lines.find((l) => l.startsWith("a2a-python "))).toMatch(/^a2a-python\s+accept\s+accept\s+not for this client\s+accept\s+accept\s+accept$/);
    expect(stdout.trimEnd().endsWith("Fine (exit 0)")).toBe(true);
  });

  it("an invalid card exits 1, its errors listed with pointers and codes", async () => {
    const { code, stdout } = await runCli(["lint", "--card", "examples/cards/broken.json"]);
    expect(code).toBe(1);
    expect(stdout).toMatch(/^ {2}error {3}\/capabilities\/streaming {2}.*\[wrongType\]$/m);
    expect(stdout).toContain("The card is not valid: a conforming client refuses it, and every preset rejects it.");
    expect(stdout).toMatch(/Not fine: \d+ validity errors? \(exit 1\)\n$/);
  });

  it("warnings (what SDKs trip on) exit 0, or 1 under --fail-on warning", async () => {
    const file = cardFile((c) => (c.supportedInterfaces[0]!.protocolVersion = "1.0.0"));
    const plain = await runCli(["lint", "--card", file]);
    expect(plain.stdout).toMatch(/\/supportedInterfaces\/0\/protocolVersion .*\[interfaceVersionPatchDigits\]/);
    const severity = /^ {2}(error|warning) +\/supportedInterfaces\/0\/protocolVersion/m.exec(plain.stdout)![1];
    expect(plain.code).toBe(severity === "error" ? 1 : 0);
    const strict = await runCli(["lint", "--card", file, "--fail-on", "warning"]);
    expect(strict.code).toBe(1);
  });

  it("json: one document with errors, warnings, signature, presets and the exit code", async () => {
    const { code, stdout } = await runCli(["lint", "--card", "examples/cards/broken.json", "--format", "json"]);
    expect(code).toBe(1);
    const doc = JSON.parse(stdout);
    expect(doc).toMatchObject({ card: { name: "Half-finished Agent", source: "examples/cards/broken.json" }, status: "invalid", valid: false, shape: "1.0", signature: { status: "unsigned" }, live: null, exitCode: 1 });
    expect(doc.errors.map((e: { code: string }) => e.code)).toContain("wrongType");
    expect(doc.presets).toHaveLength(PRESET_IDS.length);
    expect(doc.presets[0].decisions["request-response"]).toEqual({ decision: "reject", target: "card", outcome: "reject", rules: [] });
  });

  it("sarif: a result per problem at its line, errors as error, warnings as warning", async () => {
    const { code, stdout } = await runCli(["lint", "--card", "examples/cards/broken.json", "--format", "sarif", "--docs-base", "https://parley.example"]);
    expect(code).toBe(1);
    const run = JSON.parse(stdout).runs[0];
    const wrongType = run.results.find((r: { ruleId: string }) => r.ruleId === "validity/wrongType");
    expect(wrongType.level).toBe("error");
    expect(wrongType.locations[0].physicalLocation.region.startLine).toBe(readFileSync("examples/cards/broken.json", "utf8").split("\n").findIndex((l) => l.includes('"streaming"')) + 1);
    // Every problem a result at its own level: the severity the review gave it.
    const doc = JSON.parse((await runCli(["lint", "--card", "examples/cards/broken.json", "--format", "json"])).stdout);
    const levels = (severity: string) => run.results.filter((r: { level: string }) => r.level === severity).map((r: { ruleId: string }) => r.ruleId);
    expect(levels("error")).toEqual(doc.errors.map((p: { code: string }) => `validity/${p.code}`));
    expect(levels("warning")).toEqual(doc.warnings.map((p: { code: string }) => `validity/${p.code}`));
    expect(run.tool.driver.rules.every((r: { helpUri: string }) => r.helpUri === "https://parley.example/rule#how-parley-decides")).toBe(true);
    expect(run.properties.presets).toHaveLength(PRESET_IDS.length);
  });

  it("junit: validity fails on an invalid card; a preset's test case never fails", async () => {
    const { stdout } = await runCli(["lint", "--card", "examples/cards/broken.json", "--format", "junit"]);
    expect(stdout).toMatch(/<testcase classname="lint Half-finished Agent" name="validity">\n {6}<properties>.*<\/properties>\n {6}<failure type="\w+" message="\d+ problems?">/);
    expect(stdout).toContain(`tests="${3 + PRESET_IDS.length - 1}" failures="1"`);
    expect(stdout).toMatch(/name="preset northwind">\n.*\n {6}<system-out>/);
  });

  it("github: an ::error per validity error, a ::warning per warning, at the card's line", async () => {
    const { stdout } = await runCli(["lint", "--card", "examples/cards/broken.json", "--format", "github"]);
    const doc = JSON.parse((await runCli(["lint", "--card", "examples/cards/broken.json", "--format", "json"])).stdout);
    const lines = stdout.trimEnd().split("\n");
    expect(doc.errors.length).toBeGreaterThan(0);
    expect(lines.filter((l) => l.startsWith("::error file=examples/cards/broken.json,line="))).toHaveLength(doc.errors.length);
    expect(lines.filter((l) => l.startsWith("::warning "))).toHaveLength(doc.warnings.length);
    expect(lines).toHaveLength(doc.errors.length + doc.warnings.length);
  });

  it("markdown: the answer, the problems and the preset table", async () => {
    const { stdout } = await runCli(["lint", "--card", "examples/cards/text-desk.json", "--format", "markdown"]);
    expect(stdout).toMatch(/^\*\*Parley lint:\*\* Fabrikam Text Desk/);
    expect(stdout).toContain("| A2A Python SDK client (`a2a-python`) | accept | accept | not for this client | accept | accept | accept |");
  });

  it("hostile card text stays data in every format: no line of the card's making, no workflow command", async () => {
    const file = cardFile((c) => {
      c.name = "Evil\n::error::pwned | ![x](https://evil.example/x.png)";
      c.skills[0]!.inputModes = ["text/plain", "x/y\r\n::add-mask::secret\u001b[2J"];
    });
    for (const format of ["text", "junit", "github", "markdown"]) {
      const { stdout } = await runCli(["lint", "--card", file, "--format", format]);
      for (const line of stdout.split("\n")) expect(line, `${format}: ${line}`).not.toMatch(/^\s*::(error|add-mask)::/);
      expect(stdout).not.toContain("\u001b");
    }
    const text = await runCli(["lint", "--card", file]);
    expect(text.stdout.split("\n")[0]).toBe("Evil\\n::error::pwned | ![x](https://evil.example/x.png) — " + file);
    const markdown = await runCli(["lint", "--card", file, "--format", "markdown"]);
    expect(markdown.stdout).not.toContain("![x](");
  });

  it.each([
    [["lint"], /lint: --card is required/],
    [["lint", "--card", "examples/cards/contoso.json", "--format", "csv"], /--format must be one of text, json, sarif, junit, markdown, github, gitlab, not "csv"/],
    [["lint", "--card", "examples/cards/contoso.json", "--fail-on", "reject"], /--fail-on must be error or warning/],
    [["lint", "--card", "examples/cards/contoso.json", "--live", "--no-live"], /--live and --no-live contradict/],
    [["lint", "--card", "examples/cards/contoso.json", "--header", "A: b"], /--header goes with the live check/],
    [["lint", "--card", "examples/cards/contoso.json", "--live", "--header", "no colon"], /lint: --header number 1 is not "Name: value"/],
    [["lint", "--card", "examples/no-such.json"], /--card examples\/no-such\.json: /],
    [["lint", "--card", "example:nope"], /no such example/],
    [["lint", "--card", "http://169.254.169.254/"], /fetch refused or failed \(blockedAddress\)/],
    [["lint", "examples/cards/contoso.json"], /The card goes after --card: parley lint --card examples\/cards\/contoso\.json/],
    [["lint", "--card", "examples/cards/contoso.json", "--docs-base", "ftp://x"], /lint: --docs-base must be an absolute http\(s\) URL/],
  ])("%j is unusable input (exit 2)", async (argv, message) => {
    const { code, stdout, stderr } = await runCli(argv);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toMatch(message);
  });

  it("--help prints its options and the presets; the main usage lists the command", async () => {
    const help = await runCli(["lint", "--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: parley lint --card FILE\|URL\|-\|example:ID\.\.\. \[options\]/);
    expect(help.stdout).toContain("--no-live");
    expect(help.stdout).toContain("a2a-python");
    expect((await runCli(["--help"])).stdout).toMatch(/^ {2}lint {8}one card with no profile/m);
  });

  it("reads a card on stdin and from the built-in examples", async () => {
    const stdin = await runCli(["lint", "--card", "-", "--format", "json"], { stdin: TEXT_DESK });
    expect(JSON.parse(stdin.stdout).card).toEqual({ name: "Fabrikam Text Desk", source: "stdin" });
    const example = await runCli(["lint", "--card", "example:contoso"]);
    expect(example.code).toBe(0);
    expect(example.stdout.split("\n")[0]).toBe("Contoso Voice Desk — example:contoso");
  });
});

describe("parley lint: the live check against a real SDK agent on loopback", () => {
  it("a card fetched by URL is checked live: a dead interface the SDK picks exits 1, and nothing is created", async () => {
    const a = await agent({ bindings: ["JSONRPC", "HTTP+JSON"], lies: { deadFirstInterface: true } });
    const { code, stdout } = await runCli(["lint", "--card", a.cardUrl, "--format", "json"], { env: LOOPBACK });
    expect(code).toBe(1);
    const doc = JSON.parse(stdout);
    expect(doc.status).toBe("live-problems");
    expect(doc.live.interfaces.map((i: { reachable: boolean; picked: boolean }) => [i.reachable, i.picked])).toEqual([
      [false, true],
      [true, false],
    ]);
    expect(doc.live.problems).toEqual([
      expect.objectContaining({ severity: "error", code: "liveInterfaceUnreachable", pointer: "/supportedInterfaces/0/url", message: expect.stringMatching(/^Interface 0 \(http:\/\/127\.0\.0\.1:\d+\/nothing-here\) has nothing behind it \(the SDK picks it and never tries another\); another interface answers: /) }),
    ]);
    expect(a.log.messages).toEqual([]);
    const text = await runCli(["lint", "--card", a.cardUrl], { env: LOOPBACK });
    expect(text.stdout).toMatch(/^Live check: 1 of 2 interfaces answers \(nothing was created\)\.$/m);
    expect(text.stdout).toMatch(/^ {2}0 {2}JSONRPC 1\.0 {2}http:\/\/127\.0\.0\.1:\d+\/nothing-here {2}does not answer \(the SDK picks it\)$/m);
    expect(text.stdout).toMatch(/Not fine: 1 live contradiction \(exit 1\)\n$/);
  });

  it("--no-live skips it (exit 0 on the same card); a file is checked live only with --live", async () => {
    const a = await agent({ bindings: ["JSONRPC", "HTTP+JSON"], lies: { deadFirstInterface: true } });
    const skipped = await runCli(["lint", "--card", a.cardUrl, "--no-live", "--format", "json"], { env: LOOPBACK });
    expect(skipped.code).toBe(0);
    expect(JSON.parse(skipped.stdout).live).toBeNull();
    const file = path.join(mkdtempSync(path.join(tmpdir(), "parley-lint-")), "served.json");
    writeFileSync(file, a.cardText);
    const plain = await runCli(["lint", "--card", file], { env: LOOPBACK });
    expect(plain.code).toBe(0);
    expect(a.log.requests.filter((r) => r.binding !== "card")).toEqual([]);
    const live = await runCli(["lint", "--card", file, "--live", "--format", "json"], { env: LOOPBACK });
    expect(live.code).toBe(1);
    expect(JSON.parse(live.stdout).live.problems.map((p: { code: string }) => p.code)).toEqual(["liveInterfaceUnreachable"]);
  });

  it("the live check stops at --time-limit: interfaces not asked by then are said to be not called", async () => {
    // Interfaces that accept the connection and never answer: each call would wait its 5 s.
    const net = await import("node:net");
    const sockets: import("node:net").Socket[] = [];
    const silent = net.createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const port = (silent.address() as { port: number }).port;
    const f = await startFaultyAgent({ streaming: false, extraInterfaces: Array.from({ length: 3 }, (_, i) => `http://127.0.0.1:${port}/dead${i}`) });
    try {
      const { stdout } = await runCli(["lint", "--card", f.cardUrl, "--time-limit", "1", "--format", "json"], { env: LOOPBACK });
      const live = JSON.parse(stdout).live as { problems: Array<{ code: string; message: string }> };
      expect(live.problems.filter((p) => p.code === "liveNotCalled" && p.message.includes("the check's time ran out")).length).toBeGreaterThan(0);
    } finally {
      sockets.forEach((socket) => socket.destroy());
      silent.close();
      await f.close();
    }
    const misplaced = await runCli(["lint", "--card", "examples/cards/contoso.json", "--time-limit", "5"]);
    expect(misplaced.code).toBe(2);
    expect(misplaced.stderr).toContain("--time-limit goes with the live check");
  });

  it("an honest agent passes live; its interfaces are reached only through the SSRF-safe fetcher (loopback needs the setting)", async () => {
    const a = await agent({ bindings: ["JSONRPC", "HTTP+JSON"] });
    const ok = await runCli(["lint", "--card", a.cardUrl, "--format", "json"], { env: LOOPBACK });
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout).live).toMatchObject({ problems: [], interfaces: [{ reachable: true }, { reachable: true }] });
    const file = path.join(mkdtempSync(path.join(tmpdir(), "parley-lint-")), "served.json");
    writeFileSync(file, a.cardText);
    const blocked = await runCli(["lint", "--card", file, "--live", "--format", "json"]);
    expect(blocked.code).toBe(0);
    expect(JSON.parse(blocked.stdout).live.problems.map((p: { code: string }) => p.code)).toEqual(["liveNotCalled", "liveNotCalled"]);
  });
});
