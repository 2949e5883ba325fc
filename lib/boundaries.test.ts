import { readdirSync, readFileSync, statSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The import graph keeps each part in its home. Read from the source text (TypeScript's own
 * pre-processor, so `import type`, re-exports and dynamic imports all count), test files included:
 * - the core (lib/negotiation) runs in the browser, the server and the CLI alike: it imports no
 *   React, Next, Node built-in, network client, UI code, or server, fetch or CLI code — not even
 *   through another file (the shipped core's whole closure is checked); its tests likewise, except
 *   that they may read test data through fixtures/;
 * - components/ (shipped to the browser) never reaches lib/server or lib/fetch;
 * - lib/share (the link codec, also in the browser) never reaches the server side;
 * - each kind of edge has one home: route handlers in lib/server, output formats (JUnit, SARIF, CSV,
 *   Markdown tables) in lib/report, schemas of request and response bodies in lib/wire.
 * A failure names the file, the import as written, and the chain that led there.
 */
const ROOT = path.resolve(__dirname, "..");
const SKIP_DIRS = new Set(["node_modules", ".next", ".git", "test-results", "playwright-report", "out", "build"]);
const EXTENSIONS = [".ts", ".tsx", ".mts", ".js", ".mjs"];
const NODE_BUILTINS = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));
const NETWORK_PACKAGES = ["undici", "node-fetch", "axios", "got", "ws"];
const UI_AND_FRAMEWORK = ["react", "react-dom", "next", "server-only", "@tanstack/react-query", "@codemirror/"];

type Target = { kind: "file"; file: string } | { kind: "package"; name: string } | { kind: "missing"; spec: string };
interface Edge {
  spec: string;
  target: Target;
}

function listSources(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir)) {
    if (SKIP_DIRS.has(entry)) continue;
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) listSources(full, out);
    else if (EXTENSIONS.some((ext) => entry.endsWith(ext)) && !entry.endsWith(".d.ts")) out.push(full);
  }
  return out;
}

function resolveFile(base: string): string | undefined {
  const candidates = [base, ...EXTENSIONS.map((e) => base + e), ...EXTENSIONS.map((e) => path.join(base, `index${e}`))];
  return candidates.find((c) => {
    try {
      return statSync(c).isFile();
    } catch {
      return false;
    }
  });
}

function resolveSpec(from: string, spec: string): Target {
  const local = spec.startsWith("@/") ? path.join(ROOT, spec.slice(2)) : spec.startsWith(".") ? path.resolve(path.dirname(from), spec) : undefined;
  if (local === undefined) return { kind: "package", name: spec };
  const file = resolveFile(local.replace(/\?.*$/, ""));
  return file ? { kind: "file", file } : { kind: "missing", spec };
}

const edgeCache = new Map<string, Edge[]>();
function importsOf(file: string): Edge[] {
  let edges = edgeCache.get(file);
  if (!edges) {
    const info = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    edges = info.importedFiles.map(({ fileName }) => ({ spec: fileName, target: resolveSpec(file, fileName) }));
    edgeCache.set(file, edges);
  }
  return edges;
}

const rel = (file: string) => path.relative(ROOT, file).split(path.sep).join("/");
const isTest = (file: string) => /\.(test|spec)\.[mc]?tsx?$/.test(file) || rel(file).startsWith("e2e/");
const under = (file: string, ...dirs: string[]) => dirs.some((d) => rel(file).startsWith(`${d}/`));

const isFramework = (name: string) => UI_AND_FRAMEWORK.some((p) => (p.endsWith("/") ? name.startsWith(p) : name === p || name.startsWith(`${p}/`)));
const isNodeOrNetwork = (name: string) => NODE_BUILTINS.has(name.split("/")[0]!) || name.startsWith("node:") || NETWORK_PACKAGES.includes(name);

/** Why an edge out of the core is not allowed, or undefined when it is. */
function coreViolation(edge: Edge, fromTest: boolean): string | undefined {
  const { target } = edge;
  if (target.kind === "package") {
    if (isFramework(target.name)) return "React/Next/UI packages";
    if (isNodeOrNetwork(target.name)) return "Node built-ins and network clients";
    return undefined;
  }
  if (target.kind === "missing") return undefined;
  if (under(target.file, "components", "app")) return "UI code (components/, app/)";
  if (under(target.file, "lib/server", "lib/fetch", "lib/cli")) return "server, fetch and CLI code";
  if (under(target.file, "lib/negotiation")) return undefined;
  if (fromTest && under(target.file, "fixtures")) return undefined;
  return "anything outside lib/negotiation";
}

