import "server-only";

import { CardFetchError, type CardFetchErrorCode, fetchCard } from "@/lib/fetch/safe-fetch";
import type { FetchCardError, FetchedCardResponse } from "@/lib/wire/fetch-card";

export type FetchCardOutcome =
  | { ok: true; card: FetchedCardResponse }
  | { ok: false; status: number; error: FetchCardError };

/**
 * HTTP status per fetcher error: 4xx when the request itself is refused, 5xx-gateway when the
 * remote failed. Keyed by the fetcher's own codes, so a new code does not compile until it has one.
 */
const STATUS: Record<CardFetchErrorCode, number> = {
  badUrl: 400,
  blockedScheme: 400,
  blockedAddress: 403,
  dnsFailed: 502,
  timeout: 504,
  tooLarge: 502,
  tooManyRedirects: 502,
  httpStatus: 502,
  notFound: 404,
  network: 502,
  notJsonContent: 502,
};

/**
 * Fetches a remote card through the SSRF-safe fetcher and never throws: errors come back as data.
 * Loopback stays refused unless PARLEY_ALLOW_LOOPBACK_FETCH=1, which the fetcher itself reads.
 */
export async function fetchRemoteCard(url: string): Promise<FetchCardOutcome> {
  try {
    const fetched = await fetchCard(url);
    return {
      ok: true,
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
      },
    };
  } catch (error) {
    if (error instanceof CardFetchError) {
      // The fetcher's messages are written for users and never echo response bodies or headers.
      return { ok: false, status: STATUS[error.code], error: { code: error.code, message: error.message } };
    }
    return { ok: false, status: 500, error: { code: "internal", message: "The fetch failed unexpectedly." } };
  }
}
