import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { runCli } from "../cli/test-io";
import http from "node:http";

// `parley mcp` as an MCP client meets it: the official SDK's own Client, over its stdio transport,
// spawning the CLI from the sources (tsx lib/cli/main.ts mcp), in the repository's root.
const ROOT = path.resolve(__dirname, "../..");
const TSX = path.join(ROOT, "node_modules", ".bin", "tsx");
const CONTOSO = "examples/cards/contoso.json";

let client: Client;

beforeAll(async () => {
  const transport = new StdioClientTransport({
    command: TSX,
    args: ["lib/cli/main.ts", "mcp"],
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin" },
    stderr: "pipe",
  });
  client = new Client({ name: "parley-test", version: "1.0.0" });
  await client.connect(transport);
}, 60_000);

afterAll(async () => {
  await client?.close();
});

type ToolAnswer = { content: Array<{ type: string; text?: string }>; isError?: boolean; structuredContent?: unknown };

async function call(name: string, args: Record<string, unknown>): Promise<ToolAnswer> {
  return (await client.callTool({ name, arguments: args })) as ToolAnswer;
}

describe("parley mcp", { timeout: 30_000 }, () => {
  it("names itself and lists the five tools, each with a JSON Schema for its arguments", async () => {
    expect(client.getServerVersion()).toMatchObject({ name: "parley" });
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(["diff", "explain-record", "lint", "probe", "review"]);
    for (const tool of tools) {
      expect(tool.description).toBeTruthy();
      expect(tool.inputSchema).toMatchObject({ type: "object", additionalProperties: false });
      expect(Object.keys(tool.inputSchema.properties ?? {}).length).toBeGreaterThan(0);
    }
    expect(tools.find((t) => t.name === "review")!.inputSchema.required).toEqual(["profile"]);
  });

  it("answers a review with the JSON `check --format json` prints", async () => {
    const answer = await call("review", { card: CONTOSO, profile: "northwind", taskClasses: ["request-response", "live-input"] });
    expect(answer.isError).toBeFalsy();
    const viaMcp = JSON.parse(answer.content[0]!.text!) as Record<string, unknown>;
    const cli = await runCli(["check", "--card", CONTOSO, "--profile", "northwind", "--task-class", "request-response", "--task-class", "live-input", "--format", "json"], { cwd: ROOT });
    expect(cli.code).toBe(1);
    expect(viaMcp).toEqual(JSON.parse(cli.stdout));
    expect(answer.structuredContent).toEqual(viaMcp);
    expect(viaMcp.exitCode).toBe(1);
  });

  it("takes the card and the profile inline, naming the card by its argument, not a temporary path", async () => {
    const card = JSON.parse(readFileSync(path.join(ROOT, CONTOSO), "utf8")) as unknown;
    const profile = JSON.parse(readFileSync(path.join(ROOT, "examples/profile.json"), "utf8")) as unknown;
    const answer = await call("review", { cardJson: card, profile, taskClasses: ["live-input"] });
    const json = JSON.parse(answer.content[0]!.text!) as { card: { source: string }; decisions: unknown };
    expect(json.card.source).toBe("cardJson.json");
    const cli = await runCli(["check", "--card", CONTOSO, "--profile", "examples/profile.json", "--task-class", "live-input", "--format", "json"], { cwd: ROOT });
    expect(json.decisions).toEqual((JSON.parse(cli.stdout) as { decisions: unknown }).decisions);
  });

  it("answers lint and diff with their commands' JSON", async () => {
    const lint = JSON.parse((await call("lint", { card: "examples/cards/broken.json" })).content[0]!.text!) as unknown;
    expect(lint).toEqual(JSON.parse((await runCli(["lint", "--card", "examples/cards/broken.json", "--format", "json"], { cwd: ROOT })).stdout));
    const diffArgs = ["diff", "examples/cards/contoso.json", "examples/cards/contoso-streaming.json", "--profile", "northwind", "--format", "json"];
    const diff = JSON.parse((await call("diff", { old: "examples/cards/contoso.json", new: "examples/cards/contoso-streaming.json", profiles: ["northwind"] })).content[0]!.text!) as unknown;
    expect(diff).toEqual(JSON.parse((await runCli(diffArgs, { cwd: ROOT })).stdout));
  });

  it("explains a decision record line", async () => {
    const check = await runCli(["check", "--card", CONTOSO, "--profile", "northwind", "--task-class", "live-input", "--format", "json"], { cwd: ROOT });
    const record = (JSON.parse(check.stdout) as { records: unknown[] }).records[0];
    const answer = JSON.parse((await call("explain-record", { text: JSON.stringify(record) })).content[0]!.text!) as {
      entries: Array<{ kind: string; explanation: { rules: Array<{ id: string }>; taskClass?: string } }>;
    };
    expect(answer.entries).toHaveLength(1);
    expect(answer.entries[0]!.kind).toBe("record");
    expect(answer.entries[0]!.explanation.rules.map((r) => r.id)).toContain("live-input-needs-streaming");
  });

  it("answers unusable input as a tool error that says what is wrong, and goes on serving", async () => {
    const missing = await call("review", { card: "no-such-card.json", profile: "northwind" });
    expect(missing.isError).toBe(true);
    expect(missing.content[0]!.text).toContain("no-such-card.json: no such file");
    const both = await call("review", { card: CONTOSO, cardJson: {}, profile: "northwind" });
    expect(both.isError).toBe(true);
    expect(both.content[0]!.text).toContain("exactly one of card and cardJson");
    const unknown = await call("lint", { card: CONTOSO, format: "sarif" });
    expect(unknown.isError).toBe(true);
    expect(unknown.content[0]!.text).toContain('unknown argument "format"');
    const probe = await call("probe", { card: "http://127.0.0.1:9/", profile: "northwind" });
    expect(probe.isError).toBe(true);
    expect(probe.content[0]!.text).toMatch(/loopback|127\.0\.0\.1/i);
    expect((await client.listTools()).tools).toHaveLength(5);
  });
});

