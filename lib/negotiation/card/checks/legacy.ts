import type { CardFields } from "../card-fields";
import type { CardShape } from "../model";
import { isObject, type JsonObject } from "../json-value";
import { joinPointer } from "../pointer";
import type { ProblemSink } from "../problems";
import { SKILL_HAS_SECURITY } from "./values";

/** 0.3-era or draft fields inside a card that speaks 1.0 (facts.md §1, §11, §13). */
/**
 * `fields`: the card's (readCardFields). `marks`: what markSkills found in the skills (they are
 * walked only when some skill has a security key).
 */
export function checkLegacyIn10(card: JsonObject, fields: CardFields, shape: CardShape, sink: ProblemSink, marks = SKILL_HAS_SECURITY): void {
  if (shape !== "1.0" && shape !== "hybrid") return;
  // A hybrid carrying both is the Python SDK's deliberate superset; only a lone `security` is stale.
  if (fields.security !== undefined && (shape === "1.0" || fields.securityRequirements === undefined)) {
    sink.add("legacySecurityField", "/security", { field: "security", replacement: "securityRequirements" });
  }
  const skills = fields.skills;
  if (shape === "1.0" && (marks & SKILL_HAS_SECURITY) !== 0 && Array.isArray(skills)) {
    for (let i = 0; i < skills.length; i++) {
      const skill: unknown = skills[i];
      if (isObject(skill) && skill.security !== undefined) {
        sink.add("legacySecurityField", joinPointer("/skills", i, "security"), {
          field: `skills[${i}].security`,
          replacement: "securityRequirements",
        });
      }
    }
  }
  if (card.supportsExtendedAgentCard !== undefined) {
    sink.add("draftFieldName", "/supportsExtendedAgentCard", {
      field: "supportsExtendedAgentCard",
      replacement: "capabilities.extendedAgentCard",
    });
  }
  const capabilities = fields.capabilities;
  if (capabilities && capabilities.stateTransitionHistory !== undefined) {
    sink.add("removedField", "/capabilities/stateTransitionHistory", { field: "capabilities.stateTransitionHistory" });
  }
}

/** `provider.name` is a common slip for `provider.organization` (corpus: laisky); the required tier reports the missing organization. */
export function checkProvider(card: JsonObject, sink: ProblemSink): void {
  const provider = card.provider;
  if (!isObject(provider) || provider.organization !== undefined) return;
  if (provider.name !== undefined) sink.add("providerNameInsteadOfOrganization", "/provider/name", {});
}