/** Every file reachable from `start` (inside the repo), with the chain that reached it. */
function closure(start: string): Map<string, string[]> {
  const seen = new Map<string, string[]>([[start, [rel(start)]]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const { target } of importsOf(file)) {
      if (target.kind !== "file" || seen.has(target.file)) continue;
      seen.set(target.file, [...seen.get(file)!, rel(target.file)]);
      queue.push(target.file);
    }
  }
  return seen;
}

/**
 * Outside lib/negotiation, code reaches the core through its front door (lib/negotiation/index.ts,
 * also the package's entry) or one of these sub-entries, each for a reason. Anything else is the
 * engine's inside, free to change without telling its callers.
 */
const SANCTIONED: { entry: string; from?: (file: string) => boolean; why: string }[] = [
  { entry: "lib/negotiation/card/index.ts", why: "card text tools (lines and columns, JSON syntax, pointers) for the editors, the CLI and triage" },
  { entry: "lib/negotiation/explain/index.ts", why: "the wording the app and the CLI show beyond the front door's explanations" },
  { entry: "lib/negotiation/log/index.ts", why: "the log reader's limits and parts that /explain renders" },
  { entry: "lib/negotiation/rule-docs/index.ts", why: "the /rules pages' data" },
  { entry: "lib/negotiation/examples/", why: "the built-in example cards and profiles (the app's opening review, tests, stress)" },
  { entry: "lib/negotiation/zod.ts", why: "the one configured zod/mini: link and schema code must share its locale and tree-shaking" },
  {
    entry: "lib/negotiation/card/schemas/compiled.ts",
    from: (f) => under(f, "lib/cli", "bench"),
    why: "installs the generated card validator (the default everywhere) again, for the CLI and the package's Node entry",
  },
  { entry: "lib/negotiation/bounded-memo.ts", from: (f) => under(f, "lib/cli"), why: "batch's bounded caches" },
  { entry: "lib/negotiation/review.ts", from: (f) => under(f, "lib/cli"), why: "batch reads a card once for the profiles of its lines (PreparedCard): not for callers that may change a card afterwards" },
  { entry: "lib/negotiation/version.ts", from: (f) => under(f, "lib/cli"), why: "--version without loading the engine (the CLI loads each command when it runs)" },
  { entry: "lib/negotiation/seed-compat.ts", from: (f) => under(f, "lib/cli"), why: "seed-check runs the shim alone: the front door would start the whole engine first" },
  { entry: "lib/negotiation/thousands.ts", from: (f) => under(f, "lib/cli"), why: "progress lines group counts without loading the explain barrel's wording" },
  { entry: "lib/negotiation/signatures/verify.ts", from: (f) => under(f, "lib/cli"), why: "loaded on demand, so jose costs nothing to a CLI run on an unsigned card" },
  { entry: "lib/negotiation/card/schemas/index.ts", from: (f) => under(f, "bench"), why: "the bench times the validator's tiers apart" },
  {
    entry: "lib/negotiation/card/schemas/compile.ts",
    from: (f) => under(f, "scripts"),
    why: "the card validator's generator: scripts/generate-card-validators.ts writes generated.ts with it, and its test fails when that file is stale",
  },
  { entry: "lib/negotiation/card/validate.ts", from: (f) => under(f, "bench"), why: "the bench times the validator's tiers apart" },
  {
    entry: "lib/negotiation/seed-compat/generate-cases.ts",
    from: (f) => isTest(f) || under(f, "fixtures"),
    why: "the reference check's case generator: the golden file and the differential test are built from it",
  },
  { entry: "lib/negotiation/signatures/test-sign.ts", from: isTest, why: "test keys and signed test cards" },
  { entry: "lib/negotiation/testing/", from: isTest, why: "test helpers" },
  ...["review.ts", "profile.ts", "context.ts", "task-classes.ts", "digest.ts", "signatures/verify.ts"].map((m) => ({
    entry: `lib/negotiation/${m}`,
    from: (f: string) => under(f, "components"),
    why: "loaded on demand by a dynamic import (the workspace's engine, the digest, jose for signatures): its own chunk, never the first visit's",
  })),
];

/**
 * Browser-side library code still imports core values from the module that owns them. components/
 * no longer does: with `"sideEffects"` in package.json naming only CSS, webpack drops what a
 * component does not use from the front door, and `/`'s first-visit JavaScript measured the same
 * through the front door as through the deep imports (141,262 → 141,261 bytes gzipped, issue 43).
 */
