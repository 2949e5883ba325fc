import { deflateSync } from "fflate";
import { sha256 } from "@noble/hashes/sha2.js";
import { pointerFromPath } from "../negotiation/card/pointer";
import type * as z from "../negotiation/zod";
import { DICTIONARY_V1 } from "./dictionary-v1";
import { decodeBase64Url, encodeBase64Url } from "./base64url";
import type { CorruptReason, LinkError, LinkIssue } from "./errors";
import {
  CHECK_BYTES,
  FORMAT_V1,
  FRAME_SEPARATOR,
  INFLATE_STEP_BYTES,
  MAX_FRAGMENT_LENGTH,
  MAX_PAYLOAD_BYTES,
  MAX_STATE_JSON_BYTES,
  PREFIX_V1,
  SUPPORTED_FORMATS,
} from "./format-v1";
import { inflateCapped } from "./inflate-capped";
import { LinkMeta, LiveLinkState, SnapshotLinkState } from "./schema";

/**
 * The review-link codec, format v1:
 *   "v1." + base64url( sha256(payload)[0..4] ++ deflateRaw(payload, dictionary v1, level 9) )
 *   payload = UTF-8(JSON state without the card) [ ++ 0x00 ++ UTF-8(card text) ]   (card: snapshot only)
 * docs/review-links.md is the full description; the golden tests pin it.
 */
export type DecodedLink =
  | { format: "v1"; kind: "snapshot"; state: SnapshotLinkState }
  | { format: "v1"; kind: "live"; state: LiveLinkState };

export type DecodeResult = { ok: true; link: DecodedLink } | { ok: false; error: LinkError };
export type EncodeResult = { ok: true; fragment: string } | { ok: false; error: LinkError };

/** Thrown only by the non-`try` encoders, for states the app should never have built. */
export class ReviewLinkEncodeError extends Error {
  constructor(readonly error: LinkError) {
    super(`cannot encode review link: ${error.code}`);
    this.name = "ReviewLinkEncodeError";
  }
}

const utf8 = new TextEncoder();
// ignoreBOM keeps a leading U+FEFF in the card text: the card's bytes, not a cleaned-up copy.
const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

export function tryEncodeReviewLink(state: SnapshotLinkState): EncodeResult {
  const parsed = SnapshotLinkState.safeParse(state);
  if (!parsed.success) return { ok: false, error: invalidState(parsed.error) };
  const { cardText, ...rest } = parsed.data;
  return encodePayload({ kind: "snapshot", ...rest }, cardText);
}

export function tryEncodeLiveLink(state: LiveLinkState): EncodeResult {
  const parsed = LiveLinkState.safeParse(state);
  if (!parsed.success) return { ok: false, error: invalidState(parsed.error) };
  return encodePayload({ kind: "live", ...parsed.data }, undefined);
}

/** The fragment (without "#") of a snapshot link. Throws ReviewLinkEncodeError on an invalid or oversized state. */
export function encodeReviewLink(state: SnapshotLinkState): string {
  return unwrap(tryEncodeReviewLink(state));
}

/** The fragment (without "#") of a live link. Throws ReviewLinkEncodeError on an invalid or oversized state. */
export function encodeLiveLink(state: LiveLinkState): string {
  return unwrap(tryEncodeLiveLink(state));
}

/**
 * Reads a link fragment ("v1.…", "#v1.…" or a whole URL ending in "#v1.…"). The input is treated
 * as hostile: every failure is a typed error, nothing throws, and inflating stops at
 * MAX_PAYLOAD_BYTES however large the compressed data claims to be.
 */
export function decodeReviewLink(fragment: string): DecodeResult {
  try {
    return decodeUnsafe(fragment);
  } catch {
    // Every known failure is handled above; this is the "never throw" backstop for the unknown.
    return fail({ code: "corrupt", reason: "unreadable" });
  }
}

function decodeUnsafe(input: unknown): DecodeResult {
  if (typeof input !== "string") return fail({ code: "notAReviewLink", found: "" });
  if (input.length > MAX_FRAGMENT_LENGTH + 4096) {
    return fail({ code: "tooLarge", length: input.length, limit: MAX_FRAGMENT_LENGTH });
  }
  const fragment = extractFragment(input);
  if (fragment === "") return fail({ code: "empty" });
  if (fragment.length > MAX_FRAGMENT_LENGTH) {
    return fail({ code: "tooLarge", length: fragment.length, limit: MAX_FRAGMENT_LENGTH });
  }

  const version = /^(v\d{1,6})\./.exec(fragment)?.[1];
  if (version === undefined) return fail({ code: "notAReviewLink", found: firstCodePoints(fragment, 16) });
  if (version !== FORMAT_V1) return fail({ code: "unknownVersion", version, supported: [...SUPPORTED_FORMATS] });

  const body = decodeBase64Url(fragment.slice(PREFIX_V1.length));
  if (!body.ok) {
    return body.problem === "badLength"
      ? fail({ code: "truncated" })
      : fail({ code: "notBase64", position: PREFIX_V1.length + body.index, character: body.character });
  }
  if (body.bytes.length <= CHECK_BYTES) return fail({ code: "truncated" });

  const inflated = inflateCapped(body.bytes.subarray(CHECK_BYTES), {
    dictionary: DICTIONARY_V1,
    maxBytes: MAX_PAYLOAD_BYTES,
    stepBytes: INFLATE_STEP_BYTES,
  });
  if (!inflated.ok) {
    if (inflated.problem === "tooLarge") return fail({ code: "decompressedTooLarge", limit: MAX_PAYLOAD_BYTES });
    return inflated.problem === "truncated" ? fail({ code: "truncated" }) : corrupt("deflate");
  }
  const payload = inflated.bytes;
  if (!sameBytes(checkOf(payload), body.bytes.subarray(0, CHECK_BYTES))) return corrupt("checksum");

  return readPayload(payload);
}

