import type { PGlite } from "@electric-sql/pglite";
import type { Pool, PoolClient } from "pg";

/**
 * The registry's database: PGlite (PostgreSQL compiled to WASM, in a folder) for one machine, or a
 * PostgreSQL server for a team running several instances. One SQL dialect, so one schema and one
 * set of queries serve both; only opening, transactions and closing differ.
 */
export interface Sql {
  query<T = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<T[]>;
}

export interface Database extends Sql {
  kind: "embedded" | "postgres";
  /** Where the data lives, with any password taken out (for messages). */
  where: string;
  /** Runs fn in one transaction: everything it wrote is kept, or none of it. */
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The database could not be opened, or the URL is not one the registry reads. Says which. */
export class DatabaseOpenError extends Error {
  constructor(
    message: string,
    readonly where: string,
  ) {
    super(message);
    this.name = "DatabaseOpenError";
  }
}

/** A database URL as messages may show it: the password replaced. */
export function redactDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return url.replace(/\/\/[^@/]*@/, "//***@");
  }
}

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

/**
 * Opens `PARLEY_DATABASE_URL`: `postgres://…` (or `postgresql://…`) for a PostgreSQL server,
 * `file:PATH` or a plain path for an embedded database in that folder, `memory:` for one that lives
 * only as long as the process (tests).
 */
export async function openDatabase(url: string): Promise<Database> {
  const trimmed = url.trim();
  if (trimmed === "") throw new DatabaseOpenError("PARLEY_DATABASE_URL is empty: give postgres://… or a folder for the embedded database", "");
  if (isPostgresUrl(trimmed)) return openPostgres(trimmed);
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) && !/^file:\/\//i.test(trimmed)) {
    throw new DatabaseOpenError(`PARLEY_DATABASE_URL ${redactDatabaseUrl(trimmed)} is neither postgres://… nor a folder (file:PATH) for the embedded database`, redactDatabaseUrl(trimmed));
  }
  return openEmbedded(trimmed);
}

async function openEmbedded(url: string): Promise<Database> {
  const memory = url === "memory:" || url === "memory://";
  const dir = memory ? undefined : url.replace(/^file:(\/\/)?/i, "");
  const where = memory ? "memory:" : `file:${dir}`;
  const { PGlite } = await import("@electric-sql/pglite");
  let db: PGlite;
  try {
    db = memory ? new PGlite() : new PGlite(dir);
    await db.waitReady;
  } catch (error) {
    throw new DatabaseOpenError(`the embedded database at ${where} cannot be opened: ${messageOf(error)}`, where);
  }
  // PGlite has one connection: a transaction holds it, so queries from elsewhere wait their turn
  // rather than land inside another caller's transaction.
  const run = async <T>(sql: Sql | PGlite, text: string, params?: readonly unknown[]): Promise<T[]> => {
    const result = await (sql as PGlite).query<T>(text, params as unknown[] | undefined);
    return result.rows;
  };
  return {
    kind: "embedded",
    where,
    query: (text, params) => run(db, text, params),
    transaction: (fn) => db.transaction((tx) => fn({ query: async (text, params) => (await tx.query(text, params as unknown[] | undefined)).rows as never })),
    close: () => db.close(),
  };
}

async function openPostgres(url: string): Promise<Database> {
  const where = redactDatabaseUrl(url);
  const pg = (await import("pg")).default;
  const pool: Pool = new pg.Pool({ connectionString: url, max: 5, connectionTimeoutMillis: 5000 });
  // An idle client that loses its server must not crash the process.
  pool.on("error", (error) => console.error(`parley: registry database ${where}: ${messageOf(error)}`));
  try {
    const client = await pool.connect();
    client.release();
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new DatabaseOpenError(`the PostgreSQL database ${where} cannot be reached: ${messageOf(error)}`, where);
  }
  const run = async <T>(client: Pool | PoolClient, text: string, params?: readonly unknown[]): Promise<T[]> =>
    (await client.query(text, params as unknown[] | undefined)).rows as T[];
  return {
    kind: "postgres",
    where,
    query: (text, params) => run(pool, text, params),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const result = await fn({ query: (text, params) => run(client, text, params) });
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

function messageOf(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return messageOf(error.errors[0]);
  if (error instanceof Error) return error.message || (error as NodeJS.ErrnoException).code || error.name;
  return String(error);
}
