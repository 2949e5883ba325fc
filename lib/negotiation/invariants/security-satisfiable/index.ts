import type { CardSecurityRequirement, NormalizedCard } from "../../card/model";
import { cardRef, cardUnclearFinding, cutFinding, makeFinding, profileRef, unknownFinding } from "../finding";
import type { CheckInput, EvidenceRef, Finding, Invariant, InvariantMeta, MessageData } from "../types";

/**
 * The card's security requirements are alternatives (OR), each a set of schemes to satisfy together
 * (AND): 0.3 `security`, 1.0 `securityRequirements`, and a skill's own, on top of the card's, when
 * the task is aimed at it. The client satisfies an alternative when it can do every scheme's kind. With no alternative
 * it can satisfy, the server refuses every request; a card with no requirement is open.
 */
type MessageId = "open" | "satisfiable" | "schemesUnknown" | "schemeUnreadable" | "noSatisfiableRequirement";

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
  reads: ["skill"],
  messages: {
    open: "The card states no security requirement{{forSkill}}: requests need no credentials.",
    satisfiable: "The client can satisfy {{requirement}} ({{kinds}}){{forSkill}}.",
    schemesUnknown:
      "The card requires {{alternatives}}{{forSkill}}, and the profile does not say which security schemes the client can satisfy: declare securitySchemes to evaluate this.",
    schemeUnreadable:
      "The card requires {{alternatives}}{{forSkill}}, and Parley cannot tell what {{unreadable}} requires (no scheme kind it can read): with the schemes it can read, the client would satisfy an alternative, so whether the server accepts its requests is not known from the card.",
    noSatisfiableRequirement:
      "The client can present {{clientKinds}}, but every security alternative of the card{{forSkill}} needs a scheme it cannot present: {{lacking}}. The server refuses every request.",
  },
  wording: {
    // A task aimed at a skill with requirements of its own is checked against those: the messages say so.
    forSkill: (data) => (typeof data.skill === "string" ? ` for skill ${data.skill}` : ""),
  },
  generalFixes: ["Profile: list in securitySchemes a scheme kind one of the card's security alternatives needs; or the card offers an alternative the client can satisfy."],
  fixes: {
    noSatisfiableRequirement: [
      "Profile: add the scheme kind an alternative lacks to securitySchemes once the client can present it.",
      "Card: offer an alternative the client can satisfy.",
    ],
    schemeUnreadable: ["Card: declare {{unreadable}} in a form A2A defines (1.0: an apiKeySecurityScheme, httpAuthSecurityScheme, oauth2SecurityScheme, openIdConnectSecurityScheme or mtlsSecurityScheme member)."],
    schemesUnknown: ["Profile: declare securitySchemes, the kinds the client can present (apiKey, http, oauth2, openIdConnect, mutualTLS)."],
  },
};

/** The targeted skill's own requirements, when it states some (they apply on top of the card's). */
function skillWithOwnRequirements(card: NormalizedCard, skillId: string | undefined): CardSecurityRequirement[] | undefined {
  if (skillId === undefined) return undefined;
  const skill = card.skills.find((s) => s.id === skillId || (s.id === undefined && s.name === skillId));
  return skill?.securityRequirements;
}

/**
 * The kind of the scheme the card declares under this name, as this client reads it: a scheme in
 * the JS SDK's internal {$case} shape is an unknown field to a client that does not read that shape
 * (the Python SDK: ParseDict ignores it, keeps a scheme with no kind and sends no credentials), so
 * it has a kind no client presents. Left out, readsJsSdkSchemeShape reads it, as Parley always has.
 */
function kindOf(on: SchemeReading, name: string): string {
  const scheme = on.card.securitySchemes.find((s) => s.name === name);
  if (scheme === undefined) return "undeclared";
  return scheme.jsSdkShape === true && on.readsSdkShape === false ? UNREAD_SHAPE : scheme.kind;
}

/** The kind a client that does not read the JS SDK's shape sees: none it can present. */
const UNREAD_SHAPE = "unread JS SDK $case shape";
/** The card's schemes as this client reads them: its readsJsSdkSchemeShape travels with the card. */
interface SchemeReading {
  card: NormalizedCard;
  readsSdkShape: boolean | undefined;
}

/** A scheme as the messages name it: "key (apiKey)". */
function describeScheme(on: SchemeReading, name: string): string {
  return `${name} (${kindOf(on, name)})`;
}

/** An alternative as the messages name it: "oauth (oauth2) + key (apiKey)". */
function describe(on: SchemeReading, requirement: CardSecurityRequirement): string {
  return requirement.schemes.map((name) => describeScheme(on, name)).join(" + ");
}

/** The schemes of an alternative whose kind the client cannot present. */
function lacks(on: SchemeReading, client: readonly string[], requirement: CardSecurityRequirement): string[] {
  return requirement.schemes.filter((name) => !client.includes(kindOf(on, name)));
}

/** Can the client present every scheme of this alternative? (lacks() without its list) */
function satisfies(on: SchemeReading, client: readonly string[], requirement: CardSecurityRequirement): boolean {
  for (const name of requirement.schemes) if (!client.includes(kindOf(on, name))) return false;
  return true;
}

