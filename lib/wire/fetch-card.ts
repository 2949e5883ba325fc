import * as z from "@/lib/negotiation/zod";
import { MAX_CARD_URL_LENGTH } from "./card-url";

/**
 * The wire contract of POST /api/fetch-card, shared by the route handler (parses the body) and
 * the browser (validates before posting, parses the answer). It lives in lib/ because server code
 * reads it, and outside lib/fetch and lib/server because the browser bundle reads it too: no
 * React, no Node, no server code here.
 */
export const MAX_AUTHORIZATION_LENGTH = 4096;
export const MAX_CARD_PATHS = 16;
export const MAX_CARD_PATH_LENGTH = 512;

export const FetchCardRequest = z.strictObject({
  url: z
    .string({ error: "give the URL of an agent or of its card" })
    .check(
      z.trim(),
      z.minLength(1, { error: "give the URL of an agent or of its card" }),
      z.maxLength(MAX_CARD_URL_LENGTH, { error: `that URL is longer than ${MAX_CARD_URL_LENGTH} characters` }),
    ),
  /**
   * An Authorization header value for an authenticated extended card. The server sends it only to
   * the card URL's own origin and never stores, logs or echoes it; no message here quotes it.
   */
  authorization: z.optional(
    z.string({ error: "the Authorization header must be text" }).check(
      z.minLength(1, { error: "the Authorization header is empty" }),
      z.maxLength(MAX_AUTHORIZATION_LENGTH, { error: `the Authorization header is longer than ${MAX_AUTHORIZATION_LENGTH} characters` }),
      z.regex(/^[\x20-\x7e]+$/, { error: "the Authorization header may only hold printable ASCII characters (no line breaks)" }),
    ),
  ),
  /**
   * Where the reviewing client looks for a card (a profile's cardPaths): the answer then says
   * whether that client, handed this agent, finds the card at the URL it came from (`location`).
   */
  cardPaths: z.optional(
    z
      .array(
        z.string({ error: "a card path must be text" }).check(
          z.maxLength(MAX_CARD_PATH_LENGTH, { error: `a card path is at most ${MAX_CARD_PATH_LENGTH} characters` }),
          z.regex(/^\//, { error: "a card path starts with /" }),
        ),
      )
      .check(z.maxLength(MAX_CARD_PATHS, { error: `at most ${MAX_CARD_PATHS} card paths` })),
  ),
});
export type FetchCardRequest = z.infer<typeof FetchCardRequest>;

/** lib/negotiation's CardLocation, as the fetch route answers it. */
export const FetchedCardLocation = z.object({
  status: z.enum(["found", "notFound", "unknown", "notAUrl"]),
  url: z.string(),
  path: z.string(),
  cardPaths: z.array(z.string()),
  wouldTry: z.array(z.string()),
});

const FETCH_ERROR_CODES = [
  // Refused by the route before any outbound request.
  "badRequest",
  "crossOrigin",
  "unsupportedMediaType",
  "rateLimited",
  "busy",
  // Refused or failed by the fetcher.
  "badUrl",
  "blockedScheme",
  "blockedAddress",
  "noPublicAddress",
  "notAllowed",
  "timeout",
  "tooLarge",
  "tooManyRedirects",
  "httpStatus",
  "notFound",
  "network",
  "notJsonContent",
  "notUtf8",
  "internal",
] as const;
export type FetchErrorCode = (typeof FETCH_ERROR_CODES)[number];

export const FetchCardError = z.object({
  code: z.enum(FETCH_ERROR_CODES),
  message: z.string(),
});
export type FetchCardError = z.infer<typeof FetchCardError>;

export const FetchedCardResponse = z.object({
  requestedUrl: z.string(),
  finalUrl: z.string(),
  discoveredVia: z.enum(["agent-card.json", "agent.json", "direct"]),
  status: z.number(),
  contentType: z.string(),
  size: z.number(),
  sha256: z.string(),
  text: z.string(),
  redirects: z.optional(z.array(z.string())),
  /** Given the request's cardPaths: whether that client finds the card at finalUrl. */
  location: z.optional(FetchedCardLocation),
});
export type FetchedCardResponse = z.infer<typeof FetchedCardResponse>;

/** The 200 answer's media type: a line of JSON with everything but the card, then the card's text as it came. */
export const FETCHED_CARD_MEDIA_TYPE = "application/x-parley-card";

/**
 * The 200 answer's body: the card's text once, as it came, after one line of JSON with the rest.
 * Inside a JSON string a card of control bytes took six bytes per byte (`\u0001`), so a 1 MiB card
 * became a 6 MiB answer; here the answer is the card plus its URLs. JSON.stringify never writes
 * a raw line feed, so the first one ends the metadata.
 */
export function encodeFetchedCard(card: FetchedCardResponse): string {
  const { text, ...meta } = card;
  return `${JSON.stringify(meta)}\n${text}`;
}

/** The answer back into its parts; undefined when it is not one (no metadata line, or wrong fields). */
export function decodeFetchedCard(body: string): FetchedCardResponse | undefined {
  const end = body.indexOf("\n");
  if (end < 0) return undefined;
  let meta: unknown;
  try {
    meta = JSON.parse(body.slice(0, end));
  } catch {
    return undefined;
  }
  if (typeof meta !== "object" || meta === null || Array.isArray(meta)) return undefined;
  const parsed = FetchedCardResponse.safeParse({ ...meta, text: body.slice(end + 1) });
  return parsed.success ? parsed.data : undefined;
}
