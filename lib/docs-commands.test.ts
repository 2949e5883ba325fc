import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCli } from "../scripts/build-cli.mjs";
import { extractCommands, extractSynopses, sampleMatches } from "./docs-commands";
import { ENGINE_VERSION } from "./negotiation";

// Docs that cannot drift: every CLI command README.md and docs/*.md show in a ```console block is
// run here, as written, against the CLI bundle built from these sources, in a folder holding a copy
// of examples/, and what it prints (stdout, then stderr as a terminal shows them) must match the
// sample under it. `…` in a sample stands for text that must vary (a duration) or that the sample
// leaves out; a line of `…` alone stands for any number of lines. `# exit N` ends a command whose
// exit code is not 0. Like the corpus test: change the CLI, and the doc that shows it fails here.
const ROOT = path.resolve(__dirname, "..");
const DOCS = ["README.md", ...readdirSync(path.join(ROOT, "docs")).filter((f) => f.endsWith(".md")).map((f) => `docs/${f}`)];
const commands = DOCS.flatMap((file) => extractCommands(file, readFileSync(path.join(ROOT, file), "utf8")));

let work: string;
let bundle: string;

beforeAll(async () => {
  work = realpathSync(mkdtempSync(path.join(tmpdir(), "parley-docs-")));
  // Built from the sources every time, so a stale build/cli/review.mjs cannot pass for the code.
  bundle = await buildCli(path.join(work, ".cli", "review.mjs"));
  cpSync(path.join(ROOT, "examples"), path.join(work, "examples"), { recursive: true });
}, 60_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** `npx parley`, `node build/cli/review.mjs` and `npm run -s review --` all run the bundle here. */
function asRun(command: string): string {
  return command.replace(/(^|[|;&(]\s*|\bPARLEY_[A-Z_]+=\S*\s+)(?:npx parley|node build\/cli\/review\.mjs|npm run -s review --)(?=\s|$)/g, "$1parley");
}

describe("documented CLI commands", () => {
  it("the docs show commands, in README.md and docs/cli.md", () => {
    expect(commands.filter((c) => c.file === "README.md").length).toBeGreaterThanOrEqual(4);
    expect(commands.filter((c) => c.file === "docs/cli.md").length).toBeGreaterThanOrEqual(15);
  });

  it.each(commands.map((c) => [`${c.file}:${c.line}`, c] as const))("%s runs as written and prints its sample", (_where, c) => {
    const script = `parley() { node ${JSON.stringify(bundle)} "$@"; }\n{ ${asRun(c.command)}\n} 2>&1`;
    const variables: Record<string, string> = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: work, LANG: "C.UTF-8", TZ: "UTC" };
    const env = variables as NodeJS.ProcessEnv;
    const r = spawnSync("bash", ["-c", script], { cwd: work, env, encoding: "utf8", timeout: 30_000 });
    const output = r.stdout.split(work).join("<tmp>");
    if (!sampleMatches(c.sample, output)) expect(output).toBe(c.sample);
    expect(r.status, `exit code of ${c.command}`).toBe(c.exitCode);
  }, 40_000);

  it.each(DOCS)("%s shows no CLI command outside a console block but synopses with placeholders", (file) => {
    const loose = extractSynopses(readFileSync(path.join(ROOT, file), "utf8")).filter((line) => !/<[a-z-]+>|\[|[A-Z]{3,}/.test(line));
    expect(loose).toEqual([]);
  });

  it.each(DOCS)("%s names the engine by the version every output carries", (file) => {
    const text = readFileSync(path.join(ROOT, file), "utf8");
    const named = [...text.matchAll(/engine parley (\d+\.\d+\.\d+)|"name":\s*"parley",\s*"version":\s*"([^"]+)"|^parley (\d+\.\d+\.\d+)$/gm)].map((m) => m[1] ?? m[2] ?? m[3]);
    expect(named.filter((v) => v !== ENGINE_VERSION)).toEqual([]);
  });
});