function readPayload(payload: Uint8Array): DecodeResult {
  const separator = payload.indexOf(FRAME_SEPARATOR);
  const stateEnd = separator === -1 ? payload.length : separator;
  if (stateEnd > MAX_STATE_JSON_BYTES) {
    return fail({ code: "stateTooLarge", length: stateEnd, limit: MAX_STATE_JSON_BYTES });
  }
  const stateText = decodeUtf8(payload.subarray(0, stateEnd));
  if (stateText === undefined) return corrupt("utf8");
  let json: unknown;
  try {
    json = JSON.parse(stateText);
  } catch {
    return corrupt("json");
  }
  const meta = LinkMeta.safeParse(json);
  if (!meta.success) return fail(invalidState(meta.error));

  if (meta.data.kind === "live") {
    if (separator !== -1) return corrupt("framing");
    const { kind, ...state } = meta.data;
    return { ok: true, link: { format: FORMAT_V1, kind, state } };
  }
  if (separator === -1) return corrupt("framing");
  const cardText = decodeUtf8(payload.subarray(separator + 1));
  if (cardText === undefined) return corrupt("utf8");
  const { kind, ...rest } = meta.data;
  return { ok: true, link: { format: FORMAT_V1, kind, state: { ...rest, cardText } } };
}

function encodePayload(meta: LinkMeta, cardText: string | undefined): EncodeResult {
  // LinkMeta.parse puts keys in schema order, so equal states give equal bytes (and equal links).
  const stateJson = utf8.encode(JSON.stringify(LinkMeta.parse(meta)));
  if (stateJson.length > MAX_STATE_JSON_BYTES) {
    return { ok: false, error: { code: "stateTooLarge", length: stateJson.length, limit: MAX_STATE_JSON_BYTES } };
  }
  const card = cardText === undefined ? undefined : utf8.encode(cardText);
  const payload = new Uint8Array(stateJson.length + (card ? card.length + 1 : 0));
  payload.set(stateJson, 0);
  if (card) {
    payload[stateJson.length] = FRAME_SEPARATOR;
    payload.set(card, stateJson.length + 1);
  }
  if (payload.length > MAX_PAYLOAD_BYTES) {
    return { ok: false, error: { code: "decompressedTooLarge", limit: MAX_PAYLOAD_BYTES } };
  }
  const deflated = deflateSync(payload, { level: 9, mem: 8, dictionary: DICTIONARY_V1 });
  const body = new Uint8Array(CHECK_BYTES + deflated.length);
  body.set(checkOf(payload), 0);
  body.set(deflated, CHECK_BYTES);
  const fragment = PREFIX_V1 + encodeBase64Url(body);
  if (fragment.length > MAX_FRAGMENT_LENGTH) {
    return { ok: false, error: { code: "tooLarge", length: fragment.length, limit: MAX_FRAGMENT_LENGTH } };
  }
  return { ok: true, fragment };
}

/** Accepts what people paste: the bare fragment, "#fragment", or the whole URL. */
function extractFragment(input: string): string {
  const trimmed = input.trim();
  const hash = trimmed.indexOf("#");
  return hash === -1 ? trimmed : trimmed.slice(hash + 1);
}

/** Cut by code points, so a quoted emoji is never half an emoji. */
function firstCodePoints(text: string, count: number): string {
  return Array.from(text.slice(0, count * 2)).slice(0, count).join("");
}

function checkOf(payload: Uint8Array): Uint8Array {
  return sha256(payload).subarray(0, CHECK_BYTES);
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return undefined;
  }
}

const MAX_ISSUES = 20;

function invalidState(error: z.core.$ZodError): LinkError {
  const issues: LinkIssue[] = error.issues.slice(0, MAX_ISSUES).map((issue) => {
    const path = issue.path.map((key) => (typeof key === "symbol" ? String(key) : key));
    return { pointer: pointerFromPath(issue.path), path, issue: issue.code, detail: issue.message };
  });
  return { code: "invalidState", issues, total: error.issues.length };
}

function corrupt(reason: CorruptReason): DecodeResult {
  return fail({ code: "corrupt", reason });
}

function fail(error: LinkError): DecodeResult {
  return { ok: false, error };
}

function unwrap(result: EncodeResult): string {
  if (!result.ok) throw new ReviewLinkEncodeError(result.error);
  return result.fragment;
}
