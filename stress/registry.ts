import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Database, openDatabase } from "../lib/registry/db";
import { migrate } from "../lib/registry/migrations";
import { Registry } from "../lib/registry/service";

/**
 * The registry under a burst of due checks: many watched agents all due at once, taken by two
 * registry instances on one database, each running several ticks at the same time (as overlapping
 * scheduler ticks would). One of the agents is slow (it answers after SLOW_MS), and the
 * registry's webhook never answers. Two rounds: every agent checked, then every card changed and
 * every agent due again (so each check records an event and calls the hanging webhook).
 *
 * What must hold: each due check runs exactly once per round (counted in the checks table, not
 * in memory), nothing waits forever (each round ends within ROUND_LIMIT_MS: no deadlock between
 * the instances), and the process's heap after the rounds stays within HEAP_BUDGET_MIB of where
 * it started.
 *
 * On PostgreSQL (PARLEY_TEST_POSTGRES_URL) the two instances have their own connection pools, as
 * two servers would; on the embedded database they share one PGlite (one process's database).
 */
const STREAMING = readFileSync("examples/cards/contoso-streaming.json", "utf8");
const PLAIN = readFileSync("examples/cards/contoso.json", "utf8");
const SLOW_MS = 3000;
const ROUND_LIMIT_MS = 180_000;
const HEAP_BUDGET_MIB = 96;
const TICKS_PER_INSTANCE = 4;

export interface RegistryStressFigures {
  database: "PostgreSQL" | "embedded (PGlite)";
  agents: number;
  instances: number;
  ticksPerInstance: number;
  rounds: Array<{ checksRecorded: number; checkedTwice: number; byInstance: number[]; events: number; seconds: number }>;
  /** Calls of the hanging webhook, and how many gave up after their retries (all of them). */
  webhookCalls: number;
  webhookGaveUp: number;
  heapGrowthMiB: number;
  rssMiB: number;
  failures: string[];
}

const mib = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

