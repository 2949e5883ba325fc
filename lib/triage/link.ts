import { sha256 } from "@noble/hashes/sha2.js";
import { deflateSync } from "fflate";
import { decodeBase64Url, encodeBase64Url } from "../share/base64url";
import { DICTIONARY_V1 } from "../share/dictionary-v1";
import { MAX_FRAGMENT_LENGTH } from "../share/format-v1";
import { inflateCapped } from "../share/inflate-capped";
import { readTriageFile, type TriageFile } from "./triage";

/**
 * A whole triage in a URL fragment, for when it fits: "t1." + base64url( sha256(json)[0..4] ++
 * deflateRaw(json, the review links' v1 dictionary) ), json being the `.parley-triage.json` text
 * without indentation. The fragment never reaches a server. A triage too large for a link (more
 * than a review link may hold) is said to be so, with its length, and saved as a file instead.
 */
export const TRIAGE_LINK_PREFIX = "t1.";
/** The longest fragment a triage link may be: the same as a review link's. */
export const MAX_TRIAGE_LINK_LENGTH = MAX_FRAGMENT_LENGTH;
/** Most bytes inflated from a link before giving up (a decompression bomb stops here). */
export const MAX_TRIAGE_LINK_PAYLOAD = 16 * 1024 * 1024;
const CHECK_BYTES = 4;
const INFLATE_STEP_BYTES = 1024;

export type TriageLinkEncoding = { ok: true; fragment: string } | { ok: false; code: "tooLarge"; length: number; limit: number };

export type TriageLinkError =
  /** `found`: how the fragment starts (its first characters), to show the user. */
  | { code: "notATriageLink"; found: string }
  | { code: "unknownVersion"; version: string; supported: string }
  | { code: "tooLarge"; length: number; limit: number }
  | { code: "truncated" }
  | { code: "corrupt" }
  | { code: "decompressedTooLarge"; limit: number }
  | { code: "invalid"; pointer: string; message: string };

export type TriageLinkDecoding = { ok: true; file: TriageFile } | { ok: false; error: TriageLinkError };

const utf8 = new TextEncoder();
const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

export function encodeTriageLink(file: TriageFile): TriageLinkEncoding {
  const payload = utf8.encode(JSON.stringify(file));
  const deflated = deflateSync(payload, { level: 9, mem: 8, dictionary: DICTIONARY_V1 });
  // base64url of the check and the data: four characters per three bytes, rounded up.
  const length = TRIAGE_LINK_PREFIX.length + Math.ceil(((CHECK_BYTES + deflated.length) * 4) / 3);
  if (length > MAX_TRIAGE_LINK_LENGTH) return { ok: false, code: "tooLarge", length, limit: MAX_TRIAGE_LINK_LENGTH };
  const body = new Uint8Array(CHECK_BYTES + deflated.length);
  body.set(sha256(payload).subarray(0, CHECK_BYTES), 0);
  body.set(deflated, CHECK_BYTES);
  return { ok: true, fragment: TRIAGE_LINK_PREFIX + encodeBase64Url(body) };
}

/** Is this fragment (without "#") meant as a triage link, of this format or another ("t2.")? Only then is it worth decoding. */
export function isTriageFragment(fragment: string): boolean {
  return fragment.startsWith(TRIAGE_LINK_PREFIX) || OTHER_TRIAGE_FORMAT.test(fragment);
}

const OTHER_TRIAGE_FORMAT = /^t\d+\./;

/** The first characters of a fragment, as an error shows them. */
export function fragmentStart(fragment: string): string {
  return fragment.length > 12 ? `${fragment.slice(0, 12)}…` : fragment;
}

/** Reads a triage fragment; hostile input gives a typed error, never a throw, and inflating stops at its cap. */
export function decodeTriageLink(input: string): TriageLinkDecoding {
  try {
    return decodeUnsafe(input);
  } catch {
    return { ok: false, error: { code: "corrupt" } };
  }
}

function decodeUnsafe(input: string): TriageLinkDecoding {
  const hash = input.indexOf("#");
  const fragment = (hash === -1 ? input : input.slice(hash + 1)).trim();
  if (fragment.length > MAX_TRIAGE_LINK_LENGTH) return fail({ code: "tooLarge", length: fragment.length, limit: MAX_TRIAGE_LINK_LENGTH });
  if (!fragment.startsWith(TRIAGE_LINK_PREFIX)) {
    const version = OTHER_TRIAGE_FORMAT.exec(fragment)?.[0];
    return fail(version ? { code: "unknownVersion", version: version.slice(0, -1), supported: TRIAGE_LINK_PREFIX.slice(0, -1) } : { code: "notATriageLink", found: fragmentStart(fragment) });
  }
  const body = decodeBase64Url(fragment.slice(TRIAGE_LINK_PREFIX.length));
  if (!body.ok) return fail(body.problem === "badLength" ? { code: "truncated" } : { code: "corrupt" });
  if (body.bytes.length <= CHECK_BYTES) return fail({ code: "truncated" });
  const inflated = inflateCapped(body.bytes.subarray(CHECK_BYTES), {
    dictionary: DICTIONARY_V1,
    maxBytes: MAX_TRIAGE_LINK_PAYLOAD,
    stepBytes: INFLATE_STEP_BYTES,
  });
  if (!inflated.ok) {
    if (inflated.problem === "tooLarge") return fail({ code: "decompressedTooLarge", limit: MAX_TRIAGE_LINK_PAYLOAD });
    return fail(inflated.problem === "truncated" ? { code: "truncated" } : { code: "corrupt" });
  }
  const check = sha256(inflated.bytes).subarray(0, CHECK_BYTES);
  if (!check.every((byte, i) => byte === body.bytes[i])) return fail({ code: "corrupt" });
  let text: string;
  try {
    text = strictUtf8.decode(inflated.bytes);
  } catch {
    return fail({ code: "corrupt" });
  }
  const read = readTriageFile(text);
  return read.ok ? { ok: true, file: read.file } : fail({ code: "invalid", pointer: read.pointer, message: read.message });
}

function fail(error: TriageLinkError): TriageLinkDecoding {
  return { ok: false, error };
}
