import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/**
 * Docker is not on the machines this is developed on, so the Dockerfile is replayed instead: each
 * stage is a folder standing for the image's filesystem, each COPY brings exactly the files Docker
 * would (the build context less .dockerignore, or an earlier stage's folder), each RUN runs in the
 * stage's WORKDIR with its ENV, and the final stage's CMD and HEALTHCHECK run as the container
 * would. The base image's own files are this machine's (its node and npm).
 */
export interface Instruction {
  op: string;
  args: string;
  /** 1-based line where the instruction starts. */
  line: number;
}

export interface Stage {
  name: string;
  from: string;
  instructions: Instruction[];
}

export interface Dockerfile {
  args: Record<string, string>;
  stages: Stage[];
}

export function parseDockerfile(text: string): Dockerfile {
  const args: Record<string, string> = {};
  const stages: Stage[] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const start = i;
    let logical = lines[i]!;
    if (/^\s*(#|$)/.test(logical)) continue;
    while (logical.endsWith("\\") && i + 1 < lines.length) {
      logical = logical.slice(0, -1);
      i++;
      if (/^\s*#/.test(lines[i]!)) continue; // comment lines inside a continuation are dropped, as Docker does
      logical += "\n" + lines[i]!;
    }
    const match = /^\s*([A-Za-z]+)\s+([\s\S]*)$/.exec(logical);
    if (!match) throw new Error(`Dockerfile line ${start + 1}: cannot read "${logical}"`);
    const op = match[1]!.toUpperCase();
    const rest = match[2]!.trim();
    if (op === "ARG" && stages.length === 0) {
      const [name, value = ""] = rest.split("=");
      args[name!] = value;
    } else if (op === "FROM") {
      const from = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(rest);
      if (!from) throw new Error(`Dockerfile line ${start + 1}: cannot read FROM ${rest}`);
      const image = from[1]!.replace(/\$\{(\w+)\}|\$(\w+)/g, (_m, a: string, b: string) => args[a ?? b] ?? "");
      stages.push({ name: from[2] ?? String(stages.length), from: image, instructions: [] });
    } else {
      if (stages.length === 0) throw new Error(`Dockerfile line ${start + 1}: ${op} before FROM`);
      stages.at(-1)!.instructions.push({ op, args: rest, line: start + 1 });
    }
  }
  return { args, stages };
}

/** `COPY [--from=stage] [--chown=u:g] src… dest` (shell form). */
export function parseCopy(args: string): { from?: string; sources: string[]; dest: string } {
  const words = args.split(/\s+/);
  let from: string | undefined;
  while (words[0]?.startsWith("--")) {
    const flag = words.shift()!;
    if (flag.startsWith("--from=")) from = flag.slice("--from=".length);
  }
  const dest = words.pop()!;
  return { from, sources: words, dest };
}

/** `ENV A=1 B=2` (continuations already joined) as pairs. */
export function parseEnv(args: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of args.matchAll(/(\w+)=("(?:[^"\\]|\\.)*"|\S*)/g)) out[m[1]!] = m[2]!.startsWith('"') ? (JSON.parse(m[2]!) as string) : m[2]!;
  return out;
}

/** `CMD ["node", "server.js"]` or `HEALTHCHECK [--opt=…]… CMD [...]`: the exec form's argv and options. */
export function parseExec(args: string): { options: Record<string, string>; argv: string[] } {
  const options: Record<string, string> = {};
  let rest = args;
  for (let m = /^--([\w-]+)=(\S+)\s+/.exec(rest); m; m = /^--([\w-]+)=(\S+)\s+/.exec(rest)) {
    options[m[1]!] = m[2]!;
    rest = rest.slice(m[0].length);
  }
  rest = rest.replace(/^CMD\s+/, "");
  if (!rest.startsWith("[")) throw new Error(`only the exec form (a JSON array) is replayed, not: ${rest}`);
  return { options, argv: JSON.parse(rest) as string[] };
}

/** Docker-style durations: 30s, 5s, 1m30s → milliseconds. */
export function durationMs(value: string): number {
  let ms = 0;
  for (const m of value.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)) ms += Number(m[1]) * { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 }[m[2] as "ms" | "s" | "m" | "h"];
  return ms;
}

/** .dockerignore: does a context path (relative, "/" separated) fall under one of its patterns? */
export function ignoredBy(patterns: readonly string[], file: string): boolean {
  let ignored = false;
  for (const raw of patterns) {
    const negate = raw.startsWith("!");
    const pattern = (negate ? raw.slice(1) : raw).replace(/^\/+|\/+$/g, "");
    const re = new RegExp(`^${pattern.split("*").map((s) => s.replace(/[.+?^${}()|[\]\\]/g, "\\$&")).join("[^/]*")}(/.*)?$`);
    if (re.test(file)) ignored = !negate;
  }
  return ignored;
}

/** The build context: the checkout's files (tracked and untracked, not git-ignored) less .dockerignore. */
export function contextFiles(root: string): string[] {
  const listed = spawnSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], { cwd: root, encoding: "utf8" });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  const ignoreFile = path.join(root, ".dockerignore");
  const patterns = existsSync(ignoreFile) ? readFileSync(ignoreFile, "utf8").split("\n").map((l) => l.trim()).filter((l) => l && !l.startsWith("#")) : [];
  return listed.stdout.split("\0").filter((f) => f && existsSync(path.join(root, f)) && !ignoredBy(patterns, f));
}

