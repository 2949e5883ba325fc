import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Timing whole processes, start-up included: wall time from spawn to exit, and the child's own CPU
 * time and peak RSS, which it reports on exit (node children through usage-preload.mjs, the
 * Python runner by itself) to the file named by PARLEY_BENCH_USAGE_FILE.
 */
export const USAGE_PRELOAD = fileURLToPath(new URL("./usage-preload.mjs", import.meta.url));

export interface ProcessRun {
  wallMs: number;
  /** User + system CPU time of the child, all its threads. */
  cpuMs: number;
  maxRssMb: number;
  /** Heap in use after a full collection at exit (node children only). */
  heapAfterGcMb?: number;
  exitCode: number | null;
  stderr: string;
}

export interface ProcessSpec {
  command: string;
  args: string[];
  /** A file to read stdin from, or a command whose stdout becomes stdin (e.g. `cat` of a file ten times). */
  stdin: { file: string } | { command: string; args: string[] };
  /** Where stdout goes: a file to keep it, or nowhere (/dev/null). */
  stdoutFile?: string;
  env?: Record<string, string>;
}

/** `node --expose-gc --import usage-preload.mjs …args`: a node child that reports its usage. */
export function nodeSpec(args: string[], rest: Omit<ProcessSpec, "command" | "args">): ProcessSpec {
  return { command: process.execPath, args: ["--expose-gc", "--import", USAGE_PRELOAD, ...args], ...rest };
}

export async function runProcess(spec: ProcessSpec): Promise<ProcessRun> {
  const dir = mkdtempSync(join(tmpdir(), "parley-bench-run-"));
  const usageFile = join(dir, "usage.json");
  const out = openSync(spec.stdoutFile ?? "/dev/null", "w");
  let feeder: ChildProcess | undefined;
  let stdinFd: number | undefined;
  try {
    let stdin: number | NodeJS.ReadableStream;
    if ("file" in spec.stdin) {
      stdinFd = openSync(spec.stdin.file, "r");
      stdin = stdinFd;
    } else {
      feeder = spawn(spec.stdin.command, spec.stdin.args, { stdio: ["ignore", "pipe", "inherit"] });
      stdin = feeder.stdout!;
    }
    const t0 = performance.now();
    const child = spawn(spec.command, spec.args, {
      stdio: [stdin as number, out, "pipe"],
      env: { ...process.env, ...spec.env, PARLEY_BENCH_USAGE_FILE: usageFile },
    });
    let stderr = "";
    child.stderr!.setEncoding("utf8").on("data", (text: string) => {
      if (stderr.length < 4000) stderr += text;
    });
    const exitCode = await new Promise<number | null>((resolve, reject) => {
      child.on("error", reject);
      child.on("close", (code) => resolve(code));
    });
    const wallMs = performance.now() - t0;
    if (!existsSync(usageFile)) throw new Error(`${spec.command} ${spec.args.join(" ")} exited ${exitCode} without reporting its usage: ${stderr}`);
    const usage = JSON.parse(readFileSync(usageFile, "utf8")) as { userMs: number; systemMs: number; maxRssKb: number; heapAfterGcKb?: number };
    const run: ProcessRun = { wallMs, cpuMs: usage.userMs + usage.systemMs, maxRssMb: usage.maxRssKb / 1024, exitCode, stderr };
    if (usage.heapAfterGcKb !== undefined) run.heapAfterGcMb = usage.heapAfterGcKb / 1024;
    return run;
  } finally {
    feeder?.kill();
    if (stdinFd !== undefined) closeSync(stdinFd);
    closeSync(out);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs each spec in turn, `rounds` times over (interleaved, so load drift hits every side alike). */
export async function runInterleaved<K extends string>(specs: Record<K, ProcessSpec>, rounds: number, log: (line: string) => void): Promise<Record<K, ProcessRun[]>> {
  const runs = Object.fromEntries(Object.keys(specs).map((k) => [k, [] as ProcessRun[]])) as unknown as Record<K, ProcessRun[]>;
  for (let round = 0; round < rounds; round++) {
    for (const key of Object.keys(specs) as K[]) {
      const run = await runProcess(specs[key]);
      runs[key].push(run);
      log(`  round ${round + 1}/${rounds} ${key}: ${describeRun(run)}`);
    }
  }
  return runs;
}

export function describeRun(run: ProcessRun): string {
  const heap = run.heapAfterGcMb === undefined ? "" : `, heap after GC ${run.heapAfterGcMb.toFixed(1)} MB`;
  return `${seconds(run.wallMs)} wall, ${seconds(run.cpuMs)} CPU, peak RSS ${run.maxRssMb.toFixed(0)} MB${heap}`;
}

export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

/** The fastest run: interference from other processes only ever adds time. */
export function fastest(runs: ProcessRun[]): ProcessRun {
  return runs.reduce((best, run) => (run.wallMs < best.wallMs ? run : best));
}

export function leastCpu(runs: ProcessRun[]): number {
  return Math.min(...runs.map((r) => r.cpuMs));
}
