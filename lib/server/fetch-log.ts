/**
 * One line per call of the fetch route, for the operator: which host was asked for, what came of
 * it, how long it took. Never the card body, the Authorization header, the URL's path or query
 * string, or the address a name resolved to: the host as the user typed it is all that is named.
 */
export interface FetchLogEntry {
  /** The requested URL's host, or null when the request was refused before its body was read. */
  host: string | null;
  /** "ok" or the error code sent to the client. */
  outcome: string;
  /** HTTP status the route answered with. */
  status: number;
  durationMs: number;
  /** Outbound requests made (0 when refused before fetching). */
  requests: number;
  /** Body bytes of a fetched card. */
  bytes?: number;
}

export type FetchLogger = (entry: FetchLogEntry) => void;

export function formatFetchLogLine(entry: FetchLogEntry): string {
  return JSON.stringify({ event: "card-fetch", ...entry, durationMs: Math.round(entry.durationMs) });
}

export const logFetchToStdout: FetchLogger = (entry) => {
  console.log(formatFetchLogLine(entry));
};

/** The host part of what the user typed, for the log line; null when it is not a URL at all. */
export function hostForLog(input: string): string | null {
  const trimmed = input.trim();
  try {
    const url = new URL(trimmed.includes("://") ? trimmed : `https://${trimmed}`);
    return url.hostname === "" ? null : url.hostname.slice(0, 253);
  } catch {
    return null;
  }
}
