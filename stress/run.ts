/**
 * `npm run stress`: the long security and load suites, each printing its figures, whether it
 * passed, and the command that reproduces it. Their quick parts also run in `npm test` (the
 * *.test.ts files beside these, and the e2e journeys the browser suites are made of).
 *
 *   npm run stress                         every suite (builds first)
 *   npm run stress -- --only ssrf,fuzz     some suites
 *   npm run stress -- --no-build           reuse the current build
 *   npm run stress -- --only fuzz --seed 7 replay a fuzz run
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runBombSuite } from "./bombs";
import { runFuzzSuite } from "./fuzz";
import { runLoadSuite } from "./load";
import { runSlotHogSuite } from "./slot-hogs";
import { runSlowReaderSuite } from "./slow-readers";
import { runSsrfSuite } from "./ssrf";
import { runProbeSsrfSuite } from "./probe-ssrf";
import { runProbeLimitSuite } from "./probe-limits";
import { runRegistryStressSuite } from "./registry";

type Outcome = { passed: boolean; figures: unknown; why?: string };
interface Suite {
  id: string;
  title: string;
  needsBuild: boolean;
  run: (args: Args) => Promise<Outcome>;
}
interface Args {
  only: Set<string> | null;
  build: boolean;
  seed?: number;
}

const FUZZ_RUNS_PER_TARGET = 2600;

const SUITES: Suite[] = [
  {
    id: "probe-limits",
    title: "Live check limits: a card with 5,000 interfaces (calls made) and a confirmed send past the 20 s slow-reader guard (longest silence, answer)",
    needsBuild: false,
    run: async () => {
      const f = await runProbeLimitSuite();
      return { passed: f.failures.length === 0, figures: f, why: f.failures.join("; ") || undefined };
    },
  },
  {
    id: "ssrf",
    title: "SSRF: hostile URL forms, direct and after 1-3 redirects, against a listener on every local address",
    needsBuild: false,
    run: async () => {
      const f = await runSsrfSuite();
      const forms = f.directForms + f.redirectForms;
      // The same forms against the live check's route: as its card URL, after redirects, as a declared interface.
      const probe = await runProbeSsrfSuite();
      const failures = [...f.failures, ...probe.failures.map((x) => `probe: ${x}`)];
      return { passed: failures.length === 0 && forms >= 100, figures: { fetchCard: f, probe }, why: failures.join("; ") || (forms < 100 ? `only ${forms} forms` : undefined) };
    },
  },
  {
    id: "cross-site",
    title: "Cross-site: another origin's form posts, no-cors fetches, beacon and CORS JSON in Chromium",
    needsBuild: true,
    run: () => runBrowserSuite(["e2e/security.spec.ts", "e2e/probe.spec.ts", "-g", "another site"], "cross-site", (figures) => {
      const f = figures["cross-site"] as { outboundConnections: number } | undefined;
      const probe = figures["cross-site-probe"] as { outboundConnections: number } | undefined;
      return f !== undefined && f.outboundConnections === 0 && probe !== undefined && probe.outboundConnections === 0;
    }),
  },
  {
    id: "fuzz",
    title: `Fuzz: ${FUZZ_RUNS_PER_TARGET} generated/mutated inputs per target through review(), the link codec, the log reader and the fetch route`,
    needsBuild: false,
    run: async (args) => {
      const f = await runFuzzSuite({ runsPerTarget: FUZZ_RUNS_PER_TARGET, seed: args.seed });
      return { passed: f.failures.length === 0 && f.total >= 10_000, figures: f, why: f.failures.slice(0, 5).join("; ") || undefined };
    },
  },
  {
    id: "xss",
    title: "XSS: hostile cards, links, log lines and rule addresses in the workspace, explainer and rule pages, and hostile cards, file names, profiles and links in triage and diff (Chromium)",
    needsBuild: true,
    run: () => runBrowserSuite(["e2e/xss.spec.ts"], "xss", (figures) => {
      const parts = Object.values(figures) as Array<{ inputs: number; scriptExecutions: number; javascriptOrDataLinks: number }>;
      const inputs = parts.reduce((n, p) => n + p.inputs, 0);
      return parts.length === 6 && inputs >= 35 && parts.every((p) => p.scriptExecutions === 0 && p.javascriptOrDataLinks === 0);
    }),
  },
  {
    id: "bombs",
    title: "Memory: 50 concurrent compressed bombs (64 MiB decoded each) through the standalone server",
    needsBuild: true,
    run: async () => {
      const f = await runBombSuite();
      const refusedAll = f.statuses["502 tooLarge"] === f.concurrent;
      return { passed: refusedAll, figures: f, why: refusedAll ? undefined : `answers: ${JSON.stringify(f.statuses)}` };
    },
  },
  {
    id: "load",
    title: "Load: 50 concurrent clients for 20 s against the pages and the fetch route (standalone server, loopback)",
    needsBuild: true,
    run: async () => {
      const f = await runLoadSuite();
      const ok = f.errors === 0 && Math.abs(f.memory.withinPercent) <= 20;
      return { passed: ok, figures: f, why: ok ? undefined : `errors ${f.errors}, memory after idle ${f.memory.withinPercent}% from baseline` };
    },
  },
  {
    id: "slow-readers",
    title: "Slow readers: 200 clients post a fetch of a 1 MiB card of control bytes and never read the answer (fetch route behind a Node server in-process, loopback)",
    needsBuild: false,
    run: async () => {
      const f = await runSlowReaderSuite();
      // Memory bounded by the answer budget (64 MiB) plus room for the process's own work, and every socket closed by the server.
      const ok = f.rssGrowthMiB < 160 && f.openAfter === 0 && f.closedByServer === f.readers;
      return { passed: ok, figures: f, why: ok ? undefined : `RSS +${f.rssGrowthMiB} MiB, ${f.openAfter} sockets still open` };
    },
  },
  {
    id: "registry",
    title: "Registry: 300 watched agents due at once (one slow, the webhook hangs), two instances on one database each running 4 ticks at once, two rounds (PostgreSQL when PARLEY_TEST_POSTGRES_URL is set, else the embedded database)",
    needsBuild: false,
    run: async () => {
      const f = await runRegistryStressSuite({ postgresUrl: process.env.PARLEY_TEST_POSTGRES_URL });
      return { passed: f.failures.length === 0, figures: f, why: f.failures.join("; ") || undefined };
    },
  },
  {
    id: "slot-hogs",
    title: "Slot hogs: 6 addresses fetching from a host that never answers, 30 other clients fetching a card (fetch route in-process, loopback)",
    needsBuild: false,
    run: async () => {
      const f = await runSlotHogSuite();
      // The others must neither be refused nor wait for the hogs' 5 s budget.
      const ok = f.othersBusy === 0 && f.othersOk === f.others && f.underHogsMedianMs < 1000;
      return { passed: ok, figures: f, why: ok ? undefined : `others: ${f.othersOk} ok, ${f.othersBusy} busy, median ${f.underHogsMedianMs} ms` };
    },
  },
];

async function runBrowserSuite(playwrightArgs: string[], prefix: string, judge: (figures: Record<string, unknown>) => boolean): Promise<Outcome> {
  const folder = mkdtempSync(join(tmpdir(), "parley-stress-"));
  try {
    const result = spawnSync("npx", ["playwright", "test", ...playwrightArgs, "--reporter=line"], {
      stdio: "inherit",
      env: { ...process.env, PARLEY_STRESS_FIGURES: folder, NEXT_TELEMETRY_DISABLED: "1" },
    });
    const figures: Record<string, unknown> = {};
    for (const file of readdirSync(folder).filter((f) => f.startsWith(prefix) && f.endsWith(".json"))) {
      figures[file.replace(/\.json$/, "")] = JSON.parse(readFileSync(join(folder, file), "utf8"));
    }
    const passed = result.status === 0 && judge(figures);
    return { passed, figures, why: passed ? undefined : `playwright exited ${result.status}` };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

function parseArgs(argv: string[]): Args {
  const args: Args = { only: null, build: true };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--only") args.only = new Set(argv[++i]!.split(","));
    else if (argv[i] === "--no-build") args.build = false;
    else if (argv[i] === "--seed") args.seed = Number(argv[++i]);
    else throw new Error(`unknown argument ${argv[i]}; see the header of stress/run.ts`);
  }
  for (const id of args.only ?? []) if (!SUITES.some((s) => s.id === id)) throw new Error(`no suite "${id}"; suites: ${SUITES.map((s) => s.id).join(", ")}`);
  return args;
}

function reproduce(suite: Suite, outcome: Outcome): string {
  const figures = outcome.figures as { seed?: number } | null;
  const seed = suite.id === "fuzz" && figures?.seed !== undefined ? ` --seed ${figures.seed}` : "";
  return `npm run stress -- --only ${suite.id}${seed}`;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const chosen = SUITES.filter((s) => !args.only || args.only.has(s.id));
  if (chosen.some((s) => s.needsBuild)) {
    if (args.build) {
      console.log("building the standalone server (npm run build)…");
      if (spawnSync("npm", ["run", "-s", "build"], { stdio: "inherit" }).status !== 0) process.exit(1);
    } else if (!existsSync(join(".next", "standalone", "server.js"))) {
      throw new Error("no standalone build in .next/standalone: drop --no-build, or run npm run build");
    }
  }
  const results: Array<[Suite, Outcome]> = [];
  for (const suite of chosen) {
    console.log(`\n=== ${suite.id}: ${suite.title}`);
    const started = Date.now();
    let outcome: Outcome;
    try {
      outcome = await suite.run(args);
    } catch (e) {
      outcome = { passed: false, figures: null, why: e instanceof Error ? e.message : String(e) };
    }
    console.log(JSON.stringify(outcome.figures, null, 2));
    console.log(`${outcome.passed ? "PASS" : "FAIL"} ${suite.id} in ${((Date.now() - started) / 1000).toFixed(1)} s${outcome.why ? `: ${outcome.why}` : ""}`);
    console.log(`reproduce: ${reproduce(suite, outcome)}`);
    results.push([suite, outcome]);
  }
  console.log("\n=== summary");
  for (const [suite, outcome] of results) console.log(`${outcome.passed ? "PASS" : "FAIL"}  ${suite.id}`);
  process.exit(results.every(([, o]) => o.passed) ? 0 : 1);
}

void main();
