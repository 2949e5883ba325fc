import type { Readable, Writable } from "node:stream";

/** Everything the CLI touches outside itself, so tests can run it in-process. */
export interface CliIo {
  stdin: Readable;
  stdout: Writable;
  stderr: Writable;
  env: Record<string, string | undefined>;
  /** Directory relative paths are resolved against. */
  cwd: string;
}

export function processIo(): CliIo {
  return { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd() };
}

/** Exit codes, the same for every subcommand (see docs/cli.md). */
export const EXIT = { ok: 0, rejected: 1, unusable: 2 } as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** Input the CLI cannot work with: printed on stderr, exit code 2. The message says what and where. */
export class UsageError extends Error {
  constructor(
    message: string,
    /** Print the subcommand's usage after the message (flag mistakes, not file problems). */
    readonly showUsage = false,
  ) {
    super(message);
    this.name = "UsageError";
  }
}

/** Write and wait for the stream to take it, so big outputs keep constant memory. */
export function writeOut(out: Writable, text: string | Uint8Array): Promise<void> | void {
  if (out.write(text)) return;
  return new Promise((resolve, reject) => {
    const onDrain = () => {
      out.off("error", onError);
      resolve();
    };
    const onError = (e: Error) => {
      out.off("drain", onDrain);
      reject(e);
    };
    out.once("drain", onDrain);
    out.once("error", onError);
  });
}
