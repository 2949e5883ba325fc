import { type HostRules, HostRuleError, parseHostRules } from "../fetch/host-rules";

/**
 * Every setting Parley reads from its environment, read here and nowhere else (the README's
 * settings table lists the same variables; a test keeps the two in step). Node only: the server,
 * its instrumentation hook and the CLI call it; the browser never does.
 */

export const SETTING_NAMES = {
  port: "PORT",
  host: "HOSTNAME",
  baseUrl: "PARLEY_BASE_URL",
  allowLoopbackFetch: "PARLEY_ALLOW_LOOPBACK_FETCH",
  fetchAllow: "PARLEY_FETCH_ALLOW",
  fetchDeny: "PARLEY_FETCH_DENY",
  fetchRatePerMinute: "PARLEY_FETCH_RATE_PER_MINUTE",
  fetchBurst: "PARLEY_FETCH_BURST",
  fetchConcurrency: "PARLEY_FETCH_CONCURRENCY",
  trustForwardedFor: "PARLEY_TRUST_X_FORWARDED_FOR",
  probeSend: "PARLEY_PROBE_SEND",
} as const;

export interface Settings {
  /** Port the standalone server listens on (Next's server reads PORT itself; default 3000). */
  port: number;
  /** Interface it binds (Next's server reads HOSTNAME itself; default 0.0.0.0 there). */
  host: string;
  /** Public origin of this instance (no path), for absolute links in CLI output and SARIF; null when unset. */
  baseUrl: string | null;
  /** Lets the fetch route reach loopback addresses. For tests only: the server logs a warning when on. */
  allowLoopbackFetch: boolean;
  /** When not empty, card fetches go only to these hosts. */
  fetchAllow: HostRules;
  /** Card fetches never go to these hosts. */
  fetchDeny: HostRules;
  /** Token bucket per client: refill rate (fetches per minute) and capacity (burst). */
  fetchRatePerMinute: number;
  fetchBurst: number;
  /** Outbound card fetches in flight at once in this instance; more wait for a slot. */
  fetchConcurrency: number;
  /**
   * How many proxies in front of Parley append to X-Forwarded-For. 0 (default): the header is
   * ignored and clients are told apart by the connection's address. N: the Nth address from the
   * right is the client (the one your outermost trusted proxy saw).
   */
  trustForwardedFor: number;
  /** Lets the workspace's live check send real messages (create tasks) after a second confirmation. Off by default. */
  probeSend: boolean;
}

export const DEFAULT_SETTINGS = {
  port: 3000,
  host: "0.0.0.0",
  fetchRatePerMinute: 20,
  fetchBurst: 10,
  fetchConcurrency: 8,
  trustForwardedFor: 0,
} as const;

export class SettingsError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid settings: ${problems.join("; ")}`);
    this.name = "SettingsError";
  }
}

type Env = Readonly<Record<string, string | undefined>>;

/** Reads every setting from `env`; throws one SettingsError naming each invalid variable. */
export function readSettings(env: Env = process.env): Settings {
  const problems: string[] = [];
  const value = (key: keyof typeof SETTING_NAMES) => {
    const raw = env[SETTING_NAMES[key]]?.trim();
    return raw === "" ? undefined : raw;
  };
  const integer = (key: keyof typeof SETTING_NAMES, fallback: number, min: number, max: number): number => {
    const raw = value(key);
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!/^\d+$/.test(raw) || n < min || n > max) {
      problems.push(`${SETTING_NAMES[key]}=${JSON.stringify(raw)} must be a whole number from ${min} to ${max}`);
      return fallback;
    }
    return n;
  };
  const flag = (key: keyof typeof SETTING_NAMES): boolean => {
    const raw = value(key);
    if (raw === undefined || raw === "0" || raw === "false") return false;
    if (raw === "1" || raw === "true") return true;
    problems.push(`${SETTING_NAMES[key]}=${JSON.stringify(raw)} must be 1 or 0`);
    return false;
  };
  const hosts = (key: keyof typeof SETTING_NAMES): HostRules => {
    try {
      return parseHostRules(value(key));
    } catch (e) {
      if (e instanceof HostRuleError) problems.push(`${SETTING_NAMES[key]}: ${e.message}`);
      else throw e;
      return parseHostRules(undefined);
    }
  };

  const settings: Settings = {
    port: integer("port", DEFAULT_SETTINGS.port, 1, 65535),
    host: value("host") ?? DEFAULT_SETTINGS.host,
    baseUrl: readBaseUrl(value("baseUrl"), problems),
    allowLoopbackFetch: flag("allowLoopbackFetch"),
    fetchAllow: hosts("fetchAllow"),
    fetchDeny: hosts("fetchDeny"),
    fetchRatePerMinute: integer("fetchRatePerMinute", DEFAULT_SETTINGS.fetchRatePerMinute, 1, 100_000),
    fetchBurst: integer("fetchBurst", DEFAULT_SETTINGS.fetchBurst, 1, 100_000),
    fetchConcurrency: integer("fetchConcurrency", DEFAULT_SETTINGS.fetchConcurrency, 1, 1000),
    trustForwardedFor: integer("trustForwardedFor", DEFAULT_SETTINGS.trustForwardedFor, 0, 10),
    probeSend: flag("probeSend"),
  };
  if (problems.length > 0) throw new SettingsError(problems);
  return settings;
}

function readBaseUrl(raw: string | undefined, problems: string[]): string | null {
  if (raw === undefined) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    problems.push(`${SETTING_NAMES.baseUrl}=${JSON.stringify(raw)} is not a URL`);
    return null;
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || url.username || url.password || url.search || url.hash) {
    problems.push(`${SETTING_NAMES.baseUrl}=${JSON.stringify(raw)} must be an http(s) URL without credentials, query or fragment`);
    return null;
  }
  // Links are made by appending paths, so keep any path prefix but never a trailing slash.
  return url.href.replace(/\/+$/, "");
}

/**
 * Only PARLEY_BASE_URL, for the CLI: a command that makes links should not fail on a server
 * setting it never uses. Throws a SettingsError when the value is not a usable origin.
 */
export function readBaseUrlSetting(env: Env = process.env): string | null {
  const problems: string[] = [];
  const raw = env[SETTING_NAMES.baseUrl]?.trim();
  const value = readBaseUrl(raw === "" ? undefined : raw, problems);
  if (problems.length > 0) throw new SettingsError(problems);
  return value;
}

let cached: Settings | undefined;

/** The process's settings, read once (the environment does not change under a running server). */
export function getSettings(): Settings {
  cached ??= readSettings();
  return cached;
}

/** Lines the server logs at start: the warnings an operator must see. */
export function describeSettingsWarnings(settings: Settings): string[] {
  const warnings: string[] = [];
  if (settings.allowLoopbackFetch) {
    warnings.push(
      `${SETTING_NAMES.allowLoopbackFetch}=1: the fetch route may reach this machine's loopback addresses. This is for tests only; never set it on a shared instance.`,
    );
  }
  return warnings;
}
