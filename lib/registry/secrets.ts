import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/**
 * Agent credentials at rest: AES-256-GCM under a key from the environment (32 bytes, base64 or
 * hex). The plain text is only ever handed to the card fetcher; the API never returns it.
 */
export function readSecretKey(value: string | undefined): Buffer | null {
  if (!value) return null;
  const key = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, "hex") : Buffer.from(value, "base64");
  if (key.length !== 32) throw new Error("PARLEY_REGISTRY_KEY must be 32 bytes, as 64 hex digits or base64 (openssl rand -base64 32)");
  return key;
}

export function sealSecret(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return `v1:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64")}`;
}

export function openSecret(key: Buffer, sealed: string): string {
  if (!sealed.startsWith("v1:")) throw new Error("unknown sealed-secret format");
  const raw = Buffer.from(sealed.slice(3), "base64");
  const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
}
