import type { KeyIssue } from "../signatures/keys";

/**
 * English for one key of a set that was skipped (a pasted JWK set, a --jwks file): apart from
 * explain/signatures.ts so the workspace loads it only with its key field.
 */
const KEY_ISSUES: Record<KeyIssue["code"], (d: KeyIssue["data"]) => string> = {
  notAnObject: () => "is not an object",
  symmetricKey: () => 'is a shared secret (kty "oct"): a card signature anyone can check needs a public key',
  unsupportedKeyType: (d) => `has kty "${d.kty}"; Parley verifies with EC, RSA and OKP keys`,
  missingMember: (d) => `is an ${d.kty} key without "${d.member}"`,
  memberTooLong: (d) => `has a "${d.member}" longer than ${d.limit} characters`,
};

/** Why one key of a set was skipped: `key 2 is a shared secret …`. */
export function describeKeyIssue(issue: KeyIssue, total: number): string {
  const which = total === 1 ? "The key" : `Key ${issue.index + 1}`;
  return `${which} ${KEY_ISSUES[issue.code](issue.data)}.`;
}
