import { spawnSync } from "node:child_process";
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import Ajv from "ajv-draft-04";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { buildCli } from "./build-cli.mjs";

// The GitHub Action (action.yml) cannot run here: its steps are replayed, as the Dockerfile's are.
// The action's folder is stood for by a temporary one holding what its build step produces (the
// CLI bundle, built by the same scripts/build-cli.mjs the step runs) and scripts/merge-sarif.mjs;
// the review step's script runs as written in bash, with the INPUT_* environment the step maps its
// inputs to, a GITHUB_OUTPUT file, bash started as GitHub starts a `shell: bash` step (-eo pipefail), and a workspace holding a copy of examples/. `uses:` steps
// (setup-node, upload-sarif) are GitHub's own: their inputs and conditions are checked.
const ROOT = path.resolve(__dirname, "..");
interface Step {
  name: string;
  id?: string;
  if?: string;
  uses?: string;
  run?: string;
  shell?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
  "working-directory"?: string;
}
interface Action {
  inputs: Record<string, { required?: boolean; default?: string }>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: Step[] };
}
const action = parse(readFileSync(path.join(ROOT, "action.yml"), "utf8")) as Action;
const step = (name: string) => action.runs.steps.find((s) => s.name === name)!;

const require = createRequire(import.meta.url);
const sarifSchema = JSON.parse(readFileSync(require.resolve("@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json"), "utf8")) as object;
const validateSarif = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false, formats: { uri: true, "uri-reference": true, "date-time": true } }).compile(sarifSchema);

let actionPath: string;
let workspace: string;

beforeAll(async () => {
  const work = realpathSync(mkdtempSync(path.join(tmpdir(), "parley-action-")));
  actionPath = path.join(work, "action");
  workspace = path.join(work, "workspace");
  // The build step, replayed: its `node scripts/build-cli.mjs` writes build/cli/review.mjs under the action's folder.
  await buildCli(path.join(actionPath, "build/cli/review.mjs"));
  mkdirSync(path.join(actionPath, "scripts"));
  copyFileSync(path.join(ROOT, "scripts/merge-sarif.mjs"), path.join(actionPath, "scripts/merge-sarif.mjs"));
  cpSync(path.join(ROOT, "examples"), path.join(workspace, "examples"), { recursive: true });
}, 120_000);
afterAll(() => rmSync(path.dirname(actionPath), { recursive: true, force: true }));

/** The review step's script with these inputs (the rest at their defaults). */
function replayReview(inputs: Record<string, string>) {
  const s = step("Review the cards");
  const value = (name: string) => inputs[name] ?? action.inputs[name]?.default ?? "";
  const env: Record<string, string> = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: workspace, LANG: "C.UTF-8" };
  for (const [key, expression] of Object.entries(s.env ?? {})) {
    const input = /^\$\{\{ inputs\.([\w-]+) \}\}$/.exec(expression)?.[1];
    env[key] = input !== undefined ? value(input) : expression === "${{ github.action_path }}" ? actionPath : expression;
  }
  const outputFile = path.join(workspace, `github-output-${Math.random().toString(36).slice(2)}`);
  writeFileSync(outputFile, "");
  env.GITHUB_OUTPUT = outputFile;
  const r = spawnSync("bash", ["--noprofile", "--norc", "-eo", "pipefail", "-c", s.run!], { cwd: workspace, env: env as NodeJS.ProcessEnv, encoding: "utf8", timeout: 120_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, outputs: readFileSync(outputFile, "utf8") };
}

