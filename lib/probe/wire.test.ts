import { afterEach, describe, expect, it } from "vitest";
import { agentsClosedAfterEach } from "../../reality/test-agents";
import { BUILT_IN_TASK_CLASSES, findPreset } from "../negotiation";
import { sseEvents } from "./exchange";
import { type FaultyAgent, type FaultyAgentOptions, startFaultyAgent } from "./faulty-agent";
import { probeAgent, type ProbeOptions } from "./probe";
import type { WireFindingId } from "./wire-rules";
import { clientEffectSentence, wireClientsSummary, wireFindingSentence } from "./wire-explain";

// Real servers on 127.0.0.1: a deliberately faulty test agent (one switch per fault seen in
// independent servers) and the reality kit's honest @a2a-js/sdk servers, probed through the SDK's client.
const kit = agentsClosedAfterEach();
const started: FaultyAgent[] = [];
async function agent(options: FaultyAgentOptions = {}) {
  const a = await startFaultyAgent(options);
  started.push(a);
  return a;
}
afterEach(async () => void (await Promise.all(started.splice(0).map((a) => a.close()))));

const profile = findPreset("a2a-js")!;
const probe = (url: string, extra: Partial<ProbeOptions> = {}) =>
  probeAgent({ card: { url }, profile, taskClasses: BUILT_IN_TASK_CLASSES, allowLoopback: true, ...extra });
const sending: Partial<ProbeOptions> = { send: { timeoutMs: 8000 }, explicitClasses: true };
const ids = (r: { wire?: { id: WireFindingId }[] }) => [...new Set((r.wire ?? []).map((f) => f.id))].sort();

describe("wire checks: honest servers give no finding", () => {
  it("an honest @a2a-js/sdk server, probed and sent to on both bindings", async () => {
    const a = await kit.agent({ bindings: ["JSONRPC", "HTTP+JSON"], streaming: true, push: true });
    const report = await probe(a.cardUrl, sending);
    expect(report.wire).toEqual([]);
    expect(report.exchanges!.length).toBeGreaterThan(5);
  });

  it("the faulty test agent with every fault off", async () => {
    const a = await agent({ push: true });
    const report = await probe(a.cardUrl, sending);
    expect(report.wire).toEqual([]);
    expect(Object.values(report.classes).map((c) => c.observed)).not.toContain("failed");
  });
});

