import { afterEach, describe, expect, it } from "vitest";
import { callOptions, sdkClient, userMessage } from "../../reality/clients";
import { agentsClosedAfterEach } from "../../reality/test-agents";
import { startReactiveAgentsServer } from "../../reality/vendors/reactive-agents";
import { startVoltAgentServer } from "../../reality/vendors/voltagent";
import { BUILT_IN_TASK_CLASSES, findPreset } from "../negotiation";
import { ExchangeRecorder } from "./exchange";
import { probeAgent, type ProbeOptions } from "./probe";
import type { ProbeReport } from "./types";
import { checkWire } from "./wire-checks";
import { clientEffectSentence, wireClientsSummary, wireFindingSentence } from "./wire-explain";
import type { WireFindingId } from "./wire-rules";
import { HEAVY_TEST_MS } from "../../fixtures/test-budget";

// The probe against other vendors' real servers on 127.0.0.1 (reality/vendors/: Reactive Agents'
// @reactive-agents/a2a 0.9.0 and VoltAgent's @voltagent/a2a-server 2.0.3), and the JS SDK's own
// servers speaking A2A 0.3: the wire checks name exactly the faults each server has, with what
// each SDK client does with them, and nothing on the SDK's servers.
const kit = agentsClosedAfterEach();
const started: { close(): Promise<void> }[] = [];
afterEach(async () => void (await Promise.all(started.splice(0).map((s) => s.close()))));
const keep = <T extends { close(): Promise<void> }>(s: T): T => (started.push(s), s);

// The JS SDK client as an app configures it to reach 0.3 servers (every vendor server here is 0.3).
const profile = { ...findPreset("a2a-js")!, name: "a2a-js with legacyCompat", protocolVersions: ["1.0", "0.3"] };
const probe = (url: string, extra: Partial<ProbeOptions> = {}) => probeAgent({ card: { url }, profile, taskClasses: BUILT_IN_TASK_CLASSES, allowLoopback: true, ...extra });
const sending: Partial<ProbeOptions> = { send: { timeoutMs: 8000 }, explicitClasses: true };
const ids = (r: ProbeReport) => [...new Set((r.wire ?? []).map((f) => f.id))].sort();
const finding = (r: ProbeReport, id: WireFindingId) => {
  const f = r.wire?.find((w) => w.id === id);
  if (!f) throw new Error(`no ${id} finding; found ${ids(r).join(", ") || "none"}`);
  return f;
};

