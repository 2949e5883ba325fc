import { describe, expect, it } from "vitest";
import type { RunningAgent } from "../../reality/agents";
import { agentsClosedAfterEach } from "../../reality/test-agents";
import { findPreset, BUILT_IN_TASK_CLASSES } from "../negotiation";
import { probeAgent, type ProbeOptions } from "./probe";
import { HEAVY_TEST_MS } from "../../fixtures/test-budget";

// Real @a2a-js/sdk servers on 127.0.0.1 (the reality kit), probed through the SDK's own client.
const { agent } = agentsClosedAfterEach();

const profile = findPreset("a2a-js")!;

function probe(a: RunningAgent, extra: Partial<ProbeOptions> = {}) {
  return probeAgent({ card: { url: a.cardUrl }, profile, taskClasses: BUILT_IN_TASK_CLASSES, allowLoopback: true, ...extra });
}

describe("probe without --send: no task is created", () => {
  it("confirms an honest server on both bindings and creates nothing", async () => {
    const a = await agent({ bindings: ["JSONRPC", "HTTP+JSON"], streaming: true, push: true });
    const report = await probe(a);
    expect(report.contradictions).toEqual([]);
    expect(report.interfaces.map((i) => [i.binding, i.reachable, i.picked])).toEqual([
      ["JSONRPC", true, true],
      ["HTTP+JSON", true, false],
    ]);
    expect(report.card.servedToSdkDiffers).toBe(false);
    expect(a.log.messages).toEqual([]);
    expect(a.log.calls.map((c) => c.method)).not.toContain("sendMessage");
    expect(Object.values(report.classes).every((c) => c.observed === "skipped")).toBe(true);
  });

  it("says when the profile's client will not find the card where it was fetched (issue 39), and not when it will", async () => {
    const a = await agent({ bindings: ["JSONRPC"] });
    const sdk = await probe(a);
    expect(sdk.card.location).toMatchObject({ status: "found" });
    expect(sdk.notes.join(" ")).not.toMatch(/will not find this card/);
    // Reactive Agents' client reads only agent.json and /agent/card.
    const reactive = await probe(a, { profile: { ...profile, name: "Reactive Agents client", cardPaths: ["/.well-known/agent.json", "/agent/card"] } });
    expect(reactive.card.location).toMatchObject({ status: "notFound", cardPaths: ["/.well-known/agent.json", "/agent/card"] });
    expect(reactive.notes).toContainEqual(expect.stringMatching(/^This client will not find this card/));
  });

  it("names the dead first interface the SDK picks and never leaves, and the one that answers", async () => {
    const a = await agent({ bindings: ["JSONRPC", "HTTP+JSON"], lies: { deadFirstInterface: true } });
    const report = await probe(a);
    expect(report.interfaces.map((i) => [i.binding, i.reachable, i.picked])).toEqual([
      ["JSONRPC", false, true],
      ["HTTP+JSON", true, false],
    ]);
    expect(report.interfaces[0]!.error).toMatchObject({ kind: "notFound", status: 404 });
    expect(report.contradictions).toEqual([
      {
        pointer: "/supportedInterfaces/0/url",
        claim: `interface 0 is at ${a.origin}/nothing-here`,
        observed: expect.stringMatching(/^interface 0 has nothing behind it \(HTTP 404\) \(the SDK picks it and never tries another\); interface 1 answers: /),
      },
    ]);
  });

  it("asks what the card claims on the next live interface when the picked one is dead", async () => {
    const a = await agent({ bindings: ["JSONRPC", "HTTP+JSON"], lies: { deadFirstInterface: true, streamRefused: true } });
    const report = await probe(a);
    expect(report.contradictions.map((c) => c.pointer)).toEqual(["/supportedInterfaces/0/url", "/capabilities/streaming"]);
    expect(report.interfaces[0]!.error!.detail).toBe("Error: HTTP error for GetTask! Status: 404 Not Found. Response: an HTML page");
  });

  it("names a dead twin the SDK skips (it keeps the last 1.0 interface of a binding)", async () => {
    const a = await agent({ bindings: ["JSONRPC"], lies: { deadFirstInterface: true } });
    const report = await probe(a);
    expect(report.interfaces.map((i) => [i.binding, i.reachable, i.picked])).toEqual([
      ["JSONRPC", false, false],
      ["JSONRPC", true, true],
    ]);
    expect(report.contradictions.map((c) => [c.pointer, c.observed.replace(/: .*/, "")])).toEqual([["/supportedInterfaces/0/url", "interface 0 has nothing behind it (HTTP 404); interface 1 answers"]]);
  });

  it("reports a version the server compares as a string", async () => {
    const a = await agent({ protocolVersion: "1.0.0" });
    const report = await probe(a);
    expect(report.interfaces[0]).toMatchObject({ reachable: false, error: { kind: "versionNotSupported" } });
    expect(report.contradictions.map((c) => c.pointer)).toEqual(["/supportedInterfaces/0/protocolVersion"]);
    expect(report.contradictions[0]!.observed).toMatch(/VersionNotSupported/);
  });

  it("finds a refused stream without sending anything", async () => {
    const a = await agent({ lies: { streamRefused: true } });
    const report = await probe(a);
    expect(report.contradictions).toEqual([
      expect.objectContaining({ pointer: "/capabilities/streaming", claim: "capabilities.streaming is true", observed: expect.stringMatching(/^the stream was refused: .*UnsupportedOperation/) }),
    ]);
    expect(a.log.messages).toEqual([]);
  });

  it("says credentials are wanted, and passes them to the card's origin only when given", async () => {
    const a = await agent({ security: { kind: "bearer", token: "s3cret-token" } });
    const without = await probe(a);
    expect(without.interfaces[0]).toMatchObject({ reachable: false, error: { kind: "unauthorized", status: 401 } });
    expect(without.contradictions).toEqual([]);
    expect(without.notes.join("\n")).toMatch(/wants credentials \(HTTP 401\), as the card says/);
    const withToken = await probe(a, { headers: [["Authorization", "Bearer s3cret-token"]] });
    expect(withToken.interfaces[0]).toMatchObject({ reachable: true });
    expect(JSON.stringify(withToken)).not.toContain("s3cret-token");
    const wrong = await probe(a, { headers: [["Authorization", "Bearer wrong"]] });
    expect(wrong.notes.join("\n")).toMatch(/refused the credentials given/);
  });

  it("contradicts a card that declares no security when the server refuses without credentials", async () => {
    const a = await agent({
      security: { kind: "bearer", token: "t" },
      cardPatch: (card) => {
        delete card.securitySchemes;
        delete card.securityRequirements;
        return card;
      },
    });
    const report = await probe(a);
    expect(report.contradictions).toEqual([{ pointer: "/securitySchemes", claim: "the card declares no security", observed: "interface 0 answered HTTP 401" }]);
  });

  it("probes a 0.3 SDK server through the SDK's compat layer, pointing at the 0.3 card's own fields", async () => {
    const a = await agent({ sdk: "0.3", bindings: ["JSONRPC", "HTTP+JSON"], lies: { deadFirstInterface: true } });
    const report = await probe(a);
    expect(report.interfaces[0]).toMatchObject({ pointer: "/url", version: "0.3.0", picked: true, reachable: false });
    expect(report.interfaces.slice(1).some((i) => i.reachable)).toBe(true);
    expect(report.contradictions[0]).toMatchObject({ pointer: "/url", observed: expect.stringMatching(/^interface 0 has nothing behind it/) });
  });

  it("a card listing 2,000 interfaces: a few are called, the report lists those and the first 20 others, and says the rest once", async () => {
    const a = await agent({ bindings: ["JSONRPC"] });
    const served = JSON.parse(await (await fetch(a.cardUrl)).text()) as { supportedInterfaces: Array<Record<string, unknown>> };
    const first = served.supportedInterfaces[0]!;
    served.supportedInterfaces = [first, ...Array.from({ length: 2000 }, (_, i) => ({ ...first, url: `${String(first.url)}/copy-${i}` }))];
    const report = await probeAgent({ card: { text: JSON.stringify(served), source: "many.json" }, profile, taskClasses: BUILT_IN_TASK_CLASSES, allowLoopback: true });
    const called = report.interfaces.filter((i) => i.error?.kind !== "notProbed" && i.error?.kind !== "notCalled");
    expect(called.length).toBeGreaterThan(0);
    expect(report.interfaces.length).toBe(called.length + 20);
    expect(report.notes.filter((n) => /not called|not probed/.test(n)).length).toBeLessThanOrEqual(2);
    expect(report.notes).toContainEqual(`${2001 - called.length - 20} more interfaces that were not called are not listed (2001 declared).`);
    expect(JSON.stringify(report).length).toBeLessThan(200_000);
  });

  it("refuses a loopback agent unless loopback is allowed", async () => {
    const a = await agent({});
    await expect(probe(a, { allowLoopback: false })).rejects.toThrow(/could not be fetched/);
  });
});

