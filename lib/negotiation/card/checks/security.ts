import type { CardShape } from "../model";
import { has, isObject, isStringArray, type JsonObject } from "../json-value";
import { childPointer, joinPointer } from "../pointer";
import { describeJsonType, type ProblemSink } from "../problems";
import { SKILL_HAS_SECURITY } from "./values";

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

/** `marks`: what markSkills found in the skills (their lists are walked only when some skill has one). */
export function checkSecurity(card: JsonObject, shape: CardShape, sink: ProblemSink, marks = SKILL_HAS_SECURITY): void {
  const schemes = card.securitySchemes;
  // The declared names are the map's own keys: asked of the map itself, no set is built.
  const declared = isObject(schemes) ? schemes : undefined;
  if (declared) {
    for (const name in declared) {
      const scheme = declared[name];
      if (!isObject(scheme)) continue;
      const form = schemeForm(scheme);
      if (form === "unknown") sink.add("unknownSecuritySchemeShape", childPointer("/securitySchemes", name), { scheme: name });
      else if (form === "typed" && (shape === "1.0" || shape === "hybrid")) {
        sink.add("legacySecurityScheme", childPointer("/securitySchemes", name), { scheme: name, type: String(scheme.type) });
      }
    }
  }
  if (shape === "0.1" || shape === "unknown") return;
  const refs = new RefChecker(declared, sink);
  if (shape === "1.0" || shape === "hybrid") checkRequirementShape(card.securityRequirements, "/securityRequirements", sink);
  refs.checkList(card.security, "/security", "security");
  refs.checkList(card.securityRequirements, "/securityRequirements", "securityRequirements");
  const skills = (marks & SKILL_HAS_SECURITY) === 0 ? undefined : card.skills;
  if (Array.isArray(skills)) {
    // Pointers and field names only for a skill that has the list: most skills have none.
    for (let i = 0; i < skills.length; i++) {
      const skill: unknown = skills[i];
      if (!isObject(skill)) continue;
      const security = skill.security;
      if (Array.isArray(security)) refs.checkList(security, joinPointer("/skills", i, "security"), `skills[${i}].security`);
      const requirements = skill.securityRequirements;
      if (Array.isArray(requirements)) refs.checkList(requirements, joinPointer("/skills", i, "securityRequirements"), `skills[${i}].securityRequirements`);
    }
  }
  const capabilities = card.capabilities;
  const push = isObject(capabilities) ? capabilities.pushNotifications : undefined;
  const pushScheme = isObject(push) ? push.securityScheme : undefined;
  if (typeof pushScheme === "string") {
    refs.checkName(pushScheme, "/capabilities/pushNotifications/securityScheme", "capabilities.pushNotifications.securityScheme");
  }
}

/**
 * 1.0 `securityRequirements` entries are `{schemes: {name: {list: [scopes]}}}`. An entry written
 * the 0.3 way (`{name: [scopes]}`) is read all the same, with a warning: 1.0 SDKs parsing the card
 * strictly would see no requirement at all.
 */
function checkRequirementShape(list: unknown, pointer: string, sink: ProblemSink): void {
  if (!Array.isArray(list)) return;
  list.forEach((entry, i) => {
    if (!isObject(entry) || isObject(entry.schemes) || Object.keys(entry).length === 0) return;
    sink.add("legacyRequirementShape", joinPointer(pointer, i), { field: `securityRequirements[${i}]`, schemes: Object.keys(entry) });
  });
}

/** Walks requirement lists in any of the three encodings and flags names no scheme declares. */
class RefChecker {
  constructor(
    private readonly declared: JsonObject | undefined,
    private readonly sink: ProblemSink,
  ) {}

  checkName(name: string, pointer: string, field: string): void {
    if (this.declared === undefined || !has(this.declared, name)) this.sink.add("undeclaredSecurityScheme", pointer, { scheme: name, field });
  }

  checkList(list: unknown, pointer: string, field: string): void {
    if (!Array.isArray(list)) return; // wrong types are the schema's to report
    list.forEach((entry, i) => {
      if (!isObject(entry)) return;
      const entryPointer = joinPointer(pointer, i);
      const wrapped = entry.schemes;
      // 1.0 `{schemes: {name: {list}}}`; hybrid/ProtoJSON-0.3 `{schemes: {name: [..]}}`; 0.x `{name: [..]}`.
      const map = isObject(wrapped) ? wrapped : entry;
      const mapPointer = isObject(wrapped) ? joinPointer(entryPointer, "schemes") : entryPointer;
      for (const name of Object.keys(map)) {
        const namePointer = joinPointer(mapPointer, name);
        this.checkName(name, namePointer, `${field}[${i}]`);
        this.checkScopes(map[name], namePointer, `${field}[${i}].${name}`);
      }
    });
  }

  private checkScopes(scopes: unknown, pointer: string, field: string): void {
    if (isStringArray(scopes)) return;
    if (isObject(scopes) && (scopes.list === undefined || isStringArray(scopes.list))) return;
    this.sink.add("ignoredWrongType", pointer, { field, expected: "list of scopes", found: describeJsonType(scopes) });
  }
}
