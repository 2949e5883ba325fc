import { withThousands } from "../thousands";
import { ownValue } from "../own-value";
import type { KeySetErrorCode } from "../signatures/keys";
import type { CardSignatureStatus, SignatureEntry, SignatureReason, SignatureReport } from "../signatures/types";
import { formatList } from "./template";

/**
 * English for card signatures: why one signature has its status, what key would check it, the
 * card's signature status in a line, and what is wrong with a key the user supplied. The report
 * and key readers carry ids and values only (lib/negotiation/signatures).
 */

type Data = Readonly<Record<string, unknown>>;

const str = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);
const list = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);

/** The key a signature needs, from what it names: `the key with kid "k1" from the key set at …`. */
export function describeNeededKey(kid: string | undefined, jku: string | undefined): string {
  if (kid && jku) return `the public key with kid "${kid}" (published in the key set at ${jku})`;
  if (kid) return `the public key with kid "${kid}"`;
  if (jku) return `a public key from the key set at ${jku}`;
  return "the signer's public key";
}

/** Why a key set could not be fetched, by the fetcher's (or Parley's fetch route's) error code. */
const FETCH_ERRORS: Record<string, string> = {
  badUrl: "not a URL that can be fetched",
  blockedScheme: "not an http(s) URL",
  blockedAddress: "it points to an address that is not public",
  noPublicAddress: "its host has no public address",
  notAllowed: "this Parley's settings do not allow fetching from that host",
  timeout: "it did not answer in time",
  tooLarge: "its answer is too large for a key set",
  tooManyRedirects: "it redirected too many times",
  httpStatus: "it answered with an HTTP error",
  notFound: "it answered 404: nothing is published there",
  network: "the connection failed",
  notJsonContent: "it answered with something other than JSON",
  notUtf8: "its answer is not UTF-8 text",
  rateLimited: "too many fetches just now: try again shortly",
  busy: "Parley's server is busy: try again shortly",
};

const KEY_SET_ERRORS: Record<KeySetErrorCode, string> = {
  empty: "nothing was given",
  notJson: "it is not JSON",
  tooLarge: "it is too large for a key set",
  notAKey: 'it is neither a JWK (an object with "kty") nor a JWK set (an object with "keys")',
  tooManyKeys: "it holds more keys than Parley reads",
  noUsableKey: "none of its keys is a public EC, RSA or OKP key Parley can verify with",
};

/** What is wrong with a key input (a pasted JWK, a --jwks file, a fetched key set), as a clause. */
export function describeKeySetError(error: KeySetErrorCode, data: Data = {}): string {
  const base = KEY_SET_ERRORS[error] ?? "it cannot be read as keys";
  if (error === "tooLarge" && typeof data.limit === "number") return `${base} (at most ${data.limit} characters)`;
  if (error === "tooManyKeys" && typeof data.limit === "number") return `${base} (${data.count} keys; at most ${data.limit})`;
  return base;
}

const WHAT_MALFORMED: Record<string, string> = {
  entry: "the entry is not a JSON object",
  protected: '"protected" is not a base64url-encoded JSON object',
  signature: '"signature" is not a base64url string',
  header: '"header" is not a JSON object',
  alg: "its protected header names no alg",
  jws: "jose refused it: a header member named twice, an unknown crit, or a bad encoding",
};

function keySourceWords(source: unknown, jku: string | undefined): string {
  return source === "jku" ? `the key set at ${jku ?? "its jku"}` : "the key you supplied";
}

/**
 * Why one signature has its status, as a clause (no capital, no final stop), from its reason id
 * and data plus the kid, jku and alg its header names.
 */
