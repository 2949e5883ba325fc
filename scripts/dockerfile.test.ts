import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { contextFiles, ignoredBy, parseDockerfile, parseExec, replayBuild, runFinalStage, type Stage } from "./dockerfile-replay";

// Docker cannot run where this is developed: the Dockerfile's steps are replayed instead
// (scripts/dockerfile-replay.ts). The checks below run in the unit suite; the full replay (npm ci,
// next build, the server and its health check) takes minutes and the registry, so it runs when
// PARLEY_DOCKER_REPLAY=1, as .ci/run sets it. Where the registry is out of reach,
// PARLEY_DOCKER_REPLAY_NODE_MODULES=copy replays `npm ci` as a copy of this checkout's
// node_modules (installed from the same lockfile) and every other step as written.
const ROOT = path.resolve(__dirname, "..");
const dockerfile = readFileSync(path.join(ROOT, "Dockerfile"), "utf8");
const parsed = parseDockerfile(dockerfile);
const ignored = readFileSync(path.join(ROOT, ".dockerignore"), "utf8").split("\n").map((l) => l.trim());
const finalStage = parsed.stages.at(-1)!;
const work = mkdtempSync(path.join(tmpdir(), "parley-docker-"));
// The full replay leaves a gigabyte of node_modules copies: removing them takes a while.
afterAll(() => rmSync(work, { recursive: true, force: true }), 300_000);

const ops = (stage: Stage, op: string) => stage.instructions.filter((i) => i.op === op).map((i) => i.args);

describe("Dockerfile", () => {
  it("has the three stages: dependencies from the lockfile, the build, the image", () => {
    expect(parsed.stages.map((s) => s.name)).toEqual(["deps", "build", "run"]);
    expect(ops(parsed.stages[0]!, "RUN").join("\n")).toMatch(/^npm ci\b/);
    expect(ops(parsed.stages[1]!, "RUN")).toContain("npm run build");
  });

  it("ships only the standalone folder, run by a non-root user, with a health check", () => {
    expect(ops(finalStage, "COPY")).toEqual(["--from=build --chown=node:node /app/.next/standalone ./"]);
    expect(ops(finalStage, "USER")).toEqual(["node"]);
    expect(parseExec(ops(finalStage, "HEALTHCHECK")[0]!).argv.join(" ")).toContain("/api/health");
    expect(parseExec(ops(finalStage, "CMD")[0]!).argv).toEqual(["node", "server.js"]);
    expect(ops(finalStage, "ENV").join(" ")).toContain("HOSTNAME=0.0.0.0");
  });

  it("uses a Node version the package accepts", () => {
    const major = Number(parsed.args.NODE_VERSION);
    const required = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")).engines.node as string;
    expect(major).toBeGreaterThanOrEqual(Number(/>=(\d+)/.exec(required)?.[1]));
    for (const stage of parsed.stages) expect(stage.from).toBe(`node:${major}-bookworm-slim`);
  });

  it("keeps installed and built folders and the git history out of the build context", () => {
    for (const entry of ["node_modules", ".next", ".git", "test-results"]) expect(ignored).toContain(entry);
    const files = contextFiles(ROOT);
    expect(files).toContain("package-lock.json");
    expect(files.some((f) => f.startsWith("node_modules/") || f.startsWith(".next/") || f.startsWith("build/"))).toBe(false);
    expect(ignoredBy(["*.log", "build"], "build/cli/review.mjs")).toBe(true);
    expect(ignoredBy(["*.log"], "lib/x.log")).toBe(false); // as Docker: a pattern without a folder matches at the root only
  });

  it("the first stage's npm ci can run with only the files its COPY brings (no lifecycle script needs a file that is not there)", () => {
    // Replay the deps stage's COPY and WORKDIR steps, then look at what each RUN npm ci would start.
    const deps = { ...parsed.stages[0]!, instructions: parsed.stages[0]!.instructions.filter((i) => i.op !== "RUN") };
    const [state] = replayBuild({ ...parsed, stages: [deps] }, { root: ROOT, work, env: {} });
    const stageDir = path.join(state!.fsRoot, state!.workdir);
    const pkg = JSON.parse(readFileSync(path.join(stageDir, "package.json"), "utf8")) as { scripts?: Record<string, string> };
    const missing: string[] = [];
    for (const run of ops(parsed.stages[0]!, "RUN").filter((r) => /\bnpm ci\b/.test(r))) {
      if (/--ignore-scripts\b/.test(run)) continue;
      for (const hook of ["preinstall", "install", "postinstall", "prepare"]) {
        for (const file of pkg.scripts?.[hook]?.match(/[\w./-]+\.(?:mjs|cjs|js|ts)\b/g) ?? []) {
          try {
            readFileSync(path.join(stageDir, file));
          } catch {
            missing.push(`${hook}: ${file}`);
          }
        }
      }
    }
    expect(missing).toEqual([]);
  });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as { port: number }).port;
  await new Promise((r) => server.close(r));
  return port;
}

// Skipped unless PARLEY_DOCKER_REPLAY=1: the full replay runs npm ci from the registry and a
// production build (about 2.5 minutes), so it runs once, in .ci/run's own "Dockerfile replay" step,
// not in every `npm test`; the quick checks above run everywhere.
describe.runIf(process.env.PARLEY_DOCKER_REPLAY === "1")("Dockerfile replayed step by step (PARLEY_DOCKER_REPLAY=1)", () => {
  it("builds every stage, starts the image's command and passes its health check", async () => {
    const env = { PATH: process.env.PATH, HOME: work, npm_config_cache: process.env.npm_config_cache ?? path.join(process.env.HOME ?? work, ".npm"), npm_config_offline: process.env.npm_config_offline, CI: "1" };
    const copyInstall = process.env.PARLEY_DOCKER_REPLAY_NODE_MODULES === "copy";
    const substitute = (run: string) => (copyInstall && /^npm ci\b/.test(run) ? `cp -a ${JSON.stringify(path.join(ROOT, "node_modules"))} ./node_modules` : undefined);
    const states = replayBuild(parsed, { root: ROOT, work, env, substitute, log: (l) => console.log(l) });
    const image = states.at(-1)!;
    // The container's own network: an ephemeral port on loopback stands for its 3000 on 0.0.0.0.
    const result = await runFinalStage(image, { PORT: String(await freePort()), HOSTNAME: "127.0.0.1" });
    expect(result.healthy, result.output.slice(-2000)).toBe(true);
    // On its STOPSIGNAL it exits by itself (0, or 143: 128 + SIGTERM, as Next's server does), never cut by SIGKILL.
    expect(result.signal, "exits on its STOPSIGNAL without being killed").toBeNull();
    expect([0, 143], `exit code ${result.exitCode}`).toContain(result.exitCode);
  }, 20 * 60_000);
});
