import type { Readable, Writable } from "node:stream";

/** Everything the CLI touches outside itself, so tests can run it in-process. */
export interface CliIo {
  stdin: Readable;
  stdout: Writable;
  stderr: Writable;
  env: Record<string, string | undefined>;
  /** Directory relative paths are resolved against. */
  cwd: string;
  /**
   * Told the exit code as soon as a command knows it, before it writes its answer: a reader that
   * closes the pipe early (`… | head`) must not turn a rejection into success.
   */
  decided?: (code: ExitCode) => void;
}

export function processIo(): CliIo {
  return { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd() };
}

/** Exit codes, the same for every subcommand (see docs/cli.md). */
export const EXIT = { ok: 0, rejected: 1, unusable: 2 } as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];
/**
 * The reader closed the pipe before the command knew its answer (a `batch` cut short by `head`):
 * 128 + SIGPIPE, the code a shell shows for a program the closed pipe stopped.
 */
export const EXIT_PIPE_CLOSED = 141;

/**
 * Writing the answer failed (a full disk, a closed descriptor): what to say instead of a stack
 * trace, or undefined when the error is not a failed write.
 */
export function describeWriteFailure(error: unknown): string | undefined {
  const e = error as NodeJS.ErrnoException | undefined;
  if (!(e instanceof Error) || e.syscall !== "write" || typeof e.code !== "string") return undefined;
  const why = WRITE_ERRORS[e.code] ?? e.message.replace(/^[A-Z]+: /, "").replace(/, write$/, "");
  return `could not write the output: ${why} (${e.code}).`;
}

const WRITE_ERRORS: Record<string, string> = {
  ENOSPC: "no space left on the device",
  EDQUOT: "the disk quota is used up",
  EBADF: "standard output is closed",
  EIO: "an input/output error on the device",
  EFBIG: "the file would be larger than the system allows",
};

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
