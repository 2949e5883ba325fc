import type { Database } from "./db";

/**
 * The registry's schema, as numbered steps. Each runs once, in its own transaction, recorded in
 * registry_migrations; instances starting together take an advisory lock, so one of them migrates
 * and the others find the work done. Never edit a step that has shipped: add the next one.
 */
export const MIGRATIONS: ReadonlyArray<{ version: number; name: string; sql: string }> = [
  {
    version: 1,
    name: "agents, card versions, checks, decisions, events, acknowledgements",
    sql: `
CREATE TABLE agents (
  id text PRIMARY KEY,
  url text NOT NULL,
  profiles jsonb NOT NULL,
  task_classes jsonb,
  interval_minutes integer NOT NULL,
  webhook_url text,
  credentials text,
  created_at timestamptz NOT NULL DEFAULT now(),
  next_check_at timestamptz NOT NULL DEFAULT now(),
  last_checked_at timestamptz,
  last_digest text,
  last_error jsonb
);
CREATE INDEX agents_due ON agents (next_check_at);
CREATE TABLE cards (
  digest text PRIMARY KEY,
  text text NOT NULL
);
CREATE TABLE card_versions (
  agent_id text NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
  digest text NOT NULL REFERENCES cards(digest),
  first_seen timestamptz NOT NULL,
  last_seen timestamptz NOT NULL,
  PRIMARY KEY (agent_id, digest)
);
CREATE TABLE checks (
  id bigserial PRIMARY KEY,
  agent_id text NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
  checked_at timestamptz NOT NULL,
  digest text,
  error jsonb,
  changed boolean NOT NULL DEFAULT false,
  scheduled boolean NOT NULL DEFAULT false
);
CREATE TABLE decisions (
  agent_id text NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
  profile text NOT NULL,
  task_class text NOT NULL,
  outcome text NOT NULL,
  card_digest text NOT NULL,
  checked_at timestamptz NOT NULL,
  PRIMARY KEY (agent_id, profile, task_class)
);
CREATE TABLE events (
  id bigserial PRIMARY KEY,
  agent_id text NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
  at timestamptz NOT NULL,
  profile text NOT NULL,
  task_class text NOT NULL,
  from_outcome text NOT NULL,
  to_outcome text NOT NULL,
  worse boolean NOT NULL,
  findings jsonb NOT NULL,
  from_digest text,
  to_digest text NOT NULL
);
CREATE TABLE acknowledgements (
  id bigserial PRIMARY KEY,
  agent_id text NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
  profile text NOT NULL,
  body jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);`,
  },
  {
    version: 2,
    name: "the side-effect-free live check: asked per agent, its wire findings kept with each check",
    sql: `
ALTER TABLE agents ADD COLUMN live_check boolean NOT NULL DEFAULT false;
ALTER TABLE agents ADD COLUMN last_live jsonb;
ALTER TABLE checks ADD COLUMN live jsonb`,
  },
];

/** An arbitrary, fixed key for the advisory lock migrations take. */
const MIGRATION_LOCK = 4_404_404;

/** Brings the schema up to date; returns the versions it applied. */
export async function migrate(db: Database): Promise<number[]> {
  await db.query("CREATE TABLE IF NOT EXISTS registry_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())").catch(async (error: unknown) => {
    // Two instances creating it at once: one wins, the other sees a duplicate; either way it exists.
    const exists = await db.query("SELECT to_regclass('registry_migrations') AS t");
    if (!exists[0]?.t) throw error;
  });
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
    const done = new Set((await tx.query<{ version: number }>("SELECT version FROM registry_migrations")).map((r) => Number(r.version)));
    const applied: number[] = [];
    for (const step of MIGRATIONS) {
      if (done.has(step.version)) continue;
      for (const statement of step.sql.split(/;\s*\n/).map((s) => s.trim()).filter(Boolean)) await tx.query(statement);
      await tx.query("INSERT INTO registry_migrations (version, name) VALUES ($1, $2)", [step.version, step.name]);
      applied.push(step.version);
    }
    return applied;
  });
}
