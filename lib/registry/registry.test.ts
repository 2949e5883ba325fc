import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../fetch/test-server";
import { digestCardText } from "../negotiation";
import { startFaultyAgent } from "../probe/faulty-agent";
import { type Database, DatabaseOpenError, openDatabase } from "./db";
import { migrate } from "./migrations";
import { readSecretKey } from "./secrets";
import { Registry } from "./service";

/**
 * The registry's done-when checks, run against the embedded database and, when
 * PARLEY_TEST_POSTGRES_URL names one, against PostgreSQL: the same tests for both.
 */
const STREAMING = readFileSync("examples/cards/contoso-streaming.json", "utf8");
const PLAIN = readFileSync("examples/cards/contoso.json", "utf8");
const POSTGRES = process.env.PARLEY_TEST_POSTGRES_URL;

interface Target {
  name: string;
  /** A fresh, empty database URL, and whether a second open of it sees the same data. */
  url: () => Promise<string>;
  cleanup: () => Promise<void>;
}

const dirs: string[] = [];
const targets: Target[] = [
  {
    name: "embedded (PGlite)",
    url: async () => {
      const dir = mkdtempSync(join(tmpdir(), "parley-registry-"));
      dirs.push(dir);
      return `file:${dir}`;
    },
    cleanup: async () => {
      for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
    },
  },
];
if (POSTGRES) {
  targets.push({
    name: "PostgreSQL",
    url: async () => {
      const db = await openDatabase(POSTGRES);
      await db.query("DROP SCHEMA public CASCADE");
      await db.query("CREATE SCHEMA public");
      await db.close();
      return POSTGRES;
    },
    cleanup: async () => undefined,
  });
}

let agent: TestServer;
let card = STREAMING;
let hook: { url: string; calls: unknown[]; close: () => Promise<void> };

