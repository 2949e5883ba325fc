import type { CardShape } from "../model";
import { has, isObject, own, type JsonObject } from "../json-value";
import { joinPointer } from "../pointer";
import type { ProblemSink } from "../problems";
import { SKILL_HAS_SECURITY } from "./values";

/** 0.3-era or draft fields inside a card that speaks 1.0 (facts.md §1, §11, §13). */
/** `marks`: what markSkills found in the skills (they are walked only when some skill has a security key). */
export function checkLegacyIn10(card: JsonObject, shape: CardShape, sink: ProblemSink, marks = SKILL_HAS_SECURITY): void {
  if (shape !== "1.0" && shape !== "hybrid") return;
  // A hybrid carrying both is the Python SDK's deliberate superset; only a lone `security` is stale.
  if (has(card, "security") && (shape === "1.0" || !has(card, "securityRequirements"))) {
    sink.add("legacySecurityField", "/security", { field: "security", replacement: "securityRequirements" });
  }
  const skills = (marks & SKILL_HAS_SECURITY) === 0 ? undefined : own(card, "skills");
  if (shape === "1.0" && Array.isArray(skills)) {
    for (let i = 0; i < skills.length; i++) {
      const skill: unknown = skills[i];
      if (isObject(skill) && has(skill, "security")) {
        sink.add("legacySecurityField", joinPointer("/skills", i, "security"), {
          field: `skills[${i}].security`,
          replacement: "securityRequirements",
        });
      }
    }
  }
  if (has(card, "supportsExtendedAgentCard")) {
    sink.add("draftFieldName", "/supportsExtendedAgentCard", {
      field: "supportsExtendedAgentCard",
      replacement: "capabilities.extendedAgentCard",
    });
  }
  const capabilities = own(card, "capabilities");
  if (isObject(capabilities) && has(capabilities, "stateTransitionHistory")) {
    sink.add("removedField", "/capabilities/stateTransitionHistory", { field: "capabilities.stateTransitionHistory" });
  }
}

/** `provider.name` is a common slip for `provider.organization` (corpus: laisky). */
export function checkProvider(card: JsonObject, sink: ProblemSink): void {
  const provider = own(card, "provider");
  if (!isObject(provider) || has(provider, "organization")) return;
  if (has(provider, "name")) sink.add("providerNameInsteadOfOrganization", "/provider/name", {});
  else sink.add("missingSpecField", "/provider", { field: "provider.organization", expected: "string" });
}