export function describeSignatureReason(reason: SignatureReason | string, data: Data, header: { alg?: string; kid?: string; jku?: string } = {}): string {
  const kid = header.kid ?? str(data.kid);
  const jku = header.jku ?? str(data.jku);
  const alg = header.alg ?? str(data.alg);
  const needs = describeNeededKey(kid, jku);
  switch (reason as SignatureReason) {
    case "verified": {
      const how = data.payload === "defaults-removed" ? ", over the card with its empty fields removed, as the A2A SDKs sign" : "";
      if (data.keySource === "jku") {
        return `it verifies with the key set at ${jku ?? "its jku"}${how}; that URL is named by the card itself, so this proves the card is unchanged since that key signed it, not who owns the key (supply the key you trust to pin it)`;
      }
      return `it verifies with the key you supplied${how}`;
    }
    case "notChecked":
      return `it has not been checked: supply ${needs} to check it`;
    case "noKey":
      return `there is no key to check it with, and it names no key set (jku) to fetch one from: supply ${needs}`;
    case "unknownKid": {
      const kids = list(data.kids);
      const have = kids.length > 0 ? `they have ${formatList(kids.map((k) => `"${k}"`))}` : "they name no kid";
      const where = data.keySource === "jku" ? `the key set at ${jku ?? "its jku"} has no key` : "none of the keys you supplied has";
      return `${where} with kid "${kid ?? ""}" (${have}): supply ${needs}`;
    }
    case "noUsableKey": {
      if (typeof data.keyError === "string") return `the keys you supplied cannot be used: ${describeKeySetError(data.keyError as KeySetErrorCode)}`;
      return `none of the keys from ${keySourceWords(data.keySource, jku)} can check an ${alg ?? "unknown"} signature (its key type, curve, alg or use does not fit): supply ${needs}`;
    }
    case "keyRejected":
      if (typeof data.bits === "number") {
        return `the matching key is an RSA key of about ${data.bits} bits; Parley accepts ${data.min} to ${data.max} bits`;
      }
      return `the matching key from ${keySourceWords(data.keySource, jku)} is not a valid key of its type`;
    case "unsupportedAlg":
      return `it is signed with ${alg ?? "an unknown algorithm"}, which Parley does not verify (it verifies ${formatList(list(data.supported))})`;
    case "jkuNotFetched":
      if (typeof data.limit === "number") return `the key set at ${jku} was not fetched (at most ${data.limit} key sets are fetched per card): supply ${needs}`;
      // A card names its own key set, so nothing fetches it unasked: say how to ask.
      return `the key set at ${jku} has not been fetched (Parley fetches a card's key set only when asked: --fetch-jku in the CLI, "Fetch key set" in the workspace): fetch it, or supply ${needs}`;
    case "jkuUnreachable":
      return `the key set at ${jku} could not be fetched (${ownValue(FETCH_ERRORS, data.error) ?? "the fetch failed"}): supply ${needs}`;
    case "jkuNotJwks":
      return `${jku} did not answer with a JWK set (${describeKeySetError(String(data.keyError) as KeySetErrorCode)}): supply ${needs}`;
    case "jkuBadUrl":
      return `its jku "${jku ?? ""}" is not an http(s) URL, so no key set is fetched: supply ${needs}`;
    case "noCanonicalForm":
      return "the card has no RFC 8785 canonical form (it holds a lone UTF-16 surrogate), so no signature over it can verify";
    case "beyondLimit":
      return `only the first ${data.limit} signatures of a card are checked`;
    case "badSignature":
      return `it does not verify with ${keySourceWords(data.keySource, jku)}: the card was changed after it was signed, or that is not the key that signed it`;
    case "malformedJws": {
      const what = ownValue(WHAT_MALFORMED, data.what) ?? "it is not a well-formed JWS";
      return typeof data.limit === "number" ? `it is not a well-formed JWS: ${what.replace(/ is not .*/, "")} is longer than ${data.limit} characters` : `it is not a well-formed JWS: ${what}`;
    }
    case "algNone":
      return 'its alg is "none": it signs nothing, so it can never vouch for the card';
    default:
      return `it could not be checked (${String(reason)})`;
  }
}

/** One signature entry, as a sentence: `Signature 1 (ES256, kid "k1"): it verifies with …`. */
export function describeSignatureEntry(entry: SignatureEntry): string {
  const parts = [entry.alg, entry.kid !== undefined ? `kid "${entry.kid}"` : undefined].filter((p): p is string => p !== undefined);
  const label = `Signature ${entry.index + 1}${parts.length > 0 ? ` (${parts.join(", ")})` : ""}`;
  const data = { ...entry.data, ...(entry.payload ? { payload: entry.payload } : {}) };
  return `${label}: ${describeSignatureReason(entry.reason, data, entry)}.`;
}

const STATUS_LABELS: Record<CardSignatureStatus, string> = {
  unsigned: "Not signed",
  valid: "Signed and valid",
  unverifiable: "Signed, but unverifiable",
  invalid: "Invalid signature",
};

/** The card's signature status in two or three words, for a badge. */
export function signatureStatusLabel(status: CardSignatureStatus): string {
  return STATUS_LABELS[status];
}

/** The card's signature status in a sentence or two: the label, then the entry that decided it. */
export function describeSignatureReport(report: SignatureReport): string {
  if (report.status === "unsigned") return "The card is not signed.";
  const deciding =
    report.signatures.find((s) => s.status === report.status) ?? report.signatures[0];
  const listed = report.signatures.length < report.total ? `; the first ${report.signatures.length} listed` : "";
  const count = report.total === 1 ? "one signature" : `${withThousands(report.total)} signatures${listed}`;
  const head = `${STATUS_LABELS[report.status]} (${count}).`;
  return deciding ? `${head} ${describeSignatureEntry(deciding)}` : head;
}
