import * as z from "../negotiation/zod";
import { ClientProfile, TaskClass } from "../negotiation";
import { MAX_CARD_URL_LENGTH } from "./card-url";

/**
 * The wire contract of POST /api/probe, shared by the route (parses the body) and the workspace's
 * live check (builds it, reads the answer). No Node, no server code: the browser bundle reads it.
 */
export const MAX_PROBE_HEADERS = 8;
export const MAX_HEADER_VALUE = 4096;

export const ProbeRequest = z.strictObject({
  url: z.string({ error: "give the URL of the card" }).check(
    z.trim(),
    z.minLength(1, { error: "give the URL of the card" }),
    z.maxLength(MAX_CARD_URL_LENGTH, { error: `that URL is longer than ${MAX_CARD_URL_LENGTH} characters` }),
  ),
  profile: ClientProfile,
  taskClasses: z.optional(z.array(z.union([z.string(), TaskClass])).check(z.maxLength(32, { error: "at most 32 task classes" }))),
  /** Credentials, sent only to the card's origin; never stored, logged or echoed (no message quotes one). */
  headers: z.optional(
    z
      .array(
        z.strictObject({
          name: z.string().check(z.regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,64}$/, { error: "a header name is a single word of letters, digits and -" })),
          value: z.string().check(
            z.maxLength(MAX_HEADER_VALUE, { error: `a header value is at most ${MAX_HEADER_VALUE} characters` }),
            z.regex(/^[\x20-\x7e]*$/, { error: "a header value may only hold printable ASCII characters (no line breaks)" }),
          ),
        }),
      )
      .check(z.maxLength(MAX_PROBE_HEADERS, { error: `at most ${MAX_PROBE_HEADERS} headers` })),
  ),
  /** Real lifecycles: only when the operator enabled them, and only with the second confirmation. */
  send: z.optional(z.boolean()),
  confirmSend: z.optional(z.literal("I understand this creates real tasks on the agent")),
});
export type ProbeRequest = z.infer<typeof ProbeRequest>;

export const SEND_CONFIRMATION = "I understand this creates real tasks on the agent" as const;

export const PROBE_ERROR_CODES = [
  "badRequest",
  "crossOrigin",
  "unsupportedMediaType",
  "rateLimited",
  "busy",
  "tooLarge",
  "sendDisabled",
  "sendNotConfirmed",
  "cardUnusable",
  "timeout",
  "internal",
] as const;
export type ProbeErrorCode = (typeof PROBE_ERROR_CODES)[number];

export interface ProbeError {
  code: ProbeErrorCode;
  message: string;
}
