import type { CardSecurityRequirement, NormalizedCard } from "../../card/model";
import { cardRef, cutFinding, makeFinding, profileRef, unknownFinding } from "../finding";
import type { EvidenceRef, Invariant, InvariantMeta } from "../types";

/**
 * The card's security requirements are alternatives (OR), each a set of schemes to satisfy together
 * (AND): 0.3 `security`, 1.0 `securityRequirements`, and a skill's own when the task is aimed at
 * it. The client satisfies an alternative when it can do every scheme's kind. With no alternative
 * it can satisfy, the server refuses every request; a card with no requirement is open.
 */
type MessageId = "open" | "satisfiable" | "schemesUnknown" | "noSatisfiableRequirement";

const meta: InvariantMeta<MessageId> = {
  id: "security-satisfiable",
  origin: "parley",
  title: "Security the client can satisfy",
  shortTitle: "Security",
  description: "Refuse a card none of whose security alternatives the client can satisfy",
  specRef: "docs/rule.md#security-the-client-can-satisfy",
  cardFields: ["/securityRequirements", "/security", "/securitySchemes", "/skills/*/securityRequirements"],
  profileFields: ["/securitySchemes"],
  concerns: () => true,
  classKey: (taskClass) => taskClass.skill ?? "",
  messages: {
    open: "The card states no security requirement{{forSkill}}: requests need no credentials.",
    satisfiable: "The client can satisfy {{requirement}} ({{kinds}}){{forSkill}}.",
    schemesUnknown:
      "The card requires {{alternatives}}{{forSkill}}, and the profile does not say which security schemes the client can satisfy: declare securitySchemes to evaluate this.",
    noSatisfiableRequirement:
      "The client can satisfy {{clientKinds}}, but every security alternative of the card{{forSkill}} needs more: {{lacking}}. The server refuses every request.",
  },
  generalFixes: ["Profile: list in securitySchemes a scheme kind one of the card's security alternatives needs; or the card offers an alternative the client can satisfy."],
  fixes: {
    noSatisfiableRequirement: [
      "Profile: add the scheme kind an alternative lacks to securitySchemes once the client can present it.",
      "Card: offer an alternative the client can satisfy.",
    ],
    schemesUnknown: ["Profile: declare securitySchemes, the kinds the client can present (apiKey, http, oauth2, openIdConnect, mutualTLS)."],
  },
};

/** The requirements that apply: the targeted skill's own, else the card's. */
function requirementsFor(card: NormalizedCard, skillId: string | undefined): { requirements: CardSecurityRequirement[]; skill?: string } {
  if (skillId !== undefined) {
    const skill = card.skills.find((s) => s.id === skillId || (s.id === undefined && s.name === skillId));
    if (skill?.securityRequirements) return { requirements: skill.securityRequirements, skill: skillId };
  }
  return { requirements: card.securityRequirements };
}

/** The kind of the scheme the card declares under this name. */
function kindOf(card: NormalizedCard, name: string): string {
  return card.securitySchemes.find((s) => s.name === name)?.kind ?? "undeclared";
}

/** An alternative as the messages name it: "oauth (oauth2) + key (apiKey)". */
function describe(card: NormalizedCard, requirement: CardSecurityRequirement): string {
  return requirement.schemes.map((name) => `${name} (${kindOf(card, name)})`).join(" + ");
}

/** The schemes of an alternative whose kind the client cannot present. */
function lacks(card: NormalizedCard, client: readonly string[], requirement: CardSecurityRequirement): string[] {
  return requirement.schemes.filter((name) => !client.includes(kindOf(card, name)));
}

export const securitySatisfiable: Invariant<MessageId> = {
  meta,
  check({ card, profile, taskClass }) {
    const { requirements, skill } = requirementsFor(card, taskClass.skill);
    const forSkill = skill ? ` for skill ${skill}` : "";
    // An empty requirement object ({}) is an alternative that needs nothing: the card is open.
    if (requirements.length === 0 || requirements.some((r) => r.schemes.length === 0)) {
      return makeFinding(meta, taskClass, "holds", "open", { forSkill }, requirements.slice(0, 1).map((r) => requirementRef(r)));
    }
    const client = profile.securitySchemes;
    // The usual answer first, before any evidence or description of the alternatives is built.
    const met = client === undefined ? undefined : requirements.find((r) => lacks(card, client, r).length === 0);
    if (met) {
      const kinds = [...new Set(met.schemes.map((name) => kindOf(card, name)))];
      return makeFinding(meta, taskClass, "holds", "satisfiable", { requirement: describe(card, met), kinds, forSkill }, [requirementRef(met), profileRef("/securitySchemes", client)]);
    }
    const evidence: EvidenceRef[] = requirements.slice(0, 20).map((r) => requirementRef(r));
    if (client === undefined) {
      const alternatives = requirements.map((r) => describe(card, r));
      return unknownFinding(meta, taskClass, "schemesUnknown", { alternatives, forSkill }, [...evidence, profileRef("/securitySchemes")], ["/securitySchemes"], {
        kind: "request",
        reason: "security",
      });
    }
    evidence.push(profileRef("/securitySchemes", client));
    const lacking = requirements.slice(0, 10).map((r) => `${describe(card, r)} lacks ${lacks(card, client, r).map((n) => kindOf(card, n)).join(" + ")}`);
    for (const r of requirements) {
      for (const name of r.schemes) {
        const scheme = card.securitySchemes.find((s) => s.name === name);
        if (scheme && !evidence.some((e) => e.pointer === scheme.pointer)) evidence.push(cardRef(scheme.pointer, scheme.kind));
      }
    }
    return cutFinding(
      meta,
      taskClass,
      "noSatisfiableRequirement",
      { clientKinds: client.length > 0 ? [...client] : ["no scheme"], lacking, forSkill },
      evidence,
      { kind: "request", reason: "security" },
      { acquirable: [], cardClaim: "declarations" },
    );
  },
};

/** A requirement as evidence: the scheme names it combines (a 0.1 one is a single name, shown as written). */
function requirementRef(requirement: CardSecurityRequirement): EvidenceRef {
  return cardRef(requirement.pointer, requirement.writtenAsName ? requirement.schemes[0] : requirement.schemes);
}