export interface ReplayOptions {
  root: string;
  /** Where the stages' folders go (one per stage). */
  work: string;
  /** Environment the RUN steps see beside the stage's ENV (PATH, npm settings). */
  env: Record<string, string | undefined>;
  /** Stop after this stage (its RUN steps included). */
  until?: string;
  /** Per RUN step, a bound in milliseconds. */
  runTimeoutMs?: number;
  log?: (line: string) => void;
  /** Runs another command for a RUN step when it returns one (an install where the registry is out of reach). */
  substitute?: (run: string, stage: string) => string | undefined;
}

export interface StageState {
  stage: Stage;
  /** The folder standing for the stage's "/". */
  fsRoot: string;
  workdir: string;
  env: Record<string, string>;
}

/** Replays every stage's COPY, WORKDIR, ENV and RUN; returns each stage's state. */
export function replayBuild(dockerfile: Dockerfile, opts: ReplayOptions): StageState[] {
  const files = contextFiles(opts.root);
  const states: StageState[] = [];
  for (const stage of dockerfile.stages) {
    const fsRoot = path.join(opts.work, stage.name);
    mkdirSync(fsRoot, { recursive: true });
    const state: StageState = { stage, fsRoot, workdir: "/", env: {} };
    states.push(state);
    for (const step of stage.instructions) {
      const inStage = (p: string) => path.join(fsRoot, path.posix.resolve(state.workdir, p));
      if (step.op === "WORKDIR") {
        state.workdir = path.posix.resolve(state.workdir, step.args);
        mkdirSync(inStage("."), { recursive: true });
      } else if (step.op === "ENV") Object.assign(state.env, parseEnv(step.args));
      else if (step.op === "COPY") {
        const { from, sources, dest } = parseCopy(step.args);
        const target = inStage(dest);
        const intoFolder = dest.endsWith("/") || sources.length > 1 || dest === ".";
        for (const source of sources) {
          if (from !== undefined) {
            const earlier = states.find((s) => s.stage.name === from);
            if (!earlier) throw new Error(`line ${step.line}: COPY --from=${from}: no such stage`);
            const src = path.join(earlier.fsRoot, path.posix.resolve(earlier.workdir, source));
            if (!existsSync(src)) throw new Error(`line ${step.line}: COPY --from=${from} ${source}: stage ${from} has no such file`);
            copyInto(src, target, intoFolder && !statSync(src).isDirectory());
            continue;
          }
          const norm = path.posix.normalize(source).replace(/\/$/, "");
          const chosen = norm === "." ? files : files.filter((f) => f === norm || f.startsWith(norm + "/"));
          if (chosen.length === 0) throw new Error(`line ${step.line}: COPY ${source}: not in the build context (missing, or left out by .dockerignore)`);
          for (const f of chosen) {
            const rel = norm === "." ? f : f === norm ? (intoFolder ? path.posix.basename(f) : "") : f.slice(norm.length + 1);
            const to = rel === "" ? target : path.join(target, rel);
            mkdirSync(path.dirname(to), { recursive: true });
            cpSync(path.join(opts.root, f), to, { dereference: false, verbatimSymlinks: true });
          }
        }
      } else if (step.op === "RUN") {
        const instead = opts.substitute?.(step.args, stage.name);
        opts.log?.(`[${stage.name}] RUN ${step.args}${instead ? ` (replayed as: ${instead})` : ""}`);
        const r = spawnSync("sh", ["-c", instead ?? step.args], {
          cwd: inStage("."),
          env: { ...opts.env, ...state.env } as NodeJS.ProcessEnv,
          encoding: "utf8",
          timeout: opts.runTimeoutMs ?? 15 * 60_000,
          maxBuffer: 64 * 1024 * 1024,
        });
        if (r.status !== 0) throw new Error(`line ${step.line}: RUN ${step.args} failed (exit ${r.status ?? r.signal}):\n${(r.stdout + r.stderr).slice(-4000)}`);
      }
    }
    if (stage.name === opts.until) break;
  }
  return states;
}

