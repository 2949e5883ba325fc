import { deflateSync } from "fflate";
import { sha256 } from "@noble/hashes/sha2.js";
import { DICTIONARY_V1 } from "./dictionary-v1";
import { decodeBase64Url, encodeBase64Url } from "./base64url";
import { pointerFromPath } from "../negotiation/card/pointer";
import type * as z from "../negotiation/zod";
import type { LinkError, LinkIssue } from "./errors";
import { CHECK_BYTES, FRAME_SEPARATOR, INFLATE_STEP_BYTES, MAX_FRAGMENT_LENGTH, MAX_PAYLOAD_BYTES, MAX_STATE_JSON_BYTES } from "./format-v1";
import { inflateCapped } from "./inflate-capped";

/**
 * The v1 frame every Parley link in a fragment shares: `<letter><n>.` + base64url( sha256(payload)[0..4]
 * ++ deflateRaw(payload, dictionary v1, level 9) ), within the same limits (the fragment's length,
 * the bytes inflated). Review links are "v1.", diff links "d1."; only what the payload holds differs.
 */
export interface FrameFormat {
  /** "v" for review links, "d" for diff links. */
  letter: string;
  /** This build's format, e.g. "v1": what it writes unless told otherwise. */
  current: string;
  /** Every format this build reads (the same frame, a payload that may hold more); default: `current` only. */
  readable?: readonly string[];
}

export type SealResult = { ok: true; fragment: string } | { ok: false; error: LinkError };
export type OpenResult = { ok: true; payload: Uint8Array; version: string } | { ok: false; error: LinkError };

/** `version`: one of the format's readable versions (default its current one), the prefix the link gets. */
export function sealFrame(format: FrameFormat, payload: Uint8Array, version: string = format.current): SealResult {
  if (payload.length > MAX_PAYLOAD_BYTES) return { ok: false, error: { code: "decompressedTooLarge", limit: MAX_PAYLOAD_BYTES } };
  const deflated = deflateSync(payload, { level: 9, mem: 8, dictionary: DICTIONARY_V1 });
  const body = new Uint8Array(CHECK_BYTES + deflated.length);
  body.set(checkOf(payload), 0);
  body.set(deflated, CHECK_BYTES);
  const fragment = `${version}.${encodeBase64Url(body)}`;
  if (fragment.length > MAX_FRAGMENT_LENGTH) return { ok: false, error: { code: "tooLarge", length: fragment.length, limit: MAX_FRAGMENT_LENGTH } };
  return { ok: true, fragment };
}

/**
 * A pasted link (the bare fragment, "#fragment" or the whole URL) → its payload, checked. Hostile
 * input gives a typed error; inflating stops at MAX_PAYLOAD_BYTES whatever the data claims.
 */
export function openFrame(format: FrameFormat, input: unknown): OpenResult {
  if (typeof input !== "string") return fail({ code: "notAReviewLink", found: "" });
  if (input.length > MAX_FRAGMENT_LENGTH + 4096) return fail({ code: "tooLarge", length: input.length, limit: MAX_FRAGMENT_LENGTH });
  const fragment = extractFragment(input);
  if (fragment === "") return fail({ code: "empty" });
  if (fragment.length > MAX_FRAGMENT_LENGTH) return fail({ code: "tooLarge", length: fragment.length, limit: MAX_FRAGMENT_LENGTH });

  const version = new RegExp(`^(${format.letter}\\d{1,6})\\.`).exec(fragment)?.[1];
  if (version === undefined) return fail({ code: "notAReviewLink", found: firstCodePoints(fragment, 16) });
  const readable = format.readable ?? [format.current];
  if (!readable.includes(version)) return fail({ code: "unknownVersion", version, supported: [...readable] });

  const prefixLength = version.length + 1;
  const body = decodeBase64Url(fragment.slice(prefixLength));
  if (!body.ok) {
    return body.problem === "badLength"
      ? fail({ code: "truncated" })
      : fail({ code: "notBase64", position: prefixLength + body.index, character: body.character });
  }
  if (body.bytes.length <= CHECK_BYTES) return fail({ code: "truncated" });

  const inflated = inflateCapped(body.bytes.subarray(CHECK_BYTES), {
    dictionary: DICTIONARY_V1,
    maxBytes: MAX_PAYLOAD_BYTES,
    stepBytes: INFLATE_STEP_BYTES,
  });
  if (!inflated.ok) {
    if (inflated.problem === "tooLarge") return fail({ code: "decompressedTooLarge", limit: MAX_PAYLOAD_BYTES });
    return inflated.problem === "truncated" ? fail({ code: "truncated" }) : fail({ code: "corrupt", reason: "deflate" });
  }
  if (!sameBytes(checkOf(inflated.bytes), body.bytes.subarray(0, CHECK_BYTES))) return fail({ code: "corrupt", reason: "checksum" });
  return { ok: true, payload: inflated.bytes, version };
}

export type StateResult = { ok: true; json: unknown; rest: Uint8Array | undefined } | { ok: false; error: LinkError };

/**
 * The payload's state JSON, up to the first NUL (JSON.stringify never writes a raw one), and the
 * bytes after that NUL (`rest`, undefined when there is no NUL): the card, or cards, of the link.
 */
export function readState(payload: Uint8Array): StateResult {
  const separator = payload.indexOf(FRAME_SEPARATOR);
  const stateEnd = separator === -1 ? payload.length : separator;
  if (stateEnd > MAX_STATE_JSON_BYTES) return { ok: false, error: { code: "stateTooLarge", length: stateEnd, limit: MAX_STATE_JSON_BYTES } };
  const stateText = decodeUtf8(payload.subarray(0, stateEnd));
  if (stateText === undefined) return { ok: false, error: { code: "corrupt", reason: "utf8" } };
  try {
    return { ok: true, json: JSON.parse(stateText) as unknown, rest: separator === -1 ? undefined : payload.subarray(separator + 1) };
  } catch {
    return { ok: false, error: { code: "corrupt", reason: "json" } };
  }
}

/** The state JSON, then the card bytes: what sealFrame packs. Undefined when the state is over its cap. */
export function framePayload(stateJson: Uint8Array, cards: readonly Uint8Array[] | undefined): Uint8Array | LinkError {
  if (stateJson.length > MAX_STATE_JSON_BYTES) return { code: "stateTooLarge", length: stateJson.length, limit: MAX_STATE_JSON_BYTES };
  const cardBytes = cards?.reduce((sum, card) => sum + card.length, 0) ?? 0;
  const payload = new Uint8Array(stateJson.length + (cards ? cardBytes + 1 : 0));
  payload.set(stateJson, 0);
  if (cards) {
    payload[stateJson.length] = FRAME_SEPARATOR;
    let at = stateJson.length + 1;
    for (const card of cards) {
      payload.set(card, at);
      at += card.length;
    }
  }
  return payload;
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** Strict UTF-8 (a leading U+FEFF kept: the card's bytes, not a cleaned-up copy); undefined when the bytes are not UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return undefined;
  }
}

const MAX_ISSUES = 20;

/** A schema's refusal as a link error: the first few issues, each with its JSON pointer, and how many there were. */
export function invalidState(error: z.core.$ZodError): LinkError {
  const issues: LinkIssue[] = error.issues.slice(0, MAX_ISSUES).map((issue) => {
    const path = issue.path.map((key) => (typeof key === "symbol" ? String(key) : key));
    return { pointer: pointerFromPath(issue.path), path, issue: issue.code, detail: issue.message };
  });
  return { code: "invalidState", issues, total: error.issues.length };
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

function fail(error: LinkError): OpenResult {
  return { ok: false, error };
}
