import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { type FlagOptions, parseCommandFlags } from "../cli/flag-errors";
import { type CliIo, EXIT, type ExitCode, writeOut } from "../cli/io";
import { allowLoopbackIo } from "../cli/output";
import { LOOPBACK_ENV } from "../fetch/safe-fetch";
import { createParleyMcpServer, type RunCommand } from "./server";
import { TOOLS } from "./tools";

/** The most one JSON-RPC message may hold: a card is at most 8 MiB, inline and escaped it may double. */
const MAX_MESSAGE_BYTES = 20 * 1024 * 1024;

export const MCP_USAGE = `Usage: parley mcp [--allow-loopback]

Serves Parley's tools to an MCP client (a coding agent, an IDE) over stdio: JSON-RPC messages
on stdin and stdout, one a line, until stdin closes. Tools, each with a JSON Schema for its
arguments, each answering with the JSON of the CLI command it runs (--format json):
  ${TOOLS.map((t) => t.name).join(", ")}
(review is check; probe never sends a task). Paths are relative to the directory the client
starts the server in. Add it to a client as the command "parley" with the argument "mcp"
(docs/mcp.md).

Options:
  --allow-loopback      let the tools fetch and ask agents on this machine (127.0.0.1, ::1,
                        localhost): the same as ${LOOPBACK_ENV}=1
  -h, --help            this help

Exit codes: 0 the client closed stdin; 2 a bad flag.
`;

const MCP_OPTIONS = {
  "allow-loopback": { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const satisfies FlagOptions;

/** `parley mcp`; `runCommand` is the CLI's own run(), passed in so this module does not import main.ts back. */
export async function runMcp(argv: string[], commandIo: CliIo, runCommand: RunCommand): Promise<ExitCode> {
  const { values } = parseCommandFlags("mcp", argv, MCP_OPTIONS);
  if (values.help) {
    await writeOut(commandIo.stdout, MCP_USAGE);
    return EXIT.ok;
  }
  const io = allowLoopbackIo(commandIo, values["allow-loopback"]);
  const { server, idle } = createParleyMcpServer(runCommand, io);
  const finish = () => void idle().then(() => server.close());
  const transport = new StdioServerTransport(io.stdin, io.stdout, { maxBufferSize: MAX_MESSAGE_BYTES });
  const closed = new Promise<void>((resolve) => {
    transport.onclose = resolve;
    // The transport stops on close(), not at the end of its input: a client that closes stdin is done.
    io.stdin.once("end", finish);
    io.stdin.once("close", finish);
  });
  // A broken message is the client's mistake: said on stderr, the server goes on.
  server.onerror = (error) => void writeOut(io.stderr, `parley mcp: ${error.message}\n`);
  await server.connect(transport);
  await closed;
  return EXIT.ok;
}
