import type { AddressVerdict } from "./address-policy";

export type CardFetchErrorCode =
  | "badUrl"
  | "blockedScheme"
  | "blockedAddress"
  | "noPublicAddress"
  | "notAllowed"
  | "timeout"
  | "tooLarge"
  | "tooManyRedirects"
  | "httpStatus"
  | "notFound"
  | "network"
  | "notJsonContent"
  | "notUtf8";

/** One request the fetcher made (or refused to make), in order. */
export interface FetchAttempt {
  url: string;
  status?: number;
  error?: CardFetchErrorCode;
}

export interface CardFetchErrorDetails {
  url?: string;
  host?: string;
  address?: string;
  verdict?: AddressVerdict;
  status?: number;
  contentType?: string;
  limit?: number;
  /** notUtf8: where the answer stops being UTF-8 (0-based byte offset). */
  offset?: number;
  attempts?: FetchAttempt[];
  cause?: string;
}

/**
 * A refused or failed card fetch. `code` is stable (route handlers map it to HTTP statuses, the CLI
 * to exit code 2); `message` is a complete English sentence safe to show to anyone who can reach
 * the fetch route: it never contains response bodies or headers, the address a host name resolved
 * to, or a low-level error code — only what the user gave us and what we decided. `details` may
 * hold more (the resolved address, the Node error code) for the server's own log; never send it.
 */
export class CardFetchError extends Error {
  readonly code: CardFetchErrorCode;
  readonly details: CardFetchErrorDetails;

  constructor(code: CardFetchErrorCode, message: string, details: CardFetchErrorDetails = {}) {
    super(message);
    this.name = "CardFetchError";
    this.code = code;
    this.details = details;
  }
}

export function isCardFetchError(e: unknown): e is CardFetchError {
  return e instanceof CardFetchError;
}

/**
 * Why an IP address the user (or a redirect) named literally is refused. Echoing it is safe: the
 * address came from the request, not from our DNS.
 */
export function describeBlockedAddress(v: AddressVerdict): string {
  const what = CATEGORY_WORDS[v.category] ?? v.category;
  const wrapped = v.embeddedIn ? ` (it wraps the IPv4 address ${v.embedded})` : "";
  const metadata = v.metadata ? ", used for cloud instance metadata" : "";
  return `${v.address} is ${what}${metadata}${wrapped}; card fetches only go to public addresses`;
}

/**
 * Why a host *name* cannot be fetched: one sentence whether it does not resolve at all or resolves
 * only into a private network, so the answer tells a visitor nothing about the internal DNS.
 */
export function describeNoPublicAddress(hostname: string): string {
  return `The host ${hostname} has no public address (it may not exist, or it may point into a private network); card fetches only go to public addresses.`;
}

export function describeNotAllowed(hostname: string): string {
  return `This Parley server is set up not to fetch cards from ${hostname} (its operator limits the hosts it fetches from).`;
}

/**
 * Plain words for the low-level errors a socket, TLS, the HTTP parser or zlib can raise. The raw
 * code never reaches the user (it names internals and helps nobody fix the URL); unknown codes get
 * the generic sentence.
 */
export function describeNetworkFailure(code: string | undefined): string {
  const c = code ?? "";
  if (c === "ECONNREFUSED") return "the server refused the connection";
  if (c === "ECONNRESET" || c === "EPIPE") return "the connection was reset";
  if (c === "ECONNABORTED" || c === "ERR_STREAM_PREMATURE_CLOSE") return "the connection closed before the answer was complete";
  if (c === "ETIMEDOUT") return "the connection timed out";
  if (["EHOSTUNREACH", "ENETUNREACH", "EHOSTDOWN", "ENETDOWN", "EADDRNOTAVAIL"].includes(c)) return "the host could not be reached";
  if (c.startsWith("HPE_")) return "the server's answer is not valid HTTP";
  if (/CERT|SIGNATURE|ERR_TLS_CERT|SELF_SIGNED/.test(c)) return "the server's TLS certificate could not be verified";
  if (c === "EPROTO" || c.startsWith("ERR_SSL") || c.startsWith("ERR_TLS")) return "the TLS handshake failed";
  if (c.startsWith("Z_") || c.startsWith("ERR__") || c.startsWith("ERR_BROTLI") || c === "ERR_ZLIB_INITIALIZATION_FAILED") {
    return "the compressed body is corrupt";
  }
  return "the connection failed";
}

const CATEGORY_WORDS: Record<string, string> = {
  invalid: "not an IP address",
  unspecified: "an unspecified address",
  loopback: "a loopback address",
  private: "a private-network address",
  linkLocal: "a link-local address",
  carrierGradeNat: "a carrier-grade NAT address",
  multicast: "a multicast address",
  broadcast: "the broadcast address",
  reserved: "a reserved address",
  documentation: "a documentation-only address",
  benchmarking: "a benchmarking address",
  uniqueLocal: "a unique-local (private) IPv6 address",
  siteLocal: "a site-local IPv6 address",
  discard: "a discard-only IPv6 address",
  nat64Local: "a local-use NAT64 address",
  teredo: "a Teredo tunnel address",
  "6to4": "a 6to4 tunnel address",
  notGlobalUnicast: "outside IPv6 global unicast space",
};
