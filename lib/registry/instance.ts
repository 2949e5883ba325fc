import { getSettings } from "../settings";
import { readRegistrySettings, type RegistrySettings } from "../settings/registry";
import { DatabaseOpenError, openDatabase } from "./db";
import { migrate } from "./migrations";
import { readSecretKey } from "./secrets";
import { Registry } from "./service";

/**
 * The server's one registry, opened on first use (or at start-up by instrumentation.ts, which
 * stops the server with the reason when the database cannot be opened), with its scheduler.
 */
let opening: Promise<Registry> | null = null;
let timer: NodeJS.Timeout | null = null;

export function registrySettings(): RegistrySettings {
  return readRegistrySettings();
}

export function getRegistry(): Promise<Registry> | null {
  const settings = registrySettings();
  if (settings.databaseUrl === null) return null;
  opening ??= openRegistry(settings).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

async function openRegistry(settings: RegistrySettings): Promise<Registry> {
  if (!settings.teamToken) throw new DatabaseOpenError("PARLEY_DATABASE_URL is set but PARLEY_TEAM_TOKEN is not: every registry call needs the team's bearer token", "");
  const server = getSettings();
  const db = await openDatabase(settings.databaseUrl!);
  try {
    await migrate(db);
  } catch (error) {
    await db.close().catch(() => undefined);
    throw new DatabaseOpenError(`the registry database ${db.where} could not be migrated: ${error instanceof Error ? error.message : String(error)}`, db.where);
  }
  const registry = new Registry(db, {
    secretKey: readSecretKey(settings.secretKey ?? undefined),
    webhookUrl: settings.webhookUrl,
    baseUrl: server.baseUrl,
    fetch: { allowLoopback: server.allowLoopbackFetch, allow: server.fetchAllow, deny: server.fetchDeny },
  });
  timer ??= setInterval(() => {
    registry.runDueChecks().catch((error: unknown) => console.error(`parley: registry scheduler: ${error instanceof Error ? error.message : String(error)}`));
  }, settings.tickSeconds * 1000);
  timer.unref();
  return registry;
}

/** Start-up: open, migrate and start the scheduler, or stop the process saying which database and why. */
export async function startRegistry(): Promise<void> {
  const pending = getRegistry();
  if (!pending) return;
  try {
    const registry = await pending;
    console.log(`parley: registry on ${registry.db.kind === "embedded" ? "the embedded database" : "PostgreSQL"} ${registry.db.where}`);
  } catch (error) {
    console.error(`parley: registry: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
