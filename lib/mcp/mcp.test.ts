import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { runCli } from "../cli/test-io";

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
