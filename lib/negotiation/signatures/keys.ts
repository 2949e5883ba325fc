import { ownValue } from "../own-value";
import { isObject, own, type JsonObject } from "../card/json-value";
import { SIGNATURE_LIMITS } from "./types";

/**
 * Reading a key the user supplies (a JWK, or a JWKS `{"keys": [...]}`), or a key set fetched from a
 * signature's jku, into public verification keys. Only the public members are kept: a pasted
 * private key verifies just the same, and its private half goes no further than this function.
 * Symmetric (`oct`) keys are skipped: a card signature anyone can check needs a public key.
 * Pure: the keys are imported into WebCrypto by verify.ts.
 */

export interface PublicJwk {
  kty: "EC" | "RSA" | "OKP";
  crv?: string;
  x?: string;
  y?: string;
  n?: string;
  e?: string;
  kid?: string;
  alg?: string;
  use?: string;
  key_ops?: string[];
}

/** Why a whole key input is unusable. */
export type KeySetErrorCode = "empty" | "notJson" | "tooLarge" | "notAKey" | "tooManyKeys" | "noUsableKey";

/** Why one key of a set was skipped. */
export type KeyIssueCode = "notAnObject" | "symmetricKey" | "unsupportedKeyType" | "missingMember" | "memberTooLong";

export interface KeyIssue {
  /** Position in `keys` (0 for a lone JWK). */
  index: number;
  code: KeyIssueCode;
  data: Record<string, string | number>;
}

export type KeySetReading =
  | {
      ok: true;
      keys: PublicJwk[];
      /** Keys that were skipped, and why. */
      skipped: KeyIssue[];
      /** Some key carried private members (`d`…): only its public part is used. */
      hadPrivate: boolean;
    }
  | { ok: false; error: KeySetErrorCode; data: Record<string, string | number>; skipped: KeyIssue[] };

const PUBLIC_MEMBERS: Record<PublicJwk["kty"], readonly string[]> = {
  EC: ["crv", "x", "y"],
  RSA: ["n", "e"],
  OKP: ["crv", "x"],
};
const PRIVATE_MEMBERS = ["d", "p", "q", "dp", "dq", "qi", "oth", "k"];

/** Text (as pasted or read from a file) or an already-parsed value → public keys, or why not. */
export function readKeySet(input: unknown): KeySetReading {
  let value = input;
  if (typeof input === "string") {
    const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
    if (text.trim() === "") return { ok: false, error: "empty", data: {}, skipped: [] };
    if (text.length > SIGNATURE_LIMITS.maxKeySetChars) return { ok: false, error: "tooLarge", data: { size: text.length, limit: SIGNATURE_LIMITS.maxKeySetChars }, skipped: [] };
    try {
      value = JSON.parse(text);
    } catch {
      return { ok: false, error: "notJson", data: {}, skipped: [] };
    }
  }
  if (!isObject(value)) return { ok: false, error: "notAKey", data: {}, skipped: [] };
  const list = own(value, "keys");
  let entries: unknown[];
  if (Array.isArray(list)) entries = list;
  else if (typeof own(value, "kty") === "string") entries = [value];
  else return { ok: false, error: "notAKey", data: {}, skipped: [] };
  if (entries.length > SIGNATURE_LIMITS.maxKeys) return { ok: false, error: "tooManyKeys", data: { count: entries.length, limit: SIGNATURE_LIMITS.maxKeys }, skipped: [] };

  const keys: PublicJwk[] = [];
  const skipped: KeyIssue[] = [];
  let hadPrivate = false;
  entries.forEach((raw, index) => {
    const read = readKey(raw, index);
    if ("code" in read) skipped.push(read);
    else {
      keys.push(read.key);
      hadPrivate ||= read.hadPrivate;
    }
  });
  if (keys.length === 0) return { ok: false, error: "noUsableKey", data: { count: entries.length }, skipped };
  return { ok: true, keys, skipped, hadPrivate };
}

function readKey(raw: unknown, index: number): { key: PublicJwk; hadPrivate: boolean } | KeyIssue {
  if (!isObject(raw)) return { index, code: "notAnObject", data: {} };
  const kty = own(raw, "kty");
  if (kty === "oct") return { index, code: "symmetricKey", data: {} };
  if (kty !== "EC" && kty !== "RSA" && kty !== "OKP") return { index, code: "unsupportedKeyType", data: { kty: typeof kty === "string" ? kty.slice(0, 40) : String(kty) } };
  const key: PublicJwk = { kty };
  for (const member of PUBLIC_MEMBERS[kty]) {
    const v = own(raw, member);
    if (typeof v !== "string" || v === "") return { index, code: "missingMember", data: { member, kty } };
    if (v.length > SIGNATURE_LIMITS.maxKeyMemberChars) return { index, code: "memberTooLong", data: { member, limit: SIGNATURE_LIMITS.maxKeyMemberChars } };
    (key as unknown as Record<string, string>)[member] = v;
  }
  for (const member of ["kid", "alg", "use"] as const) {
    const v = own(raw, member);
    if (typeof v === "string") key[member] = v.slice(0, 200);
  }
  const ops = own(raw, "key_ops");
  if (Array.isArray(ops)) key.key_ops = ops.filter((o): o is string => typeof o === "string").slice(0, 10);
  return { key, hadPrivate: PRIVATE_MEMBERS.some((m) => own(raw as JsonObject, m) !== undefined) };
}

/** The curve each EC/OKP algorithm signs with. */
const ALG_CURVE: Record<string, string> = { ES256: "P-256", ES384: "P-384", ES512: "P-521", EdDSA: "Ed25519", Ed25519: "Ed25519" };

/** Can this key verify a signature made with `alg`? Its type, curve, and any alg/use/key_ops it declares must fit. */
export function keyFits(key: PublicJwk, alg: string): boolean {
  if (key.alg !== undefined && key.alg !== alg) return false;
  if (key.use !== undefined && key.use !== "sig") return false;
  if (key.key_ops !== undefined && !key.key_ops.includes("verify")) return false;
  if (/^(RS|PS)(256|384|512)$/.test(alg)) return key.kty === "RSA";
  const curve = ownValue(ALG_CURVE, alg);
  if (curve === undefined) return false;
  return key.kty === (alg.startsWith("ES") ? "EC" : "OKP") && key.crv === curve;
}

/** An RSA key's modulus size in bits (from its base64url length), for the size bounds. */
export function rsaModulusBits(key: PublicJwk): number {
  const n = key.n ?? "";
  let bytes = Math.floor((n.length * 3) / 4);
  // A leading zero octet is not part of the size (RFC 7518 forbids it; be lenient).
  if (n.startsWith("AA")) bytes -= 1;
  return bytes * 8;
}
