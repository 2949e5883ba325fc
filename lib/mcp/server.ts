import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PassThrough, Readable } from "node:stream";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { explainLogEntry, explainLogNotice } from "../negotiation/explain";
import { ENGINE_NAME, ENGINE_VERSION, readLogText } from "../negotiation";
import type { CliIo } from "../cli/io";
import { redactDeep } from "../probe/exchange";
import { headerSecrets, TOOLS, ToolInputError, type ToolDefinition, type ToolInput } from "./tools";

/** Runs one CLI command in-process on captured streams; `env` and `cwd` are the server's. */
export type RunCommand = (argv: string[], io: CliIo) => Promise<number>;

/**
 * The MCP server of `parley mcp`: tools/list gives TOOLS with their JSON Schemas; tools/call runs
 * the tool's CLI command and answers with its JSON as text (and as structuredContent). Exit codes
 * 0 and 1 are answers (the JSON carries exitCode); 2 is unusable input, answered as a tool error
 * with the CLI's message, so a client sees what to fix.
 */
export function createParleyMcpServer(runCommand: RunCommand, base: Pick<CliIo, "env" | "cwd">): { server: Server; idle: () => Promise<void> } {
  // Calls still running, so a client that sends its last request and closes stdin still gets the answer.
  const running = new Set<Promise<unknown>>();
  const server = new Server({ name: ENGINE_NAME, title: "Parley: A2A Agent Card negotiability", version: ENGINE_VERSION }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: TOOLS.map(({ name, title, description, inputSchema }) => ({ name, title, description, inputSchema })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = TOOLS.find((t) => t.name === request.params.name);
    if (!tool) return toolError(`unknown tool "${request.params.name}". Tools: ${TOOLS.map((t) => t.name).join(", ")}.`);
    const call = callTool(tool, request.params.arguments ?? {}, runCommand, base).catch((e: unknown) => {
      if (e instanceof ToolInputError) return toolError(`${tool.name}: ${e.message}`);
      throw e;
    });
    running.add(call);
    try {
      return await call;
    } finally {
      running.delete(call);
    }
  });
  const idle = async () => {
    while (running.size > 0) await Promise.allSettled([...running]);
    // The answer is written after its handler settles: let that happen first.
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { server, idle };
}

async function callTool(tool: ToolDefinition, input: ToolInput, runCommand: RunCommand, base: Pick<CliIo, "env" | "cwd">): Promise<CallToolResult> {
  const unknown = Object.keys(input).filter((key) => !Object.hasOwn(tool.inputSchema.properties, key));
  if (unknown.length > 0) throw new ToolInputError(`unknown argument ${unknown.map((k) => `"${k}"`).join(", ")}; it takes ${Object.keys(tool.inputSchema.properties).join(", ")}.`);
  for (const key of tool.inputSchema.required ?? []) if (input[key] === undefined) throw new ToolInputError(`${key} is required.`);
  if (tool.name === "explain-record") return answer(explainRecords(input.text as string));
  // Inline cards and profiles go to files only this user can read, removed after the call.
  const dir = await mkdtemp(path.join(tmpdir(), "parley-mcp-"));
  try {
    const plan = tool.plan(input, dir);
    for (const file of plan.files) await writeFile(path.join(dir, file.name), file.text, { mode: 0o600 });
    const { code, stdout, stderr } = await capture(runCommand, plan.argv!, base);
    // Credentials given as headers are never echoed, whatever the agent sent back (as the CLI redacts them).
    const secrets = headerSecrets(input);
    if (code === 2) return toolError(redactDeep(stderr.trim().replace(/\n\nUsage:[\s\S]*$/, "").replaceAll(dir + path.sep, ""), secrets) || `${tool.name}: unusable input.`);
    // An inline card or profile is named by its file's name, not by the temporary folder's path.
    return answer(redactDeep(JSON.parse(stdout.replaceAll(dir + path.sep, "")) as Record<string, unknown>, secrets));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** explain-record's answer: each entry of the text as the log reader reads it, with the engine's explanation. */
export function explainRecords(text: string): Record<string, unknown> {
  const reading = readLogText(text);
  return {
    engine: { name: ENGINE_NAME, version: ENGINE_VERSION },
    entries: reading.entries.map((entry) => ({ ...entry, explanation: explainLogEntry(entry) })),
    blankLines: reading.blankLines,
    ...(reading.notice ? { notice: { ...reading.notice, message: explainLogNotice(reading.notice) } } : {}),
  };
}

function answer(json: Record<string, unknown>): CallToolResult {
  return { content: [{ type: "text", text: JSON.stringify(json, null, 2) }], structuredContent: json };
}

function toolError(message: string): CallToolResult {
  return { content: [{ type: "text", text: message }], isError: true };
}

async function capture(runCommand: RunCommand, argv: string[], base: Pick<CliIo, "env" | "cwd">) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  stdout.on("data", (c: Buffer) => out.push(c));
  stderr.on("data", (c: Buffer) => err.push(c));
  const code = await runCommand(argv, { stdin: Readable.from([]), stdout, stderr, env: base.env, cwd: base.cwd });
  return { code, stdout: Buffer.concat(out).toString("utf8"), stderr: Buffer.concat(err).toString("utf8") };
}
