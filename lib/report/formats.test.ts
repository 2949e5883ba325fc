import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import Ajv from "ajv-draft-04";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { readCorpusCard } from "@/fixtures/corpus";
import { CONTOSO } from "../negotiation/examples/incidents";
import { findPreset, NORTHWIND } from "../negotiation/profile";
import { review } from "../negotiation/review";
import { LIVE_AUDIO_STREAMING } from "../negotiation/examples/rule-page-cards";
import { failOnLabel, failPolicy, failsOn, toGithubAnnotations, toJunit, toSarif } from "./formats";

// The SARIF 2.1.0 schema as Microsoft's SARIF team publishes it (@microsoft/jest-sarif ships it).
const require = createRequire(import.meta.url);
const schema = JSON.parse(readFileSync(require.resolve("@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json"), "utf8")) as object;
// The schema's "uri" and "uri-reference" formats checked against RFC 3986's grammar, so a
// relative helpUri or an unencoded space or '#' in a path fails the schema test as it fails
// strict SARIF consumers. (date-time is not produced here.)
const PCHAR = "(?:[A-Za-z0-9\\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2})";
const NO_COLON = "(?:[A-Za-z0-9\\-._~!$&'()*+,;=@]|%[0-9A-Fa-f]{2})";
const AUTHORITY = "(?:[A-Za-z0-9\\-._~!$&'()*+,;=:@\\[\\]]|%[0-9A-Fa-f]{2})*";
const TAIL = `(?:\\?(?:${PCHAR}|[/?])*)?(?:#(?:${PCHAR}|[/?])*)?`;
const ABSOLUTE_URI = new RegExp(`^[A-Za-z][A-Za-z0-9+.-]*:(?://${AUTHORITY}(?:/${PCHAR}*)*|/?(?:${PCHAR}+(?:/${PCHAR}*)*)?)${TAIL}$`);
const RELATIVE_REF = new RegExp(`^(?://${AUTHORITY}(?:/${PCHAR}*)*|/(?:${PCHAR}+(?:/${PCHAR}*)*)?|${NO_COLON}+(?:/${PCHAR}*)*|)${TAIL}$`);
const isUri = (s: string) => ABSOLUTE_URI.test(s);
const isUriReference = (s: string) => ABSOLUTE_URI.test(s) || RELATIVE_REF.test(s);
const validateSarif = new Ajv({
  allErrors: true,
  strict: false,
  unicodeRegExp: false,
  formats: { uri: isUri, "uri-reference": isUriReference, "date-time": true },
}).compile(schema);

const contoso = review(CONTOSO.text, NORTHWIND);
const invalidText = '{\n  "name": 12\n}\n';
const invalid = review(invalidText, NORTHWIND);
const input = { review: contoso, cardText: CONTOSO.text, cardUri: "cards/contoso.json" };
// Cut off after a key's colon: the parser expects a value where line 3 begins.
const notJsonText = '{\n  "name":\n';
const notJson = { review: review(notJsonText, NORTHWIND), cardText: notJsonText, cardUri: "trunc.json" };

type SarifLog = {
  runs: Array<{
    tool: { driver: { informationUri?: string; rules: Array<{ id: string; helpUri?: string }> } };
    artifacts: Array<{ location: { uri: string } }>;
    results: Array<{ ruleId: string; locations: Array<{ physicalLocation: { artifactLocation: { uri: string }; region?: { startLine: number; startColumn: number } } }> }>;
  }>;
};
const sarifOf = (report: Parameters<typeof toSarif>[0]) => toSarif(report) as SarifLog;

