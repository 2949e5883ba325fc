/**
 * What Parley found when it checked a card's `signatures` (A2A 1.0 §8.4: each entry a JWS over the
 * card's RFC 8785 canonical form without `signatures`). Data only: ids and values, never English
 * (explain/signatures.ts words it). Pure types, so review() and the UI can read a report without
 * loading the JOSE and canonical-JSON libraries that verify.ts needs.
 */

/** One signature's outcome. */
export type SignatureStatus = "valid" | "unverifiable" | "invalid";

/**
 * The card's outcome, most telling first:
 * - `unsigned`: no `signatures` entry at all;
 * - `invalid`: some signature does not verify, or is not a well-formed JWS (loud: the card may have
 *   been altered since it was signed, even when another signature verifies);
 * - `valid`: some signature verifies and none is invalid;
 * - `unverifiable`: no key to check any signature with (none given, unknown kid, key set not
 *   fetched or unreachable, unsupported algorithm…), or the check was not run.
 */
export type CardSignatureStatus = "unsigned" | SignatureStatus;

/** Why a signature has its status. Each reason belongs to one status (SIGNATURE_REASON_STATUS). */
export const SIGNATURE_REASON_STATUS = {
  // valid
  verified: "valid",
  // unverifiable: nothing says the card is wrong, only that it could not be checked
  notChecked: "unverifiable",
  noKey: "unverifiable",
  unknownKid: "unverifiable",
  noUsableKey: "unverifiable",
  keyRejected: "unverifiable",
  unsupportedAlg: "unverifiable",
  jkuNotFetched: "unverifiable",
  jkuUnreachable: "unverifiable",
  jkuNotJwks: "unverifiable",
  jkuBadUrl: "unverifiable",
  noCanonicalForm: "unverifiable",
  beyondLimit: "unverifiable",
  // invalid: the signature is wrong or not a signature
  badSignature: "invalid",
  malformedJws: "invalid",
  algNone: "invalid",
} as const satisfies Record<string, SignatureStatus>;
export type SignatureReason = keyof typeof SIGNATURE_REASON_STATUS;

/** Values a reason's data may carry (the same kinds a finding's message data has). */
export type SignatureData = Record<string, string | number | boolean | string[]>;

/** Where the key that was tried came from. */
export type KeySource = "supplied" | "jku";

/**
 * Which bytes verified: the card as received (its JCS form), or the same card with empty strings,
 * lists and objects removed first, as the A2A SDKs do before signing (the spec's "remove default
 * values" step, which a verifier without the protobuf schema can only approximate that way).
 */
export type SignedPayload = "as-received" | "defaults-removed";

export interface SignatureEntry {
  /** Position in the card's `signatures` array. */
  index: number;
  /** JSON pointer to the entry: `/signatures/<index>`. */
  pointer: string;
  status: SignatureStatus;
  reason: SignatureReason;
  /** Reason details (a limit, the kids a key set has, an error code): ids and values only. */
  data: SignatureData;
  /** From the protected header, when it could be read. */
  alg?: string;
  kid?: string;
  /** From the protected header only (an unprotected jku is never followed). */
  jku?: string;
  /** For a key that was tried (valid, badSignature). */
  keySource?: KeySource;
  /** For a valid signature. */
  payload?: SignedPayload;
}

export interface SignatureReport {
  status: CardSignatureStatus;
  /** How many entries the card's `signatures` array has (only the first SIGNATURE_LIMITS.maxSignatures are checked). */
  total: number;
  /** One entry per signature, in card order. */
  signatures: SignatureEntry[];
}

/**
 * Bounds on hostile input: a card or key set is a few kilobytes; past these, nothing legitimate is
 * lost and no verifier work is spent.
 */
export const SIGNATURE_LIMITS = {
  /** Signatures checked per card; the rest are reported `beyondLimit`. */
  maxSignatures: 8,
  /** Characters of an entry's `protected` (base64url) member. */
  maxProtectedChars: 4096,
  /** Characters of an entry's `signature` member (an RSA-8192 signature is 1366). */
  maxSignatureChars: 2048,
  /** Characters of an entry's unprotected `header`, as JSON. */
  maxHeaderChars: 4096,
  /** Characters of a jku URL. */
  maxJkuChars: 2048,
  /** Keys read from one JWKS (supplied or fetched). */
  maxKeys: 32,
  /** Characters of a key set's JSON text. */
  maxKeySetChars: 256 * 1024,
  /** Characters of any one key member (an RSA-8192 modulus is 1366). */
  maxKeyMemberChars: 2048,
  /** RSA modulus sizes accepted, in bits (jose refuses RSA signatures under 2048). */
  minRsaBits: 2048,
  maxRsaBits: 8192,
  /** Keys tried per signature when several could fit. */
  maxKeysTried: 4,
  /** Distinct jku URLs fetched per card. */
  maxJkuFetches: 2,
} as const;

/** JWS algorithms Parley verifies: the asymmetric ones WebCrypto has everywhere. */
export const SUPPORTED_ALGS = ["ES256", "ES384", "ES512", "RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "EdDSA", "Ed25519"] as const;

/**
 * The status a set of entries gives the card: valid > invalid > unverifiable; none at all is
 * unsigned. One signature that verifies is enough (A2A 1.0 asks for at least one, and a card may
 * carry several, for key rotation): a second one that fails beside it does not make the card invalid.
 */
export function overallStatus(entries: readonly SignatureEntry[]): CardSignatureStatus {
  if (entries.length === 0) return "unsigned";
  if (entries.some((e) => e.status === "valid")) return "valid";
  if (entries.some((e) => e.status === "invalid")) return "invalid";
  return "unverifiable";
}

export function signaturePointer(index: number): string {
  return `/signatures/${index}`;
}
