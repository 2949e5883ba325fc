import canonicalize from "canonicalize";
import { encode as base64url } from "jose/base64url";
import { JWSInvalid, JWSSignatureVerificationFailed } from "jose/errors";
import { flattenedVerify } from "jose/jws/flattened/verify";
import { importJWK } from "jose/key/import";
import { isObject, own, type JsonObject } from "../card/json-value";
import { parseCardText } from "../card/parse-text";
import { keyFits, readKeySet, rsaModulusBits, type PublicJwk } from "./keys";
import { entry, readSignatures, withHeader, type ReadableSignature } from "./entries";
import { signatureList, uncheckedReport } from "./read";
import {
  overallStatus,
  SIGNATURE_LIMITS,
  SUPPORTED_ALGS,
  type KeySource,
  type SignatureData,
  type SignatureEntry,
  type SignatureReport,
  type SignedPayload,
} from "./types";

/**
 * Verifies every entry of a card's `signatures` (A2A 1.0 §8.4): a JWS whose payload is the RFC 8785
 * (JCS) canonical form of the card with `signatures` removed, base64url-encoded into the signing
 * input as RFC 7515 has it (the payload itself is detached: the card is the payload). JWS checks are
 * jose's and the canonical form is `canonicalize`'s (by an author of RFC 8785); Parley writes
 * neither. Async because WebCrypto is; runs the same in the browser and in Node.
 *
 * Keys: those the caller supplies (`keys`, a JWK or JWKS, matched by kid when the signature names
 * one), else the key set at the protected header's `jku`, through the caller's `fetchJwks` — the
 * core never touches the network. A jku only proves the card matches a key its own URL publishes;
 * the report says which source verified, so a reader can pin a key instead.
 *
 * Never throws, whatever the card, keys or fetcher do: every failure is an entry with a reason id.
 */
export interface VerifySignaturesOptions {
  /** A JWK or JWKS (text or parsed) the user trusts. When given, jku is not followed. */
  keys?: unknown;
  /**
   * Fetches the key set at a jku URL (text or parsed JSON). Resolves undefined when the caller
   * chose not to fetch it (reported `jkuNotFetched`); a rejection is reported `jkuUnreachable`
   * with the error's `code` when it has a short one.
   */
  fetchJwks?: (url: string) => Promise<unknown>;
}

type Keys = { ok: true; keys: PublicJwk[] } | { ok: false; reason: "jkuNotFetched" | "jkuUnreachable" | "jkuNotJwks" | "jkuBadUrl" | "noUsableKey"; data: SignatureData };

export async function verifyCardSignatures(card: unknown, options: VerifySignaturesOptions = {}): Promise<SignatureReport> {
  try {
    return await verifyUnguarded(card, options);
  } catch {
    // Not expected (every step is guarded); the card is then reported as not checked, never thrown.
    try {
      const value = typeof card === "string" ? parseCardText(card) : { ok: true as const, value: card };
      return (value.ok ? uncheckedReport(value.value) : undefined) ?? { status: "unsigned", total: 0, signatures: [] };
    } catch {
      return { status: "unsigned", total: 0, signatures: [] };
    }
  }
}

async function verifyUnguarded(card: unknown, options: VerifySignaturesOptions): Promise<SignatureReport> {
  let value = card;
  if (typeof card === "string") {
    const parsed = parseCardText(card);
    if (!parsed.ok) return { status: "unsigned", total: 0, signatures: [] };
    value = parsed.value;
  }
  const list = signatureList(value);
  if (!list || !isObject(value)) return { status: "unsigned", total: 0, signatures: [] };
  const payloads = new PayloadCache(value);
  const keys = new KeyResolver(options);
  const signatures: SignatureEntry[] = [];
  for (const read of readSignatures(list)) {
    if (!read.ok) {
      signatures.push(read.entry);
      continue;
    }
    try {
      signatures.push(withHeader(await verifyOne(read.jws, payloads, keys), read.jws.alg, read.jws.kid, read.jws.jku));
    } catch {
      // Not expected (every library call is guarded); still no throw out of the verifier.
      signatures.push(withHeader(entry(read.jws.index, "unverifiable", "notChecked", {}), read.jws.alg, read.jws.kid, read.jws.jku));
    }
  }
  return { status: overallStatus(signatures), total: list.length, signatures };
}

