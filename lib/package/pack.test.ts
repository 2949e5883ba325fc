import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAgent, type RunningAgent } from "../../reality/agents";
import { CONTOSO } from "../negotiation/examples/incidents";
import { buildPackage, linkedDocs, parsePackArgs, readmeWithoutRepository, repositoryField, resolveRepository } from "../../scripts/build-package.mjs";

/**
 * The package as a stranger gets it: `npm run -s pack` (scripts/build-package.mjs: the CLI bundle
 * and the library build, staged with the manifest the package ships, then `npm pack`), then the tarball installed into an empty project with npm's cache only, and used
 * there with no other file of this repository: review() from Node ESM, a TypeScript file that
 * type-checks against the published declarations, the guard on a real @a2a-js/sdk client, and the
 * CLI through npx. Slow (it builds everything once); one describe so it builds once.
 */
const run = promisify(execFile);
const ROOT = path.resolve(__dirname, "../..");
const TSC = path.join(ROOT, "node_modules/typescript/bin/tsc");
const NPM_ENV = { ...process.env, npm_config_audit: "false", npm_config_fund: "false", npm_config_update_notifier: "false" };

/** Everything a published file may be; anything else in the tarball is a leak (tests, fixtures, sources). */
const ALLOWED = [/^package\.json$/, /^README\.md$/, /^docs\/[\w.-]+\.md$/, /^LICENSE$/, /^schema\/(client-profile|parley-config)\.schema\.json$/, /^build\/cli\/review\.mjs$/, /^build\/cli\/chunks\/[\w-]+\.mjs$/, /^build\/lib\/.+\.(js|d\.ts)$/];
const REQUIRED = ["package.json", "README.md", "LICENSE", "schema/client-profile.schema.json", "schema/parley-config.schema.json", "build/cli/review.mjs", "build/lib/index.js", "build/lib/a2a-js.js", "build/lib/browser.js", "build/lib/types/negotiation/node.d.ts", "build/lib/types/a2a-js/index.d.ts"];
/** Packed and unpacked ceilings: about twice today's (0.5 MB packed), so growth is a decision, not drift. */
const MAX_PACKED_BYTES = 1_000_000;
const MAX_UNPACKED_BYTES = 4_000_000;

interface PackResult {
  filename: string;
  size: number;
  unpackedSize: number;
  files: { path: string; size: number }[];
}

let work: string;
let project: string;
let packed: PackResult;
let agent: RunningAgent | undefined;

/**
 * The registry's stand-in: npm's offline cache here keeps only the abbreviated metadata that
 * `npm ci` asked for, and `npm install <spec>` wants the full document, so a dependency comes as a
 * tarball packed from this checkout's node_modules (the exact version the lockfile pins).
 */
async function packInstalled(name: string): Promise<string> {
  const { stdout } = await run("npm", ["pack", "--ignore-scripts", "--pack-destination", work, path.join(ROOT, "node_modules", name)], { env: NPM_ENV });
  return path.join(work, stdout.trim().split("\n").pop()!);
}

async function inProject(cmd: string, args: string[], cwd = project) {
  return run(cmd, args, { cwd, env: NPM_ENV, maxBuffer: 16 * 1024 * 1024 });
}

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), "parley-pack-"));
  // As a clone with no public remote packs it (no flag, no env, no origin): the branch that ships the docs.
  packed = (await buildPackage(work, { env: {}, origin: () => undefined })).packed;
  project = path.join(work, "project");
  await run("mkdir", [project]);
  writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "empty-project", private: true, type: "module" }));
}, 400_000);

