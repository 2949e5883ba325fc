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
 * - lib/share (the link codec, also in the browser) never reaches the server side.
 * A failure names the file, the import as written, and the chain that led there.
 */
const ROOT = path.resolve(__dirname, "..");
const SKIP_DIRS = new Set(["node_modules", ".next", ".git", "test-results", "playwright-report", "out", "build"]);
const EXTENSIONS = [".ts", ".tsx", ".mts", ".js", ".mjs"];
const NODE_BUILTINS = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));
const NETWORK_PACKAGES = ["undici", "node-fetch", "axios", "got", "ws"];
const UI_AND_FRAMEWORK = ["react", "react-dom", "next", "server-only", "@tanstack/react-query", "@codemirror/", "codemirror"];

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