async function verifyOne(jws: ReadableSignature, payloads: PayloadCache, resolver: KeyResolver): Promise<SignatureEntry> {
  const { index, alg } = jws;
  if (!(SUPPORTED_ALGS as readonly string[]).includes(alg)) return entry(index, "unverifiable", "unsupportedAlg", { supported: [...SUPPORTED_ALGS] });
  const source: KeySource = resolver.hasSupplied ? "supplied" : "jku";
  if (!resolver.hasSupplied && jws.jku === undefined) return entry(index, "unverifiable", "noKey", {});
  const resolved = await resolver.keysFor(jws);
  if (!resolved.ok) return entry(index, "unverifiable", resolved.reason, resolved.data);

  const named = jws.kid === undefined ? resolved.keys : resolved.keys.filter((k) => k.kid === undefined || k.kid === jws.kid);
  if (named.length === 0) return entry(index, "unverifiable", "unknownKid", { keySource: source, kids: listKids(resolved.keys) });
  // A key that names the signature's kid is tried before one that names none.
  const fitting = named.filter((k) => keyFits(k, alg)).sort((a, b) => Number(b.kid !== undefined) - Number(a.kid !== undefined));
  if (fitting.length === 0) return entry(index, "unverifiable", "noUsableKey", { keySource: source });
  const sized = fitting.filter((k) => k.kty !== "RSA" || (rsaModulusBits(k) >= SIGNATURE_LIMITS.minRsaBits && rsaModulusBits(k) <= SIGNATURE_LIMITS.maxRsaBits));
  if (sized.length === 0) {
    return entry(index, "unverifiable", "keyRejected", { keySource: source, bits: rsaModulusBits(fitting[0]!), min: SIGNATURE_LIMITS.minRsaBits, max: SIGNATURE_LIMITS.maxRsaBits });
  }

  let tried = 0;
  for (const key of sized.slice(0, SIGNATURE_LIMITS.maxKeysTried)) {
    let cryptoKey: Awaited<ReturnType<typeof importJWK>>;
    try {
      cryptoKey = await importJWK({ ...key }, alg);
    } catch {
      continue;
    }
    tried++;
    for (const kind of ["as-received", "defaults-removed"] as const) {
      const payload = payloads.get(kind);
      if (payload === undefined) {
        if (kind === "as-received") return entry(index, "unverifiable", "noCanonicalForm", {});
        continue;
      }
      // A card with nothing empty in it has one payload: no second check.
      if (kind === "defaults-removed" && payload === payloads.get("as-received")) continue;
      const outcome = await check(jws, payload, cryptoKey, alg);
      if (outcome === "verified") return { ...entry(index, "valid", "verified", { keySource: source }), keySource: source, payload: kind };
      if (outcome === "malformed") return entry(index, "invalid", "malformedJws", { what: "jws" });
      if (outcome === "keyRejected") break;
    }
  }
  if (tried === 0) return entry(index, "unverifiable", "keyRejected", { keySource: source });
  return { ...entry(index, "invalid", "badSignature", { keySource: source, keysTried: tried }), keySource: source };
}

async function check(jws: ReadableSignature, payload: string, key: Parameters<typeof flattenedVerify>[1], alg: string): Promise<"verified" | "failed" | "malformed" | "keyRejected"> {
  const input: Parameters<typeof flattenedVerify>[0] = { protected: jws.protected, signature: jws.signature, payload };
  if (jws.header) input.header = jws.header;
  try {
    await flattenedVerify(input, key, { algorithms: [alg] });
    return "verified";
  } catch (e) {
    if (e instanceof JWSSignatureVerificationFailed) return "failed";
    if (e instanceof JWSInvalid) return "malformed";
    return "keyRejected";
  }
}

function listKids(keys: readonly PublicJwk[]): string[] {
  return keys.flatMap((k) => (k.kid === undefined ? [] : [k.kid])).slice(0, 10);
}

/** The card's signing payloads (base64url of the JCS bytes), each computed once, on first use. */
class PayloadCache {
  private readonly cache = new Map<SignedPayload, string | undefined>();
  constructor(private readonly card: JsonObject) {}