const BROWSER_SIDE = ["lib/share", "lib/triage", "lib/wire", "lib/report", "lib/docs", "lib/settings"];

/** Why an import from outside into the core is not allowed, or undefined when it is. */
function frontDoorViolation(from: string, edge: Edge): string | undefined {
  if (edge.target.kind !== "file" || !under(edge.target.file, "lib/negotiation")) return undefined;
  const target = rel(edge.target.file);
  if (target === "lib/negotiation/index.ts") return undefined;
  const sanctioned = SANCTIONED.filter((s) => (s.entry.endsWith("/") ? target.startsWith(s.entry) : target === s.entry));
  if (sanctioned.some((s) => !s.from || s.from(from))) return undefined;
  if (under(from, ...BROWSER_SIDE)) return undefined;
  return `an internal module (import from lib/negotiation, or add a sanctioned sub-entry with its reason)`;
}

/** What a source text writes, by the marks each format leaves in the code that writes it. */
function formatsWritten(text: string): string[] {
  const kinds: string[] = [];
  if (/<testsuites?\b|<testcase\b/.test(text)) kinds.push("JUnit");
  if (/sarif-2\.1\.0|sarif-schema/i.test(text)) kinds.push("SARIF");
  if (/\|-{3}/.test(text)) kinds.push("Markdown table");
  if (/function\s+\w*csv\w*\s*\(/i.test(text)) kinds.push("CSV");
  return kinds;
}

/** A zod schema named as a request, response or answer body. */
const WIRE_SCHEMA = /export const (\w*(?:Request|Response|Answer|Body)\w*) = z\./g;

/**
 * Writers that are not outputs of Parley, each with why it is where it is. The list only shrinks:
 * an entry whose file no longer writes the format fails the test.
 */
const FORMATS_PENDING: { file: string; kinds: string[]; why: string }[] = [
  { file: "lib/corpus-decisions.ts", kinds: ["Markdown table"], why: "writes docs/corpus-decisions.md, a document of the repository, not an output of Parley" },
];

const ALL = listSources(ROOT);
const CORE = ALL.filter((f) => under(f, "lib/negotiation"));

describe("import boundaries", () => {
  it("finds the files it is meant to guard", () => {
    expect(CORE.length).toBeGreaterThan(50);
    expect(CORE.some(isTest)).toBe(true);
    expect(ALL.some((f) => under(f, "components"))).toBe(true);
  });

  it("the core and everything it imports stay pure (no React, Next, Node, network, UI, server, fetch or CLI)", () => {
    const problems: string[] = [];
    for (const file of CORE.filter((f) => !isTest(f))) {
      for (const [reached, chain] of closure(file)) {
        for (const edge of importsOf(reached)) {
          const why = coreViolation(edge, false);
          if (why) problems.push(`${chain.join(" → ")} imports "${edge.spec}" (${why})`);
        }
      }
    }
    expect([...new Set(problems)]).toEqual([]);
  });

  it("the core's tests import none of that either (test data comes through fixtures/)", () => {
    const problems: string[] = [];
    for (const file of CORE.filter(isTest)) {
      for (const edge of importsOf(file)) {
        if (edge.target.kind === "package" && edge.target.name === "vitest") continue;
        const why = coreViolation(edge, true);
        if (why) problems.push(`${rel(file)} imports "${edge.spec}" (${why})`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("components/ never reaches lib/server or lib/fetch, directly or through another file", () => {
    const problems: string[] = [];
    for (const file of ALL.filter((f) => under(f, "components"))) {
      for (const [reached, chain] of closure(file)) {
        if (under(reached, "lib/server", "lib/fetch")) problems.push(`${chain.join(" → ")}`);
      }
    }
    expect([...new Set(problems)]).toEqual([]);
  });

  it("nothing in lib/ imports components/ (the pages hand lib/ what it needs from there)", () => {
    const problems: string[] = [];
    for (const file of ALL.filter((f) => under(f, "lib"))) {
      for (const edge of importsOf(file)) {
        if (edge.target.kind === "file" && under(edge.target.file, "components")) problems.push(`${rel(file)} imports "${edge.spec}"`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("the session room (components/session) imports no feature folder: only its own files, components/ui and lib/", () => {
    const problems: string[] = [];
    for (const file of ALL.filter((f) => under(f, "components/session"))) {
      for (const edge of importsOf(file)) {
        if (edge.target.kind !== "file" || !under(edge.target.file, "components")) continue;
        if (under(edge.target.file, "components/session", "components/ui")) continue;
        problems.push(`${rel(file)} imports "${edge.spec}"`);
      }
    }
    expect(ALL.some((f) => under(f, "components/session"))).toBe(true);
    expect(problems).toEqual([]);
  });

  it("components/ui, the ground floor, imports no other folder of components/", () => {
    const problems: string[] = [];
    for (const file of ALL.filter((f) => under(f, "components/ui"))) {
      for (const edge of importsOf(file)) {
        if (edge.target.kind === "file" && under(edge.target.file, "components") && !under(edge.target.file, "components/ui")) {
          problems.push(`${rel(file)} imports "${edge.spec}"`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("no two folders of components/ import each other (each room stands above the rooms it uses)", () => {
    const folderOf = (file: string) => rel(file).split("/")[1]!;
    const pairs = new Map<string, string>();
    for (const file of ALL.filter((f) => under(f, "components"))) {
      for (const edge of importsOf(file)) {
        if (edge.target.kind !== "file" || !under(edge.target.file, "components")) continue;
        const from = folderOf(file);
        const to = folderOf(edge.target.file);
        if (from !== to && !pairs.has(`${from}>${to}`)) pairs.set(`${from}>${to}`, `${rel(file)} imports "${edge.spec}"`);
      }
    }
    const both = [...pairs.keys()].filter((k) => pairs.has(k.split(">").reverse().join(">"))).map((k) => pairs.get(k)!);
    expect(pairs.size).toBeGreaterThan(10);
    expect(both).toEqual([]);
  });

  it("lib/share never reaches the server side (lib/server, lib/fetch, lib/cli, app/api)", () => {
    const problems: string[] = [];
    for (const file of ALL.filter((f) => under(f, "lib/share"))) {
      for (const [reached, chain] of closure(file)) {
        if (under(reached, "lib/server", "lib/fetch", "lib/cli", "app/api")) problems.push(`${chain.join(" → ")}`);
      }
      for (const edge of importsOf(file)) {
        if (edge.target.kind === "package" && (edge.target.name === "server-only" || isNodeOrNetwork(edge.target.name)) && !isTest(file)) {
          problems.push(`${rel(file)} imports "${edge.spec}"`);
        }
      }
    }
    expect([...new Set(problems)]).toEqual([]);
  });

  it("outside code reaches the core through its front door or a sanctioned sub-entry", () => {
    const problems: string[] = [];
    for (const file of ALL.filter((f) => !under(f, "lib/negotiation"))) {
      for (const edge of importsOf(file)) {
        const why = frontDoorViolation(file, edge);
        if (why) problems.push(`${rel(file)} imports "${edge.spec}": ${why}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("routes live in lib/server: app/api only wires a handler from there, and no other folder holds a route", () => {
    const problems: string[] = [];
    for (const file of ALL.filter((f) => under(f, "app/api") && /\/route\.tsx?$/.test(f))) {
      for (const edge of importsOf(file)) {
        const { target } = edge;
        if (target.kind !== "file") continue;
        if (under(target.file, "lib/server")) continue;
        problems.push(`${rel(file)} imports "${edge.spec}" (a route's handler belongs in lib/server)`);
      }
    }
    for (const file of ALL.filter((f) => !isTest(f) && /(^|[-/])route\.tsx?$/.test(rel(f)))) {
      if (!under(file, "lib/server", "app")) problems.push(`${rel(file)} is a route outside lib/server`);
    }
    expect(ALL.filter((f) => under(f, "app/api")).length).toBeGreaterThan(2);
    expect(problems).toEqual([]);
  });

  it("output formats live in lib/report: nothing else writes JUnit, SARIF, CSV or Markdown tables", () => {
    const problems: string[] = [];
    for (const file of ALL.filter((f) => !isTest(f) && !under(f, "lib/report"))) {
      const kinds = formatsWritten(readFileSync(file, "utf8"));
      const pending = FORMATS_PENDING.find((p) => p.file === rel(file));
      const unexplained = kinds.filter((k) => !pending?.kinds.includes(k));
      if (unexplained.length > 0) problems.push(`${rel(file)} writes ${unexplained.join(", ")} (formats belong in lib/report)`);
    }
    // A pending entry that no longer writes what it says is stale: take it off the list.
    for (const p of FORMATS_PENDING) {
      const file = path.join(ROOT, p.file);
      const written = ALL.includes(file) ? formatsWritten(readFileSync(file, "utf8")) : [];
      if (!p.kinds.every((k) => written.includes(k))) problems.push(`${p.file} is listed as writing ${p.kinds.join(", ")} but does not: remove it from FORMATS_PENDING`);
    }
    expect(problems).toEqual([]);
  });

  it("schemas of request and response bodies live in lib/wire, shared by the route and the page", () => {
    const problems: string[] = [];
    for (const file of ALL.filter((f) => !isTest(f) && !under(f, "lib/wire"))) {
      const text = readFileSync(file, "utf8");
      for (const m of text.matchAll(WIRE_SCHEMA)) problems.push(`${rel(file)} defines ${m[1]} (a wire body's schema belongs in lib/wire)`);
    }
    expect(problems).toEqual([]);
  });

  it("the edge rules catch what they are meant to (not vacuous)", () => {
    expect(formatsWritten('out.push(`<testsuite name="x">`)')).toEqual(["JUnit"]);
    expect(formatsWritten('{ $schema: "https://json.schemastore.org/sarif-2.1.0.json" }')).toEqual(["SARIF"]);
    expect(formatsWritten('lines.push("| a | b |", "|---|---|")')).toEqual(["Markdown table"]);
    expect(formatsWritten("export function toCsv(rows) {}")).toEqual(["CSV"]);
    expect(formatsWritten("const label = 'a | b';")).toEqual([]);
    expect([..."export const ProbeRequest = z.strictObject({".matchAll(WIRE_SCHEMA)].map((m) => m[1])).toEqual(["ProbeRequest"]);
    expect([..."export const ClientProfile = z.object({".matchAll(WIRE_SCHEMA)]).toEqual([]);
  });

  it("flags an internal import from outside, and lets the front door and sanctioned entries through", () => {
    const at = (file: string): Edge => ({ spec: file, target: { kind: "file", file: path.join(ROOT, file) } });
    const cli = path.join(ROOT, "lib/cli/check.ts");
    expect(frontDoorViolation(cli, at("lib/negotiation/decide.ts"))).toBeDefined();
    expect(frontDoorViolation(path.join(ROOT, "bench/run.ts"), at("lib/negotiation/bounded-memo.ts"))).toBeDefined();
    expect(frontDoorViolation(cli, at("lib/negotiation/index.ts"))).toBeUndefined();
    expect(frontDoorViolation(cli, at("lib/negotiation/bounded-memo.ts"))).toBeUndefined();
    expect(frontDoorViolation(cli, at("lib/negotiation/explain/index.ts"))).toBeUndefined();
    expect(frontDoorViolation(path.join(ROOT, "components/session/workspace-review.ts"), at("lib/negotiation/review.ts"))).toBeUndefined();
    expect(frontDoorViolation(path.join(ROOT, "components/triage/triage-grid.tsx"), at("lib/negotiation/decide.ts"))).toBeDefined();
  });

  it("catches a forbidden import when there is one (the checks above are not vacuous)", () => {
    const reactEdge: Edge = { spec: "react", target: { kind: "package", name: "react" } };
    const nodeEdge: Edge = { spec: "node:fs", target: { kind: "package", name: "node:fs" } };
    const bareNode: Edge = { spec: "crypto", target: { kind: "package", name: "crypto" } };
    const uiEdge: Edge = { spec: "@/components/x", target: { kind: "file", file: path.join(ROOT, "components/ui/section.tsx") } };
    const cliEdge: Edge = { spec: "../cli/main", target: { kind: "file", file: path.join(ROOT, "lib/cli/main.ts") } };
    const fixtureEdge: Edge = { spec: "@/fixtures/corpus", target: { kind: "file", file: path.join(ROOT, "fixtures/corpus.ts") } };
    expect(coreViolation(reactEdge, false)).toBeDefined();
    expect(coreViolation(nodeEdge, true)).toBeDefined();
    expect(coreViolation(bareNode, false)).toBeDefined();
    expect(coreViolation(uiEdge, true)).toBeDefined();
    expect(coreViolation(cliEdge, false)).toBeDefined();
    expect(coreViolation(fixtureEdge, false)).toBeDefined();
    expect(coreViolation(fixtureEdge, true)).toBeUndefined();
    expect(coreViolation({ spec: "zod/mini", target: { kind: "package", name: "zod/mini" } }, false)).toBeUndefined();
  });
});
