import { afterEach, describe, expect, it } from "vitest";
import { json, startTestServer, type TestServer } from "@/lib/fetch/test-server";
import { Slots } from "@/lib/fetch/slots";
import { readSettings } from "@/lib/settings";
import type { FetchLogEntry } from "./fetch-log";
import { decodeFetchedCard } from "@/lib/wire/fetch-card";
import { createFetchRouteDeps, handleFetchCard } from "./fetch-route";
import { RateLimiter } from "./rate-limit";

// The route handler in-process, against a card server on loopback; every request it answers is
// checked for what the operator's log line says and what reached the card server.
const CARD = { name: "Routed agent", version: "1.0" };
const APP = "http://parley.test:3000";
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function setup(overrides: Parameters<typeof createFetchRouteDeps>[1] = {}, env: Record<string, string> = {}) {
  const logs: FetchLogEntry[] = [];
  const deps = createFetchRouteDeps(readSettings({ PARLEY_ALLOW_LOOPBACK_FETCH: "1", ...env }), { log: (e) => logs.push(e), serverName: "parley.test", ...overrides });
  return { deps, logs };
}

function post(body: unknown, headers: Record<string, string> = {}): Request {
  return new Request(`${APP}/api/fetch-card`, {
    method: "POST",
    headers: { host: "parley.test:3000", origin: APP, "sec-fetch-site": "same-origin", "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

describe("POST /api/fetch-card", () => {
  it("fetches a card for the app's own page and logs host, outcome and duration only", async () => {
    server = await startTestServer({ "/card.json?token=abc": json(CARD) });
    const { deps, logs } = setup();
    const response = await handleFetchCard(post({ url: `${server.base}/card.json?token=abc`, authorization: "Bearer s3cret" }), deps);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("content-type")).toBe("application/x-parley-card; charset=utf-8");
    expect(JSON.parse(decodeFetchedCard(await response.text())!.text)).toEqual(CARD);
    expect(logs).toEqual([{ host: "127.0.0.1", outcome: "ok", status: 200, durationMs: expect.any(Number), requests: 1, bytes: JSON.stringify(CARD).length }]);
    expect(JSON.stringify(logs)).not.toMatch(/s3cret|token|card\.json|Routed/);
    expect(server.requests[0]?.headers.authorization).toBe("Bearer s3cret");
  });

  it.each([
    ["another site's form post (text/plain)", { origin: "https://evil.example", "sec-fetch-site": "cross-site", "content-type": "text/plain" }, 403],
    ["another site's JSON fetch", { origin: "https://evil.example", "sec-fetch-site": "cross-site" }, 403],
    ["a request with no Origin", { origin: "", "sec-fetch-site": "" }, 403],
    ["our own page posting a form encoding", { "content-type": "application/x-www-form-urlencoded" }, 415],
  ])("refuses %s before any outbound request", async (_what, headers, status) => {
    server = await startTestServer({ "/card.json": json(CARD) });
    const { deps, logs } = setup();
    const clean = Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== ""));
    const request = post({ url: `${server.base}/card.json` }, clean);
    for (const [k, v] of Object.entries(headers)) if (v === "") request.headers.delete(k);
    const response = await handleFetchCard(request, deps);
    expect(response.status).toBe(status);
    expect(server.requests).toHaveLength(0);
    expect(logs[0]).toMatchObject({ host: null, status, requests: 0 });
  });

  it("rate limits per client with 429 and Retry-After, before any outbound request", async () => {
    server = await startTestServer({ "/card.json": json(CARD) });
    const { deps } = setup({ limiter: new RateLimiter(1, 2) });
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await handleFetchCard(post({ url: `${server.base}/card.json` }), deps)).status);
    expect(codes).toEqual([200, 200, 429, 429]);
    const limited = await handleFetchCard(post({ url: `${server.base}/card.json` }), deps);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await limited.json()).toMatchObject({ code: "rateLimited" });
    expect(server.requests).toHaveLength(2);
  });

  it("answers 503 busy when every outbound slot and the wait line are taken", async () => {
    server = await startTestServer({ "/card.json": json(CARD) });
    const slots = new Slots(1, 0);
    const hold = await slots.acquire();
    const { deps } = setup({ slots });
    const response = await handleFetchCard(post({ url: `${server.base}/card.json` }), deps);
    hold();
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    expect(server.requests).toHaveLength(0);
  });

  it("names a refused private name by category only, the same as a name that does not exist", async () => {
    const resolveHost = async (host: string) => {
      if (host === "db.internal.test") return [{ address: "10.0.0.1", family: 4 }];
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
    };
    const { deps } = setup({ resolveHost }, { PARLEY_ALLOW_LOOPBACK_FETCH: "0" });
    const internal = await handleFetchCard(post({ url: "http://db.internal.test/" }), deps);
    const missing = await handleFetchCard(post({ url: "http://nothing.internal.test/" }), deps);
    const [a, b] = [await internal.json(), await missing.json()];
    expect(internal.status).toBe(missing.status);
    expect(a.code).toBe("noPublicAddress");
    expect(b.code).toBe("noPublicAddress");
    expect(JSON.stringify(a)).not.toContain("10.0.0.1");
    expect(JSON.stringify(b)).not.toContain("ENOTFOUND");
  });

  it("refuses a bad Authorization value without quoting it", async () => {
    const { deps } = setup();
    const response = await handleFetchCard(post({ url: "https://agent.example", authorization: "Bearer x\r\nX-Injected: 1" }), deps);
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.code).toBe("badRequest");
    expect(JSON.stringify(body)).not.toContain("Injected");
  });

  it("answers a 1 MiB card of control bytes with the card once, not re-encoded six times in a JSON string", async () => {
    const text = "\u0001".repeat(1024 * 1024 - 64);
    server = await startTestServer({
      "/card.json": (_req, res) => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(text);
      },
    });
    const { deps } = setup();
    const response = await handleFetchCard(post({ url: `${server.base}/card.json` }), deps);
    expect(response.status).toBe(200);
    const body = new Uint8Array(await response.arrayBuffer());
    expect(body.byteLength).toBeLessThan(text.length + 4096);
    expect(decodeFetchedCard(new TextDecoder().decode(body))?.text).toBe(text);
  });
});