describe("probe --send: the smallest lifecycle per class", () => {
  it("confirms the honest server's predictions", async () => {
    const a = await agent({ bindings: ["JSONRPC"], streaming: true, push: true });
    const report = await probe(a, { send: { timeoutMs: 5000 } });
    expect(report.contradictions).toEqual([]);
    const observed = Object.fromEntries(Object.entries(report.classes).map(([id, c]) => [id, [c.predicted, c.observed, c.disagrees ?? false]]));
    expect(observed).toMatchObject({
      "request-response": ["accept", "completed", false],
      "streaming-output": ["accept", "completed", false],
      "fire-and-forget": ["accept", "completed", false],
      "async-completion": [expect.any(String), "completed", false],
    });
    expect(a.log.messages.length).toBeGreaterThan(0);
  });

  it("a refused stream: the streamed class fails against an accept, and the claim is contradicted", async () => {
    const a = await agent({ lies: { streamRefused: true } });
    const report = await probe(a, { send: { timeoutMs: 5000 }, taskClasses: BUILT_IN_TASK_CLASSES.filter((t) => t.id === "streaming-output") });
    expect(report.classes["streaming-output"]).toMatchObject({ predicted: "accept", observed: "failed", disagrees: true, error: expect.stringMatching(/UnsupportedOperation/) });
    expect(report.contradictions.map((c) => c.pointer)).toEqual(["/capabilities/streaming"]);
  });

  it("catches a server that drops every push config", async () => {
    const a = await agent({ lies: { pushDropped: true } });
    const report = await probe(a, { send: { timeoutMs: 1500 }, taskClasses: BUILT_IN_TASK_CLASSES.filter((t) => t.id === "async-completion") });
    expect(report.classes["async-completion"]).toMatchObject({ observed: "completed-fallback" });
    expect(report.contradictions).toEqual([
      { pointer: "/capabilities/pushNotifications", claim: "capabilities.pushNotifications is true", observed: "no callback in 2 s while the task completed (found by polling)" },
    ]);
  }, HEAVY_TEST_MS);
});
