import type { AddressVerdict } from "./address-policy";

export type CardFetchErrorCode =
  | "badUrl"
  | "blockedScheme"
  | "blockedAddress"
  | "dnsFailed"
  | "timeout"
  | "tooLarge"
  | "tooManyRedirects"
  | "httpStatus"
  | "notFound"
  | "network"
  | "notJsonContent";

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
  attempts?: FetchAttempt[];
  cause?: string;
}

/**
 * A refused or failed card fetch. `code` is stable (route handlers map it to HTTP statuses, the CLI
 * to exit code 2); `message` is a complete English sentence safe to show to the user: it never
 * contains response bodies or headers, only what the user gave us and what we decided.
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

/** Plain-language description of why an address is refused. */
export function describeBlockedAddress(v: AddressVerdict): string {
  const what = CATEGORY_WORDS[v.category] ?? v.category;
  const wrapped = v.embeddedIn ? ` (it wraps the IPv4 address ${v.embedded})` : "";
  const metadata = v.metadata ? ", used for cloud instance metadata" : "";
  return `${v.address} is ${what}${metadata}${wrapped}; card fetches only go to public addresses`;
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
