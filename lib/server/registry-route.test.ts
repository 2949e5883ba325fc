import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../fetch/test-server";
import { digestCardText } from "../negotiation";
import { openDatabase } from "../registry/db";
import { handleRegistryRequest, REGISTRY_OFF_MESSAGE } from "./registry-route";
import { migrate } from "../registry/migrations";
import { Registry } from "../registry/service";

const TOKEN = "team-token-for-tests";
const CARD = readFileSync("examples/cards/contoso-streaming.json", "utf8");
let agent: TestServer;
let registry: Registry;

beforeAll(async () => {
  agent = await startTestServer({ "/.well-known/agent-card.json": (_q, res) => (res.setHeader("content-type", "application/json"), res.end(CARD)) });
  const db = await openDatabase("memory:");
  await migrate(db);
  registry = new Registry(db, { fetch: { allowLoopback: true } });
}, 60_000);

afterAll(async () => {
  await agent.close();
  await registry.db.close();
});

async function call(method: string, path: string, options: { body?: unknown; token?: string | null; cookie?: string } = {}) {
  const headers: Record<string, string> = {};
  if (options.token !== null) headers.authorization = `Bearer ${options.token ?? TOKEN}`;
  if (options.cookie) headers.cookie = options.cookie;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const request = new Request(`http://127.0.0.1/api/v1/${path}`, { method, headers, ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}) });
  // Next hands the route its segments decoded.
  const segments = new URL(request.url).pathname.split("/").slice(3).map(decodeURIComponent);
  const response = await handleRegistryRequest(request, segments, { registry: Promise.resolve(registry), teamToken: TOKEN });
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, headers: response.headers };
}

describe("the registry's HTTP API", () => {
  it("answers 404 saying how to turn the registry on when it is off", async () => {
    const response = await handleRegistryRequest(new Request("http://127.0.0.1/api/v1/agents"), ["agents"], { registry: null, teamToken: null });
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(REGISTRY_OFF_MESSAGE);
  });

  it("answers 401 without the team token, and to a wrong one", async () => {
    expect((await call("GET", "agents", { token: null })).status).toBe(401);
    expect((await call("GET", "agents", { token: "nope" })).status).toBe(401);
    expect((await call("GET", "can-i-deploy?agent=x&profile=y", { token: null })).status).toBe(401);
  });

  it("gives the browser an httpOnly cookie once, which then stands for the token", async () => {
    expect((await call("POST", "session", { token: null, body: { token: "wrong" } })).status).toBe(401);
    const session = await call("POST", "session", { token: null, body: { token: TOKEN } });
    const cookie = session.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect((await call("GET", "agents", { token: null, cookie: cookie.split(";")[0] })).status).toBe(200);
  });

  it("registers, checks, reads history and cards, and answers can-i-deploy", async () => {
    const created = await call("POST", "agents", { body: { url: agent.base, profiles: ["northwind"], taskClasses: ["live-input"], intervalMinutes: 15 } });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const checked = await call("POST", `agents/${id}/check`);
    expect(checked.body).toMatchObject({ changed: true, digest: digestCardText(CARD), events: [] });
    expect((await call("GET", `agents/${id}`)).body).toMatchObject({ id, latestDigest: digestCardText(CARD), intervalMinutes: 15, decisions: [{ taskClass: "live-input", outcome: "accept" }] });
    expect((await call("GET", `agents/${id}/history`)).body).toMatchObject({ versions: [{ digest: digestCardText(CARD) }], events: [] });
    expect((await call("GET", `cards/${encodeURIComponent(digestCardText(CARD))}`)).body).toMatchObject({ text: CARD });
    expect((await call("GET", `can-i-deploy?agent=${id}&profile=northwind&taskClass=live-input`)).body).toMatchObject({ ok: true, decision: "accept", cardDigest: digestCardText(CARD) });
    expect((await call("GET", "agents")).body.agents).toHaveLength(1);
    // Where the card was seen (what /explain looks a record's digest up with), and what /triage loads.
    expect((await call("GET", `cards/${encodeURIComponent(digestCardText(CARD))}`)).body).toMatchObject({ seenBy: [{ agent: id, url: `${agent.base}/`, latest: true }] });
    const unchecked = await call("POST", "agents", { body: { url: `${agent.base}/other`, profiles: ["northwind", "a2a-js"] } });
    expect(unchecked.status).toBe(201);
    const triage = (await call("GET", "triage")).body as { cards: Array<{ agent: string; text: string }>; profiles: Array<{ name: string }>; uncheckedAgents: number };
    expect(triage.cards).toEqual([{ agent: id, url: `${agent.base}/`, digest: digestCardText(CARD), text: CARD }]);
    expect(triage.profiles.map((p) => p.name)).toEqual(["Northwind discovery agent", expect.any(String)]);
    expect(triage.uncheckedAgents).toBe(1);
    expect((await call("GET", "triage", { token: null })).status).toBe(401);
  });

  it("bad input gets a clear error with its status", async () => {
    expect(await call("POST", "agents", { body: { url: "ftp://x", profiles: ["northwind"] } })).toMatchObject({ status: 400, body: { error: { pointer: "/url" } } });
    expect(await call("POST", "agents", { body: { url: agent.base, profiles: [{ name: "n", transports: "x" }] } })).toMatchObject({ status: 400, body: { error: { code: "badInput" } } });
    expect((await call("GET", "agents/nope")).status).toBe(404);
    expect((await call("GET", "can-i-deploy?agent=nope&profile=northwind")).status).toBe(404);
    expect((await call("GET", "can-i-deploy?agent=x&profile=northwind&taskClass=teleport")).status).toBe(400);
    expect((await call("DELETE", "agents")).status).toBe(404);
    const notJson = await handleRegistryRequest(new Request("http://127.0.0.1/api/v1/agents", { method: "POST", headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" }, body: "{" }), ["agents"], { registry: Promise.resolve(registry), teamToken: TOKEN });
    expect(notJson.status).toBe(400);
  });
});
