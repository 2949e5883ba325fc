import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { corpusCardPath } from "@/fixtures/corpus";
import { json, startTestServer, type TestServer } from "../fetch/test-server";
import { CONTOSO } from "../negotiation/examples/incidents";
import { decodeReviewLink } from "../share";
import { runCli } from "./test-io";

const corpus = corpusCardPath;

let dir: string;
const file = (name: string, content: string) => {
  const p = path.join(dir, name);
  writeFileSync(p, content);
  return p;
};
let contosoPath: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "parley-cli-"));
  contosoPath = file("contoso.json", CONTOSO.text);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface CheckJson {
  valid: boolean;
  shape: string;
  card: { name: string | null; source: string; fetched?: { discoveredVia: string; sha256: string } };
  validity: Array<{ severity: string; code: string; pointer: string; message: string }>;
  decisions: Record<string, { decision: string; findings: Array<{ invariant: string; status: string; message: string; docs: string }>; degradations: unknown[] }>;
  records: Array<{ type: string; taskClass: string; decision: string; rules: string[]; card: { digest: string } }>;
  exitCode: number;
}

const parse = (stdout: string) => JSON.parse(stdout) as CheckJson;

describe("check on the incident card (Contoso × Northwind)", () => {
  it("rejects live-input, accepts request-response, exits 1 (json)", async () => {
    const r = await runCli(["check", "--card", contosoPath, "--profile", "northwind", "--format", "json"]);
    expect(r.code).toBe(1);
    const doc = parse(r.stdout);
    expect(doc.valid).toBe(true);
    expect(doc.shape).toBe("1.0");
    expect(doc.decisions["live-input"]?.decision).toBe("reject");
    expect(doc.decisions["request-response"]?.decision).toBe("accept");
    expect(doc.decisions["async-completion"]?.decision).toBe("accept-degraded");
    expect(doc.decisions["async-completion"]?.degradations).toHaveLength(1);
    const live = doc.decisions["live-input"]!.findings.find((f) => f.invariant === "live-input-needs-streaming");
    expect(live).toMatchObject({ status: "violated", docs: "/rules/live-input-needs-streaming" });
    expect(live?.message).toMatch(/audio\/pcm/);
    expect(doc.records.map((x) => x.taskClass)).toEqual(Object.keys(doc.decisions));
    expect(doc.records.find((x) => x.taskClass === "live-input")).toMatchObject({
      type: "parley.decision",
      decision: "reject",
      rules: ["live-input-needs-streaming"],
    });
    expect(doc.records[0]?.card.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(doc.exitCode).toBe(1);
    expect(r.stderr).toBe("");
  });

  it("exits 0 when only request-response is asked for", async () => {
    const r = await runCli(["check", "--card", contosoPath, "--profile", "northwind", "--task-class", "request-response", "--format", "json"]);
    expect(r.code).toBe(0);
    expect(Object.keys(parse(r.stdout).decisions)).toEqual(["request-response"]);
  });

  it("accepts live-input once the client buffers audio (preset by its display name)", async () => {
    const r = await runCli(["check", "--card", contosoPath, "--profile", "Northwind with audio buffering", "--task-class", "live-input"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/live-input\s+accept/);
  });

  it("prints a readable text table with reasons, evidence and a docs path per rule", async () => {
    const r = await runCli(["check", "--card", contosoPath, "--profile", "northwind"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^Contoso Voice Desk/);
    expect(r.stdout).toMatch(/TASK CLASS\s+DECISION/);
    expect(r.stdout).toMatch(/live-input\s+reject/);
    expect(r.stdout).toMatch(/request-response\s+accept\n/);
    expect(r.stdout).toContain("docs: /rules/live-input-needs-streaming");
    expect(r.stdout).toContain("evidence: card /capabilities/streaming = false");
    expect(r.stdout).toContain("degraded: gives up push; falls back to polling");
    expect(r.stdout).toContain("Rejected: live-input");
  });

  it("reads the card from stdin with --card -", async () => {
    const r = await runCli(["check", "--card", "-", "--profile", "northwind", "--task-class", "live-input", "--format", "json"], {
      stdin: CONTOSO.text,
    });
    expect(r.code).toBe(1);
    expect(parse(r.stdout).card.source).toBe("stdin");
  });

  it("takes a profile file and a context file (renegotiable client defers instead of rejecting)", async () => {
    const profile = file("renegotiable.json", JSON.stringify({ name: "Renegotiable Northwind", liveOnlyInputModes: ["audio/pcm"], streaming: true, fixed: false }));
    const r = await runCli(["check", "--card", contosoPath, "--profile", profile, "--task-class", "live-input", "--format", "json"]);
    expect(parse(r.stdout).decisions["live-input"]?.decision).toBe("defer");
    expect(r.code).toBe(0);
    const ctx = file("ctx.json", JSON.stringify({ outOfBandCapabilityExchange: true }));
    const r2 = await runCli(["check", "--card", contosoPath, "--profile", "northwind", "--context", ctx, "--task-class", "live-input", "--format", "json"]);
    expect(parse(r2.stdout).decisions["live-input"]?.decision).toBe("defer");
  });
});

describe("check on real corpus cards", () => {
  // --no-jku: the card's signature names a key set on the public internet; tests fetch nothing there.
  it("accepts every whole-input task class of the 1.0 geospatial spec card for the Python SDK client (exit 0)", async () => {
    const classes = ["request-response", "async-completion", "fire-and-forget", "streaming-output"].flatMap((c) => ["--task-class", c]);
    const r = await runCli(["check", "--card", corpus("a2a-spec-main-geospatial.json"), "--profile", "a2a-python", ...classes, "--format", "json", "--no-jku"]);
    expect(r.code).toBe(0);
    const doc = parse(r.stdout);
    expect(doc.shape).toBe("1.0");
    expect(Object.values(doc.decisions).map((d) => d.decision)).not.toContain("reject");
  });

  it("rejects that card for Northwind, saying why: no OpenID Connect credentials, and no output it reads", async () => {
    const r = await runCli(["check", "--card", corpus("a2a-spec-main-geospatial.json"), "--profile", "northwind", "--task-class", "request-response", "--format", "json"]);
    expect(r.code).toBe(1);
    const findings = parse(r.stdout).decisions["request-response"]!.findings.filter((f) => f.status === "violated").map((f) => f.invariant);
    expect(findings).toEqual(["security-satisfiable", "output-modes"]);
  });

  it("shows warnings with pointers and the 0.x advisory for a 0.2 card with string booleans", async () => {
    const r = await runCli(["check", "--card", corpus("a2a-pr553-reimbursement-string-booleans.json"), "--profile", "text-only-json-rpc-client", "--task-class", "request-response"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/warning +\/capabilities\/streaming/);
    expect(r.stdout).toMatch(/advisory: .*0\.2/);
  });

  it("rejects a NOT-A2A document as invalid (exit 1, no accept anywhere)", async () => {
    const r = await runCli(["check", "--card", corpus("wild-pubnub-wordle-NOT-A2A.json"), "--profile", "northwind", "--format", "json"]);
    expect(r.code).toBe(1);
    const doc = parse(r.stdout);
    expect(doc.valid).toBe(false);
    expect(doc.validity.some((p) => p.severity === "error" && p.message.length > 0)).toBe(true);
    expect(Object.values(doc.decisions).every((d) => d.decision === "reject")).toBe(true);
  });

  it("says in text that an invalid card is fixed at its source, not refetched", async () => {
    const r = await runCli(["check", "--card", corpus("wild-pubnub-wordle-NOT-A2A.json"), "--profile", "northwind"]);
    expect(r.code).toBe(1);
    // Said once, above the table; each class then shows its decision alone.
    expect(r.stdout).toMatch(/^Every task class is rejected\. The card is not valid \(.+\), so nothing can be accepted on it: reject the card\.$/m);
    expect(r.stdout).toMatch(/^request-response\s+reject$/m);
    expect(r.stdout).not.toMatch(/refetch/);
  });

  it("reviews a built-in incident card with --card example:ID (no file needed)", async () => {
    const r = await runCli(["check", "--card", "example:contoso-live-audio", "--profile", "northwind", "--task-class", "live-input", "--format", "json"]);
    expect(r.code).toBe(1);
    expect(parse(r.stdout).decisions["live-input"]?.decision).toBe("reject");
  });

  it("with --link-base, every decision record carries a review link that reopens this exact review", async () => {
    const r = await runCli(["check", "--card", contosoPath, "--profile", "northwind", "--format", "json", "--link-base", "https://parley.example.com/"]);
    const doc = parse(r.stdout) as unknown as { records: Array<{ reviewLink?: string; taskClass: string; decision: string }> };
    expect(doc.records).toHaveLength(5);
    const link = doc.records[0]?.reviewLink ?? "";
    expect(link.startsWith("https://parley.example.com/#v1.")).toBe(true);
    const decoded = decodeReviewLink(link);
    if (!decoded.ok || decoded.link.kind !== "snapshot") throw new Error("the record's link does not decode");
    expect(decoded.link.state.cardText).toBe(readFileSync(contosoPath, "utf8"));
    expect(decoded.link.state.decisions?.["live-input"]).toBe("reject");
  });

  it("reports text that is not JSON with its line and column", async () => {
    const broken = file("broken.json", '{\n  "name": "x",\n  oops\n}');
    const r = await runCli(["check", "--card", broken, "--profile", "northwind"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/error +\/ \(line 3, column \d+\).*\[notJson\]/);
  });
});

describe("check: unusable input exits 2 with a message saying what and where", () => {
  const cases: Array<[string, () => string[], RegExp]> = [
    ["missing --card", () => ["check", "--profile", "northwind"], /--card is required/],
    ["missing --profile", () => ["check", "--card", contosoPath], /--profile is required/],
    ["card file not found", () => ["check", "--card", path.join(dir, "nope.json"), "--profile", "northwind"], /--card .*nope\.json: no such file/],
    ["card is a directory", () => ["check", "--card", dir, "--profile", "northwind"], /is a directory/],
    ["unknown example lists examples", () => ["check", "--card", "example:fabrikam", "--profile", "northwind"], /--card example:fabrikam: no such example\. Examples: example:contoso, example:contoso-live-audio/],
    ["unknown preset lists presets", () => ["check", "--card", contosoPath, "--profile", "southwind"], /no such preset or file\. Presets: northwind, northwind-buffering, northwind-mtls, a2a-python, a2a-js, browser, grpc-backend, text-only, full-sdk\./],
    ["profile file missing", () => ["check", "--card", contosoPath, "--profile", "./missing-profile.json"], /--profile \.\/missing-profile\.json: no such file/],
    ["profile not JSON", () => ["check", "--card", contosoPath, "--profile", file("bad.json", "{nope")], /--profile .*bad\.json: The text is not valid JSON: .* at line 1, column 2\./],
    [
      "profile fails the schema, with issue paths",
      () => ["check", "--card", contosoPath, "--profile", file("p.json", JSON.stringify({ name: "x", callback: { mtls: "yes" }, colour: 1 }))],
      /is not a valid client profile: .*\/callback\/mtls: .*boolean/,
    ],
    ["context fails the schema", () => ["check", "--card", contosoPath, "--profile", "northwind", "--context", file("c.json", '{"cardKnownStale":"yes"}')], /--context .* is not a valid review context: \/cardKnownStale/],
    ["unknown task class lists them", () => ["check", "--card", contosoPath, "--profile", "northwind", "--task-class", "live-video"], /unknown task class "live-video"\. Task classes: request-response, live-input/],
    ["bad --link-base", () => ["check", "--card", contosoPath, "--profile", "northwind", "--format", "json", "--link-base", "javascript:alert(1)"], /--link-base must be an http\(s\) URL/],
    [
      "--link-base with a query or fragment, refused as PARLEY_BASE_URL refuses it rather than cut",
      () => ["check", "--card", contosoPath, "--profile", "northwind", "--format", "json", "--link-base", "https://x.example/path?q=1#frag"],
      /--link-base must be an http\(s\) URL without credentials, query or fragment, not "https:\/\/x\.example\/path\?q=1#frag"/,
    ],
    [
      "--docs-base with a query or fragment, which the rule pages' paths would land inside",
      () => ["check", "--card", contosoPath, "--profile", "northwind", "--format", "sarif", "--docs-base", "https://x.example/docs?v=2#top"],
      /--docs-base must be an absolute http\(s\) URL of the Parley app, without credentials, query or fragment, not "https:\/\/x\.example\/docs\?v=2#top"/,
    ],
    ["bad --format", () => ["check", "--card", contosoPath, "--profile", "northwind", "--format", "xml"], /--format must be one of text, json, sarif, junit, markdown, github/],
    ["unknown flag", () => ["check", "--card", contosoPath, "--profile", "northwind", "--verbose"], /Unknown option '--verbose'/],
    ["a card given without --card", () => ["check", "card.json"], /^parley: check: unexpected argument "card\.json"\. The card goes after --card: parley check --card card\.json --profile northwind\n/],
    ["a flag in the plural", () => ["check", "--card", contosoPath, "--task-classes", "live-input"], /Unknown option '--task-classes'\. Did you mean --task-class\?/],
    ["unknown command", () => ["inspect"], /unknown command "inspect"/],
    ["no command", () => [], /a command is required/],
    ["refused fetch", () => ["check", "--card", "http://127.0.0.1:9/card.json", "--profile", "northwind"], /fetch refused or failed \(blockedAddress\).*loopback/],
    ["non-http URL scheme read as a path", () => ["check", "--card", "file:///etc/passwd", "--profile", "northwind"], /no such file/],
  ];
  it.each(cases)("%s", async (_name, argv, message) => {
    const r = await runCli(argv());
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(message);
  });

  it("prints usage after a flag mistake", async () => {
    const r = await runCli(["check", "--nope"]);
    expect(r.stderr).toContain("Usage: parley check");
  });
});

describe("--help", () => {
  it.each([
    [["--help"], /Commands:\n\s+check/],
    [["check", "--help"], /--card FILE\|URL\|-/],
    [["batch", "-h"], /JSON Lines on stdin/],
    [["seed-check", "--help"], /client_profile/],
  ])("%j exits 0 with usage", async (argv, text) => {
    const r = await runCli(argv);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(text);
  });
});

describe("check --card URL", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ "/.well-known/agent-card.json": json(CONTOSO.text) });
  });
  afterAll(() => server.close());
  afterEach(() => {
    delete process.env.PARLEY_ALLOW_LOOPBACK_FETCH;
  });

  it("discovers the card from a base URL with loopback allowed, same review as the file", async () => {
    const argv = ["check", "--card", server.base, "--profile", "northwind", "--format", "json"];
    const r = await runCli(argv, { env: { PARLEY_ALLOW_LOOPBACK_FETCH: "1" } });
    expect(r.code).toBe(1);
    const doc = parse(r.stdout);
    expect(doc.card.fetched).toMatchObject({ discoveredVia: "agent-card.json" });
    const fromFile = parse((await runCli(["check", "--card", contosoPath, "--profile", "northwind", "--format", "json"])).stdout);
    expect(doc.decisions).toEqual(fromFile.decisions);
    expect(doc.records.map((x) => x.card.digest)).toEqual(fromFile.records.map((x) => x.card.digest));
  });

  it("refuses the same URL without the loopback switch (exit 2)", async () => {
    const r = await runCli(["check", "--card", server.base, "--profile", "northwind"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/blockedAddress/);
    expect(server.requests).toHaveLength(1);
  });
});

describe("check text output on a hostile card", () => {
  it("shows terminal escape sequences from the card as visible escapes", async () => {
    const card = JSON.parse(CONTOSO.text) as Record<string, unknown>;
    card.name = "Evil\u001b]0;pwned\u0007\u001b[2J Desk";
    const r = await runCli(["check", "--card", file("evil.json", JSON.stringify(card)), "--profile", "northwind", "--task-class", "request-response"]);
    expect(r.stdout).not.toMatch(/[\u001b\u0007]/);
    expect(r.stdout).toContain("Evil\\x1b]0;pwned\\x07\\x1b[2J Desk");
  });
});

describe("check --skill", () => {
  it("aims every task class at one skill: its own modes decide", async () => {
    // Contoso's summarize-call skill takes only text: live audio cannot be aimed at it at all.
    const r = await runCli(["check", "--card", "example:contoso", "--profile", "northwind-buffering", "--skill", "summarize-call", "--task-class", "live-input", "--format", "json"]);
    expect(r.code).toBe(1);
    const live = parse(r.stdout).decisions["live-input"]!;
    expect(live.findings.find((f) => f.invariant === "input-modes")?.status).toBe("violated");
    const transcribe = await runCli(["check", "--card", "example:contoso", "--profile", "northwind-buffering", "--skill", "transcribe-call", "--task-class", "live-input", "--format", "json"]);
    expect(parse(transcribe.stdout).decisions["live-input"]!.findings.find((f) => f.invariant === "input-modes")?.status).toBe("holds");
  });

  it("names the card's skills when the one asked for is not there (exit 2)", async () => {
    const r = await runCli(["check", "--card", "example:contoso", "--profile", "northwind", "--skill", "translate"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--skill translate: the card has no such skill\. Its skills: transcribe-call, summarize-call\./);
  });
});

describe("check --format for CI", () => {
  it("sarif: a SARIF 2.1.0 log with rules and located results; exit 1 on the rejection", async () => {
    const r = await runCli(["check", "--card", "example:contoso", "--profile", "northwind", "--format", "sarif", "--docs-base", "https://parley.example"]);
    expect(r.code).toBe(1);
    const log = JSON.parse(r.stdout) as { version: string; runs: Array<{ tool: { driver: { rules: Array<{ id: string; helpUri: string }> } }; results: Array<{ ruleId: string }> }> };
    expect(log.version).toBe("2.1.0");
    expect(log.runs[0]!.tool.driver.rules.find((rule) => rule.id === "live-input-needs-streaming")?.helpUri).toBe("https://parley.example/rules/live-input-needs-streaming");
    expect(log.runs[0]!.results.map((x) => x.ruleId)).toContain("live-input-needs-streaming");
  });

  it("junit: one test case per task class, failures where it fails", async () => {
    const r = await runCli(["check", "--card", "example:contoso", "--profile", "northwind", "--format", "junit"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^<\?xml/);
    expect(r.stdout.match(/<testcase /g)).toHaveLength(5);
    expect(r.stdout.match(/<failure /g)).toHaveLength(2);
  });

  it("github: workflow annotations pointing into the card", async () => {
    const r = await runCli(["check", "--card", "example:contoso", "--profile", "northwind", "--format", "github"]);
    expect(r.stdout).toMatch(/^::error file=example%3Acontoso,line=\d+,col=\d+,title=live-input%3A reject/m);
  });

  it("markdown: the ticket comment, with a review link when --link-base is given", async () => {
    const r = await runCli(["check", "--card", "example:contoso", "--profile", "northwind", "--format", "markdown", "--link-base", "https://parley.example"]);
    expect(r.stdout).toMatch(/^\*\*Parley review:\*\* Contoso Voice Desk × Northwind discovery agent/);
    expect(r.stdout).toMatch(/\[Open this review in Parley\]\(https:\/\/parley\.example\/#v1\./);
  });

  it("without --docs-base / --link-base, the instance's PARLEY_BASE_URL makes the links absolute; the flags win over it", async () => {
    const env = { PARLEY_BASE_URL: "https://parley.team.example/tools/" };
    const sarif = await runCli(["check", "--card", "example:contoso", "--profile", "northwind", "--format", "sarif"], { env });
    const helpUri = (log: string) =>
      (JSON.parse(log) as { runs: Array<{ tool: { driver: { rules: Array<{ id: string; helpUri: string }> } } }> }).runs[0]!.tool.driver.rules.find((rule) => rule.id === "input-modes")?.helpUri;
    expect(helpUri(sarif.stdout)).toBe("https://parley.team.example/tools/rules/input-modes");
    const markdown = await runCli(["check", "--card", "example:contoso", "--profile", "northwind", "--format", "markdown"], { env });
    expect(markdown.stdout).toMatch(/\[Open this review in Parley\]\(https:\/\/parley\.team\.example\/tools\/#v1\./);
    const flagged = await runCli(["check", "--card", "example:contoso", "--profile", "northwind", "--format", "sarif", "--docs-base", "https://other.example"], { env });
    expect(helpUri(flagged.stdout)).toBe("https://other.example/rules/input-modes");
    // Unset: no rule page (SARIF's helpUri must be an absolute URI).
    expect(helpUri((await runCli(["check", "--card", "example:contoso", "--profile", "northwind", "--format", "sarif"])).stdout)).toBeUndefined();
  });

  it("a PARLEY_BASE_URL that is not an http(s) origin is a usage error naming the variable", async () => {
    const r = await runCli(["check", "--card", "example:contoso", "--profile", "northwind", "--format", "sarif"], { env: { PARLEY_BASE_URL: "javascript:alert(1)" } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("PARLEY_BASE_URL");
    expect(r.stdout).toBe("");
  });

  it("--fail-on decides which decisions make exit 1", async () => {
    const context = file("stale.json", JSON.stringify({ priorTaskHistory: true }));
    // With prior task history the live-input rejection becomes a defer: exit 0 by default, 1 on --fail-on defer.
    const base = ["check", "--card", "example:contoso-live-audio", "--profile", "northwind", "--context", context, "--task-class", "live-input"];
    expect((await runCli(base)).code).toBe(0);
    expect((await runCli([...base, "--fail-on", "defer"])).code).toBe(1);
    expect((await runCli([...base, "--fail-on", "escalate"])).code).toBe(0);
    const bad = await runCli([...base, "--fail-on", "accept"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--fail-on must be one of reject, escalate, defer, not-for-client \(or a threshold and not-for-client, comma-separated\), not "accept"/);
    expect((await runCli([...base, "--fail-on", "defer,escalate"])).code).toBe(2);
  });

  it("a class the client itself cannot perform is not a failure by default; --fail-on not-for-client makes it one", async () => {
    // The JS SDK client has no live mode: live input is not for it, on this card or any other.
    const base = ["check", "--card", "example:contoso-live-audio", "--profile", "a2a-js", "--task-class", "live-input"];
    const plain = await runCli(base);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toMatch(/^live-input\s+not for this client$/m);
    expect(plain.stdout).toMatch(/^live-input: not for this client$/m);
    expect(plain.stdout).toMatch(/Nothing rejected \(exit 0\)\nNot for this client \(the client's own limits, not a failure; --fail-on not-for-client to fail on them\): live-input\n$/);
    const strict = await runCli([...base, "--fail-on", "not-for-client"]);
    expect(strict.code).toBe(1);
    expect(strict.stdout).toMatch(/At or past --fail-on reject,not-for-client: live-input \(exit 1\)\n$/);
    expect((await runCli([...base, "--fail-on", "defer,not-for-client"])).code).toBe(1);
    const json = parse((await runCli([...base, "--format", "json"])).stdout) as { decisions: Record<string, { decision: string; target?: string }>; exitCode: number };
    expect(json.decisions["live-input"]).toMatchObject({ decision: "reject", target: "client" });
    expect(json.exitCode).toBe(0);
  });

  it("--task-class-file reviews a user-defined task class (aimed at a skill)", async () => {
    const classFile = file("classes.json", JSON.stringify({ id: "voice-note", title: "Voice note", description: "A recorded note, sent whole.", input: "whole", completion: "response", output: "required", skill: "transcribe-call" }));
    const r = await runCli(["check", "--card", "example:contoso", "--profile", "northwind-buffering", "--task-class-file", classFile, "--format", "json"]);
    const doc = parse(r.stdout);
    expect(Object.keys(doc.decisions)).toEqual(["voice-note"]);
    expect(doc.decisions["voice-note"]!.decision).toBe("accept");
    const clash = file("clash.json", JSON.stringify({ id: "live-input", title: "x", description: "", input: "live", completion: "response", output: "required" }));
    const refused = await runCli(["check", "--card", "example:contoso", "--profile", "northwind", "--task-class-file", clash]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/"live-input" is a built-in task class id/);
  });

  it("--task-class-file: a push-only class with its own modes is rejected where push is cut, with exit 1; polling-only is accepted", async () => {
    const classes = file(
      "push-poll.json",
      JSON.stringify([
        { id: "summary-by-push", title: "Summary by push", description: "Sent whole; the summary is pushed back.", input: "whole", completion: "push", output: "required", inputModes: ["text/plain"] },
        { id: "summary-by-polling", title: "Summary by polling", description: "Sent whole; the client polls.", input: "whole", completion: "polling", output: "required", inputModes: ["text/plain"] },
      ]),
    );
    const r = await runCli(["check", "--card", "example:contoso", "--profile", "northwind", "--task-class-file", classes, "--format", "json"]);
    expect(r.code).toBe(1);
    const doc = parse(r.stdout);
    // Contoso pushes only under mTLS and Northwind's listener is plain HTTPS: push is cut, and a push-only class has no fallback.
    expect(doc.decisions["summary-by-push"]!.decision).toBe("reject");
    expect(doc.decisions["summary-by-polling"]!.decision).toBe("accept");
    const bad = file("bad-modes.json", JSON.stringify({ id: "x", title: "X", description: "d", input: "whole", completion: "push", output: "required", inputModes: [] }));
    const refused = await runCli(["check", "--card", "example:contoso", "--profile", "northwind", "--task-class-file", bad]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("inputModes");
  });
});
