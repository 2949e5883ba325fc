import { createWriteStream, type WriteStream } from "node:fs";
import path from "node:path";
import { Writable } from "node:stream";
import type { FlagOptions } from "./flag-errors";
import { LOOPBACK_ENV } from "../fetch/safe-fetch";
import { type CliIo, UsageError } from "./io";

/** The flags every report command takes for where its report goes and how it looks. */
export const OUTPUT_FLAGS = {
  output: { type: "string", short: "o" },
  quiet: { type: "boolean", short: "q" },
  "no-color": { type: "boolean" },
} as const satisfies FlagOptions;

export const OUTPUT_USAGE = `  -o, --output FILE     write the report to FILE (created or replaced) instead of stdout
  -q, --quiet           write no report on stdout: the exit code answers (errors still go to
                        stderr; with -o the file is still written)
  --no-color            no colour in the text format (also NO_COLOR=1; colour is only ever
                        used on a terminal)`;

export interface ReportOutput {
  /** The command's io with stdout pointing where the report goes. */
  io: CliIo;
  /** Colour the text format: a terminal, and neither --no-color nor NO_COLOR. */
  color: boolean;
  /** Flushes and closes the file of -o (a no-op otherwise). */
  close(): Promise<void>;
}

interface OutputValues {
  output?: string;
  quiet?: boolean;
  "no-color"?: boolean;
}

/**
 * Where the report goes: stdout, the file of -o (opened before any work, so a bad path fails at
 * once with exit 2), or nowhere with --quiet. NO_COLOR follows no-color.org: set and not empty.
 */
export async function openReportOutput(command: string, values: OutputValues, io: CliIo): Promise<ReportOutput> {
  const noColor = values["no-color"] === true || (io.env.NO_COLOR !== undefined && io.env.NO_COLOR !== "");
  if (values.output === "") throw new UsageError(`${command}: -o/--output needs a file name.`, true);
  if (values.output !== undefined) {
    const file = path.resolve(io.cwd, values.output);
    const stream = await openFile(file, values.output, command);
    const close = () =>
      new Promise<void>((resolve, reject) => {
        stream.once("error", reject);
        stream.end(() => resolve());
      });
    return { io: { ...io, stdout: stream }, color: false, close };
  }
  if (values.quiet) return { io: { ...io, stdout: discard() }, color: false, close: async () => {} };
  const isTTY = (io.stdout as Writable & { isTTY?: boolean }).isTTY === true;
  return { io, color: isTTY && !noColor, close: async () => {} };
}

function openFile(file: string, named: string, command: string): Promise<WriteStream> {
  return new Promise((resolve, reject) => {
    const stream = createWriteStream(file, { flags: "w" });
    stream.once("open", () => resolve(stream));
    stream.once("error", (e: NodeJS.ErrnoException) => reject(new UsageError(`${command}: -o ${named}: cannot write the report there (${e.code ?? e.message}).`)));
  });
}

function discard(): Writable {
  return new Writable({ write: (_chunk, _encoding, done) => done() });
}

/** ANSI colours for a decision word on a terminal: red for reject, yellow for the rest that are not accept, green for accept. */
export function colorDecision(text: string, decision: string, color: boolean): string {
  if (!color) return text;
  const code = decision === "reject" ? 31 : decision === "accept" ? 32 : 33;
  return `\u001b[${code}m${text}\u001b[39m`;
}

/**
 * The text format's decision table with each decision in its colour (red reject, green accept,
 * yellow the rest), when `color`; the text unchanged otherwise. Coloured after the text is made
 * safe (safeLines shows a card's own escape codes as text), so only Parley's codes reach the terminal.
 */
export function colorDecisionLines(text: string, color: boolean): string {
  if (!color) return text;
  const lines = text.split("\n");
  const header = lines.findIndex((line) => /^TASK CLASS +DECISION$/.test(line));
  if (header === -1) return text;
  for (let i = header + 1; i < lines.length && lines[i] !== ""; i++) {
    const m = /^(\S+ {2,})(\S.*)$/.exec(lines[i]!);
    if (!m) break;
    const decision = m[2]!.split(" ")[0]!;
    lines[i] = m[1]! + colorDecision(m[2]!, decision, true);
  }
  return lines.join("\n");
}

/** `--allow-loopback`: the command's io as if PARLEY_ALLOW_LOOPBACK_FETCH=1 were set (loopback only, never private ranges). */
export function allowLoopbackIo(io: CliIo, allow: boolean | undefined): CliIo {
  return allow ? { ...io, env: { ...io.env, [LOOPBACK_ENV]: "1" } } : io;
}