describe("the probe on Reactive Agents' server", () => {
  it("without --send: its tasks/get refusal is -32000, where A2A defines task-not-found, and every SDK client loses that error", async () => {
    const server = keep(await startReactiveAgentsServer());
    const report = await probe(server.cardUrl);
    expect(ids(report)).toEqual(["card-path-missed", "jsonrpc-generic-error-code"]);
    const f = finding(report, "jsonrpc-generic-error-code");
    expect(f).toMatchObject({ method: "tasks/get", version: "0.3", data: { code: -32000 } });
    expect(wireClientsSummary(f)).toBe("fails with the JS SDK 1.x client, the JS SDK 0.3 client and the Python SDK client");
    expect(wireFindingSentence(f)).toMatch(/^tasks\/get was refused with the generic code -32000 .* where A2A defines its own \(breaks A2A 1\.0: /);
    // What the frame was, as received, is in the finding and in the exchange log at its seq.
    expect(f.received).toContain('"code":-32000');
    expect(report.exchanges![f.seq]!.requestBody).toContain('"method":"tasks/get"');
    expect(report.sent).toBe(false);
  });

  // Its -32000 is still a JSON-RPC answer: the interface counts as reachable, so --send runs the
  // lifecycles, and the faults its code has on message/send and message/stream show on the probe's
  // own calls, each with what the JS SDK client does with it.
  it("with --send: the lifecycles run, and its id null and its stream events' id 1 are named with the JS SDK's own error", async () => {
    const server = keep(await startReactiveAgentsServer());
    const report = await probe(server.cardUrl, sending);
    expect(report.sent).toBe(true);
    expect(report.exchanges!.some((x) => /message\/send/.test(x.requestBody ?? ""))).toBe(true);
    expect(report.notes.join("\n")).toContain("JSON-RPC error -32000, not A2A's task-not-found");
    expect(ids(report)).toEqual(expect.arrayContaining(["jsonrpc-generic-error-code", "jsonrpc-id-mismatch"]));
    const idNull = finding(report, "jsonrpc-id-mismatch");
    expect(idNull.data).toMatchObject({ got: "null" });
    expect(wireClientsSummary(idNull)).toBe("fails with the JS SDK 1.x client and the JS SDK 0.3 client; works with the Python SDK client");
    expect(server.inputs.length).toBeGreaterThan(0);
  }, 30_000);
});

describe("the card as served, where each client looks for it", () => {
  // Reactive Agents serves its card at /.well-known/agent.json (A2A 0.2's path), VoltAgent one per
  // agent at /.well-known/<agentId>/agent-card.json; neither answers at /.well-known/agent-card.json,
  // the only path the SDK clients read: each of them fails to resolve the card, with its own error.
  it("Reactive Agents: a card only at /.well-known/agent.json, which no SDK client reads", async () => {
    const server = keep(await startReactiveAgentsServer());
    const report = await probe(server.cardUrl);
    const f = finding(report, "card-path-missed");
    expect(f.data).toMatchObject({ served: "/.well-known/agent.json", tried: `${server.origin}/.well-known/agent-card.json`, status: 404 });
    expect(wireClientsSummary(f)).toBe("fails with the JS SDK 1.x client, the JS SDK 0.3 client and the Python SDK client");
    expect(clientEffectSentence(f, "js-1")).toBe(`the JS SDK 1.x client throws: Failed to fetch Agent Card from ${server.origin}/.well-known/agent-card.json: 404`);
    expect(clientEffectSentence(f, "python")).toBe(`the Python SDK client throws: AgentCardResolutionError: Failed to fetch agent card from ${server.origin}/.well-known/agent-card.json (HTTP 404)`);
    // The probe asked at both well-known paths, GETs only, and they are in the exchange log.
    const gets = report.exchanges!.filter((x) => x.method === "GET").map((x) => new URL(x.url).pathname);
    expect(new Set(gets)).toEqual(new Set(["/.well-known/agent.json", "/.well-known/agent-card.json"]));
    expect(report.exchanges!.every((x) => x.method === "GET" || x.method === "POST")).toBe(true);
  });

  it("VoltAgent: a card per agent under /.well-known/<agentId>/, at no path an SDK client reads", async () => {
    const server = keep(await startVoltAgentServer());
    const report = await probe(server.cardUrl);
    const f = finding(report, "card-path-missed");
    expect(String(f.data.served)).toMatch(/^\/\.well-known\/[^/]+\/agent-card\.json$/);
    expect(wireFindingSentence(f)).toMatch(/^no card at .*\/\.well-known\/agent-card\.json \(HTTP 404\); the card answers at \/\.well-known\/[^/]+\/agent-card\.json only, where the profile's client \(a2a-js with legacyCompat\) does not look \(breaks A2A agent discovery: /);
    expect(server.inputs).toEqual([]);
  }, HEAVY_TEST_MS);
});

describe("the wire checks on the JS SDK client's own calls to Reactive Agents' server", () => {
  // What the probe cannot reach there yet (above), read the same way from a real client's traffic:
  // a non-blocking send, then a stream, to an agent that takes 1.2 s.
  it("name its id null, its stream events' id 1, the final marker before the output, and the answers held until the end", async () => {
    const server = keep(await startReactiveAgentsServer({ workMs: 1200 }));
    const recorder = new ExchangeRecorder();
    const client = await sdkClient(server.origin, { legacyCompat: true, cardPath: new URL(server.cardUrl).pathname, fetchImpl: recorder.wrap(fetch) });
    await expect(client.sendMessage(userMessage("text/plain", { returnImmediately: true }), callOptions())).rejects.toThrow("JSON-RPC response ID mismatch for method message/send. Expected 1, got null.");
    const stream = async () => {
      for await (const event of client.sendMessageStream(userMessage(), callOptions())) void event;
    };
    await expect(stream()).rejects.toThrow("JSON-RPC response ID mismatch in SSE event. Expected 2, got 1.");
    await recorder.settled();
    const findings = checkWire(recorder.exchanges);
    expect([...new Set(findings.map((f) => f.id))].sort()).toEqual(["blocking-ignored", "jsonrpc-id-mismatch", "sse-all-at-once", "sse-final-before-output", "sse-id-mismatch"]);
    const idNull = findings.find((f) => f.id === "jsonrpc-id-mismatch")!;
    expect(idNull.data).toMatchObject({ expected: "1", got: "null" });
    expect(wireClientsSummary(idNull)).toBe("fails with the JS SDK 1.x client and the JS SDK 0.3 client; works with the Python SDK client");
    // The SDK's sentence for the finding is the error the client threw.
    expect(clientEffectSentence(idNull, "js-1")).toBe("the JS SDK 1.x client throws: JSON-RPC response ID mismatch for method message/send. Expected 1, got null.");
    expect(findings.find((f) => f.id === "sse-final-before-output")!.data).toMatchObject({ finalEvent: 0, outputEvent: 1 });
    expect(server.inputs).toHaveLength(2);
  }, 20_000);
});

describe("the probe on VoltAgent's server", () => {
  it("without --send: JSON-RPC errors on HTTP 400 (the Python client loses them, the JS clients read them), and a streaming card without resubscribe", async () => {
    const server = keep(await startVoltAgentServer());
    const report = await probe(server.cardUrl);
    expect(ids(report)).toEqual(["card-path-missed", "jsonrpc-error-http-status"]);
    const f = finding(report, "jsonrpc-error-http-status");
    expect(f.data).toMatchObject({ status: 400 });
    expect(wireClientsSummary(f)).toBe("fails with the Python SDK client; works with the JS SDK 1.x client and the JS SDK 0.3 client");
    expect(clientEffectSentence(f, "python")).toBe("the Python SDK client loses the A2A error (the caller sees a generic failure): A2AClientError: HTTP Error 400");
    expect(report.contradictions).toContainEqual(expect.objectContaining({ pointer: "/capabilities/streaming", observed: expect.stringContaining("tasks/resubscribe") }));
    expect(server.inputs).toEqual([]);
  });

  it("with --send: tasks without kind and a U+001E byte after data: in every stream event, named with the JS SDK's own error, the one the send really threw", async () => {
    const server = keep(await startVoltAgentServer());
    const report = await probe(server.cardUrl, sending);
    expect(ids(report)).toEqual(["card-path-missed", "jsonrpc-error-http-status", "result-kind-missing", "sse-data-unparseable"]);
    const send = finding(report, "result-kind-missing");
    expect(send.method).toBe("message/send");
    expect(wireClientsSummary(send)).toBe("fails with the JS SDK 1.x client and the JS SDK 0.3 client; works with the Python SDK client");
    const thrown = clientEffectSentence(send, "js-1").replace(/^the JS SDK 1\.x client throws: /, "");
    expect(report.classes["request-response"]).toMatchObject({ observed: "failed", disagrees: true });
    expect(report.classes["request-response"]!.error).toBe(thrown);
    const stream = finding(report, "sse-data-unparseable");
    expect(stream.received.startsWith("\u001E{")).toBe(true);
    expect(wireClientsSummary(stream)).toBe("fails with the JS SDK 1.x client, the JS SDK 0.3 client and the Python SDK client");
    // Each stream the probe opened has its finding; the streaming class's error is the SDK's sentence for one of them.
    const thrownByStream = report.wire!.filter((w) => w.id === "sse-data-unparseable").map((w) => clientEffectSentence(w, "js-1").replace(/^the JS SDK 1\.x client throws: /, ""));
    expect(thrownByStream.some((t) => report.classes["streaming-output"]!.error!.includes(t))).toBe(true);
    // a2a-ai-provider is the JS SDK 0.3 client underneath: it reads nothing from such a task.
    expect(clientEffectSentence(send, "js-0.3")).toBe("the JS SDK 0.3 client returns, with no task or message the caller can read");
  });

  it("with --send, an agent that takes its time: a non-blocking send is held until the task is done", async () => {
    const server = keep(await startVoltAgentServer({ workMs: 1300 }));
    const report = await probe(server.cardUrl, { ...sending, taskClasses: BUILT_IN_TASK_CLASSES.filter((t) => t.id === "fire-and-forget") });
    expect(ids(report)).toContain("blocking-ignored");
    const f = finding(report, "blocking-ignored");
    expect(Number(f.data.heldMs)).toBeGreaterThanOrEqual(1000);
    expect(wireClientsSummary(f)).toMatch(/wait for the end$/);
  }, 20_000);
});

describe("the probe on the JS SDK's own servers speaking 0.3: no wire finding", () => {
  it("@a2a-js/sdk 0.3.14, probed and sent to", async () => {
    const a = await kit.agent({ sdk: "0.3", bindings: ["JSONRPC"], streaming: true });
    const report = await probe(a.cardUrl, sending);
    expect(report.wire).toEqual([]);
    expect(report.classes["request-response"]!.observed).toBe("completed");
  });

  it("@a2a-js/sdk 1.3 with its v0.3 compatibility on, probed and sent to", async () => {
    const a = await kit.agent({ bindings: ["JSONRPC"], legacyCompat: true, streaming: true });
    const report = await probe(a.cardUrl, sending);
    expect(report.wire).toEqual([]);
    expect(report.classes["request-response"]!.observed).toBe("completed");
  });
});
