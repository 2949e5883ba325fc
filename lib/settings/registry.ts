/**
 * The registry's settings (docs/registry.md): read apart from the server's own, since only a
 * server with PARLEY_DATABASE_URL set uses them.
 */
export const REGISTRY_SETTING_NAMES = {
  databaseUrl: "PARLEY_DATABASE_URL",
  teamToken: "PARLEY_TEAM_TOKEN",
  secretKey: "PARLEY_REGISTRY_KEY",
  webhookUrl: "PARLEY_REGISTRY_WEBHOOK_URL",
  tickSeconds: "PARLEY_REGISTRY_TICK_SECONDS",
} as const;

export interface RegistrySettings {
  databaseUrl: string | null;
  teamToken: string | null;
  secretKey: string | null;
  webhookUrl: string | null;
  tickSeconds: number;
}

export function readRegistrySettings(env: Record<string, string | undefined> = process.env): RegistrySettings {
  const value = (name: string) => {
    const v = env[name]?.trim();
    return v ? v : null;
  };
  const tick = Number(value(REGISTRY_SETTING_NAMES.tickSeconds) ?? "30");
  return {
    databaseUrl: value(REGISTRY_SETTING_NAMES.databaseUrl),
    teamToken: value(REGISTRY_SETTING_NAMES.teamToken),
    secretKey: value(REGISTRY_SETTING_NAMES.secretKey),
    webhookUrl: value(REGISTRY_SETTING_NAMES.webhookUrl),
    tickSeconds: Number.isFinite(tick) && tick >= 1 ? tick : 30,
  };
}
