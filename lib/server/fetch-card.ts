import "server-only";

import { CardFetchError, fetchCard } from "@/lib/fetch/safe-fetch";
import type { FetchCardError, FetchedCardResponse, FetchErrorCode } from "@/components/queries/fetch-card-schema";

export type FetchCardOutcome =
  | { ok: true; card: FetchedCardResponse }
  | { ok: false; status: number; error: FetchCardError };

/** HTTP status per failure: 4xx when the request itself is refused, 5xx-gateway when the remote failed. */
const STATUS: Record<FetchErrorCode, number> = {
  badRequest: 400,
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
  internal: 500,
};

/** Loopback is for tests serving cards locally; it is off unless the environment says otherwise. */
export function isLoopbackAllowed(env: Record<string, string | undefined> = process.env): boolean {
  return env.PARLEY_ALLOW_LOOPBACK_FETCH === "1";
}

/** Fetches a remote card through the SSRF-safe fetcher and never throws: errors come back as data. */
export async function fetchRemoteCard(url: string): Promise<FetchCardOutcome> {
  try {
    const fetched = await fetchCard(url, { allowLoopback: isLoopbackAllowed() });
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
      const code = error.code as FetchErrorCode;
      return {
        ok: false,
        status: STATUS[code] ?? 502,
        // The fetcher's messages are written for users and never echo response bodies or headers.
        error: { code, message: error.message || describeFetchError(code, { ...error.details }) },
      };
    }
    return { ok: false, status: 500, error: { code: "internal", message: "The fetch failed unexpectedly." } };
  }
}

function detail(details: Record<string, unknown> | undefined, key: string): string | undefined {
  const value = details?.[key];
  return typeof value === "string" || typeof value === "number" ? String(value) : undefined;
}

/** One plain sentence per failure: what went wrong and what the user can do about it. */
export function describeFetchError(code: FetchErrorCode, details?: Record<string, unknown>): string {
  const address = detail(details, "address");
  const host = detail(details, "host") ?? detail(details, "hostname");
  const status = detail(details, "status");
  switch (code) {
    case "badRequest":
    case "badUrl":
      return "That is not a URL Parley can fetch. Give an http(s) address, e.g. https://agent.example.";
    case "blockedScheme":
      return "Only http and https URLs can be fetched.";
    case "blockedAddress":
      return `Refused: ${host ?? "the host"}${address ? ` resolves to ${address}, which is` : " is"} a private, loopback, link-local or otherwise non-public address. Parley only fetches cards from public addresses.`;
    case "dnsFailed":
      return `The host name${host ? ` ${host}` : ""} could not be resolved.`;
    case "timeout":
      return "The server did not answer within 5 seconds.";
    case "tooLarge":
      return "The response is larger than 1 MiB; an agent card should be far smaller.";
    case "tooManyRedirects":
      return "The server redirected more than 3 times.";
    case "httpStatus":
      return `The server answered with HTTP status ${status ?? "an error"}.`;
    case "notFound":
      return "No card was found at /.well-known/agent-card.json or /.well-known/agent.json (both answered 404).";
    case "network":
      return "The connection failed before a response arrived.";
    case "notJsonContent":
      return "The server answered, but not with JSON.";
    case "internal":
      return "The fetch failed unexpectedly.";
  }
}
