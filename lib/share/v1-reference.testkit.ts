/**
 * An independent reading of the v1 format as docs/review-links.md states it, for tests only:
 * builds links from arbitrary payload bytes (to reach errors the encoder never produces) and
 * reads links without going through the codec (to prove goldens follow the documented layout).
 * It deliberately uses other code paths than the codec: Node's base64url and one-shot inflate.
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { deflateSync, inflateSync } from "fflate";
import { DICTIONARY_V1 } from "./dictionary-v1";

const utf8 = new TextEncoder();

export function bytesOf(text: string): Uint8Array {
  return utf8.encode(text);
}

export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** A v1 link around any payload, with a correct checksum unless `check` overrides it. */
export function craftLink(payload: Uint8Array, options: { check?: Uint8Array; level?: 0 | 1 | 9 } = {}): string {
  const check = options.check ?? sha256(payload).subarray(0, 4);
  const deflated = deflateSync(payload, { level: options.level ?? 9, dictionary: DICTIONARY_V1 });
  return "v1." + Buffer.from(concatBytes(check, deflated)).toString("base64url");
}

/** A snapshot payload: state JSON, NUL, card text. */
export function snapshotPayload(state: unknown, cardText: string): Uint8Array {
  return concatBytes(bytesOf(JSON.stringify(state)), new Uint8Array([0]), bytesOf(cardText));
}

/** A v2 link around any payload: v1's frame with the other prefix. */
export function craftLinkV2(payload: Uint8Array, options: { check?: Uint8Array; level?: 0 | 1 | 9 } = {}): string {
  return "v2." + craftLink(payload, options).slice(3);
}

/** Reads a v1 or v2 link (the same frame) by the documented layout alone. */
export function readLinkByTheBook(fragment: string): { state: unknown; cardText?: string; checkMatches: boolean } {
  if (!/^v[12]\./.test(fragment)) throw new Error("not v1 or v2");
  const body = new Uint8Array(Buffer.from(fragment.slice(3), "base64url"));
  const payload = inflateSync(body.subarray(4), { dictionary: DICTIONARY_V1 });
  const checkMatches = Buffer.from(sha256(payload).subarray(0, 4)).equals(Buffer.from(body.subarray(0, 4)));
  const nul = payload.indexOf(0);
  const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
  if (nul === -1) return { state: JSON.parse(decoder.decode(payload)), checkMatches };
  return {
    state: JSON.parse(decoder.decode(payload.subarray(0, nul))),
    cardText: decoder.decode(payload.subarray(nul + 1)),
    checkMatches,
  };
}
