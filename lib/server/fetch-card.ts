import "server-only";

import type dns from "node:dns";
import { CardFetchError, type CardFetchErrorCode, fetchCard } from "@/lib/fetch/safe-fetch";
import { locateCard } from "@/lib/negotiation";
import type { Settings } from "@/lib/settings";
import type { FetchCardError, FetchCardRequest, FetchedCardResponse } from "@/lib/wire/fetch-card";

export type FetchCardOutcome =
  | { ok: true; card: FetchedCardResponse; requests: number }
  | { ok: false; status: number; error: FetchCardError; requests: number };

/**
 * HTTP status per fetcher error: 4xx when the request itself is refused, 5xx-gateway when the
 * remote failed. Keyed by the fetcher's own codes, so a new code does not compile until it has one.
 * A name that does not resolve and a name that resolves into a private network share one status
 * (and one message), so neither tells a visitor which internal names exist.
 */
const STATUS: Record<CardFetchErrorCode, number> = {
  badUrl: 400,
  blockedScheme: 400,
  blockedAddress: 403,
  noPublicAddress: 502,
  notAllowed: 403,
  timeout: 504,
  tooLarge: 502,
  tooManyRedirects: 502,
  httpStatus: 502,
  notFound: 404,
  network: 502,
  notJsonContent: 502,
  notUtf8: 502,
};

export interface RemoteFetchOptions {
  settings: Pick<Settings, "allowLoopbackFetch" | "fetchAllow" | "fetchDeny">;
  /** The client went away (or the server gave up waiting): stop fetching. */
  signal?: AbortSignal;
  /** Tests only: a resolver standing in for DNS. */
  resolveHost?: (hostname: string) => Promise<dns.LookupAddress[]>;
  /** Who asked (the rate-limit key), for the fetcher's fair share of decompression slots. */
  client?: string;
}

/**
 * Fetches a remote card through the SSRF-safe fetcher and never throws: errors come back as data,
 * with the fetcher's user-safe message and nothing from `details` (addresses, low-level codes).
 */
export async function fetchRemoteCard(request: FetchCardRequest, options: RemoteFetchOptions): Promise<FetchCardOutcome> {
  try {
    const fetched = await fetchCard(request.url, {
      allowLoopback: options.settings.allowLoopbackFetch,
      allow: options.settings.fetchAllow,
      deny: options.settings.fetchDeny,
      authorization: request.authorization,
      signal: options.signal,
      resolveHost: options.resolveHost,
      client: options.client,
    });
    return {
      ok: true,
      requests: fetched.attempts.length,
      card: {
        requestedUrl: fetched.requestedUrl,
        finalUrl: fetched.finalUrl,
        discoveredVia: fetched.discoveredVia,
        status: fetched.status,
        contentType: fetched.contentType,
        size: fetched.size,
        sha256: fetched.sha256,
        text: fetched.text,
        redirects: fetched.redirects,
        // Where the asking client looks, against where the card was: said when it told us where it looks.
        ...(request.cardPaths ? { location: locateCard(fetched.finalUrl, request.cardPaths) } : {}),
      },
    };
  } catch (error) {
    if (error instanceof CardFetchError) {
      return {
        ok: false,
        status: STATUS[error.code],
        error: { code: error.code, message: error.message },
        requests: error.details.attempts?.length ?? 0,
      };
    }
    return { ok: false, status: 500, error: { code: "internal", message: "The fetch failed unexpectedly." }, requests: 0 };
  }
}