  get(kind: SignedPayload): string | undefined {
    if (!this.cache.has(kind)) this.cache.set(kind, this.compute(kind));
    return this.cache.get(kind);
  }

  private compute(kind: SignedPayload): string | undefined {
    try {
      const unsigned = withoutSignatures(this.card);
      const value = kind === "as-received" ? unsigned : (removeEmpty(unsigned) ?? Object.create(null));
      const text = canonicalize(value);
      return text === undefined ? undefined : base64url(text);
    } catch {
      // No canonical form (a lone surrogate, nesting too deep for the cleaner): nothing can verify.
      return undefined;
    }
  }
}

/** A copy of the card without `signatures`, on a null prototype so a `__proto__` key stays a key. */
function withoutSignatures(card: JsonObject): JsonObject {
  const out = Object.create(null) as JsonObject;
  for (const key of Object.keys(card)) if (key !== "signatures") out[key] = card[key];
  return out;
}

/** Empty strings, lists and objects (and nulls) removed, recursively, emptied containers too. */
function removeEmpty(value: unknown): unknown {
  if (value === null || value === "") return undefined;
  if (Array.isArray(value)) {
    const items = value.map(removeEmpty).filter((v) => v !== undefined);
    return items.length > 0 ? items : undefined;
  }
  if (isObject(value)) {
    const out = Object.create(null) as JsonObject;
    let any = false;
    for (const key of Object.keys(value)) {
      const v = removeEmpty(value[key]);
      if (v === undefined) continue;
      out[key] = v;
      any = true;
    }
    return any ? out : undefined;
  }
  return value;
}

/** Supplied keys, read once; jku key sets, fetched once per URL and at most maxJkuFetches URLs. */
class KeyResolver {
  readonly hasSupplied: boolean;
  private readonly supplied: Keys | undefined;
  private readonly fetched = new Map<string, Promise<Keys>>();

  constructor(private readonly options: VerifySignaturesOptions) {
    this.hasSupplied = options.keys !== undefined;
    if (options.keys !== undefined) {
      const read = readKeySet(options.keys);
      this.supplied = read.ok ? { ok: true, keys: read.keys } : { ok: false, reason: "noUsableKey", data: { keySource: "supplied", keyError: read.error } };
    }
  }

  keysFor(jws: ReadableSignature): Promise<Keys> {
    if (this.supplied) return Promise.resolve(this.supplied);
    const jku = jws.jku ?? "";
    let url: URL;
    try {
      url = new URL(jku);
    } catch {
      return Promise.resolve({ ok: false, reason: "jkuBadUrl", data: {} });
    }
    if (url.protocol !== "https:" && url.protocol !== "http:") return Promise.resolve({ ok: false, reason: "jkuBadUrl", data: {} });
    const fetcher = this.options.fetchJwks;
    if (!fetcher) return Promise.resolve({ ok: false, reason: "jkuNotFetched", data: {} });
    const key = url.href;
    let pending = this.fetched.get(key);
    if (!pending) {
      if (this.fetched.size >= SIGNATURE_LIMITS.maxJkuFetches) return Promise.resolve({ ok: false, reason: "jkuNotFetched", data: { limit: SIGNATURE_LIMITS.maxJkuFetches } });
      pending = fetchKeys(fetcher, key);
      this.fetched.set(key, pending);
    }
    return pending;
  }
}

async function fetchKeys(fetcher: (url: string) => Promise<unknown>, url: string): Promise<Keys> {
  let body: unknown;
  try {
    body = await fetcher(url);
  } catch (e) {
    return { ok: false, reason: "jkuUnreachable", data: { error: errorCode(e) } };
  }
  if (body === undefined) return { ok: false, reason: "jkuNotFetched", data: {} };
  // A lone JWK where a key set was expected is read as a set of one.
  const read = readKeySet(body);
  if (!read.ok) return { ok: false, reason: "jkuNotJwks", data: { keyError: read.error } };
  return { ok: true, keys: read.keys };
}

/** A fetcher's error code when it has a short, plain one (CardFetchError's), else "failed". */
function errorCode(e: unknown): string {
  const code = typeof e === "object" && e !== null ? own(e as JsonObject, "code") : undefined;
  return typeof code === "string" && /^[A-Za-z0-9_-]{1,40}$/.test(code) ? code : "failed";
}