/** An A2A 0.3 agent on 127.0.0.1 whose interface answers only callers with the right Authorization (and echoes what it was sent). */
async function startGuardedAgent(expected: string) {
  const seen: string[] = [];
  let origin = "";
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      if (req.method === "GET" && req.url === "/.well-known/agent-card.json") {
        const card = { protocolVersion: "0.3.0", name: "Guarded agent", description: "Answers only with a token.", url: `${origin}/a2a`, preferredTransport: "JSONRPC", version: "1.0.0", capabilities: { streaming: false, pushNotifications: false }, defaultInputModes: ["text/plain"], defaultOutputModes: ["text/plain"], skills: [{ id: "echo", name: "Echo", description: "Answers any text.", tags: ["test"] }] };
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(card));
        return;
      }
      const sent = req.headers.authorization ?? "";
      seen.push(sent);
      if (sent !== expected) {
        res.writeHead(401, { "content-type": "text/plain", "www-authenticate": "Bearer" }).end(`who are you? (you sent ${sent})`);
        return;
      }
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", id: 1, error: { code: -32001, message: `Task not found (you sent ${sent})` } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return { cardUrl: `${origin}/.well-known/agent-card.json`, seen, close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))) };
}

describe("parley mcp with credential headers", { timeout: 60_000 }, () => {
  // A second server, as a client configures one to check an agent on this machine.
  let local: Client;
  const SECRET = "sk-mcp-secret-4242";
  let agent: Awaited<ReturnType<typeof startGuardedAgent>>;
  beforeAll(async () => {
    agent = await startGuardedAgent(`Bearer ${SECRET}`);
    local = new Client({ name: "parley-test-local", version: "1.0.0" });
    await local.connect(new StdioClientTransport({ command: TSX, args: ["lib/cli/main.ts", "mcp", "--allow-loopback"], cwd: ROOT, env: { PATH: process.env.PATH ?? "/usr/bin:/bin" }, stderr: "pipe" }));
  }, 60_000);
  afterAll(async () => {
    await local?.close();
    await agent?.close();
  });

  it("lists headers in the probe's and lint's JSON Schemas, as an object of header names and values", async () => {
    const { tools } = await local.listTools();
    for (const name of ["probe", "lint"]) {
      const headers = (tools.find((t) => t.name === name)!.inputSchema.properties as Record<string, unknown>).headers;
      expect(headers).toMatchObject({ type: "object", additionalProperties: { type: "string" } });
    }
  });

  it("reaches an agent behind auth with the headers, and never echoes their values", async () => {
    type Probe = { structuredContent: { interfaces: Array<{ reachable: boolean }> } };
    const without = (await local.callTool({ name: "probe", arguments: { card: agent.cardUrl, profile: "a2a-js" } })) as unknown as Probe;
    expect(without.structuredContent.interfaces[0]!.reachable).toBe(false);
    const probe = await local.callTool({ name: "probe", arguments: { card: agent.cardUrl, profile: "a2a-js", headers: { Authorization: `Bearer ${SECRET}` } } });
    expect((probe as unknown as Probe).structuredContent.interfaces[0]!.reachable).toBe(true);
    expect(agent.seen).toContain(`Bearer ${SECRET}`);
    expect(JSON.stringify(probe)).not.toContain(SECRET);
    const lint = (await local.callTool({ name: "lint", arguments: { card: agent.cardUrl, headers: { Authorization: `Bearer ${SECRET}` } } })) as unknown as { structuredContent: { live: { interfaces: Array<{ reachable: boolean }> } } };
    expect(lint.structuredContent.live.interfaces[0]!.reachable).toBe(true);
    expect(JSON.stringify(lint)).not.toContain(SECRET);
  });

  it("refuses headers it cannot send, and a header on a lint that asks nothing, without quoting the value", async () => {
    const badName = (await local.callTool({ name: "probe", arguments: { card: agent.cardUrl, profile: "northwind", headers: { "Bad Name": SECRET } } })) as ToolAnswer;
    expect(badName.isError).toBe(true);
    expect(badName.content[0]!.text).toContain('"Bad Name" is not a header name');
    const twoLines = (await local.callTool({ name: "probe", arguments: { card: agent.cardUrl, profile: "northwind", headers: { Authorization: `Bearer ${SECRET}\nX: y` } } })) as ToolAnswer;
    expect(twoLines.isError).toBe(true);
    expect(twoLines.content[0]!.text).toContain("the value of Authorization must be a string on one line");
    const fileLint = (await local.callTool({ name: "lint", arguments: { card: CONTOSO, headers: { Authorization: `Bearer ${SECRET}` } } })) as ToolAnswer;
    expect(fileLint.isError).toBe(true);
    expect(fileLint.content[0]!.text).toContain("--header goes with the live check");
    for (const answer of [badName, twoLines, fileLint]) expect(JSON.stringify(answer)).not.toContain(SECRET);
  });
});
