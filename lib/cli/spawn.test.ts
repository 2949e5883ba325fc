import { spawn, spawnSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { CONTOSO } from "../negotiation/examples/incidents";

// The real binary, as CI runs it: a fresh process through tsx, no build step.
const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const TSX = path.join(ROOT, "node_modules", ".bin", "tsx");
const dir = mkdtempSync(path.join(tmpdir(), "parley-spawn-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const contosoPath = path.join(dir, "contoso.json");
writeFileSync(contosoPath, CONTOSO.text);

function cli(args: string[], input?: string) {
  const r = spawnSync(TSX, ["lib/cli/main.ts", ...args], { cwd: ROOT, input, encoding: "utf8", timeout: 60_000, env: { ...process.env, PARLEY_ALLOW_LOOPBACK_FETCH: "" } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe("the CLI as a process", () => {
  it("check exits 1 on the incident card and prints JSON", () => {
    const r = cli(["check", "--card", contosoPath, "--profile", "northwind", "--format", "json"]);
    expect(r.code).toBe(1);
    const doc = JSON.parse(r.stdout) as { decisions: Record<string, { decision: string }> };
    expect(doc.decisions["live-input"]?.decision).toBe("reject");
    expect(doc.decisions["request-response"]?.decision).toBe("accept");
  }, 60_000);

  it("batch streams stdin to stdout in order and exits 2 when a line is bad", () => {
    const card = JSON.parse(CONTOSO.text) as unknown;
    const input = [
      JSON.stringify({ id: "a", card, profile: "northwind", taskClasses: ["request-response"] }),
      "{",
      JSON.stringify({ id: "c", card, profile: "northwind", taskClasses: ["live-input"] }),
    ].join("\n");
    const r = cli(["batch"], input);
    const out = r.stdout.trim().split("\n").map((l) => JSON.parse(l) as { id: unknown; error?: string });
    expect(out.map((o) => o.id)).toEqual(["a", null, "c"]);
    expect(out[1]?.error).toMatch(/^line 2:/);
    expect(r.code).toBe(2);
  }, 60_000);

  it("seed-check exits 1 when the reference check raises", () => {
    const line = JSON.stringify({
      id: 1,
      card: { capabilities: { streaming: false }, defaultInputModes: ["audio/pcm"] },
      client_profile: { live_only_input_modes: ["audio/pcm"] },
      task_class: "live-input",
    });
    const r = cli(["seed-check"], line + "\n");
    expect(JSON.parse(r.stdout)).toMatchObject({ id: 1, raised: true, invariant: 1 });
    expect(r.code).toBe(1);
  }, 60_000);

  it("an unknown command exits 2 with usage on stderr", () => {
    const r = cli(["frobnicate"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unknown command "frobnicate"');
    expect(r.stderr).toContain("Usage: parley <command>");
    expect(r.stdout).toBe("");
  }, 60_000);
});

/** The CLI with its standard output read by a reader that closes the pipe before reading anything. */
function cliIntoClosedPipe(args: string[], input: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, ["lib/cli/main.ts", ...args], { cwd: ROOT, stdio: ["pipe", "pipe", "pipe"] });
    child.stdout.destroy();
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", reject);
    // The CLI may stop before it has read all its input: that is the point, not a failure.
    child.stdin.on("error", () => {});
    child.on("close", (code) => resolve({ code, stderr }));
    child.stdin.end(input);
  });
}

describe("the CLI when its output cannot be written", () => {
  it("a reader that stops early (`| head`) does not turn check's rejection into success", async () => {
    const r = await cliIntoClosedPipe(["check", "--card", contosoPath, "--profile", "northwind"], "");
    expect(r.code).toBe(1);
    expect(r.stderr).toBe("");
  }, 60_000);

  it("a batch cut short by its reader exits 141, never 0, as a program stopped by the closed pipe", async () => {
    const line = JSON.stringify({ id: 1, card: JSON.parse(CONTOSO.text) as unknown, profile: "northwind" });
    const r = await cliIntoClosedPipe(["batch"], `${line}\n`.repeat(200));
    expect(r.code).toBe(141);
    expect(r.stderr).not.toContain("internal error");
  }, 60_000);

  it("a full disk is said in one line, exit 2, not a stack trace", () => {
    const full = openSync("/dev/full", "w");
    try {
      const r = spawnSync(TSX, ["lib/cli/main.ts", "check", "--card", contosoPath, "--profile", "northwind"], {
        cwd: ROOT,
        stdio: ["ignore", full, "pipe"],
        encoding: "utf8",
        timeout: 60_000,
      });
      expect(r.status).toBe(2);
      expect(r.stderr).toBe("parley: could not write the output: no space left on the device (ENOSPC).\n");
    } finally {
      closeSync(full);
    }
  }, 60_000);
});

describe("the parley command (package.json bin)", () => {
  it("points at the bundled CLI that prepare builds, with a shebang", async () => {
    const { readFile } = await import("node:fs/promises");
    const pkg = JSON.parse(await readFile(new URL("../../package.json", import.meta.url), "utf8")) as { bin: Record<string, string>; scripts: Record<string, string> };
    // `parley` in a project's scripts, `parley-a2a` so `npx parley-a2a` finds it by the package's name.
    expect(pkg.bin).toEqual({ parley: "build/cli/review.mjs", "parley-a2a": "build/cli/review.mjs" });
    expect(pkg.scripts.prepare).toMatch(/^node scripts\/build-cli\.mjs && /);
  });

  it("runs when started through a link, as node_modules/.bin/parley is", { timeout: 60_000 }, async () => {
    const { mkdtemp, symlink } = await import("node:fs/promises");
    const { join } = await import("node:path");
    const { execFile } = await import("node:child_process");
    const { buildCli } = await import("../../scripts/build-cli.mjs");
    // Inside this file's folder, so it goes with it.
    const bin = await mkdtemp(join(dir, "bin-"));
    const bundle = await buildCli(join(bin, "review.mjs"));
    const link = join(bin, "parley");
    await symlink(bundle, link);
    const stdout = await new Promise<string>((resolve, reject) =>
      execFile(process.execPath, [link, "check", "--card", "example:contoso", "--profile", "northwind", "--task-class", "request-response"], (error, out) =>
        error ? reject(error) : resolve(out),
      ),
    );
    expect(stdout).toMatch(/request-response\s+accept/);
  });
});

describe("the built CLI, split by command", () => {
  /** The files an ES module loads before it runs: itself and its static imports, transitively. */
  function staticClosure(file: string, seen = new Set<string>()): Set<string> {
    if (seen.has(file)) return seen;
    seen.add(file);
    for (const match of readFileSync(file, "utf8").matchAll(/(?:^|\n)import\s*(?:[^"';]*?from\s*)?"(\.[^"]+)"/g)) staticClosure(path.resolve(path.dirname(file), match[1]!), seen);
    return seen;
  }
  const textOf = (files: Set<string>) => [...files].map((f) => readFileSync(f, "utf8")).join("\n");

  it("starts --version, --help and seed-check without the review engine, which check loads", { timeout: 60_000 }, async () => {
    const { buildCli } = await import("../../scripts/build-cli.mjs");
    const out = mkdtempSync(path.join(dir, "split-"));
    const entry = await buildCli(path.join(out, "review.mjs"));
    const chunk = (name: string) => path.join(out, "chunks", readdirSync(path.join(out, "chunks")).find((f) => f.startsWith(`${name}-`))!);
    const engine = /function runReview\(|function installCompiledCardSchemas\(/;
    // What every run loads before it reads its command: the entry and its static imports.
    const start = staticClosure(entry);
    expect(textOf(start)).not.toMatch(engine);
    const seedCheck = staticClosure(chunk("seed-check"), new Set(start));
    expect(textOf(seedCheck)).toContain("function evaluateCardNegotiable(");
    expect(textOf(seedCheck)).not.toMatch(engine);
    // The split is real: check's closure does hold the engine.
    expect(textOf(staticClosure(chunk("check")))).toMatch(engine);
    const version = spawnSync(process.execPath, [entry, "--version"], { encoding: "utf8" });
    expect(version.stdout).toMatch(/^parley \d+\.\d+\.\d+\n$/);
    const seed = spawnSync(process.execPath, [entry, "seed-check"], { input: "", encoding: "utf8" });
    expect(seed.status).toBe(0);
  });
});
