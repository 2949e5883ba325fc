/**
 * Everything that can be wrong with a link, as data. English lives in messages.ts only.
 * Positions count characters of the fragment as given (after a leading "#" or URL is removed).
 */
export interface LinkIssue {
  /** Where in the link's state, as a JSON pointer (e.g. "/profile/name"); "" is the whole state. */
  pointer: string;
  path: (string | number)[];
  /** zod's issue code, e.g. "invalid_type", "unrecognized_keys". */
  issue: string;
  /** zod's own wording, kept as data for the details view. */
  detail: string;
}

export type CorruptReason =
  /** The deflate stream is not valid deflate data (or was made with another dictionary). */
  | "deflate"
  /** It inflated, but not to what was encoded: a character was changed in transit. */
  | "checksum"
  /** The inflated bytes are not UTF-8. */
  | "utf8"
  /** The state part is not JSON. */
  | "json"
  /** A snapshot without card bytes, or a live link with them. */
  | "framing"
  /** Something we did not foresee went wrong while reading it. */
  | "unreadable";

export type LinkError =
  | { code: "empty" }
  | { code: "notAReviewLink"; found: string }
  | { code: "unknownVersion"; version: string; supported: string[] }
  | { code: "tooLarge"; length: number; limit: number }
  | { code: "notBase64"; position: number; character: string }
  | { code: "truncated" }
  | { code: "corrupt"; reason: CorruptReason }
  | { code: "decompressedTooLarge"; limit: number }
  /** The state besides the card (profile, context, task classes, decisions, acknowledgements) is implausibly large. */
  | { code: "stateTooLarge"; length: number; limit: number }
  /** A v2 link holding more acknowledged findings than any review keeps (counted before they are read). */
  | { code: "tooManyAcknowledgements"; count: number; limit: number }
  /** The state does not match the schema. `issues` holds the first few; `total` counts them all. */
  | { code: "invalidState"; issues: LinkIssue[]; total: number };

export type LinkErrorCode = LinkError["code"];

/** Every code, for exhaustive tables (messages, tests). */
export const LINK_ERROR_CODES: readonly LinkErrorCode[] = [
  "empty",
  "notAReviewLink",
  "unknownVersion",
  "tooLarge",
  "notBase64",
  "truncated",
  "corrupt",
  "decompressedTooLarge",
  "stateTooLarge",
  "tooManyAcknowledgements",
  "invalidState",
];
