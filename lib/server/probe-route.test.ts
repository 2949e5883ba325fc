import { describe, expect, it } from "vitest";
import { agentsClosedAfterEach } from "../../reality/test-agents";
import { findPreset } from "../negotiation";
import { readSettings } from "../settings";
import { RateLimiter } from "./rate-limit";
import { createProbeRouteDeps, handleProbe, type ProbeLogEntry } from "./probe-route";
import { SEND_CONFIRMATION } from "../wire/probe";
import { startFaultyAgent } from "../probe/faulty-agent";
import { HEAVY_TEST_MS } from "../../fixtures/test-budget";

// The route in-process against real SDK agents on loopback: what it answers, what reached the
// agent, and what the operator's log line says.
const APP = "http://parley.test:3000";
const profile = findPreset("a2a-js")!;
const { agent } = agentsClosedAfterEach();

function setup(env: Record<string, string> = { PARLEY_ALLOW_LOOPBACK_FETCH: "1" }, limiter?: RateLimiter) {
  const logs: ProbeLogEntry[] = [];
  const deps = createProbeRouteDeps(readSettings(env), { log: (e) => logs.push(e), serverName: "parley.test", ...(limiter ? { limiter } : {}) });
  return { deps, logs };
}

function post(body: unknown, headers: Record<string, string> = {}): Request {
  return new Request(`${APP}/api/probe`, {
    method: "POST",
    headers: { host: "parley.test:3000", origin: APP, "sec-fetch-site": "same-origin", "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

describe("POST /api/probe", () => {
  it("checks a card against its live agent, sends credentials there only, and logs none of them", async () => {
    const a = await agent({ security: { kind: "bearer", token: "route-s3cret" }, lies: { streamRefused: true } });
    const { deps, logs } = setup();
    const response = await handleProbe(post({ url: a.cardUrl, profile, headers: [{ name: "Authorization", value: "Bearer route-s3cret" }] }), deps);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const report = await response.json();
    expect(report.interfaces[0]).toMatchObject({ reachable: true, picked: true });
    expect(report.contradictions.map((c: { pointer: string }) => c.pointer)).toEqual(["/capabilities/streaming"]);
    expect(a.log.messages).toEqual([]);
    expect(logs).toEqual([{ host: "127.0.0.1", outcome: "ok", status: 200, durationMs: expect.any(Number), sent: false }]);
    expect(JSON.stringify(logs) + JSON.stringify(report)).not.toContain("route-s3cret");
  });

  it.each([
    ["another site's JSON fetch", { origin: "https://evil.example", "sec-fetch-site": "cross-site" }, 403],
    ["another site's form post", { origin: "https://evil.example", "sec-fetch-site": "cross-site", "content-type": "text/plain" }, 403],
  ])("refuses %s before any outbound request", async (_what, headers, status) => {
    const a = await agent();
    const { deps, logs } = setup();
    const response = await handleProbe(post({ url: a.cardUrl, profile }, headers), deps);
    expect(response.status).toBe(status);
    expect(a.log.requests).toEqual([]);
    expect(logs[0]).toMatchObject({ host: null, status });
  });

  it("refuses a private address (loopback not allowed) without connecting", async () => {
    const a = await agent();
    const { deps } = setup({});
    const response = await handleProbe(post({ url: a.cardUrl, profile }), deps);
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ code: "cardUnusable", message: expect.stringMatching(/loopback/) });
    expect(a.log.requests).toEqual([]);
  });

  it("answers 429 over the rate, with Retry-After, before any outbound request", async () => {
    const a = await agent();
    const { deps } = setup({ PARLEY_ALLOW_LOOPBACK_FETCH: "1" }, new RateLimiter(1, 1));
    expect((await handleProbe(post({ url: a.cardUrl, profile }), deps)).status).toBe(200);
    const before = a.log.requests.length;
    const over = await handleProbe(post({ url: a.cardUrl, profile }), deps);
    expect(over.status).toBe(429);
    expect(over.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(a.log.requests.length).toBe(before);
  });

  it("sends real messages only when the operator enabled it and the user confirmed twice", async () => {
    const a = await agent();
    const off = await handleProbe(post({ url: a.cardUrl, profile, send: true, confirmSend: SEND_CONFIRMATION }), setup().deps);
    expect(off.status).toBe(403);
    expect((await off.json()).code).toBe("sendDisabled");
    const on = setup({ PARLEY_ALLOW_LOOPBACK_FETCH: "1", PARLEY_PROBE_SEND: "1" });
    const unconfirmed = await handleProbe(post({ url: a.cardUrl, profile, send: true }), on.deps);
    expect(unconfirmed.status).toBe(400);
    expect((await unconfirmed.json()).code).toBe("sendNotConfirmed");
    expect(a.log.messages).toEqual([]);
    const confirmed = await handleProbe(post({ url: a.cardUrl, profile, send: true, confirmSend: SEND_CONFIRMATION, taskClasses: ["request-response"] }), on.deps);
    expect(confirmed.status).toBe(200);
    expect((await confirmed.json()).classes["request-response"]).toEqual({ predicted: "accept", observed: "completed" });
    expect(a.log.messages).toHaveLength(1);
  });

  it("keeps a long confirmed send's connection moving and answers its report at the end", async () => {
    const slow = await startFaultyAgent({ workMs: 1200 });
    try {
      const logs: ProbeLogEntry[] = [];
      const deps = createProbeRouteDeps(readSettings({ PARLEY_ALLOW_LOOPBACK_FETCH: "1", PARLEY_PROBE_SEND: "1" }), {
        log: (e) => logs.push(e),
        serverName: "parley.test",
        heartbeat: { afterMs: 300, everyMs: 200 },
      });
      // A 0.3 card: the Python client's profile accepts it (the JS one wants a 1.0 interface).
      const response = await handleProbe(post({ url: slow.cardUrl, profile: findPreset("a2a-python")!, taskClasses: ["request-response", "streaming-output"], send: true, confirmSend: SEND_CONFIRMATION }), deps);
      // Answered before the check ended: the status line and the first byte leave at once.
      expect(response.status).toBe(200);
      expect(response.headers.get("x-parley-probe")).toBe("heartbeat");
      expect(logs).toEqual([]);
      const reader = response.body!.getReader();
      const pieces: string[] = [];
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        pieces.push(new TextDecoder().decode(value));
      }
      expect(pieces.length).toBeGreaterThan(2);
      expect(pieces[0]).toBe(" ");
      const report = JSON.parse(pieces.join(""));
      expect(report.classes["request-response"]).toMatchObject({ observed: "completed" });
      expect(report.wire).toEqual([]);
      expect(logs).toEqual([{ host: "127.0.0.1", outcome: "ok", status: 200, durationMs: expect.any(Number), sent: true }]);
    } finally {
      await slow.close();
    }
  }, HEAVY_TEST_MS);
});