describe("action.yml", () => {
  it("is a composite action on Node with the inputs a pipeline needs", () => {
    expect(action.runs.using).toBe("composite");
    expect(Object.keys(action.inputs)).toEqual(["cards", "profiles", "task-classes", "fail-on", "format", "sarif", "sarif-file"]);
    expect(action.inputs.cards?.required).toBe(true);
    expect(action.inputs["fail-on"]?.default).toBe("reject");
    expect(step("Set up Node").uses).toMatch(/^actions\/setup-node@v\d+$/);
    expect(step("Build the Parley CLI").run!.trim().split("\n")).toEqual(["npm ci --no-audit --no-fund --ignore-scripts", "node scripts/build-cli.mjs"]);
    expect(step("Build the Parley CLI")["working-directory"]).toBe("${{ github.action_path }}");
    expect(action.outputs["exit-code"]?.value).toBe("${{ steps.review.outputs.exit-code }}");
  });

  it("uploads SARIF only when asked, even after a failing review, never after unreadable input", () => {
    const upload = step("Upload SARIF to code scanning");
    expect(upload.uses).toMatch(/^github\/codeql-action\/upload-sarif@v\d+$/);
    expect(upload.if).toBe("${{ always() && inputs.sarif == 'true' && steps.review.outputs.exit-code != '2' }}");
    expect(upload.with).toMatchObject({ sarif_file: "${{ inputs.sarif-file }}" });
  });

  it("reviews every card × profile, fails the job on a rejection, and writes one SARIF run that validates", () => {
    const r = replayReview({
      cards: "examples/cards/contoso.json\nexamples/cards/text-desk.json",
      profiles: "northwind, examples/profile.json",
      "task-classes": "request-response, live-input",
      sarif: "true",
    });
    expect(r.code, r.stderr).toBe(1);
    expect(r.outputs).toBe("exit-code=1\n");
    // The job log: GitHub annotations pointing into the card.
    // One check per card for both profiles: each annotation's title starts with its profile's name.
    expect(r.stdout).toMatch(/^::error file=examples\/cards\/contoso\.json,line=\d+,col=\d+,title=Northwind discovery agent \/ live-input%3A reject \(live-input-needs-streaming\)::/m);
    expect(r.stdout).toMatch(/^::notice file=examples\/cards\/contoso\.json,[^\n]*title=Our support backend \/ live-input%3A not for this client/m);
    for (const line of r.stdout.split("\n").filter((l) => l.startsWith("::"))) expect(line).toMatch(/title=(Northwind discovery agent|Our support backend) \/ /);
    const sarif = JSON.parse(readFileSync(path.join(workspace, "parley.sarif"), "utf8")) as { runs: Array<{ artifacts: Array<{ location: { uri: string } }>; results: Array<{ ruleId: string; ruleIndex: number; locations: Array<{ physicalLocation: { artifactLocation: { index: number } } }> }>; tool: { driver: { rules: Array<{ id: string }> } } }> };
    expect(validateSarif(sarif), JSON.stringify(validateSarif.errors?.slice(0, 3))).toBe(true);
    expect(sarif.runs).toHaveLength(1);
    const run = sarif.runs[0]!;
    expect(run.artifacts.map((a) => a.location.uri)).toEqual(["examples/cards/contoso.json", "examples/cards/text-desk.json"]);
    const live = run.results.find((x) => x.ruleId === "live-input-needs-streaming")!;
    expect((live as unknown as { message: { text: string } }).message.text).toMatch(/^Northwind discovery agent \/ /);
    expect((run as { properties?: { profile?: string } }).properties?.profile).toBeUndefined();
    expect(run.tool.driver.rules[live.ruleIndex]?.id).toBe("live-input-needs-streaming");
    for (const result of run.results) {
      expect(run.tool.driver.rules[result.ruleIndex]?.id).toBe(result.ruleId);
      for (const l of result.locations) expect(l.physicalLocation.artifactLocation.index).toBeLessThan(run.artifacts.length);
    }
  }, 120_000);

  it("runs the workflow docs/ci.md shows: its inputs are the action's, and its globs and lists work", () => {
    const doc = readFileSync(path.join(ROOT, "docs/ci.md"), "utf8");
    const workflow = parse(/```yaml\n([\s\S]*?)```/.exec(doc)![1]!) as { jobs: { parley: { steps: Array<{ uses: string; with?: Record<string, string> }> } } };
    const uses = workflow.jobs.parley.steps.find((s) => s.uses.startsWith("OWNER/parley@"))!;
    expect(Object.keys(uses.with!).filter((k) => !(k in action.inputs))).toEqual([]);
    // The repository's agents/ and client/ as the workflow names them, holding copies of the examples.
    mkdirSync(path.join(workspace, "agents/vendor"), { recursive: true });
    mkdirSync(path.join(workspace, "client"), { recursive: true });
    copyFileSync(path.join(workspace, "examples/cards/contoso.json"), path.join(workspace, "agents/vendor/contoso.json"));
    copyFileSync(path.join(workspace, "examples/cards/text-desk.json"), path.join(workspace, "agents/text-desk.json"));
    copyFileSync(path.join(workspace, "examples/profile.json"), path.join(workspace, "client/profile.json"));
    const r = replayReview({ ...uses.with!, "sarif-file": "workflow.sarif" });
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toContain("::error file=agents/vendor/contoso.json");
    const sarif = JSON.parse(readFileSync(path.join(workspace, "workflow.sarif"), "utf8")) as { runs: Array<{ artifacts: Array<{ location: { uri: string } }> }> };
    expect(validateSarif(sarif)).toBe(true);
    expect(sarif.runs[0]!.artifacts.map((a) => a.location.uri)).toEqual(["agents/text-desk.json", "agents/vendor/contoso.json"]);
  }, 120_000);

  it("takes profiles and task classes one per line too (a YAML block), reviewing the card for every profile", () => {
    const r = replayReview({ cards: "examples/cards/contoso.json", profiles: "northwind\nexamples/profile.json\n", "task-classes": "request-response\nlive-input", format: "text" });
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toContain('profile "Northwind discovery agent"');
    expect(r.stdout).toContain('profile "Our support backend"');
    expect(r.stdout.match(/^live-input: /gm)).toHaveLength(2);
  }, 60_000);

  it("expands globs and passes when nothing reaches fail-on", () => {
    const r = replayReview({ cards: "examples/**/text-desk.json", profiles: "northwind", "task-classes": "request-response", format: "text" });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain("examples/cards/text-desk.json");
    expect(r.stdout).toMatch(/Nothing rejected \(exit 0\)/);
    expect(r.outputs).toBe("exit-code=0\n");
  }, 60_000);

  it("fails with exit 2 and an annotation when a glob matches no file", () => {
    const r = replayReview({ cards: "cards/*.json", profiles: "northwind" });
    expect(r.code).toBe(2);
    expect(r.stdout).toContain('::error::parley: cards: "cards/*.json" matches no file');
    expect(r.outputs).toBe("exit-code=2\n");
  }, 60_000);
});