beforeAll(async () => {
  agent = await startTestServer({
    "/.well-known/agent-card.json": (_req, res) => {
      res.setHeader("content-type", "application/json");
      res.end(card);
    },
  });
  const calls: unknown[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      calls.push(JSON.parse(body));
      res.end("ok");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  hook = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    calls,
    close: () => new Promise((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}, 60_000);

afterAll(async () => {
  await agent.close();
  await hook.close();
  for (const t of targets) await t.cleanup();
}, 60_000);

const KEY = readSecretKey(Buffer.alloc(32, 7).toString("base64"));

async function openRegistry(url: string, extra: Partial<ConstructorParameters<typeof Registry>[1]> = {}): Promise<Registry> {
  const db = await openDatabase(url);
  await migrate(db);
  return new Registry(db, { fetch: { allowLoopback: true }, secretKey: KEY, webhook: { attempts: 2, baseDelayMs: 10, timeoutMs: 2000 }, ...extra });
}

describe.each(targets)("the registry on $name", { timeout: 60_000 }, (target) => {
  it("an agent checked, its card changed so live-input breaks: an event, a webhook call, can-i-deploy fails, history survives a restart", async () => {
    const url = await target.url();
    card = STREAMING;
    hook.calls.length = 0;
    let registry = await openRegistry(url);
    const { id } = await registry.addAgent({ url: agent.base, profiles: ["northwind"], taskClasses: ["live-input", "request-response"], webhookUrl: hook.url });
    const first = await registry.checkAgent(id);
    expect(first.digest).toBe(digestCardText(STREAMING));
    expect(first.events).toEqual([]);
    expect(first.decisions.find((d) => d.taskClass === "live-input")?.outcome).toBe("accept");
    expect((await registry.canIDeploy({ agent: id, profile: "northwind", taskClasses: ["live-input"] })).ok).toBe(true);

    card = PLAIN;
    const second = await registry.checkAgent(id);
    expect(second.changed).toBe(true);
    expect(second.events).toHaveLength(1);
    expect(second.events[0]).toMatchObject({ profile: "Northwind discovery agent", taskClass: "live-input", from: "accept", to: "reject", worse: true, fromDigest: digestCardText(STREAMING), toDigest: digestCardText(PLAIN) });
    expect(second.events[0]!.findings.map((f) => f.invariant)).toContain("live-input-needs-streaming");
    await registry.settled();
    expect(hook.calls).toHaveLength(1);
    expect(hook.calls[0]).toMatchObject({ summary: expect.stringContaining("live-input: accept → reject"), link: `/registry?agent=${id}` });
    expect((hook.calls[0] as { diff: { fieldChanges: Array<{ pointer: string }> } }).diff.fieldChanges.map((c) => c.pointer)).toContain("/capabilities/streaming");
    const verdict = await registry.canIDeploy({ agent: agent.base + "/", profile: "northwind", taskClasses: ["live-input", "request-response"] });
    expect(verdict).toMatchObject({ ok: false, decision: "reject", cardDigest: digestCardText(PLAIN) });

    // Acknowledged, known and accepted: an expired acknowledgement counts for nothing, one in force
    // makes can-i-deploy a yes that says it rests on an acknowledgement (the decision stays reject).
    await expect(registry.addAcknowledgement({ agent: id, profile: "northwind", acknowledgement: { invariant: "no-such-rule", reason: "x" } })).rejects.toThrow(/invariant/);
    await expect(registry.addAcknowledgement({ agent: id, profile: "northwind", acknowledgement: { invariant: "live-input-needs-streaming" } })).rejects.toThrow(/reason/);
    await registry.addAcknowledgement({ agent: id, profile: "northwind", acknowledgement: { invariant: "live-input-needs-streaming", taskClass: "live-input", reason: "the vendor streams again next sprint", until: "2020-01-01" } });
    const expired = await registry.canIDeploy({ agent: id, profile: "northwind", taskClasses: ["live-input"] });
    expect(expired).toMatchObject({ ok: false, decisions: [{ decision: "reject", acknowledged: false, expiredAcknowledgements: [{ until: "2020-01-01" }] }] });
    await registry.addAcknowledgement({ agent: id, profile: "Northwind discovery agent", acknowledgement: { invariant: "live-input-needs-streaming", reason: "live input goes through the batch bridge", by: "ops" } });
    const acknowledged = await registry.canIDeploy({ agent: id, profile: "northwind", taskClasses: ["live-input"] });
    expect(acknowledged).toMatchObject({ ok: true, decision: "reject", decisions: [{ decision: "reject", acknowledged: true, acknowledgements: [{ by: "ops" }] }] });

    // The same card again: nothing changes, the version's last-seen moves.
    const third = await registry.checkAgent(id);
    expect(third).toMatchObject({ changed: false, events: [] });

    await registry.db.close();
    registry = await openRegistry(url);
    const history = await registry.history(id);
    expect(history.versions.map((v) => v.digest)).toEqual([digestCardText(STREAMING), digestCardText(PLAIN)]);
    expect(history.events.map((e) => `${e.taskClass}: ${e.from} → ${e.to}`)).toEqual(["live-input: accept → reject"]);
    expect((await registry.getCard(digestCardText(STREAMING))).text).toBe(STREAMING);
    // Where a card was seen: /explain looks a record's digest up with this.
    expect((await registry.getCard(digestCardText(STREAMING))).seenBy).toEqual([{ agent: id, url: agent.base + "/", firstSeen: expect.any(String), lastSeen: expect.any(String), latest: false }]);
    expect((await registry.getCard(digestCardText(PLAIN))).seenBy).toMatchObject([{ agent: id, latest: true }]);
    const detail = await registry.getAgent(id);
    expect(detail.latestDigest).toBe(digestCardText(PLAIN));
    // The rule behind the rejection, as the page offers it to acknowledge, and shown acknowledged.
    expect(detail.decisions.find((d) => d.taskClass === "live-input")).toMatchObject({ outcome: "reject", rules: ["live-input-needs-streaming"], acknowledged: true, acknowledgedRules: ["live-input-needs-streaming"], expiredRules: ["live-input-needs-streaming"] });
    expect(detail.acknowledgements.map((a) => a.reason)).toEqual(["the vendor streams again next sprint", "live input goes through the batch bridge"]);
    expect((await registry.canIDeploy({ agent: id, profile: "northwind", taskClasses: ["live-input"] })).ok).toBe(true);
    await registry.db.close();
  });

  it("a failing or hanging webhook does not stop checks", async () => {
    const url = await target.url();
    card = STREAMING;
    const hanging = http.createServer(() => undefined);
    await new Promise<void>((r) => hanging.listen(0, "127.0.0.1", r));
    const hangUrl = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/`;
    const registry = await openRegistry(url, { webhookUrl: hangUrl, webhook: { attempts: 2, baseDelayMs: 10, timeoutMs: 300 } });
    const { id } = await registry.addAgent({ url: agent.base, profiles: ["northwind"], taskClasses: ["live-input"], webhookUrl: "http://127.0.0.1:9/refused" });
    await registry.checkAgent(id);
    card = PLAIN;
    const changed = await registry.checkAgent(id);
    expect(changed.events).toHaveLength(1);
    card = STREAMING;
    const back = await registry.checkAgent(id);
    expect(back.events.map((e) => `${e.from} → ${e.to}`)).toEqual(["reject → accept"]);
    await registry.settled();
    expect(registry.webhookResults.map((r) => [r.ok, r.attempts]).sort()).toEqual([[false, 2], [false, 2], [false, 2], [false, 2]]);
    hanging.closeAllConnections();
    hanging.close();
    await registry.db.close();
  });

  it("credentials are sent to the agent, stored encrypted and never shown back", async () => {
    const url = await target.url();
    card = STREAMING;
    const registry = await openRegistry(url);
    const { id } = await registry.addAgent({ url: agent.base, profiles: ["northwind"], authorization: "Bearer s3cret-token" });
    const before = agent.requests.length;
    await registry.checkAgent(id);
    expect(agent.requests.slice(before).map((r) => r.headers.authorization)).toContain("Bearer s3cret-token");
    const stored = await registry.db.query<{ credentials: string }>("SELECT credentials FROM agents WHERE id = $1", [id]);
    expect(stored[0]!.credentials).not.toContain("s3cret");
    expect(JSON.stringify(await registry.getAgent(id))).not.toContain("s3cret");
    expect(JSON.stringify(await registry.listAgents())).not.toContain("s3cret");
    await registry.db.close();
  });

  it("bad input gets a clear error", async () => {
    const url = await target.url();
    const registry = await openRegistry(url, { secretKey: null });
    await expect(registry.addAgent({ url: "not a url", profiles: ["northwind"] })).rejects.toThrow(/url: "not a url" is not a URL/);
    await expect(registry.addAgent({ url: agent.base, profiles: ["nobody"] })).rejects.toThrow(/profiles\/0: "nobody" is not a preset/);
    await expect(registry.addAgent({ url: agent.base, profiles: [{ name: "x", transports: 3 }] })).rejects.toThrow(/the profile does not read/);
    await expect(registry.addAgent({ url: agent.base, profiles: ["northwind"], taskClasses: ["teleport"] })).rejects.toThrow(/"teleport" is not a task class/);
    await expect(registry.addAgent({ url: agent.base, profiles: ["northwind"], authorization: "Bearer x" })).rejects.toThrow(/PARLEY_REGISTRY_KEY/);
    const { id } = await registry.addAgent({ url: `${agent.base}/nothing-here`, profiles: ["northwind"] });
    const failed = await registry.checkAgent(id);
    expect(failed.error?.code).toBe("notFound");
    expect((await registry.getAgent(id)).lastError?.code).toBe("notFound");
    await registry.db.close();
  });
});

describe.each(targets)("the live check in scheduled checks, on $name", { timeout: 90_000 }, (target) => {
  it("an agent that asks for it gets the probe without send at each check, its wire findings kept with the check", async () => {
    const faulty = await startFaultyAgent({ faults: { errorsHttp400: true } });
    try {
      const registry = await openRegistry(await target.url());
      const { id } = await registry.addAgent({ url: faulty.origin, profiles: ["a2a-js"], taskClasses: ["request-response"], liveCheck: true, intervalMinutes: 5 });
      const { id: plainId } = await registry.addAgent({ url: faulty.origin, profiles: ["a2a-js"], taskClasses: ["request-response"] });
      const ran = await registry.runDueChecks();
      expect(ran.sort()).toEqual([id, plainId].sort());
      // Side-effect free: no message was sent, so no task exists on the agent.
      expect(faulty.calls.filter((m) => /message\/(send|stream)|SendMessage/.test(m))).toEqual([]);
      expect(faulty.calls.length).toBeGreaterThan(0);
      const checks = await registry.db.query<{ agent_id: string; live: { wire: Array<{ id: string }> } | null }>("SELECT agent_id, live FROM checks WHERE scheduled ORDER BY agent_id");
      const asked = checks.find((c) => c.agent_id === id)!;
      expect(asked.live!.wire.map((w) => w.id)).toContain("jsonrpc-error-http-status");
      expect(checks.find((c) => c.agent_id === plainId)!.live).toBeNull();
      const detail = await registry.getAgent(id);
      expect(detail.liveCheck).toBe(true);
      expect(detail.lastLiveCheck?.wire.map((w) => w.id)).toContain("jsonrpc-error-http-status");
      expect((await registry.getAgent(plainId)).lastLiveCheck).toBeNull();
      await registry.db.close();
    } finally {
      await faulty.close();
    }
  });

  it("a live check that cannot run is recorded as such; the card check still counts", async () => {
    card = STREAMING;
    const registry = await openRegistry(await target.url());
    // The test agent serves a card but speaks no A2A: the probe's calls fail, the decisions stand.
    const { id } = await registry.addAgent({ url: agent.base, profiles: ["northwind"], taskClasses: ["live-input"], liveCheck: true });
    const result = await registry.checkAgent(id);
    expect(result.digest).toBe(digestCardText(STREAMING));
    expect(result.decisions.map((d) => d.outcome)).toEqual(["accept"]);
    expect(result.live).toBeDefined();
    await expect(registry.addAgent({ url: agent.base, profiles: ["northwind"], liveCheck: "yes" as unknown as boolean })).rejects.toThrow(/liveCheck: true/);
    await registry.db.close();
  });
});

// Runs only with a PostgreSQL to reach: .ci/run installs and starts one, so it runs there; without
// one, the single-instance tests above still run on the embedded database.
describe.runIf(POSTGRES)("two instances on one PostgreSQL", { timeout: 60_000 }, () => {
  it("run each scheduled check once", async () => {
    const db = await openDatabase(POSTGRES!);
    await db.query("DROP SCHEMA public CASCADE");
    await db.query("CREATE SCHEMA public");
    await db.close();
    card = STREAMING;
    const [a, b] = await Promise.all([openRegistry(POSTGRES!), openRegistry(POSTGRES!)]);
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push((await a.addAgent({ url: `${agent.base}/?n=${i}`, profiles: ["northwind"], taskClasses: ["live-input"] })).id);
    const [ranA, ranB] = await Promise.all([a.runDueChecks(), b.runDueChecks()]);
    expect([...ranA, ...ranB].sort()).toEqual([...ids].sort());
    expect(ranA.length).toBeGreaterThan(0);
    const checks = await a.db.query<{ n: string }>("SELECT count(*) AS n FROM checks WHERE scheduled");
    expect(Number(checks[0]!.n)).toBe(12);
    // Nothing is due any more: a second tick of both runs nothing.
    expect([...(await a.runDueChecks()), ...(await b.runDueChecks())]).toEqual([]);
    await a.db.close();
    await b.db.close();
  });
});

describe("opening a database", { timeout: 60_000 }, () => {
  it("says which database cannot be reached", async () => {
    await expect(openDatabase("postgres://parley:pw@127.0.0.1:1/nowhere")).rejects.toThrow(DatabaseOpenError);
    await expect(openDatabase("postgres://parley:pw@127.0.0.1:1/nowhere")).rejects.toThrow(/postgres:\/\/parley:\*\*\*@127\.0\.0\.1:1\/nowhere cannot be reached/);
    await expect(openDatabase("mysql://x/y")).rejects.toThrow(/neither postgres/);
  });

  it("migrations run once, however often the registry starts", async () => {
    const dir = mkdtempSync(join(tmpdir(), "parley-registry-"));
    dirs.push(dir);
    let db: Database = await openDatabase(`file:${dir}`);
    expect(await migrate(db)).toEqual([1, 2]);
    await db.close();
    db = await openDatabase(`file:${dir}`);
    expect(await migrate(db)).toEqual([]);
    await db.close();
  });
});