describe("SARIF", () => {
  it.each([
    ["the incident review", input],
    ["an invalid card", { review: invalid, cardText: invalidText, cardUri: "bad.json" }],
    ["with an absolute docs base", { ...input, docsBase: "https://parley.example/tools/" }],
    ["failing on defer", { ...input, failOn: "defer" as const }],
    ["a card path with a space, '#', '%' and non-ASCII", { ...input, cardUri: "cards/sp ace#1 100%é.json" }],
    ["an absolute card path", { ...input, cardUri: "/tmp/agent cards/x#y.json" }],
    ["a card that is not JSON", notJson],
  ])("is valid against the published SARIF 2.1.0 schema: %s", (_name, report) => {
    const sarif = toSarif(report);
    const ok = validateSarif(sarif);
    expect(validateSarif.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
  });

  it("the schema check is not vacuous: a log without runs or with a bad level fails it", () => {
    expect(validateSarif({ version: "2.1.0" })).toBe(false);
    const sarif = toSarif(input) as { runs: Array<{ results: Array<Record<string, unknown>> }> };
    sarif.runs[0]!.results[0]!.level = "fatal";
    expect(validateSarif(sarif)).toBe(false);
  });

  it("lists every invariant as a rule with its page, absolute under --docs-base", () => {
    const sarif = toSarif({ ...input, docsBase: "https://parley.example/tools/" }) as { runs: Array<{ tool: { driver: { rules: Array<{ id: string; helpUri: string }> } } }> };
    const rules = sarif.runs[0]!.tool.driver.rules;
    expect(rules.find((r) => r.id === "push-callback-mtls")?.helpUri).toBe("https://parley.example/tools/rules/push-callback-mtls");
    expect(rules.length).toBeGreaterThanOrEqual(10);
  });

  it("places a card that is not JSON at the parse error's line and column", () => {
    const [problem] = notJson.review.validity.problems;
    expect(problem).toMatchObject({ code: "notJson", position: { line: 3, column: 1 } });
    const result = sarifOf(notJson).runs[0]!.results.find((r) => r.ruleId === "validity/notJson")!;
    expect(result.locations[0]!.physicalLocation.region).toEqual({ startLine: 3, startColumn: 1 });
  });

  it("without --docs-base, every rule still explains itself: help.text and help.markdown in the log", () => {
    const rules = sarifOf(notJson).runs[0]!.tool.driver.rules as Array<{ id: string; help?: { text: string; markdown: string } }>;
    for (const rule of rules) {
      expect(rule.help?.text.length, rule.id).toBeGreaterThan(80);
      expect(rule.help?.markdown.length, rule.id).toBeGreaterThan(80);
    }
    const mtls = rules.find((r) => r.id === "push-callback-mtls")!.help!;
    expect(mtls.text).toMatch(/^Push callbacks need a listener that does mTLS: Refuse push callbacks that require mutual TLS/);
    expect(mtls.text).toContain("/rules/push-callback-mtls");
    expect(mtls.markdown).toMatch(/^\*\*Push callbacks need a listener that does mTLS\*\* \(`push-callback-mtls`\)/);
    expect(rules.find((r) => r.id === "validity/notJson")!.help!.text).toMatch(/^The card is not a valid Agent Card \(notJson\)\./);
  });

  it("without --docs-base, rules carry no helpUri (SARIF wants an absolute URI there)", () => {
    // The invalid card adds a validity rule to the invariants' rules.
    const run = sarifOf(notJson).runs[0]!;
    expect(run.tool.driver.rules.length).toBeGreaterThanOrEqual(10);
    expect(run.tool.driver.rules.filter((r) => "helpUri" in r)).toEqual([]);
    expect(run.tool.driver.informationUri).toBeUndefined();
  });

  it.each([
    ["cards/contoso.json", "cards/contoso.json"],
    ["cards/sp ace#1 100%é.json", "cards/sp%20ace%231%20100%25%C3%A9.json"],
    ["./a,b:c=d.json", "./a,b:c=d.json"],
    ["a,b:c=d.json", "a,b%3Ac=d.json"],
    ["/tmp/agent cards/x#y.json", "file:///tmp/agent%20cards/x%23y.json"],
    ["C:\\cards\\agent card.json", "file:///C:/cards/agent%20card.json"],
    ["https://agent.example/.well-known/agent-card.json", "https://agent.example/.well-known/agent-card.json"],
    ["https://agent.example/a b/card.json", "https://agent.example/a%20b/card.json"],
  ])("names the card %j as the URI reference %j, in the artifact and every result", (cardUri, uri) => {
    const run = sarifOf({ ...input, cardUri }).runs[0]!;
    expect(run.artifacts[0]!.location.uri).toBe(uri);
    expect(isUriReference(uri)).toBe(true);
    const uris = new Set(run.results.flatMap((r) => r.locations.map((l) => l.physicalLocation.artifactLocation.uri)));
    expect([...uris]).toEqual([uri]);
  });

  it("lists a location once even when several pieces of evidence point at it", () => {
    // This 0.3 card's interfaces all take the card's protocolVersion: one piece of evidence per interface.
    const text = readCorpusCard("a2a-go-compat-v03-oldcard.json");
    const results = sarifOf({ review: review(text, findPreset("a2a-js")!), cardText: text, cardUri: "c.json" }).runs[0]!.results;
    expect(results.some((r) => r.ruleId === "shared-transport")).toBe(true);
    for (const result of results) {
      const places = result.locations.map((l) => JSON.stringify(l));
      expect(new Set(places).size).toBe(places.length);
    }
  });

  it("places each result at the card's line and column of its evidence", () => {
    const sarif = toSarif(input) as { runs: Array<{ results: Array<Record<string, any>> }> }; // eslint-disable-line @typescript-eslint/no-explicit-any
    const live = sarif.runs[0]!.results.find((r) => r.ruleId === "live-input-needs-streaming")!;
    expect(live.level).toBe("error");
    const region = live.locations[0].physicalLocation.region;
    const line = CONTOSO.text.split("\n")[region.startLine - 1]!;
    expect(line).toContain('"streaming": false');
    expect(live.properties).toMatchObject({ taskClass: "live-input", decision: "reject" });
  });
});

describe("JUnit", () => {
  it("is well-formed XML: one test case per task class, a failure per rejection", () => {
    const text = toJunit(input);
    expect(XMLValidator.validate(text)).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false }).parse(text) as { testsuites: { testsuite: { testcase: Array<Record<string, unknown>>; "@_failures": string } } };
    const cases = doc.testsuites.testsuite.testcase;
    expect(cases).toHaveLength(5);
    const failed = cases.filter((c) => "failure" in c).map((c) => c["@_name"]);
    expect(failed).toEqual(["live-input", "streaming-output"]);
    expect(doc.testsuites.testsuite["@_failures"]).toBe("2");
  });

  it("names each test case by its task class alone, the same whatever the decision; the decision is in a property and the failure", () => {
    type Case = { "@_name": string; properties: { property: { "@_name": string; "@_value": string } }; failure?: { "@_type": string; "@_message": string }; "system-out"?: string };
    const casesOf = (profile: typeof NORTHWIND) => {
      const text = toJunit({ review: review(CONTOSO.text, profile), cardText: CONTOSO.text, cardUri: "c.json" });
      const doc = new XMLParser({ ignoreAttributes: false }).parse(text) as { testsuites: { testsuite: { testcase: Case[] } } };
      return doc.testsuites.testsuite.testcase;
    };
    const strict = casesOf(NORTHWIND);
    const buffering = casesOf(findPreset("northwind-buffering")!);
    const live = (cases: Case[]) => cases.find((c) => c["@_name"] === "live-input")!;
    expect(strict.map((c) => c["@_name"])).toEqual(["request-response", "live-input", "async-completion", "fire-and-forget", "streaming-output"]);
    expect(buffering.map((c) => c["@_name"])).toEqual(strict.map((c) => c["@_name"]));
    // Northwind cannot buffer audio: live input is rejected; with buffering it is accepted.
    expect(live(strict).properties.property).toEqual([
      { "@_name": "decision", "@_value": "reject" },
      { "@_name": "target", "@_value": "server" },
    ]);
    expect(live(strict).failure?.["@_type"]).toBe("reject");
    expect(live(strict).failure?.["@_message"]).toMatch(/^Reject /);
    expect(live(buffering).properties.property).toEqual({ "@_name": "decision", "@_value": "accept" });
    expect(live(buffering).failure).toBeUndefined();
    const degraded = buffering.find((c) => c.properties.property["@_value"] === "accept-degraded")!;
    expect(degraded["system-out"]).toMatch(/degrad/i);
  });

  it("stays well-formed with hostile names (markup, control characters)", () => {
    const card = JSON.parse(CONTOSO.text) as Record<string, unknown>;
    card.name = 'Evil </testcase><script>"&\u0001\u0007';
    const text = JSON.stringify(card);
    expect(XMLValidator.validate(toJunit({ review: review(text, NORTHWIND), cardText: text, cardUri: "x" }))).toBe(true);
  });
});

