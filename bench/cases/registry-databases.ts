import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Database, openDatabase } from "../../lib/registry/db";
import { migrate } from "../../lib/registry/migrations";
import { Registry } from "../../lib/registry/service";
import type { BenchResult, BenchSection } from "../harness";

/**
 * The registry's two databases side by side (docs/registry.md, "Embedded or PostgreSQL"): the
 * embedded one (PGlite, in a fresh folder) and PostgreSQL (PARLEY_TEST_POSTGRES_URL, a throwaway
 * database: its public schema is dropped). Each step is timed on both, in the same run, and printed
 * with the ratio embedded ÷ PostgreSQL. No targets: the figures are what the docs quote.
 */
const CARD = readFileSync("examples/cards/contoso-streaming.json", "utf8");
const SELECTS = 200;
const CHECKS = 20;
const SCHEDULED = 50;

interface Timings {
  openMigrateMs: number;
  reopenMs: number;
  selectsMs: number;
  checkMedianMs: number;
  scheduledMs: number;
}

const elapsed = async (fn: () => Promise<unknown>): Promise<number> => {
  const t = performance.now();
  await fn();
  return performance.now() - t;
};

async function measure(open: () => Promise<Database>, agentBase: string): Promise<Timings> {
  let db!: Database;
  const openMigrateMs = await elapsed(async () => {
    db = await open();
    await migrate(db);
  });
  await db.close();
  const reopenMs = await elapsed(async () => {
    db = await open();
    await migrate(db);
  });
  try {
    const registry = new Registry(db, { fetch: { allowLoopback: true } });
    const { id } = await registry.addAgent({ url: `${agentBase}/?bench=one`, profiles: ["northwind"] });
    const selectsMs = await elapsed(async () => {
      for (let i = 0; i < SELECTS; i++) await db.query("SELECT id, url FROM agents WHERE id = $1", [id]);
    });
    await registry.checkAgent(id);
    const times: number[] = [];
    for (let i = 0; i < CHECKS; i++) times.push(await elapsed(() => registry.checkAgent(id)));
    times.sort((a, b) => a - b);
    for (let i = 0; i < SCHEDULED; i++) await registry.addAgent({ url: `${agentBase}/?bench=${i}`, profiles: ["northwind"] });
    await db.query("UPDATE agents SET next_check_at = now() - interval '1 minute'");
    const scheduledMs = await elapsed(() => registry.runDueChecks());
    return { openMigrateMs, reopenMs, selectsMs, checkMedianMs: times[Math.floor(times.length / 2)]!, scheduledMs };
  } finally {
    await db.close();
  }
}

export const registryDatabases: BenchSection = {
  id: "registry",
  title: "Registry: the embedded database (PGlite) against PostgreSQL, same steps, same run",
  skipReason: () => (process.env.PARLEY_TEST_POSTGRES_URL ? undefined : "set PARLEY_TEST_POSTGRES_URL to a throwaway PostgreSQL database (its public schema is dropped) to compare"),
  run: async (log) => {
    const postgresUrl = process.env.PARLEY_TEST_POSTGRES_URL!;
    const server = http.createServer((_req, res) => {
      res.setHeader("content-type", "application/json");
      res.end(CARD);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const dir = mkdtempSync(join(tmpdir(), "parley-bench-registry-"));
    try {
      log("embedded database (PGlite) in a fresh folder…");
      const embedded = await measure(() => openDatabase(`file:${dir}`), base);
      log("PostgreSQL…");
      const reset = await openDatabase(postgresUrl);
      await reset.query("DROP SCHEMA public CASCADE");
      await reset.query("CREATE SCHEMA public");
      await reset.close();
      const postgres = await measure(() => openDatabase(postgresUrl), base);
      const line = (name: string, key: keyof Timings): BenchResult => ({
        name: `${name}: embedded ÷ PostgreSQL`,
        value: embedded[key] / postgres[key],
        unit: "×",
        detail: `embedded ${Math.round(embedded[key])} ms, PostgreSQL ${Math.round(postgres[key])} ms`,
      });
      return [
        line("open a new database and migrate", "openMigrateMs"),
        line("reopen (PostgreSQL: connect) and find the schema current", "reopenMs"),
        line(`${SELECTS} single-row selects`, "selectsMs"),
        line("one check of an unchanged card (median of 20)", "checkMedianMs"),
        line(`${SCHEDULED} scheduled checks in one tick`, "scheduledMs"),
      ];
    } finally {
      rmSync(dir, { recursive: true, force: true });
      server.closeAllConnections();
      server.close();
    }
  },
};