function withLimit<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    work.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} did not finish in ${ms / 1000} s (a deadlock or a stall)`)), ms);
    }),
  ]);
}

export async function runRegistryStressSuite(options: { agents?: number; postgresUrl?: string } = {}): Promise<RegistryStressFigures> {
  const count = options.agents ?? 300;
  const failures: string[] = [];
  let card = STREAMING;
  // Every agent is one address (a query) on one of two servers, each of which serves the card at any path.
  const serve = (delayMs: number) => (_req: http.IncomingMessage, res: http.ServerResponse) => {
    setTimeout(() => {
      res.setHeader("content-type", "application/json");
      res.end(card);
    }, delayMs);
  };
  const listen = async (handler: http.RequestListener) => {
    const server = http.createServer(handler);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return {
      base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
    };
  };
  const agentServer = await listen(serve(0));
  const slowServer = await listen(serve(SLOW_MS));
  // Accepts the webhook's connection and never answers.
  const hanging = http.createServer(() => undefined);
  await new Promise<void>((resolve) => hanging.listen(0, "127.0.0.1", resolve));
  const hookUrl = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/hook`;

  let dir: string | null = null;
  const databases: Database[] = [];
  try {
    if (options.postgresUrl) {
      const setup = await openDatabase(options.postgresUrl);
      await setup.query("DROP SCHEMA public CASCADE");
      await setup.query("CREATE SCHEMA public");
      await setup.close();
      databases.push(await openDatabase(options.postgresUrl), await openDatabase(options.postgresUrl));
    } else {
      dir = mkdtempSync(join(tmpdir(), "parley-stress-registry-"));
      const one = await openDatabase(`file:${dir}`);
      databases.push(one, one);
    }
    await Promise.all(databases.map((db) => migrate(db)));
    const registryOptions = { fetch: { allowLoopback: true }, webhookUrl: hookUrl, webhook: { attempts: 2, baseDelayMs: 50, timeoutMs: 1000 } };
    const instances = databases.map((db) => new Registry(db, registryOptions));
    const [first] = instances;
    const errors = async () => Number((await first!.db.query<{ n: string }>("SELECT count(*) AS n FROM checks WHERE error IS NOT NULL"))[0]!.n);

    for (let i = 0; i < count; i++) {
      const base = i === 0 ? slowServer.base : agentServer.base;
      await first!.addAgent({ url: `${base}/?agent=${i}`, profiles: ["northwind"], taskClasses: ["live-input", "request-response"] });
    }

    global.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    const rounds: RegistryStressFigures["rounds"] = [];
    for (let round = 1; round <= 2; round++) {
      if (round === 2) {
        card = PLAIN;
        // Every agent due again at once.
        await first!.db.query("UPDATE agents SET next_check_at = now() - interval '1 minute'");
      }
      const started = Date.now();
      const ticks = instances.map((registry) => Promise.all(Array.from({ length: TICKS_PER_INSTANCE }, () => registry.runDueChecks())).then((runs) => runs.flat()));
      let ran: string[][];
      try {
        ran = await withLimit(Promise.all(ticks), ROUND_LIMIT_MS, `round ${round}`);
      } catch (error) {
        failures.push((error as Error).message);
        break;
      }
      const seconds = Math.round((Date.now() - started) / 100) / 10;
      const recorded = await first!.db.query<{ n: string }>("SELECT count(*) AS n FROM checks WHERE scheduled");
      const twice = await first!.db.query<{ n: string }>(
        "SELECT count(*) AS n FROM (SELECT agent_id FROM checks WHERE scheduled GROUP BY agent_id HAVING count(*) > $1) AS t",
        [round],
      );
      const events = await first!.db.query<{ n: string }>("SELECT count(*) AS n FROM events");
      const figures = { checksRecorded: Number(recorded[0]!.n) - count * (round - 1), checkedTwice: Number(twice[0]!.n), byInstance: ran.map((r) => r.length), events: Number(events[0]!.n), seconds };
      rounds.push(figures);
      const failed = await errors();
      if (failed > 0) failures.push(`round ${round}: ${failed} checks could not fetch the card`);
      if (figures.checksRecorded !== count) failures.push(`round ${round}: ${figures.checksRecorded} checks recorded for ${count} due agents`);
      if (figures.checkedTwice !== 0) failures.push(`round ${round}: ${figures.checkedTwice} agents checked more than once`);
      if (ran.flat().length !== count) failures.push(`round ${round}: the instances report ${ran.flat().length} checks for ${count} due agents`);
      if (round === 2 && figures.events !== count) failures.push(`round 2: ${figures.events} decision-change events for ${count} changed cards`);
    }
    // The webhook never answers: wait for the retries to give up (bounded by attempts × timeout + backoff).
    await withLimit(Promise.all(instances.map((r) => r.settled())), 30_000, "the webhook calls").catch((error: Error) => failures.push(error.message));
    global.gc?.();
    const heapGrowthMiB = mib(process.memoryUsage().heapUsed - heapBefore);
    if (heapGrowthMiB > HEAP_BUDGET_MIB) failures.push(`heap grew ${heapGrowthMiB} MiB (budget ${HEAP_BUDGET_MIB})`);
    const webhookCalls = instances.reduce((n, r) => n + r.webhookResults.length, 0);
    const webhookGaveUp = instances.reduce((n, r) => n + r.webhookResults.filter((w) => !w.ok).length, 0);
    if (rounds.length === 2 && webhookGaveUp !== count) failures.push(`${webhookGaveUp} webhook calls gave up on the hanging hook, for ${count} changes`);
    return {
      database: options.postgresUrl ? "PostgreSQL" : "embedded (PGlite)",
      agents: count,
      instances: instances.length,
      ticksPerInstance: TICKS_PER_INSTANCE,
      rounds,
      webhookCalls,
      webhookGaveUp,
      heapGrowthMiB,
      rssMiB: mib(process.memoryUsage().rss),
      failures,
    };
  } finally {
    await Promise.all([...new Set(databases)].map((db) => db.close().catch(() => undefined)));
    if (dir) rmSync(dir, { recursive: true, force: true });
    hanging.closeAllConnections();
    hanging.close();
    await agentServer.close();
    await slowServer.close();
  }
}
