import type { CardFields } from "../card-fields";
import type { CardShape } from "../model";
import { has, isObject, isStringArray, type JsonObject } from "../json-value";
import { childPointer, joinPointer } from "../pointer";
import { describeJsonType, type ProblemSink } from "../problems";
import { SKILL_HAS_SECURITY } from "./values";
import { checkSchemeValues } from "./scheme-values";

export type SchemeForm = "wrapper" | "typed" | "both" | "unknown";

/** 1.0 ProtoJSON wraps each scheme in a single key (`mtlsSecurityScheme`, …); 0.x uses `type`. */
export function schemeForm(scheme: JsonObject): SchemeForm {
  let wrapped = false;
  for (const key in scheme) {
    if (key.endsWith("SecurityScheme")) {
      wrapped = true;
      break;
    }
  }
  const typed = typeof scheme.type === "string";
  if (wrapped && typed) return "both";
  if (wrapped) return "wrapper";
  return typed ? "typed" : "unknown";
}

/** `fields`: the card's (readCardFields). `marks`: what markSkills found in the skills (their lists are walked only when some skill has one). */
export function checkSecurity(fields: CardFields, shape: CardShape, sink: ProblemSink, marks = SKILL_HAS_SECURITY): void {
  const schemes = fields.securitySchemes;
  // The declared names are the map's own keys: asked of the map itself, no set is built.
  const declared = isObject(schemes) ? schemes : undefined;
  if (declared) {
    for (const name in declared) {
      const scheme = declared[name];
      if (!isObject(scheme)) continue;
      const form = schemeForm(scheme);
      // The scheme's kind and REQUIRED fields (0.1 has no scheme objects; an unknown shape no version).
      const kindRead = shape !== "0.1" && shape !== "unknown" && checkSchemeValues(name, scheme, shape, sink);
      if (form === "unknown" && !kindRead) sink.add("unknownSecuritySchemeShape", childPointer("/securitySchemes", name), { scheme: name });
      else if (form === "typed" && (shape === "1.0" || shape === "hybrid")) {
        sink.add("legacySecurityScheme", childPointer("/securitySchemes", name), { scheme: name, type: String(scheme.type) });
      }
    }
  }
  if (shape === "0.1" || shape === "unknown") return;
  if (shape === "1.0" || shape === "hybrid") checkRequirementShape(fields.securityRequirements, "/securityRequirements", sink);
  checkRequirementList(fields.security, "/security", "security", declared, sink);
  checkRequirementList(fields.securityRequirements, "/securityRequirements", "securityRequirements", declared, sink);
  const skills = fields.skills;
  if ((marks & SKILL_HAS_SECURITY) !== 0 && Array.isArray(skills)) {
    // Pointers and field names only for a skill that has the list: most skills have none.
    for (let i = 0; i < skills.length; i++) {
      const skill: unknown = skills[i];
      if (!isObject(skill)) continue;
      const security = skill.security;
      if (Array.isArray(security)) checkRequirementList(security, joinPointer("/skills", i, "security"), `skills[${i}].security`, declared, sink);
      const requirements = skill.securityRequirements;
      if (Array.isArray(requirements)) {
        checkRequirementList(requirements, joinPointer("/skills", i, "securityRequirements"), `skills[${i}].securityRequirements`, declared, sink);
      }
    }
  }
  const push = fields.pushNotifications;
  const pushScheme = isObject(push) ? push.securityScheme : undefined;
  if (typeof pushScheme === "string" && !isDeclared(declared, pushScheme)) {
    sink.add("undeclaredSecurityScheme", "/capabilities/pushNotifications/securityScheme", {
      scheme: pushScheme,
      field: "capabilities.pushNotifications.securityScheme",
    });
  }
}

/**
 * 1.0 `securityRequirements` entries are `{schemes: {name: {list: [scopes]}}}`. An entry written
 * the 0.3 way (`{name: [scopes]}`) is read all the same, with a warning: 1.0 SDKs parsing the card
 * strictly would see no requirement at all.
 */
function checkRequirementShape(list: unknown, pointer: string, sink: ProblemSink): void {
  if (!Array.isArray(list)) return;
  for (let i = 0; i < list.length; i++) {
    const entry: unknown = list[i];
    if (!isObject(entry) || isObject(entry.schemes) || Object.keys(entry).length === 0) continue;
    sink.add("legacyRequirementShape", joinPointer(pointer, i), { field: `securityRequirements[${i}]`, schemes: Object.keys(entry) });
  }
}

function isDeclared(declared: JsonObject | undefined, name: string): boolean {
  return declared !== undefined && has(declared, name);
}

/**
 * Walks a requirement list in any of the three encodings and flags names no scheme declares and
 * scopes that are no list. Pointers and field names are spelled out only for what gets reported:
 * a card's requirements are nearly always fine.
 */
function checkRequirementList(list: unknown, pointer: string, field: string, declared: JsonObject | undefined, sink: ProblemSink): void {
  if (!Array.isArray(list)) return; // wrong types are the schema's to report
  for (let i = 0; i < list.length; i++) {
    const entry: unknown = list[i];
    if (!isObject(entry)) continue;
    const wrapped = entry.schemes;
    // 1.0 `{schemes: {name: {list}}}`; hybrid/ProtoJSON-0.3 `{schemes: {name: [..]}}`; 0.x `{name: [..]}`.
    const map = isObject(wrapped) ? wrapped : entry;
    // for-in over parsed JSON: its own keys in Object.keys order, with no key array.
    for (const name in map) {
      const scopes = map[name];
      const undeclared = !isDeclared(declared, name);
      const scopesRead = areScopes(scopes);
      if (!undeclared && scopesRead) continue;
      const entryPointer = joinPointer(pointer, i);
      const namePointer = joinPointer(isObject(wrapped) ? joinPointer(entryPointer, "schemes") : entryPointer, name);
      if (undeclared) sink.add("undeclaredSecurityScheme", namePointer, { scheme: name, field: `${field}[${i}]` });
      if (!scopesRead) {
        sink.add("ignoredWrongType", namePointer, { field: `${field}[${i}].${name}`, expected: "list of scopes", found: describeJsonType(scopes) });
      }
    }
  }
}

/** A list of scopes (0.x), or `{list: [scopes]}` (1.0, the list optional). */
function areScopes(scopes: unknown): boolean {
  if (isStringArray(scopes)) return true;
  return isObject(scopes) && (scopes.list === undefined || isStringArray(scopes.list));
}
