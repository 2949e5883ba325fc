import { isObject, own, type JsonObject } from "../card/json-value";
import {
  SIGNATURE_LIMITS,
  signaturePointer,
  type SignatureData,
  type SignatureEntry,
} from "./types";

/**
 * Reading each entry of a card's `signatures` as a JWS: its members checked for type and size, the
 * protected header's alg, kid and jku, or why the entry is not a JWS at all. The first step of
 * verify.ts, and loaded with it (not with the review).
 */

/** An entry that reads as a JWS (its members checked for type and size, its protected header parsed). */
export interface ReadableSignature {
  index: number;
  pointer: string;
  protected: string;
  signature: string;
  /** The unprotected header, when the entry has one. */
  header?: JsonObject;
  alg: string;
  kid?: string;
  jku?: string;
}

export type ReadSignature = { ok: true; jws: ReadableSignature } | { ok: false; entry: SignatureEntry };

/** Each of the first maxSignatures entries read, the rest reported beyond the limit. */
export function readSignatures(list: readonly unknown[]): ReadSignature[] {
  const out: ReadSignature[] = [];
  for (let index = 0; index < list.length; index++) {
    if (index >= SIGNATURE_LIMITS.maxSignatures) {
      out.push({ ok: false, entry: entry(index, "unverifiable", "beyondLimit", { limit: SIGNATURE_LIMITS.maxSignatures }) });
      continue;
    }
    out.push(readSignature(list[index], index));
  }
  return out;
}

function readSignature(value: unknown, index: number): ReadSignature {
  const malformed = (what: string, extra: SignatureData = {}) => ({ ok: false as const, entry: entry(index, "invalid", "malformedJws", { what, ...extra }) });
  if (!isObject(value)) return malformed("entry");
  const protectedText = own(value, "protected");
  const signature = own(value, "signature");
  const header = own(value, "header");
  if (typeof protectedText !== "string" || protectedText === "") return malformed("protected");
  if (protectedText.length > SIGNATURE_LIMITS.maxProtectedChars) return malformed("protected", { limit: SIGNATURE_LIMITS.maxProtectedChars });
  if (typeof signature !== "string" || signature === "") return malformed("signature");
  if (signature.length > SIGNATURE_LIMITS.maxSignatureChars) return malformed("signature", { limit: SIGNATURE_LIMITS.maxSignatureChars });
  if (header !== undefined && header !== null && !isObject(header)) return malformed("header");
  if (isObject(header) && JSON.stringify(header).length > SIGNATURE_LIMITS.maxHeaderChars) {
    return malformed("header", { limit: SIGNATURE_LIMITS.maxHeaderChars });
  }
  if (!/^[A-Za-z0-9_-]+$/.test(signature)) return malformed("signature");
  const parsed = decodeHeader(protectedText);
  if (!parsed) return malformed("protected");

  const alg = own(parsed, "alg");
  const kid = readKid(parsed) ?? (isObject(header) ? readKid(header) : undefined);
  const rawJku = own(parsed, "jku");
  const jku = typeof rawJku === "string" ? rawJku.slice(0, SIGNATURE_LIMITS.maxJkuChars) : undefined;
  if (typeof alg !== "string" || alg === "") return { ok: false, entry: withHeader(entry(index, "invalid", "malformedJws", { what: "alg" }), undefined, kid, jku) };
  if (alg.toLowerCase() === "none") return { ok: false, entry: withHeader(entry(index, "invalid", "algNone", {}), alg, kid, jku) };
  const jws: ReadableSignature = { index, pointer: signaturePointer(index), protected: protectedText, signature, alg: alg.slice(0, 40) };
  if (isObject(header)) jws.header = header;
  if (kid !== undefined) jws.kid = kid;
  if (jku !== undefined) jws.jku = jku;
  return { ok: true, jws };
}

function readKid(header: JsonObject): string | undefined {
  const kid = own(header, "kid");
  return typeof kid === "string" ? kid.slice(0, 200) : undefined;
}

/** A base64url JSON object, or undefined. */
function decodeHeader(text: string): JsonObject | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return undefined;
  try {
    const padded = text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4);
    const binary = atob(padded);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    const value: unknown = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function entry(index: number, status: SignatureEntry["status"], reason: SignatureEntry["reason"], data: SignatureData): SignatureEntry {
  return { index, pointer: signaturePointer(index), status, reason, data };
}

/** An entry with what the protected header says (alg, kid, jku) when known. */
export function withHeader(e: SignatureEntry, alg: string | undefined, kid: string | undefined, jku: string | undefined): SignatureEntry {
  if (alg !== undefined) e.alg = alg;
  if (kid !== undefined) e.kid = kid;
  if (jku !== undefined) e.jku = jku;
  return e;
}