describe("POST /api/fetch-card with the client's card paths", () => {
  it("says whether that client finds the card where it was fetched: VoltAgent's per-agent path is not the SDKs'", async () => {
    server = await startTestServer({ "/.well-known/voice/agent-card.json": json(CARD), "/.well-known/agent-card.json": json(CARD) });
    const { deps } = setup();
    const at = async (url: string, cardPaths?: string[]) =>
      decodeFetchedCard(await (await handleFetchCard(post(cardPaths ? { url, cardPaths } : { url }), deps)).text())!;
    const voltagent = await at(`${server.base}/.well-known/voice/agent-card.json`, ["/.well-known/agent-card.json"]);
    expect(voltagent.location).toEqual({
      status: "notFound",
      url: `${server.base}/.well-known/voice/agent-card.json`,
      path: "/.well-known/voice/agent-card.json",
      cardPaths: ["/.well-known/agent-card.json"],
      wouldTry: [`${server.base}/.well-known/agent-card.json`],
    });
    // Discovered from the base URL, at the path the SDKs read.
    expect((await at(server.base, ["/.well-known/agent-card.json"])).location?.status).toBe("found");
    // Reactive Agents' client reads agent.json and /agent/card only.
    expect((await at(server.base, ["/.well-known/agent.json", "/agent/card"])).location?.status).toBe("notFound");
    // Not asked: not said.
    expect((await at(server.base)).location).toBeUndefined();
  });

  it("refuses card paths that are not paths, before any outbound request", async () => {
    server = await startTestServer({ "/card.json": json(CARD) });
    const { deps } = setup();
    for (const cardPaths of [["agent.json"], "/x", Array.from({ length: 17 }, (_, i) => `/p${i}`), ["/" + "a".repeat(600)]]) {
      const response = await handleFetchCard(post({ url: `${server.base}/card.json`, cardPaths }), deps);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: "badRequest" });
    }
    expect(server.requests).toHaveLength(0);
  });
});