afterAll(async () => {
  await agent?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe("the parley-a2a tarball", () => {
  it("holds the built library, the CLI bundle, the profile schema, README and LICENSE, and nothing else", () => {
    const paths = packed.files.map((f) => f.path);
    expect(paths.filter((p) => !ALLOWED.some((re) => re.test(p)))).toEqual([]);
    for (const file of REQUIRED) expect(paths).toContain(file);
    expect(packed.size).toBeLessThan(MAX_PACKED_BYTES);
    expect(packed.unpackedSize).toBeLessThan(MAX_UNPACKED_BYTES);
    console.log(`parley-a2a tarball: ${packed.files.length} files, ${(packed.size / 1024).toFixed(0)} KB packed, ${(packed.unpackedSize / 1024).toFixed(0)} KB unpacked`);
  });

  it("installs into an empty project pulling only what the library needs (jose, zod), not next, react or build tools", async () => {
    await inProject("npm", ["install", "--offline", "--no-audit", "--no-fund", await packInstalled("jose"), await packInstalled("zod"), path.join(work, packed.filename)]);
    expect(readdirSync(path.join(project, "node_modules")).filter((n) => !n.startsWith("."))).toEqual(["jose", "parley-a2a", "zod"]);
    const installed = JSON.parse(readFileSync(path.join(project, "node_modules/parley-a2a/package.json"), "utf8")) as Record<string, unknown>;
    const own = (await import("../../package.json")).dependencies;
    expect(installed.dependencies).toEqual({ jose: own.jose, zod: own.zod });
    // No scripts (npm's install-scripts warning, scripts/ is not shipped) and no dev dependencies.
    expect(installed.scripts).toBeUndefined();
    expect(installed.devDependencies).toBeUndefined();
    // No repository known: no made-up one; the README's doc links point at this version on the CDN, and those docs are in the package.
    expect(installed.repository).toBeUndefined();
    const readme = readFileSync(path.join(project, "node_modules/parley-a2a/README.md"), "utf8");
    const base = `https://unpkg.com/parley-a2a@${String(installed.version)}/`;
    expect(readme).toContain(`[docs/cli.md](${base}docs/cli.md)`);
    expect(readme).toContain(`(${base}docs/cli.md#config-file-check-lint)`);
    expect(readme).not.toMatch(/\]\((?!https?:|#)[^)]+\)|src="docs\//);
    for (const [, file] of readme.matchAll(/\(https:\/\/unpkg\.com\/parley-a2a@[^/]+\/([^)#]+)/g)) {
      expect(readFileSync(path.join(project, "node_modules/parley-a2a", file!), "utf8").length, file).toBeGreaterThan(0);
    }
    // A doc the shipped ones link to is shipped too (docs/README.md lists them all).
    expect(readFileSync(path.join(project, "node_modules/parley-a2a/docs/library.md"), "utf8")).toContain("parley-a2a");
  }, 120_000);

  it("reviews a card from Node ESM and under the browser condition alike, generating no code at run time (a CSP without unsafe-eval holds)", async () => {
    writeFileSync(path.join(project, "card.json"), CONTOSO.text);
    // The card validator is generated ahead of time (lib/negotiation/card/schemas/generated.ts):
    // neither entry may build code with `new Function`, which a page's CSP would refuse.
    writeFileSync(
      path.join(project, "review.mjs"),
      [
        'import { readFileSync } from "node:fs";',
        "let generated = 0;",
        "globalThis.Function = new Proxy(Function, { construct: (target, args) => (generated++, Reflect.construct(target, args)) });",
        'const { review, NORTHWIND, ENGINE_VERSION } = await import("parley-a2a");',
        'const result = review(readFileSync("card.json", "utf8"), NORTHWIND);',
        "const decisions = Object.fromEntries(result.decisions.map((d) => [d.taskClass, d.decision]));",
        "console.log(JSON.stringify({ engine: ENGINE_VERSION, valid: result.validity.valid, decisions, generated }));",
      ].join("\n"),
    );
    type Out = { engine: string; valid: boolean; decisions: Record<string, string>; generated: number };
    const node = JSON.parse((await inProject("node", ["review.mjs"])).stdout) as Out;
    expect(node.engine).toBe((await import("../../package.json")).version);
    expect(node.valid).toBe(true);
    expect(node.decisions["live-input"]).toBe("reject");
    expect(node.generated).toBe(0);
    const browser = JSON.parse((await inProject("node", ["--conditions=browser", "review.mjs"])).stdout) as Out;
    expect(browser.decisions).toEqual(node.decisions);
    expect(browser.generated).toBe(0);
  });

  it("type-checks a TypeScript file using review() and the guard against the published declarations", async () => {
    await inProject("npm", ["install", "--offline", "--no-audit", "--no-fund", await packInstalled("jose"), await packInstalled("@a2a-js/sdk")]);
    writeFileSync(
      path.join(project, "use.ts"),
      [
        'import { review, NORTHWIND, type ClientProfile, type Review, type TaskClassDecision } from "parley-a2a";',
        'import { parleyInterceptor, CardRejectedError } from "parley-a2a/a2a-js";',
        'const profile: ClientProfile = { ...NORTHWIND, name: "mine" };',
        'const result: Review = review("{}", profile, { taskClasses: ["request-response"] });',
        "const first: TaskClassDecision | undefined = result.decisions[0];",
        'const kind: "accept" | "accept-degraded" | "reject" | "escalate" | "defer" | undefined = first?.decision;',
        "const guard = parleyInterceptor({ profile, onDecision: (e) => e.record.length });",
        "export const used = [kind, guard.before, CardRejectedError.name];",
      ].join("\n"),
    );
    // A mistake must fail: the declarations are read, not skipped.
    writeFileSync(path.join(project, "wrong.ts"), 'import { review } from "parley-a2a";\nexport const n: number = review("{}", { name: "x" });\n');
    const tsconfig = (files: string[]) =>
      JSON.stringify({ compilerOptions: { strict: true, module: "nodenext", moduleResolution: "nodenext", target: "es2022", noEmit: true, types: ["node"], typeRoots: [path.join(ROOT, "node_modules/@types")], skipLibCheck: false }, files });
    // One tsc run for both: use.ts must check clean, wrong.ts must fail.
    writeFileSync(path.join(project, "tsconfig.json"), tsconfig(["use.ts", "wrong.ts"]));
    const output = await inProject("node", [TSC, "-p", "tsconfig.json"]).then(
      () => "",
      (e: { stdout: string }) => e.stdout,
    );
    const errorFiles = [...output.matchAll(/^([\w./-]+)\(\d+,\d+\): error/gm)].map((m) => m[1]);
    expect(errorFiles).toEqual(["wrong.ts"]);
    const wrong = output;
    expect(wrong).toMatch(/wrong\.ts.*error TS2322/);
    // TypeScript's classic node resolution (no "exports"): the subpath's types come from typesVersions.
    writeFileSync(path.join(project, "classic.ts"), 'import { CardRejectedError } from "parley-a2a/a2a-js";\nimport { NORTHWIND } from "parley-a2a";\nexport const used: string = CardRejectedError.name + NORTHWIND.name;\n');
    writeFileSync(
      path.join(project, "tsconfig.classic.json"),
      JSON.stringify({ compilerOptions: { strict: true, module: "commonjs", moduleResolution: "node", target: "es2022", noEmit: true, types: ["node"], typeRoots: [path.join(ROOT, "node_modules/@types")], skipLibCheck: true }, files: ["classic.ts"] }),
    );
    const classic = await inProject("node", [TSC, "-p", "tsconfig.classic.json"]).then(
      () => "",
      (e: { stdout: string }) => e.stdout,
    );
    expect(classic).toBe("");
  }, 300_000);

  it("guards a real @a2a-js/sdk client: a rejected class sends no message to the server", async () => {
    agent = await startAgent({ name: "no-stream audio", streaming: false, defaultInputModes: ["audio/pcm"], defaultOutputModes: ["text/plain"] });
    writeFileSync(
      path.join(project, "guard.mjs"),
      [
        'import { ClientFactory, JsonRpcTransportFactory } from "@a2a-js/sdk/client";',
        'import { NORTHWIND } from "parley-a2a";',
        'import { parleyInterceptor, CardRejectedError } from "parley-a2a/a2a-js";',
        "const records = [];",
        'const guard = parleyInterceptor({ profile: NORTHWIND, taskClass: "live-input", onDecision: (e) => records.push(e.record) });',
        "const client = await new ClientFactory({ transports: [new JsonRpcTransportFactory()], clientConfig: { interceptors: [guard] } }).createFromUrl(process.argv[2]);",
        'const part = { content: { $case: "raw", value: new Uint8Array([1, 2]) }, mediaType: "audio/pcm", filename: "", metadata: undefined };',
        'const message = { messageId: "m1", contextId: "", taskId: "", role: 1, parts: [part], metadata: undefined, extensions: [], referenceTaskIds: [] };',
        'const outcome = await client.sendMessage({ tenant: "", message, configuration: undefined, metadata: undefined }).then(() => "sent", (e) => (e instanceof CardRejectedError ? e.invariant : String(e)));',
        "console.log(JSON.stringify({ outcome, records }));",
      ].join("\n"),
    );
    const { stdout } = await inProject("node", ["guard.mjs", agent.origin]);
    const out = JSON.parse(stdout) as { outcome: string; records: string[] };
    expect(out.outcome).toBe("live-input-needs-streaming");
    expect(out.records).toHaveLength(1);
    expect(JSON.parse(out.records[0]!)).toMatchObject({ type: "parley.decision", decision: "reject", taskClass: "live-input" });
    expect(agent.log.calls).toEqual([]);
    expect(agent.log.requests.every((r) => r.binding === "card")).toBe(true);
  }, 60_000);

  it("guards a real @a2a-js/sdk client: push it cannot answer is dropped, the task completes by polling, and the record reads back", async () => {
    // The rule's own field says callbacks authenticate with the mTLS scheme; Northwind listens on plain HTTPS.
    agent = await startAgent({
      name: "mtls callbacks",
      push: true,
      streaming: false,
      defaultInputModes: ["text/plain"],
      defaultOutputModes: ["text/plain"],
      cardPatch: (card) => ({
        ...card,
        securitySchemes: { mtls: { mtlsSecurityScheme: { description: "client certificates" } } },
        securityRequirements: [{ schemes: { mtls: { list: [] } } }],
        capabilities: { ...(card.capabilities as object), pushNotifications: { supported: true, securityScheme: "mtls" } },
      }),
    });
    writeFileSync(
      path.join(project, "degrade.mjs"),
      [
        'import { ClientFactory, JsonRpcTransportFactory } from "@a2a-js/sdk/client";',
        'import { NORTHWIND, readLogLine } from "parley-a2a";',
        'import { parleyCardResolver, parleyInterceptor } from "parley-a2a/a2a-js";',
        "const events = [];",
        "const guard = parleyInterceptor({ profile: NORTHWIND, onDecision: (e) => events.push(e) });",
        "const client = await new ClientFactory({ transports: [new JsonRpcTransportFactory()], cardResolver: parleyCardResolver(), clientConfig: { interceptors: [guard] } }).createFromUrl(process.argv[2]);",
        'const part = { content: { $case: "text", value: "hello" }, mediaType: "text/plain", filename: "", metadata: undefined };',
        'const message = { messageId: "m2", contextId: "", taskId: "", role: 1, parts: [part], metadata: undefined, extensions: [], referenceTaskIds: [] };',
        'const push = { tenant: "", id: "", taskId: "", url: "https://callbacks.example/hook", token: "", authentication: undefined };',
        "const task = await client.sendMessage({ tenant: \"\", message, configuration: { taskPushNotificationConfig: push, returnImmediately: false }, metadata: undefined });",
        "const read = readLogLine(events[0].record);",
        "console.log(JSON.stringify({ state: task.status?.state, action: events[0].action, decision: events[0].decision.decision, read: read.kind }));",
      ].join("\n"),
    );
    const { stdout } = await inProject("node", ["degrade.mjs", agent.origin]);
    expect(JSON.parse(stdout)).toEqual({ state: 3, action: "push-removed", decision: "accept-degraded", read: "record" });
    expect(agent.log.pushConfigs).toEqual([]);
    expect(agent.log.calls.map((c) => c.method)).toEqual(["sendMessage"]);
  }, 60_000);

  it("runs the CLI through npx", async () => {
    const result = await inProject("npx", ["--no-install", "parley-a2a", "check", "--card", "card.json", "--profile", "northwind", "--task-class", "request-response"]);
    expect(result.stdout).toMatch(/request-response/);
    const rejected = await inProject("npx", ["--no-install", "parley-a2a", "check", "--card", "card.json", "--profile", "northwind", "--task-class", "live-input"]).then(
      () => 0,
      (e: { code: number }) => e.code,
    );
    expect(rejected).toBe(1);
  }, 60_000);

  it("serves MCP from the installed bin with no MCP SDK installed (it is bundled into the CLI)", async () => {
    expect(readdirSync(path.join(project, "node_modules")).filter((n) => n.startsWith("@modelcontextprotocol"))).toEqual([]);
    const { Client } = await import("@modelcontextprotocol/sdk/client/index.js");
    const { StdioClientTransport } = await import("@modelcontextprotocol/sdk/client/stdio.js");
    const client = new Client({ name: "pack-test", version: "1.0.0" });
    await client.connect(new StdioClientTransport({ command: path.join(project, "node_modules/.bin/parley"), args: ["mcp"], cwd: project, stderr: "pipe" }));
    try {
      expect((await client.listTools()).tools.map((t) => t.name)).toContain("review");
      const answer = (await client.callTool({ name: "review", arguments: { card: "card.json", profile: "northwind", taskClasses: ["live-input"] } })) as { content: Array<{ text: string }> };
      expect((JSON.parse(answer.content[0]!.text) as { decisions: Record<string, { decision: string }> }).decisions["live-input"]!.decision).toBe("reject");
    } finally {
      await client.close();
    }
  }, 60_000);
});

describe("where the package says it lives (the staging's repository)", () => {
  it("takes --repository first, then PARLEY_REPOSITORY, then a public GitHub or GitLab origin, else none", () => {
    const origin = () => "git@gitlab.com:team/sub/parley.git";
    expect(resolveRepository({ flag: "https://github.com/acme/parley", env: { PARLEY_REPOSITORY: "https://github.com/other/x" }, origin })).toEqual({
      field: { type: "git", url: "git+https://github.com/acme/parley.git" },
      from: "--repository",
    });
    expect(resolveRepository({ env: { PARLEY_REPOSITORY: "https://git.example.org/team/parley.git" }, origin })).toEqual({
      field: { type: "git", url: "git+https://git.example.org/team/parley.git" },
      from: "PARLEY_REPOSITORY",
    });
    expect(resolveRepository({ env: {}, origin })).toEqual({ field: { type: "git", url: "git+https://gitlab.com/team/sub/parley.git" }, from: "git remote origin" });
    expect(resolveRepository({ env: {}, origin: () => "ssh://git@github.com/acme/parley.git" })?.field.url).toBe("git+https://github.com/acme/parley.git");
    // A remote that is not a public GitHub/GitLab one (a company host, a local path) or none: the field is left out.
    for (const remote of ["https://git.internal.example/team/parley.git", "/srv/git/parley.git", "file:///srv/git/parley", undefined]) {
      expect(resolveRepository({ env: {}, origin: () => remote })).toBeUndefined();
    }
  });

  it("never copies credentials from a URL into the manifest, and refuses what is no repository URL", () => {
    expect(repositoryField("https://ci-bot:ghp_secret123@github.com/acme/parley.git", { publicOnly: true })?.url).toBe("git+https://github.com/acme/parley.git");
    expect(() => repositoryField("acme/parley")).toThrow(/is not a repository URL/);
    expect(() => repositoryField("http://github.com/acme/parley")).toThrow(/is not a repository URL/);
    expect(() => resolveRepository({ env: { PARLEY_REPOSITORY: "not a url" } })).toThrow(/"not a url" is not a repository URL/);
  });

  it("without a repository, points the README's docs links at the CDN for this version and drops what would not resolve", () => {
    const readme = [
      "See [docs/cli.md](docs/cli.md#exit-codes) and [the rule](./docs/rule.md).",
      "![A screenshot](docs/shot.png)",
      '<img src="docs/phone.png" alt="phone" width="260">',
      "The [examples](examples/) and [`input-modes`](lib/negotiation/invariants/input-modes/); [missing](docs/gone.md); [site](https://a2a-protocol.org/) and [below](#usage).",
    ].join("\n");
    const out = readmeWithoutRepository(readme, { name: "parley-a2a", version: "9.8.7", exists: (f) => f !== "docs/gone.md" });
    expect(out.text).toBe(
      [
        "See [docs/cli.md](https://unpkg.com/parley-a2a@9.8.7/docs/cli.md#exit-codes) and [the rule](https://unpkg.com/parley-a2a@9.8.7/docs/rule.md).",
        "The examples and `input-modes`; missing; [site](https://a2a-protocol.org/) and [below](#usage).",
      ].join("\n"),
    );
    expect(out.ship).toEqual(["docs/cli.md", "docs/rule.md"]);
    const docs: Record<string, string> = { "docs/cli.md": "[rule](rule.md#x) [probe](./probe.md) [src](../lib/x.ts)", "docs/rule.md": "[cli](cli.md)", "docs/probe.md": "" };
    expect(linkedDocs(out.ship, (f) => docs[f])).toEqual(["docs/cli.md", "docs/rule.md", "docs/probe.md"]);
  });

  it("reads --repository from the pack's arguments, once, and refuses what it does not know before building anything", async () => {
    expect(parsePackArgs(["out", "--repository", "https://github.com/acme/parley"])).toEqual({ destination: "out", repository: "https://github.com/acme/parley" });
    expect(parsePackArgs(["--repository=https://github.com/acme/parley"])).toEqual({ destination: undefined, repository: "https://github.com/acme/parley" });
    expect(() => parsePackArgs(["--repository", "a", "--repository", "b"])).toThrow(/given twice/);
    expect(() => parsePackArgs(["--repo", "a"])).toThrow(/unknown flag --repo/);
    const refused = await run("node", [path.join(ROOT, "scripts/build-package.mjs"), "--repository", "acme/parley"], { cwd: ROOT }).then(
      () => ({ code: 0, stderr: "" }),
      (e: { code: number; stderr: string }) => e,
    );
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('pack: "acme/parley" is not a repository URL');
  });
});