describe("GitHub annotations", () => {
  it("writes one escaped annotation per finding behind a failing or notable decision", () => {
    const lines = toGithubAnnotations(input).trimEnd().split("\n");
    expect(lines.some((l) => /^::error file=cards\/contoso\.json,line=\d+,col=\d+,title=live-input%3A reject \(live-input-needs-streaming\)::/.test(l))).toBe(true);
    expect(lines.some((l) => l.startsWith("::notice ") && l.includes("push-callback-mtls"))).toBe(true);
    for (const line of lines) expect(line).not.toMatch(/\n/);
  });

  it("points a card that is not JSON at the parse error's line and column", () => {
    const lines = toGithubAnnotations(notJson).trimEnd().split("\n");
    expect(lines[0]).toMatch(/^::error file=trunc\.json,line=3,col=1,title=Invalid card \(notJson\)::/);
  });

  it("annotates an invalid card's errors, then one line for every class rejected for it", () => {
    const lines = toGithubAnnotations({ review: invalid, cardText: invalidText, cardUri: "bad.json" }).trimEnd().split("\n");
    const perClass = lines.filter((l) => !l.includes("title=Invalid card"));
    expect(lines.length - perClass.length).toBe(invalid.validity.problems.filter((p) => p.severity === "error").length);
    expect(perClass).toHaveLength(1);
    expect(perClass[0]).toMatch(/^::error file=bad\.json,line=1,col=1,title=request-response%2C live-input%2C async-completion%2C fire-and-forget%2C streaming-output%3A reject \(the card\)::Every task class is rejected\. The card is not valid/);
  });

  it("escapes newlines and percent signs in messages", () => {
    const card = JSON.parse(CONTOSO.text) as { skills: Array<{ inputModes: string[] }> };
    card.skills[0]!.inputModes = ["audio/pcm%0A::error::injected\nx"];
    const text = JSON.stringify(card, null, 2);
    const out = toGithubAnnotations({ review: review(text, NORTHWIND), cardText: text, cardUri: "c.json" });
    expect(out.split("\n").filter((l) => l.startsWith("::error::injected"))).toEqual([]);
  });
});

