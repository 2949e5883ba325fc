import canonicalize from "canonicalize";
import { exportJWK } from "jose/key/export";
import { generateKeyPair } from "jose/key/generate/keypair";
import { FlattenedSign } from "jose/jws/flattened/sign";

/**
 * Signing, for tests only (Parley verifies, it never signs): the A2A 1.0 way, a JWS over the JCS
 * form of the card without `signatures`, appended to the card's `signatures`. Tests generate their
 * keys, so no private key is ever committed.
 */
export interface TestKey {
  privateKey: CryptoKey;
  /** The public half as a JWK, with kid and alg set. */
  publicJwk: Record<string, unknown>;
  alg: string;
  kid: string;
}

export async function makeTestKey(kid = "test-key-1", alg: "ES256" | "RS256" | "EdDSA" | "PS256" = "ES256"): Promise<TestKey> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg, use: "sig" };
  return { privateKey, publicJwk, alg, kid };
}

export interface SignOptions {
  jku?: string;
  /** Extra protected header members (overrides included). */
  header?: Record<string, unknown>;
  /** An unprotected header. */
  unprotected?: Record<string, unknown>;
  /** Sign this payload object instead of the card (to make a signature that does not match). */
  payloadOf?: Record<string, unknown>;
}

/** The card with one more signature made by `key`. */
export async function signCard(card: Record<string, unknown>, key: TestKey, options: SignOptions = {}): Promise<Record<string, unknown>> {
  const { signatures: existing, ...unsigned } = card;
  const payload = new TextEncoder().encode(canonicalize(options.payloadOf ?? unsigned) ?? "");
  const protectedHeader = { alg: key.alg, typ: "JOSE", kid: key.kid, ...(options.jku ? { jku: options.jku } : {}), ...options.header };
  const signer = new FlattenedSign(payload).setProtectedHeader(protectedHeader as { alg: string });
  if (options.unprotected) signer.setUnprotectedHeader(options.unprotected);
  const jws = await signer.sign(key.privateKey);
  const entry: Record<string, unknown> = { protected: jws.protected, signature: jws.signature };
  if (jws.header) entry.header = jws.header;
  return { ...card, signatures: [...(Array.isArray(existing) ? existing : []), entry] };
}

/** A small valid 1.0 card the signature tests sign (text in and out, one skill). */
export const UNSIGNED_TEST_CARD = {
  name: "Contoso Text Desk",
  description: "Answers questions in text.",
  version: "1.0.0",
  supportedInterfaces: [{ url: "https://agents.contoso.example/a2a", protocolBinding: "JSONRPC", protocolVersion: "1.0" }],
  capabilities: { streaming: true, pushNotifications: false },
  defaultInputModes: ["text/plain"],
  defaultOutputModes: ["text/plain"],
  skills: [{ id: "answer", name: "Answer", description: "Answers", tags: ["qa"] }],
};