describe("wire checks: each fault named, with what each client does", () => {
  const cases: [string, FaultyAgentOptions, WireFindingId[], RegExp][] = [
    ["id null on message/send", { faults: { idNull: true } }, ["jsonrpc-id-mismatch"], /^fails with the JS SDK 1\.x client and the JS SDK 0\.3 client; works with the Python SDK client$/],
    ["id 1 on every stream event", { faults: { streamIdOne: true } }, ["sse-id-mismatch"], /works with the Python SDK client$/],
    ["tasks without kind", { faults: { noKind: true } }, ["result-kind-missing", "sse-kind-missing"], /works with the Python SDK client$/],
    ["a stray U+001E after data:", { faults: { recordSeparator: true } }, ["sse-data-unparseable"], /^fails with the JS SDK 1\.x client, the JS SDK 0\.3 client and the Python SDK client$/],
    ["the final marker before the output", { faults: { finalBeforeOutput: true } }, ["sse-final-before-output"], /not traced/],
    ["push and resubscribe refused with -32000 on HTTP 200", { push: true, faults: { generic32000: true } }, ["jsonrpc-generic-error-code"], /^fails with /],
    ["JSON-RPC errors on HTTP 400", { faults: { errorsHttp400: true } }, ["jsonrpc-error-http-status"], /^fails with the Python SDK client; works with the JS SDK 1\.x client and the JS SDK 0\.3 client$/],
    ["A2A 1.0 answers on an interface declared 0.3", { faults: { answers10: true } }, ["served-1.0-on-0.3"], /^fails with the JS SDK 1\.x client, the JS SDK 0\.3 client and the Python SDK client$/],
  ];
  for (const [name, options, expected, summary] of cases) {
    it(name, async () => {
      const a = await agent(options);
      const report = await probe(a.cardUrl, sending);
      expect(ids(report)).toEqual(expected);
      const f = report.wire!.find((w) => w.id === expected[0])!;
      expect(wireClientsSummary(f)).toMatch(summary);
      expect(wireFindingSentence(f)).toMatch(/\(breaks /);
      expect(report.exchanges![f.seq]!.url).toBe(f.url.startsWith("http") ? f.url : report.exchanges![f.seq]!.url);
    });
  }

  it("the JS client's error is the one it throws on the wire", async () => {
    const a = await agent({ faults: { idNull: true } });
    const report = await probe(a.cardUrl, sending);
    const f = report.wire!.find((w) => w.id === "jsonrpc-id-mismatch")!;
    const thrown = report.classes["request-response"]!.error!;
    expect(thrown).toContain(clientEffectSentence(f, "js-1").replace(/^the JS SDK 1\.x client throws: /, ""));
    expect(clientEffectSentence(f, "python")).toBe("the Python SDK client works");
  });

  it("a 1.0 answer on a 0.3 interface: the JS SDK 1.x client throws the error the rule names", async () => {
    const a = await agent({ faults: { answers10: true } });
    const report = await probe(a.cardUrl, { ...sending, taskClasses: BUILT_IN_TASK_CLASSES.filter((t) => t.id === "request-response") });
    const f = report.wire!.find((w) => w.id === "served-1.0-on-0.3")!;
    expect(f).toMatchObject({ method: "message/send", version: "0.3", data: { wrapper: "task", state: "TASK_STATE_COMPLETED" } });
    expect(wireFindingSentence(f)).toMatch(/^the message\/send answer on an interface declared 0\.3 is in A2A 1\.0's shape \(a "task" wrapper, state TASK_STATE_COMPLETED, no "kind"\)/);
    expect(report.classes["request-response"]).toMatchObject({ observed: "failed" });
    expect(report.classes["request-response"]!.error).toContain(clientEffectSentence(f, "js-1").replace(/^the JS SDK 1\.x client throws: /, ""));
    expect(clientEffectSentence(f, "python")).toBe("the Python SDK client returns, with no task or message the caller can read");
  });

  it("a 0.3 answer on a 1.0 interface: the JS SDK 1.x client throws the error the rule names; the same agent answering in 1.0's shape gives nothing", async () => {
    const onlyRequestResponse = { ...sending, taskClasses: BUILT_IN_TASK_CLASSES.filter((t) => t.id === "request-response") };
    const a = await agent({ declares10: true, streaming: false, faults: { answers03: true } });
    const report = await probe(a.cardUrl, onlyRequestResponse);
    expect(ids(report)).toEqual(["served-0.3-on-1.0"]);
    const f = report.wire!.find((w) => w.id === "served-0.3-on-1.0")!;
    expect(f).toMatchObject({ method: "SendMessage", version: "1.0", data: { kind: "task", state: "completed", field: "id" } });
    expect(wireFindingSentence(f)).toMatch(/^the SendMessage answer on an interface declared 1\.0 is in A2A 0\.3's shape \("kind": "task", state completed, no "task" or "message" wrapper\)/);
    expect(wireClientsSummary(f)).toBe("fails with the JS SDK 1.x client and the Python SDK client; the JS SDK 0.3 client never makes this call");
    expect(report.classes["request-response"]).toMatchObject({ observed: "failed" });
    expect(report.classes["request-response"]!.error).toContain(clientEffectSentence(f, "js-1").replace(/^the JS SDK 1\.x client throws: /, ""));
    const honest = await agent({ declares10: true, streaming: false });
    const clean = await probe(honest.cardUrl, onlyRequestResponse);
    expect(clean.wire).toEqual([]);
    expect(clean.classes["request-response"]).toMatchObject({ observed: "completed" });
  });

  it("events held until the task ends, and a non-blocking send answered only at the end", async () => {
    const a = await agent({ workMs: 1300, faults: { streamAllAtOnce: true, ignoreNonBlocking: true } });
    const report = await probe(a.cardUrl, { ...sending, taskClasses: BUILT_IN_TASK_CLASSES.filter((t) => ["streaming-output", "fire-and-forget"].includes(t.id)) });
    expect(ids(report)).toEqual(["blocking-ignored", "sse-all-at-once"]);
  });

  it("an honest slow agent streams as it goes and answers a non-blocking send at once", async () => {
    const a = await agent({ workMs: 1300 });
    const report = await probe(a.cardUrl, { ...sending, taskClasses: BUILT_IN_TASK_CLASSES.filter((t) => ["streaming-output", "fire-and-forget"].includes(t.id)) });
    expect(report.wire).toEqual([]);
  });

  it("a send whose task outlasts the 5 s budget of a call that creates nothing still completes", async () => {
    const a = await agent({ workMs: 6000 });
    const report = await probe(a.cardUrl, { ...sending, taskClasses: BUILT_IN_TASK_CLASSES.filter((t) => t.id === "request-response") });
    expect(report.classes["request-response"]).toMatchObject({ observed: "completed" });
  }, 20_000);

  it("push callbacks without JSON or the token", async () => {
    const a = await agent({ push: true, faults: { sloppyPush: true } });
    const report = await probe(a.cardUrl, { send: { timeoutMs: 1500 }, explicitClasses: true, taskClasses: BUILT_IN_TASK_CLASSES.filter((t) => t.id === "async-completion") });
    expect(ids(report)).toEqual(["push-content-type", "push-token"]);
    const inbound = report.exchanges!.filter((x) => x.direction === "in");
    expect(inbound).toHaveLength(1);
    expect(inbound[0]!.requestHeaders["content-type"]).toBe("text/plain");
  }, 15_000);
});

describe("the version checks beyond the blocking send", () => {
  const only = (...idsOf: string[]) => ({ ...sending, taskClasses: BUILT_IN_TASK_CLASSES.filter((t) => idsOf.includes(t.id)) });

  it("a 0.3 stream whose events are in 1.0's shape: the JS SDK 1.x client throws what the rule names; the 0.3 and Python clients read nothing", async () => {
    const a = await agent({ faults: { stream10: true } });
    const report = await probe(a.cardUrl, only("streaming-output"));
    expect(ids(report)).toEqual(["served-1.0-on-0.3"]);
    const f = report.wire!.find((w) => w.id === "served-1.0-on-0.3")!;
    expect(f).toMatchObject({ method: "message/stream", version: "0.3", data: { event: 0, wrapper: "task", state: "TASK_STATE_SUBMITTED" } });
    expect(wireFindingSentence(f)).toMatch(/^the message\/stream stream event 0 on an interface declared 0\.3 is in A2A 1\.0's shape \(a "task" wrapper, state TASK_STATE_SUBMITTED, no "kind"\)/);
    expect(wireClientsSummary(f)).toBe("fails with the JS SDK 1.x client, the JS SDK 0.3 client and the Python SDK client");
    expect(report.classes["streaming-output"]).toMatchObject({ observed: "failed" });
    expect(report.classes["streaming-output"]!.error).toContain(clientEffectSentence(f, "js-1").replace(/^the JS SDK 1\.x client throws: /, ""));
    expect(clientEffectSentence(f, "python")).toBe("the Python SDK client returns, with no task or message the caller can read");
  });

  it("a 0.3 tasks/get answered with a 1.0 task: the JS SDK 1.x client throws on its parts, the Python client on its state", async () => {
    const a = await agent({ faults: { get10: true } });
    const report = await probe(a.cardUrl, only("async-completion"));
    expect(ids(report)).toEqual(["served-1.0-on-0.3"]);
    const f = report.wire!.find((w) => w.id === "served-1.0-on-0.3")!;
    expect(f).toMatchObject({ method: "tasks/get", version: "0.3", data: { state: "TASK_STATE_COMPLETED" } });
    expect(wireFindingSentence(f)).toMatch(/^the tasks\/get answer on an interface declared 0\.3 is in A2A 1\.0's shape \(a bare task, state TASK_STATE_COMPLETED, no "kind"\)/);
    expect(report.classes["async-completion"]).toMatchObject({ observed: "failed" });
    expect(report.classes["async-completion"]!.error).toContain("Invalid v0.3 part kind: undefined");
    expect(clientEffectSentence(f, "python")).toMatch(/^the Python SDK client throws: ValidationError: 1 validation error for Task status\.state Input should be 'submitted', .* \[type=enum, input_value='TASK_STATE_COMPLETED', input_type=str\]$/);
  });

  it("a 1.0 stream whose events are 0.3's: the JS SDK 1.x client reads no event, the Python client throws; the honest 1.0 stream gives nothing", async () => {
    const a = await agent({ declares10: true, faults: { stream03: true } });
    const report = await probe(a.cardUrl, only("streaming-output"));
    expect(ids(report)).toEqual(["served-0.3-on-1.0"]);
    const f = report.wire!.find((w) => w.id === "served-0.3-on-1.0")!;
    expect(f).toMatchObject({ method: "SendStreamingMessage", version: "1.0", data: { event: 0, kind: "task", state: "submitted", field: "id" } });
    expect(wireClientsSummary(f)).toBe("fails with the JS SDK 1.x client and the Python SDK client; the JS SDK 0.3 client never makes this call");
    expect(clientEffectSentence(f, "python")).toBe('the Python SDK client throws: ParseError: Message type "lf.a2a.v1.StreamResponse" has no field named "id"');
    expect(report.classes["streaming-output"]).toMatchObject({ observed: "failed" });
    const honest = await agent({ declares10: true });
    const clean = await probe(honest.cardUrl, only("streaming-output"));
    expect(clean.wire).toEqual([]);
    expect(clean.classes["streaming-output"]).toMatchObject({ observed: "completed" });
  });

  it("a 1.0 GetTask answered with a 0.3 task: named with each client's effect; the honest 1.0 agent's polling completes", async () => {
    // The JS SDK 1.x client reads an unrecognised state and polls on: the class ends at its timeout.
    const a = await agent({ declares10: true, streaming: false, faults: { get03: true } });
    const report = await probe(a.cardUrl, { send: { timeoutMs: 1500 }, explicitClasses: true, taskClasses: BUILT_IN_TASK_CLASSES.filter((t) => t.id === "async-completion") });
    expect(ids(report)).toEqual(["served-0.3-on-1.0"]);
    const f = report.wire!.find((w) => w.id === "served-0.3-on-1.0")!;
    expect(f).toMatchObject({ method: "GetTask", version: "1.0", data: { kind: "task", state: "completed" } });
    expect(clientEffectSentence(f, "js-1")).toBe("the JS SDK 1.x client returns, with no task or message the caller can read");
    expect(clientEffectSentence(f, "python")).toBe("the Python SDK client throws: ParseError: Invalid enum value completed for enum type lf.a2a.v1.TaskState");
    expect(report.classes["async-completion"]!.observed).not.toBe("completed");
    const honest = await agent({ declares10: true, streaming: false });
    const clean = await probe(honest.cardUrl, only("async-completion"));
    expect(clean.wire).toEqual([]);
    expect(clean.classes["async-completion"]).toMatchObject({ observed: "completed" });
  }, 20_000);
});

describe("the card as served, per client", () => {
  it("the Python SDK server's card (both shapes, one 1.0 and one 0.3 interface on one endpoint): no finding, a note; the JS SDK 0.3 client reads url and its call is answered", async () => {
    const a = await agent({ pythonCard: true });
    const report = await probe(a.cardUrl, { ...sending, taskClasses: BUILT_IN_TASK_CLASSES.filter((t) => t.id === "request-response") });
    expect(report.wire).toEqual([]);
    expect(report.notes).toContainEqual(expect.stringMatching(new RegExp(`^The card is served in both shapes at once .* the JS SDK 0\\.3 client goes to its url ${a.origin.replace(/\./g, "\\.")}/a2a \\(JSONRPC\\), which supportedInterfaces declare 0\\.3 too`)));
    expect(report.classes["request-response"]).toMatchObject({ observed: "completed" });
    // The same bytes whatever the header, and nothing at /.well-known/agent.json (404).
    const cards = report.exchanges!.filter((x) => x.method === "GET" && x.url === a.cardUrl);
    expect(new Set(cards.map((x) => x.responseBody)).size).toBe(1);
    expect(report.exchanges!.find((x) => x.url === `${a.origin}/.well-known/agent.json`)?.status).toBe(404);
    // The JS SDK 0.3 client itself: reads url and preferredTransport, and its message/send is answered in 0.3.
    const { ClientFactory } = await import("a2a-sdk-03/client");
    const client = await new ClientFactory().createFromUrl(a.origin);
    const sent = await client.sendMessage({ message: { kind: "message", messageId: "m1", role: "user", parts: [{ kind: "text", text: "hi" }] } });
    expect(sent).toMatchObject({ kind: "task", status: { state: "completed" } });
    expect(a.calls).toContain("message/send");
  });

  it("the Python SDK server without its 0.3 compatibility, over a versionless interface: the url it writes refuses 0.3", async () => {
    const a = await agent({ pythonCard: true, pythonNoCompat: true });
    const report = await probe(a.cardUrl);
    const f = report.wire!.find((w) => w.id === "card-0.3-url-not-0.3")!;
    expect(f).toMatchObject({ method: "tasks/get", data: { url: `${a.origin}/a2a`, transport: "JSONRPC", declared: "", code: -32601 } });
    expect(wireFindingSentence(f)).toMatch(/is declared with no protocolVersion in supportedInterfaces, not 0\.3; asked 0\.3's tasks\/get there, the agent refused it \(JSON-RPC error -32601\)/);
    expect(wireClientsSummary(f)).toBe("fails with the JS SDK 1.x client and the JS SDK 0.3 client; works with the Python SDK client");
    // The probe's own client (JS SDK 1.x, legacyCompat on) takes the versionless interface for 0.3 and is refused as the rule says.
    expect(report.interfaces[0]!.error!.detail).toContain(clientEffectSentence(f, "js-1").replace(/^the JS SDK 1\.x client throws: /, ""));
    const { ClientFactory } = await import("a2a-sdk-03/client");
    const client = await new ClientFactory().createFromUrl(a.origin);
    await expect(client.sendMessage({ message: { kind: "message", messageId: "m1", role: "user", parts: [{ kind: "text", text: "hi" }] } })).rejects.toThrow(clientEffectSentence(f, "js-0.3").replace(/^the JS SDK 0\.3 client throws: /, ""));
  });

  it("a card that offers something else to A2A-Version: 1.0: who is served which", async () => {
    const a = await agent({ faults: { cardByVersion: true } });
    const report = await probe(a.cardUrl);
    expect(ids(report)).toEqual(["card-differs-by-version"]);
    const f = report.wire!.find((w) => w.id === "card-differs-by-version")!;
    expect(f.data).toMatchObject({ fields: "capabilities.streaming, skills", first: "none", other: "1.0" });
    expect(wireFindingSentence(f)).toMatch(/^the card served with A2A-Version: 1\.0 offers something else than the one served without A2A-Version: capabilities\.streaming, skills differ \(breaks A2A 1\.0: /);
    expect(wireClientsSummary(f)).toBe(
      "the JS SDK 1.x client and the Python SDK client are served the card with A2A-Version: 1.0; the JS SDK 0.3 client is served the card without A2A-Version",
    );
    expect(clientEffectSentence(f, "js-0.3")).toBe("the JS SDK 0.3 client is served the card without A2A-Version");
    // The card asked for three ways, GETs only, each in the exchange log.
    const versions = report.exchanges!.filter((x) => x.method === "GET" && x.url === a.cardUrl).map((x) => x.requestHeaders["a2a-version"] ?? "none");
    expect(versions.sort()).toEqual(["0.3", "1.0", "none"]);
  });

  it("a profile whose client reads only /.well-known/agent.json, on a server that serves agent-card.json: the finding names that client, every SDK client works", async () => {
    const a = await agent();
    const oldClient = { ...profile, name: "Old 0.2 client", cardPaths: ["/.well-known/agent.json"] };
    const report = await probe(a.cardUrl, { profile: oldClient });
    expect(ids(report)).toEqual(["card-path-missed"]);
    const f = report.wire!.find((w) => w.id === "card-path-missed")!;
    expect(wireFindingSentence(f)).toMatch(
      new RegExp(`^no card at ${a.origin.replace(/\./g, "\\.")}/\\.well-known/agent\\.json \\(HTTP 404\\); the card answers at /\\.well-known/agent-card\\.json only, where the profile's client \\(Old 0\\.2 client\\) does not look`),
    );
    expect(wireClientsSummary(f)).toBe("works with the JS SDK 1.x client, the JS SDK 0.3 client and the Python SDK client");
  });

  // The JS SDK 1.x server's agentCardHandler, over the SDK's own AgentCard object as its docs show,
  // writes security schemes as {"scheme":{"$case":…,"value":…}}: the honest server's one finding,
  // for the clients that are served that card and read schemes from it.
  it("the JS SDK server serving its card object: the Python client reads no scheme, the JS SDK 0.3 client cannot resolve the card, the 1.x client works", async () => {
    const a = await kit.agent({ bindings: ["JSONRPC"], security: { kind: "bearer", token: "t0k" }, cardServing: "sdk-object" });
    const report = await probe(a.cardUrl, { headers: Object.entries(a.credentials!) });
    expect(ids(report)).toEqual(["card-scheme-shape"]);
    const f = report.wire!.find((w) => w.id === "card-scheme-shape")!;
    expect(f.received).toContain('"$case":"httpAuthSecurityScheme"');
    expect(wireClientsSummary(f)).toBe("fails with the JS SDK 0.3 client and the Python SDK client; works with the JS SDK 1.x client");
    expect(clientEffectSentence(f, "python")).toBe("the Python SDK client reads no security scheme, so it sends no credentials and every call is refused (HTTP 401)");
    // The 0.3 client's own card resolver throws what the rule says.
    const { ClientFactory } = await import("a2a-sdk-03/client");
    await expect(new ClientFactory().createFromUrl(a.origin)).rejects.toThrow(clientEffectSentence(f, "js-0.3").replace(/^the JS SDK 0\.3 client throws: /, ""));
    expect(report.interfaces[0]).toMatchObject({ reachable: true });
  });

  it("the same server with its v0.3 compatibility on: the JS SDK 0.3 client is served the 0.3 card and reads it; only the Python client fails", async () => {
    const a = await kit.agent({ bindings: ["JSONRPC"], security: { kind: "bearer", token: "t0k" }, cardServing: "sdk-object", legacyCompat: true });
    const report = await probe(a.cardUrl, { headers: Object.entries(a.credentials!) });
    expect(ids(report)).toEqual(["card-scheme-shape"]);
    const f = report.wire!.find((w) => w.id === "card-scheme-shape")!;
    expect(f.data).toMatchObject({ headers: "1.0" });
    expect(wireClientsSummary(f)).toBe("fails with the Python SDK client; works with the JS SDK 1.x client and the JS SDK 0.3 client");
    const { ClientFactory } = await import("a2a-sdk-03/client");
    await expect(new ClientFactory().createFromUrl(a.origin)).resolves.toBeDefined();
    // The shape switches by the header, what the card offers does not: a note, no finding.
    expect(report.notes).toContainEqual(
      "The card is served in A2A 0.3's shape with 1.0's interfaces in it without A2A-Version (the JS SDK 0.3 client), in A2A 0.3's shape with 1.0's interfaces in it with A2A-Version: 0.3 and in A2A 1.0's shape with A2A-Version: 1.0 (the JS SDK 1.x client and the Python SDK client); what it offers is the same.",
    );
    // Its 0.3 card carries both shapes, its url an interface declared 0.3: every client reads it right.
    expect(report.notes).toContainEqual(expect.stringMatching(/^The card is served in both shapes at once .*which supportedInterfaces declare 0\.3 too/));
  });
});

describe("the exchange log", () => {
  it("has every request in order with timing, and never a credential, even one the agent echoes", async () => {
    const secret = "Bearer sk-live-0123456789abcdef";
    const a = await agent({ faults: { echoCredentials: true } });
    const report = await probe(a.cardUrl, { headers: [["Authorization", secret]] });
    const text = JSON.stringify(report);
    expect(text).not.toContain("sk-live-0123456789abcdef");
    expect(text).toContain("[redacted]");
    const log = report.exchanges!;
    expect(log.map((x) => x.seq)).toEqual(log.map((_, i) => i));
    expect(log.every((x) => x.endedMs! >= x.startedMs)).toBe(true);
    expect(log[0]!.requestHeaders.authorization).toBe("[redacted]");
    expect(log.some((x) => /Task not found \(you sent \[redacted\]\)/.test(x.responseBody ?? ""))).toBe(true);
  });

  it("reads SSE events as the spec frames them", () => {
    const events = sseEvents([
      { atMs: 1, text: "data: {\"a\":1}\n\n: comment\ndata:x\r\ndata: y\n" },
      { atMs: 9, text: "\n" },
    ]);
    expect(events).toEqual([
      { data: '{"a":1}', atMs: 1 },
      { data: "x\ny", atMs: 9 },
    ]);
  });
});

describe("fan-out", () => {
  it("a card with thousands of interfaces makes a bounded number of calls and says what it skipped", async () => {
    const a = await agent({ streaming: false, extraInterfaces: [...Array.from({ length: 3000 }, (_, i) => `http://127.0.0.1:1/x${i % 50}`), ...Array.from({ length: 20 }, (_, i) => `http://10.0.0.${i}:80/a2a`)] });
    const report = await probe(a.cardUrl);
    // Listed: the interfaces called, and the first 20 of the rest; the others are counted in a note.
    const listedCalled = report.interfaces.filter((i) => i.error?.kind !== "notProbed" && i.error?.kind !== "notCalled").length;
    expect(report.interfaces).toHaveLength(listedCalled + 20);
    expect(report.notes).toContainEqual(`${3021 - listedCalled - 20} more interfaces that were not called are not listed (3021 declared).`);
    const calls = report.exchanges!.filter((x) => x.direction === "out" && x.method === "POST");
    expect(calls.length).toBeLessThanOrEqual(16);
    expect(report.notes.some((n) => /^\d+ of 3021 interfaces were not called/.test(n))).toBe(true);
  });
});
