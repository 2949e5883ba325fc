import type { SignatureReport } from "../../signatures/types";
import { cardRef, cutFinding, makeFinding, profileRef } from "../finding";
import type { EvidenceRef, Invariant, InvariantMeta } from "../types";

/**
 * A client that requires signed cards sends nothing to a card unless one of its signatures
 * verifies (A2A 1.0 §8.4): an unsigned card, one whose signatures cannot be checked for want of a
 * key, and one with a signature that does not verify are all refused, for every task class, before
 * anything is sent. The signature report comes from review()'s caller (verifying is async and
 * needs keys); review() puts it on the card.
 *
 * Left out, `requireSignedCard` means "not required" (the profile schema says so): signing is
 * optional in A2A, so a client that never said it checks signatures does not.
 *
 * The cut is the client's own policy, not a capability it could acquire nor a claim of the card
 * another channel could override, so no condition of validity changes it.
 */
type MessageId = "notRequired" | "signedSupplied" | "signedJku" | "unsigned" | "notChecked" | "unverifiable" | "unverifiableNamed" | "invalid";

const meta: InvariantMeta<MessageId> = {
  id: "signed-card",
  origin: "parley",
  title: "Signed card",
  shortTitle: "Signature",
  description: "Refuse a card none of whose signatures verifies when the client requires signed cards",
  specRef: "docs/rule.md#signed-card",
  cardFields: ["/signatures"],
  profileFields: ["/requireSignedCard"],
  concerns: () => true,
  // The same for every task class: the client sends a card it does not trust nothing at all.
  reads: [],
  messages: {
    notRequired: "The client does not require signed cards, so the card's signatures decide nothing here.",
    signedSupplied: "The client requires signed cards, and a signature on this card verifies with the key supplied for it.",
    signedJku:
      "The client requires signed cards, and a signature on this card verifies with the key set at {{jkus}}, which the card itself names: it proves the card is unchanged since that key signed it; supply a key you trust to pin who signed it.",
    unsigned: "The client requires signed cards and this card carries no signature, so the client sends nothing to it.",
    notChecked:
      "The client requires signed cards, and this card's {{count}} signature(s) have not been checked, so the client sends nothing to it until one verifies.",
    unverifiable:
      "The client requires signed cards, and none of this card's {{count}} signature(s) can be checked (no key for them), so the client sends nothing to it.",
    unverifiableNamed:
      "The client requires signed cards, and none of this card's {{count}} signature(s) can be checked: no key with kid {{kids}} is at hand, so the client sends nothing to it.",
    invalid:
      "The client requires signed cards, and a signature on this card does not verify (or is not a JWS): the card may have been changed since it was signed, so the client sends nothing to it.",
  },
  generalFixes: [
    "Keys: supply the public key that signed the card (or fetch the key set its jku names), so a signature can verify.",
    "Card: ask its provider to sign it, or fetch it again if it was changed after signing.",
  ],
  fixes: {
    unsigned: [
      "Card: ask its provider to sign it (A2A 1.0: a JWS over the card's RFC 8785 form, in signatures).",
      "Profile: leave requireSignedCard out (or set it to false) to deal with unsigned cards.",
    ],
    notChecked: ["Keys: check the card's signatures (the workspace checks them whenever the card or the keys change; the CLI checks every signed card)."],
    unverifiable: [
      "Keys: supply the signer's public key (a JWK or JWK set: under Signature keys in the workspace, --jwks FILE in the CLI), or fetch the key set its jku names.",
      "Profile: leave requireSignedCard out to review the card without its signature.",
    ],
    unverifiableNamed: [
      "Keys: supply the public key with kid {{kids}} (a JWK or JWK set: under Signature keys in the workspace, --jwks FILE in the CLI), or fetch the key set its jku names.",
      "Profile: leave requireSignedCard out to review the card without its signature.",
    ],
    invalid: [
      "Card: fetch it again from its provider; a card changed after signing must be signed again.",
      "Keys: if the key you supplied is not the one that signed the card, supply the right one.",
    ],
  },
};

export const signedCard: Invariant<MessageId> = {
  meta,
  check({ card, profile, taskClass }) {
    if (profile.requireSignedCard !== true) return makeFinding(meta, taskClass, "not-applicable", "notRequired", {}, []);
    const required = profileRef("/requireSignedCard", profile.requireSignedCard);
    const report = card.signature;
    if (!report || report.status === "unsigned") {
      return cutFinding(meta, taskClass, "unsigned", {}, [cardRef("/signatures"), required], { kind: "request", reason: "signature" }, { acquirable: [] });
    }
    const evidence: EvidenceRef[] = report.signatures.map((s) => cardRef(s.pointer, describeEntry(s)));
    evidence.push(required);
    const count = report.total;
    if (report.status === "valid") {
      const valid = report.signatures.filter((s) => s.status === "valid");
      if (valid.some((s) => s.keySource === "supplied")) return makeFinding(meta, taskClass, "holds", "signedSupplied", { count }, evidence);
      return makeFinding(meta, taskClass, "holds", "signedJku", { count, jkus: unique(valid.map((s) => s.jku)) }, evidence);
    }
    const cut = { kind: "request", reason: "signature" } as const;
    if (report.status === "invalid") return cutFinding(meta, taskClass, "invalid", { count }, evidence, cut, { acquirable: [] });
    if (report.signatures.every((s) => s.reason === "notChecked")) return cutFinding(meta, taskClass, "notChecked", { count }, evidence, cut, { acquirable: [] });
    const kids = unique(report.signatures.map((s) => s.kid));
    if (kids.length > 0) return cutFinding(meta, taskClass, "unverifiableNamed", { count, kids }, evidence, cut, { acquirable: [] });
    return cutFinding(meta, taskClass, "unverifiable", { count }, evidence, cut, { acquirable: [] });
  },
};

/** What the evidence shows for a signature: its status and reason, and the key it names. */
function describeEntry(s: SignatureReport["signatures"][number]): Record<string, string> {
  const out: Record<string, string> = { status: s.status, reason: s.reason };
  if (s.alg !== undefined) out.alg = s.alg;
  if (s.kid !== undefined) out.kid = s.kid;
  if (s.jku !== undefined) out.jku = s.jku;
  return out;
}

function unique(values: ReadonlyArray<string | undefined>): string[] {
  return [...new Set(values.filter((v): v is string => v !== undefined))];
}