function copyInto(src: string, target: string, asChild: boolean): void {
  const to = asChild ? path.join(target, path.basename(src)) : target;
  mkdirSync(path.dirname(to), { recursive: true });
  cpSync(src, to, { recursive: true, verbatimSymlinks: true });
}

/** The last instruction of a kind in a stage (Docker keeps the last CMD and HEALTHCHECK). */
export function lastOf(stage: Stage, op: string): Instruction | undefined {
  return stage.instructions.filter((i) => i.op === op).at(-1);
}

/**
 * Starts the final stage's CMD as the container would (its WORKDIR and ENV, `env` on top) and runs
 * its HEALTHCHECK every second until it passes, within start-period + retries × interval (each try
 * bounded by its timeout). Stops the server with STOPSIGNAL and waits for it to exit.
 */
export async function runFinalStage(state: StageState, env: Record<string, string>): Promise<{ healthy: boolean; tries: number; exitCode: number | null; signal: NodeJS.Signals | null; output: string }> {
  const cmd = lastOf(state.stage, "CMD");
  const health = lastOf(state.stage, "HEALTHCHECK");
  if (!cmd || !health) throw new Error("the final stage needs a CMD and a HEALTHCHECK");
  const { argv } = parseExec(cmd.args);
  const check = parseExec(health.args);
  const cwd = path.join(state.fsRoot, state.workdir);
  const variables: Record<string, string> = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: cwd, ...state.env, ...env };
  const fullEnv = variables as NodeJS.ProcessEnv;
  const server = spawn(argv[0]!, argv.slice(1), { cwd, env: fullEnv, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  server.stdout.on("data", (c: Buffer) => (output += c.toString()));
  server.stderr.on("data", (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));
  const budget = durationMs(check.options["start-period"] ?? "0s") + Number(check.options.retries ?? 3) * durationMs(check.options.interval ?? "30s");
  const deadline = Date.now() + Math.min(budget, 90_000);
  let tries = 0;
  let healthy = false;
  try {
    while (!healthy && Date.now() < deadline && server.exitCode === null) {
      tries++;
      const r = spawnSync(check.argv[0]!, check.argv.slice(1), { cwd, env: fullEnv, timeout: durationMs(check.options.timeout ?? "30s") });
      healthy = r.status === 0;
      if (!healthy) await new Promise((r) => setTimeout(r, 1_000));
    }
  } finally {
    const signal = (lastOf(state.stage, "STOPSIGNAL")?.args ?? "SIGTERM") as NodeJS.Signals;
    if (server.exitCode === null) server.kill(signal);
    const killer = setTimeout(() => server.kill("SIGKILL"), 15_000);
    await exited;
    clearTimeout(killer);
  }
  return { healthy, tries, exitCode: server.exitCode, signal: server.signalCode, output };
}
