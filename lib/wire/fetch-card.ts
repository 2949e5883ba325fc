import * as z from "@/lib/negotiation/zod";

/**
 * The wire contract of POST /api/fetch-card, shared by the route handler (parses the body) and
 * the browser (validates before posting, parses the answer). It lives in lib/ because server code
 * reads it, and outside lib/fetch and lib/server because the browser bundle reads it too: no
 * React, no Node, no server code here.
 */
export const FetchCardRequest = z.strictObject({
  url: z
    .string({ error: "give the URL of an agent or of its card" })
    .check(
      z.trim(),
      z.minLength(1, { error: "give the URL of an agent or of its card" }),
      z.maxLength(2048, { error: "that URL is longer than 2048 characters" }),
    ),
});
export type FetchCardRequest = z.infer<typeof FetchCardRequest>;

const FETCH_ERROR_CODES = [
  "badRequest",
  "badUrl",
  "blockedScheme",
  "blockedAddress",
  "dnsFailed",
  "timeout",
  "tooLarge",
  "tooManyRedirects",
  "httpStatus",
  "notFound",
  "network",
  "notJsonContent",
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
});
export type FetchedCardResponse = z.infer<typeof FetchedCardResponse>;
