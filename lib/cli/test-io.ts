import { PassThrough, Readable } from "node:stream";
import type { CliIo } from "./io";
import { run } from "./main";

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
  /** The exit code the command declared before the end, and how many bytes it had written by then. */
  decided?: { code: number; stdoutBytes: number };
}

/** Run the CLI in-process with captured streams (the same code path as the real binary). */
export async function runCli(
  argv: string[],
  opts: { stdin?: string; env?: Record<string, string>; cwd?: string; stderrIsTTY?: boolean } = {},
): Promise<RunResult> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  // A terminal on stderr, as a person at a shell has it (progress lines are drawn only there).
  if (opts.stderrIsTTY) Object.assign(stderr, { isTTY: true });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  stdout.on("data", (c: Buffer) => out.push(c));
  stderr.on("data", (c: Buffer) => err.push(c));
  const io: CliIo = {
    stdin: Readable.from(opts.stdin === undefined ? [] : [Buffer.from(opts.stdin)]),
    stdout,
    stderr,
    env: opts.env ?? {},
    cwd: opts.cwd ?? process.cwd(),
    decided: (code) => (decided = { code, stdoutBytes: out.reduce((n, c) => n + c.length, 0) }),
  };
  let decided: RunResult["decided"];
  const code = await run(argv, io);
  const result: RunResult = { code, stdout: Buffer.concat(out).toString("utf8"), stderr: Buffer.concat(err).toString("utf8") };
  if (decided) result.decided = decided;
  return result;
}
