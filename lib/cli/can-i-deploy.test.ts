import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../fetch/test-server";
import { digestCardText } from "../negotiation";
import { openDatabase } from "../registry/db";
import { migrate } from "../registry/migrations";
import { serveRegistry } from "../server/registry-serve";
import { Registry } from "../registry/service";
import { runCli } from "./test-io";

const TOKEN = "cli-team-token";
const STREAMING = readFileSync("examples/cards/contoso-streaming.json", "utf8");
const PLAIN = readFileSync("examples/cards/contoso.json", "utf8");
let card = STREAMING;
let agent: TestServer;
let registry: Registry;
let server: { base: string; close: () => Promise<void> };
let id: string;

beforeAll(async () => {
  agent = await startTestServer({ "/.well-known/agent-card.json": (_q, res) => (res.setHeader("content-type", "application/json"), res.end(card)) });
  const db = await openDatabase("memory:");
  await migrate(db);
  registry = new Registry(db, { fetch: { allowLoopback: true } });
  server = await serveRegistry(registry, TOKEN);
  id = (await registry.addAgent({ url: agent.base, profiles: ["northwind"], taskClasses: ["live-input", "request-response"] })).id;
}, 60_000);

afterAll(async () => {
  await server.close();
  await agent.close();
  await registry.db.close();
});

const ask = (...extra: string[]) => runCli(["can-i-deploy", "--registry", server.base, "--agent", id, "--profile", "northwind", ...extra], { env: { PARLEY_TEAM_TOKEN: TOKEN } });

describe("parley can-i-deploy", () => {
  it("exits 1 before the agent was checked, 0 while the class works, 1 once the card breaks it", async () => {
    const unchecked = await ask("--task-class", "live-input");
    expect(unchecked.code).toBe(1);
    expect(unchecked.stdout).toContain("has not been checked yet");

    await registry.checkAgent(id);
    const yes = await ask("--task-class", "live-input");
    expect(yes).toMatchObject({ code: 0, stderr: "" });
    expect(yes.stdout).toContain("yes: Northwind discovery agent");
    expect(yes.stdout).toContain(`card ${digestCardText(STREAMING)}`);

    card = PLAIN;
    await registry.checkAgent(id);
    const no = await ask("--task-class", "live-input", "--task-class", "request-response", "--format", "json");
    expect(no.code).toBe(1);
    expect(JSON.parse(no.stdout)).toMatchObject({ ok: false, decision: "reject", cardDigest: digestCardText(PLAIN), decisions: [{ taskClass: "live-input", ok: false }, { taskClass: "request-response", ok: true }] });
    // The class that still works is still a yes.
    expect((await ask("--task-class", "request-response")).code).toBe(0);
  });

  it("exits 2 with the reason when the question cannot be asked", async () => {
    const wrongToken = await runCli(["can-i-deploy", "--registry", server.base, "--agent", id, "--profile", "northwind"], { env: { PARLEY_TEAM_TOKEN: "nope" } });
    expect(wrongToken).toMatchObject({ code: 2, stdout: "" });
    expect(wrongToken.stderr).toContain("the registry answered 401");
    const noToken = await runCli(["can-i-deploy", "--registry", server.base, "--agent", id, "--profile", "northwind"], { env: {} });
    expect(noToken.stderr).toContain("set PARLEY_TEAM_TOKEN");
    expect((await ask("--profile", "nobody")).code).toBe(2);
    const unreachable = await runCli(["can-i-deploy", "--registry", "http://127.0.0.1:9", "--agent", id, "--profile", "northwind"], { env: { PARLEY_TEAM_TOKEN: TOKEN } });
    expect(unreachable).toMatchObject({ code: 2 });
    expect(unreachable.stderr).toContain("cannot be reached");
    expect((await runCli(["can-i-deploy", "--agent", id], { env: {} })).stderr).toContain("--registry URL is required");
  });
});
