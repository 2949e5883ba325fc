import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { json, startTestServer, type TestServer } from "../fetch/test-server";
import { CONTOSO } from "../negotiation/examples/incidents";
import { runCli } from "./test-io";

/**
 * `check --card URL` and `lint --card URL` say when the card is not where the client looks
 * (issue 39): on a loopback server serving a card as VoltAgent does, one per agent at
 * /.well-known/<agentId>/agent-card.json, where the SDK clients never look.
 */
const ENV = { env: { PARLEY_ALLOW_LOOPBACK_FETCH: "1" } };
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    "/.well-known/voice/agent-card.json": json(CONTOSO.text),
    "/.well-known/agent-card.json": json(CONTOSO.text),
  });
});
afterAll(() => server.close());

describe("check --card URL", () => {
  it("warns that this client will not find a card at VoltAgent's per-agent path, in the text output", async () => {
    const r = await runCli(["check", "--card", `${server.base}/.well-known/voice/agent-card.json`, "--profile", "a2a-js", "--task-class", "request-response"], ENV);
    expect(r.stdout).toMatch(/This client will not find this card: it was fetched from http:\/\/127\.0\.0\.1:\d+\/\.well-known\/voice\/agent-card\.json/);
    expect(r.stdout).toContain(`${server.base}/.well-known/agent-card.json`);
  });

  it("carries the warning's code and data in JSON, and says nothing at the path the client reads", async () => {
    const at = (url: string) => runCli(["check", "--card", url, "--profile", "a2a-js", "--task-class", "request-response", "--format", "json"], ENV);
    const voltagent = JSON.parse((await at(`${server.base}/.well-known/voice/agent-card.json`)).stdout) as { validity: Array<{ code: string; severity: string }> };
    const warning = voltagent.validity.find((p) => p.code === "cardNotWhereClientLooks");
    expect(warning).toMatchObject({ severity: "warning" });
    const sdkPath = (await at(server.base)).stdout;
    expect(sdkPath).not.toContain("cardNotWhereClientLooks");
  });
});

describe("lint --card URL", () => {
  it("names the preset clients that will not find the card there", async () => {
    const r = await runCli(["lint", "--card", `${server.base}/.well-known/voice/agent-card.json`, "--no-live"], ENV);
    expect(r.stdout).toMatch(/This client will not find this card/);
    expect(r.stdout).toContain("A2A JS SDK client (Node)");
  });
});