export const securitySatisfiable: Invariant<MessageId> = {
  meta,
  check({ card, profile, taskClass }) {
    // A skill's requirements add to the card's, never lift them: card-level security applies to
    // every interaction, and a request names no skill the server could exempt. The card's are
    // read first; a skill's own, when it states some, must be met as well.
    const ofCard = evaluate(card, profile, taskClass, card.securityRequirements, undefined);
    const own = skillWithOwnRequirements(card, taskClass.skill);
    if (own === undefined || own.length === 0 || taskClass.skill === undefined || ofCard.status !== "holds") return ofCard;
    // The skill whose own requirements are read (data names it; the messages word it, meta.wording).
    return evaluate(card, profile, taskClass, own, taskClass.skill);
  },
};

function evaluate(
  card: NormalizedCard,
  profile: CheckInput["profile"],
  taskClass: CheckInput["taskClass"],
  requirements: CardSecurityRequirement[],
  skill: string | undefined,
): Finding {
    const on: SchemeReading = { card, readsSdkShape: profile.readsJsSdkSchemeShape };
    // An empty requirement object ({}) is an alternative that needs nothing: the card is open.
    if (requirements.length === 0) return makeFinding(meta, taskClass, "holds", "open", withSkill({}, skill), []);
    for (const r of requirements) {
      if (r.schemes.length === 0) return makeFinding(meta, taskClass, "holds", "open", withSkill({}, skill), [requirementRef(requirements[0]!)]);
    }
    const client = profile.securitySchemes;
    // The usual answer first, before any evidence or description of the alternatives is built.
    const met = client === undefined ? undefined : requirements.find((r) => satisfies(on, client, r));
    if (met) {
      const kinds: string[] = [];
      for (const name of met.schemes) {
        const kind = kindOf(on, name);
        if (!kinds.includes(kind)) kinds.push(kind);
      }
      return makeFinding(meta, taskClass, "holds", "satisfiable", withSkill({ requirement: describe(on, met), kinds }, skill), [requirementRef(met), profileRef("/securitySchemes", client)]);
    }
    const evidence: EvidenceRef[] = requirements.slice(0, 20).map((r) => requirementRef(r));
    if (client === undefined) {
      const alternatives = requirements.map((r) => describe(on, r));
      return unknownFinding(meta, taskClass, "schemesUnknown", withSkill({ alternatives }, skill), [...evidence, profileRef("/securitySchemes")], ["/securitySchemes"], {
        kind: "request",
        reason: "security",
      });
    }
    evidence.push(profileRef("/securitySchemes", client));
    // A scheme whose kind cannot be read is not one the client cannot satisfy: when an
    // alternative lacks only such schemes, the card does not say enough to decide (defer, naming them).
    const unreadable = unreadableOnly(on, client, requirements);
    if (unreadable.length > 0) {
      const alternatives = requirements.map((r) => describe(on, r));
      const pointers = unreadable.map((name) => card.securitySchemes.find((s) => s.name === name)!.pointer);
      for (const pointer of pointers) evidence.push(cardRef(pointer, "unknown"));
      return cardUnclearFinding(meta, taskClass, "schemeUnreadable", withSkill({ alternatives, unreadable }, skill), evidence, pointers, { kind: "request", reason: "security" });
    }
    // The schemes the client cannot present, each once, in the card's order (which alternative needs
    // which is in the evidence): data without English, unlike "oauth (oauth2) + key (apiKey) lacks apiKey".
    const lacking: string[] = [];
    for (let i = 0; i < requirements.length && lacking.length < 10; i++) {
      for (const name of lacks(on, client, requirements[i]!)) {
        const scheme = describeScheme(on, name);
        if (lacking.length < 10 && !lacking.includes(scheme)) lacking.push(scheme);
      }
    }
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
      withSkill({ clientKinds: client.slice(), lacking }, skill),
      evidence,
      { kind: "request", reason: "security" },
      { acquirable: [], cardClaim: "declarations" },
    );
}

/** `data`, then the skill whose own requirements were read, if any, set last (not spread: speed, bench/cases/review-throughput.ts). */
function withSkill(data: MessageData, skill: string | undefined): MessageData {
  if (skill !== undefined) data.skill = skill;
  return data;
}

/**
 * The unreadable schemes (declared, of no kind Parley reads) of the alternatives the client would
 * satisfy but for them, each once; empty when every alternative lacks a scheme it can read.
 */
function unreadableOnly(on: SchemeReading, client: readonly string[], requirements: readonly CardSecurityRequirement[]): string[] {
  const out: string[] = [];
  for (const requirement of requirements) {
    const lacking = lacks(on, client, requirement);
    if (lacking.length === 0 || !lacking.every((name) => kindOf(on, name) === "unknown")) continue;
    for (const name of lacking) if (!out.includes(name)) out.push(name);
  }
  return out;
}

/** A requirement as evidence: the scheme names it combines (a 0.1 one is a single name, shown as written). */
function requirementRef(requirement: CardSecurityRequirement): EvidenceRef {
  return cardRef(requirement.pointer, requirement.writtenAsName ? requirement.schemes[0] : requirement.schemes);
}