describe("--fail-on", () => {
  it("fails on the named decision and everything more severe", () => {
    expect(failsOn("reject")).toBe(true);
    expect(failsOn("escalate")).toBe(false);
    expect(failsOn("escalate", "escalate")).toBe(true);
    expect(failsOn("defer", "escalate")).toBe(false);
    expect(failsOn("reject", "defer")).toBe(true);
    expect(failsOn("accept-degraded", "defer")).toBe(false);
  });
});

describe("not for this client (a rejection aimed at the client)", () => {
  const js = findPreset("a2a-js")!;
  const r = review(LIVE_AUDIO_STREAMING, js, { taskClasses: ["request-response", "live-input"] });
  const input = { review: r, cardText: LIVE_AUDIO_STREAMING, cardUri: "cards/live.json" };
  const clientReject = { decision: "reject" as const, target: "client" as const };

  it("fails a run only when the policy names it", () => {
    expect(failsOn(clientReject)).toBe(false);
    expect(failsOn(clientReject, "defer")).toBe(false);
    expect(failsOn(clientReject, "not-for-client")).toBe(true);
    expect(failsOn({ decision: "reject", target: "server" })).toBe(true);
    expect(failsOn({ decision: "reject", target: "card" }, "not-for-client")).toBe(true);
    expect(failsOn({ decision: "defer" }, failPolicy(["defer", "not-for-client"]))).toBe(true);
    expect(failOnLabel(failPolicy(["not-for-client", "escalate"]))).toBe("escalate,not-for-client");
    expect(failOnLabel(undefined)).toBe("reject");
  });

  it("SARIF: a note, not an error, with the target in its properties; an error under --fail-on not-for-client", () => {
    type Result = { ruleId: string; level: string; message: { text: string }; properties: Record<string, string> };
    const results = (toSarif(input) as { runs: Array<{ results: Result[] }> }).runs[0]!.results;
    const live = results.filter((x) => x.properties.taskClass === "live-input");
    expect(live.length).toBeGreaterThan(0);
    for (const x of live) {
      expect(x.level).toBe("note");
      expect(x.properties).toMatchObject({ decision: "reject", target: "client" });
      expect(x.message.text).toMatch(/^live-input: not for this client\. /);
    }
    const strict = (toSarif({ ...input, failOn: "not-for-client" }) as { runs: Array<{ results: Result[] }> }).runs[0]!.results;
    expect(strict.filter((x) => x.properties.taskClass === "live-input").every((x) => x.level === "error")).toBe(true);
    expect(validateSarif(toSarif(input))).toBe(true);
  });

  it("JUnit: passes with its explanation by default, with decision and target properties; fails under not-for-client", () => {
    const text = toJunit(input);
    expect(XMLValidator.validate(text)).toBe(true);
    expect(text).toMatch(/<testsuites name="Parley" tests="2" failures="0">/);
    expect(text).toContain('<property name="decision" value="reject"/><property name="target" value="client"/>');
    expect(text).toMatch(/<system-out>Live input is not for this client: the client itself cannot perform it, whatever the card says\./);
    const strict = toJunit({ ...input, failOn: "not-for-client" });
    expect(strict).toMatch(/failures="1"/);
    expect(strict).toMatch(/<failure type="reject" message="Live input is not for this client/);
  });

  it("GitHub annotations: a notice, not an error", () => {
    const lines = toGithubAnnotations(input).split("\n").filter((l) => l.includes("live-input"));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).toMatch(/^::notice .*live-input%3A not for this client/);
  });
});
