import { NORTHWIND } from "../../profile";
import type { SignatureEntry, SignatureReport } from "../../signatures/types";
import { testInvariant } from "../rule-tester";
import { makeCard } from "../test-card";
import { signedCard as inv } from "./index";

const REQUIRES = { ...NORTHWIND, requireSignedCard: true };
const cut = { kind: "request", reason: "signature" } as const;

function entry(index: number, status: SignatureEntry["status"], reason: SignatureEntry["reason"], extra: Partial<SignatureEntry> = {}): SignatureEntry {
  return { index, pointer: `/signatures/${index}`, status, reason, data: {}, alg: "ES256", kid: "contoso-2026", ...extra };
}
function signed(status: SignatureReport["status"], ...signatures: SignatureEntry[]) {
  return makeCard({ signature: { status, total: signatures.length, signatures } });
}

const VALID_SUPPLIED = signed("valid", entry(0, "valid", "verified", { keySource: "supplied", payload: "as-received" }));
const VALID_JKU = signed("valid", entry(0, "valid", "verified", { keySource: "jku", jku: "https://contoso.example/jwks.json", payload: "as-received" }));

testInvariant(inv, {
  taskClass: "request-response",
  valid: [
    { name: "not required (left out): decides nothing, even for an unsigned card", messageId: "notRequired", status: "not-applicable" },
    { name: "not required (false), an invalid signature on the card", profile: { ...NORTHWIND, requireSignedCard: false }, card: signed("invalid", entry(0, "invalid", "badSignature")), messageId: "notRequired", status: "not-applicable" },
    {
      name: "required, verified with the key the user supplied",
      profile: REQUIRES,
      card: VALID_SUPPLIED,
      messageId: "signedSupplied",
      evidence: { card: ["/signatures/0"], profile: ["/requireSignedCard"] },
    },
    { name: "required, verified with the key set its jku names (says which)", profile: REQUIRES, card: VALID_JKU, messageId: "signedJku", data: { jkus: ["https://contoso.example/jwks.json"] } },
    {
      name: "required, one signature verified and one whose key is not at hand (key rotation)",
      profile: REQUIRES,
      card: signed("valid", entry(0, "unverifiable", "unknownKid", { kid: "old" }), entry(1, "valid", "verified", { keySource: "supplied" })),
      messageId: "signedSupplied",
    },
    { name: "concerns every task class (fire-and-forget too)", taskClass: "fire-and-forget", profile: REQUIRES, card: VALID_SUPPLIED, messageId: "signedSupplied" },
  ],
  invalid: [
    {
      name: "required, the card is unsigned",
      profile: REQUIRES,
      messageId: "unsigned",
      cuts: cut,
      // The client's own policy: nothing to acquire, no claim of the card another channel overrides.
      cause: { acquirable: [], cardClaim: undefined, contradiction: undefined },
      evidence: { card: ["/signatures"], profile: ["/requireSignedCard"] },
    },
    {
      name: "required, signatures not checked yet",
      profile: REQUIRES,
      card: signed("unverifiable", entry(0, "unverifiable", "notChecked")),
      messageId: "notChecked",
      cuts: cut,
      data: { count: 1 },
    },
    {
      name: "required, no key with the signature's kid (names the kid to supply)",
      profile: REQUIRES,
      card: signed("unverifiable", entry(0, "unverifiable", "unknownKid", { kid: "key-1" })),
      messageId: "unverifiableNamed",
      cuts: cut,
      data: { kids: ["key-1"] },
    },
    {
      name: "required, a signature that names no kid and no key to check it",
      profile: REQUIRES,
      card: signed("unverifiable", entry(0, "unverifiable", "noKey", { kid: undefined })),
      messageId: "unverifiable",
      cuts: cut,
    },
    {
      name: "required, a signature that does not verify (tampered card or wrong key)",
      profile: REQUIRES,
      card: signed("invalid", entry(0, "invalid", "badSignature", { keySource: "supplied" })),
      messageId: "invalid",
      cuts: cut,
      evidence: { card: ["/signatures/0"], profile: ["/requireSignedCard"] },
    },
    {
      name: "required, one valid and one invalid signature: invalid wins",
      profile: REQUIRES,
      card: signed("invalid", entry(0, "valid", "verified", { keySource: "supplied" }), entry(1, "invalid", "malformedJws")),
      messageId: "invalid",
      cuts: cut,
      data: { count: 2 },
    },
    { name: "required, fire-and-forget is refused too (nothing is sent)", taskClass: "fire-and-forget", profile: REQUIRES, messageId: "unsigned", cuts: cut },
  ],
});
