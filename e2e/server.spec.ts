import { readFileSync } from "node:fs";
import http from "node:http";
import { join } from "node:path";
import { CONTOSO } from "../lib/negotiation/examples/incidents";
import { ENGINE_VERSION } from "../lib/negotiation";
import { decodeFetchedCard } from "../lib/wire/fetch-card";
import { expect, test } from "./fixtures";
import { startLocalServer } from "./local-server";
import { spawnOwnServer, startOwnServer } from "./standalone-server";

// The standalone server as an operator runs it: health check, settings at start, shutdown.

test("GET /api/health answers the engine version and this build's id, never cached", async ({ request }) => {
  const response = await request.get("/api/health");
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("no-store, max-age=0");
  const buildId = readFileSync(join(".next", "standalone", ".next", "BUILD_ID"), "utf8").trim();
  expect(await response.json()).toEqual({ status: "ok", engine: { name: "parley", version: ENGINE_VERSION }, buildId });
});

test("an invalid setting stops the server at start, naming the variable", async () => {
  const server = await spawnOwnServer({ PARLEY_FETCH_BURST: "lots", PARLEY_FETCH_DENY: "http://x" });
  try {
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('invalid setting: PARLEY_FETCH_BURST="lots" must be a whole number');
    expect(server.output()).toContain("invalid setting: PARLEY_FETCH_DENY");
  } finally {
    await server.stop();
  }
});

/** A request on a new connection (fetch would reuse a kept-alive one). */
function freshConnectionGet(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http.get(url, { agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    }).once("error", reject);
  });
}

test("the loopback switch is announced in the log", async () => {
  const server = await startOwnServer({ PARLEY_ALLOW_LOOPBACK_FETCH: "1" });
  try {
    await fetch(`${server.url}/api/health`);
    await expect.poll(() => server.output()).toContain("PARLEY_ALLOW_LOOPBACK_FETCH=1");
    expect(server.output()).toContain("tests only");
  } finally {
    await server.stop();
  }
});

test("on SIGTERM a fetch in flight finishes, new connections are refused, and the server exits", async () => {
  // The vendor holds its answer 1.5 s; SIGTERM goes once the request has reached it (not after a guess).
  let reached!: () => void;
  const requested = new Promise<void>((resolve) => (reached = resolve));
  const vendor = await startLocalServer((_request, response) => {
    reached();
    setTimeout(() => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(CONTOSO.text);
    }, 1500);
  });
  const server = await startOwnServer({ PARLEY_ALLOW_LOOPBACK_FETCH: "1" });
  try {
    const inFlight = fetch(`${server.url}/api/fetch-card`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify({ url: `${vendor.url}/card.json` }),
    });
    await requested;
    server.child.kill("SIGTERM");
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(decodeFetchedCard(await response.text())?.text).toBe(CONTOSO.text);
    await expect(freshConnectionGet(`${server.url}/api/health`)).rejects.toThrow(/ECONNREFUSED/);
    expect(await Promise.race([server.exited, new Promise((r) => setTimeout(() => r("still running"), 10_000))])).not.toBe("still running");
    // One log line for that fetch: host, outcome, duration; not the path.
    const line = server.output().split("\n").find((l) => l.includes('"card-fetch"'));
    expect(JSON.parse(line!)).toMatchObject({ event: "card-fetch", host: "127.0.0.1", outcome: "ok", status: 200 });
    expect(line).not.toContain("card.json");
  } finally {
    await server.stop();
    await vendor.close();
  }
});

test("on SIGTERM a fetch whose vendor never answers is cut at the fetch timeout, then the server exits", async () => {
  let reached!: () => void;
  const requested = new Promise<void>((resolve) => (reached = resolve));
  const vendor = await startLocalServer(() => reached());
  const server = await startOwnServer({ PARLEY_ALLOW_LOOPBACK_FETCH: "1" });
  try {
    const inFlight = fetch(`${server.url}/api/fetch-card`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url, connection: "close" },
      body: JSON.stringify({ url: `${vendor.url}/card.json` }),
    });
    await requested;
    server.child.kill("SIGTERM");
    const response = await inFlight;
    expect(response.status).toBe(504);
    // Cut by the fetch's own timeout (the vendor never answers): the route says so.
    expect((await response.json()).code).toBe("timeout");
    expect(await Promise.race([server.exited, new Promise((r) => setTimeout(() => r("still running"), 10_000))])).not.toBe("still running");
  } finally {
    await server.stop();
    await vendor.close();
  }
});
