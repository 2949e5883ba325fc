import { has, isObject, own, parseStringBoolean, type JsonObject } from "../json-value";
import { joinPointer } from "../pointer";
import type { ProblemSink } from "../problems";
import { nonMimeReading } from "../media-types";

/** `null` where a value belongs (Python `None` leaking in): read as absent, flagged once. */
export function checkNulls(card: JsonObject, sink: ProblemSink): void {
  reportNulls(card, "", "", sink);
  const capabilities = own(card, "capabilities");
  if (isObject(capabilities)) reportNulls(capabilities, "/capabilities", "capabilities.", sink);
  const skills = own(card, "skills");
  if (Array.isArray(skills)) {
    // A skill's pointer and field prefix are built only for a skill that has a null: building them
    // for each of 10,000 clean skills was most of this check's allocation.
    skills.forEach((skill, i) => {
      if (isObject(skill) && hasNull(skill)) reportNulls(skill, joinPointer("/skills", i), `skills[${i}].`, sink);
    });
  }
}

function hasNull(obj: JsonObject): boolean {
  for (const key in obj) if (obj[key] === null) return true;
  return false;
}

function reportNulls(obj: JsonObject, pointer: string, prefix: string, sink: ProblemSink): void {
  for (const key of Object.keys(obj)) {
    if (obj[key] !== null) continue;
    const at = joinPointer(pointer, key);
    if (!sink.hasAt(at)) sink.add("nullValue", at, { field: prefix + key });
  }
}

/** A media type is `type/subtype` with optional parameters; `text` and `data` are 0.1-era tokens. */
const MEDIA_TYPE = /^[A-Za-z0-9][\w.+!#$&^-]*\/(\*|[A-Za-z0-9][\w.+!#$&^-]*)\s*(;.*)?$/;

export function isMediaType(mode: string): boolean {
  return mode === "*/*" || MEDIA_TYPE.test(mode);
}

const CARD_MODE_LISTS = ["defaultInputModes", "defaultOutputModes", "resubscribeOnlyOutputModes"];
const DEFAULT_MODE_LISTS = ["defaultInputModes", "defaultOutputModes"];

export function checkModes(card: JsonObject, sink: ProblemSink): void {
  // Pointers are built only for a list that has a non-MIME mode (as for nulls above).
  for (const key of CARD_MODE_LISTS) {
    const list = own(card, key);
    if (hasNonMime(list)) reportNonMime(list, "/" + key, sink);
  }
  for (const key of DEFAULT_MODE_LISTS) {
    const list = own(card, key);
    if (Array.isArray(list) && list.length === 0) sink.add("emptyModeList", "/" + key, { field: key });
  }
  const skills = own(card, "skills");
  if (!Array.isArray(skills)) return;
  skills.forEach((skill, i) => {
    if (!isObject(skill)) return;
    const inputModes = own(skill, "inputModes");
    if (hasNonMime(inputModes)) reportNonMime(inputModes, joinPointer("/skills", i, "inputModes"), sink);
    const outputModes = own(skill, "outputModes");
    if (hasNonMime(outputModes)) reportNonMime(outputModes, joinPointer("/skills", i, "outputModes"), sink);
  });
}

function hasNonMime(list: unknown): boolean {
  if (!Array.isArray(list)) return false;
  for (const mode of list) if (typeof mode === "string" && !isMediaType(mode)) return true;
  return false;
}

function reportNonMime(list: unknown, pointer: string, sink: ProblemSink): void {
  if (!Array.isArray(list)) return;
  list.forEach((mode, i) => {
    if (typeof mode === "string" && !isMediaType(mode)) {
      sink.add("nonMimeMode", joinPointer(pointer, i), { mode, reading: nonMimeReading(mode) ?? "a media type it cannot match" });
    }
  });
}

const CAPABILITY_FLAGS = ["streaming", "pushNotifications", "stateTransitionHistory", "extendedAgentCard"];

/** `"True"`/`"False"` strings where booleans belong: read as booleans, with a warning. */
export function checkStringBooleans(card: JsonObject, sink: ProblemSink): void {
  reportStringBoolean(card, "supportsAuthenticatedExtendedCard", "", "", sink);
  const capabilities = own(card, "capabilities");
  if (!isObject(capabilities)) return;
  for (const key of CAPABILITY_FLAGS) reportStringBoolean(capabilities, key, "/capabilities", "capabilities.", sink);
  const push = own(capabilities, "pushNotifications");
  if (isObject(push)) {
    reportStringBoolean(push, "supported", "/capabilities/pushNotifications", "capabilities.pushNotifications.", sink);
  }
  const extensions = own(capabilities, "extensions");
  if (Array.isArray(extensions)) {
    extensions.forEach((ext, i) => {
      if (isObject(ext)) {
        reportStringBoolean(ext, "required", joinPointer("/capabilities/extensions", i), `capabilities.extensions[${i}].`, sink);
      }
    });
  }
}

function reportStringBoolean(obj: JsonObject, key: string, pointer: string, prefix: string, sink: ProblemSink): void {
  if (!has(obj, key)) return;
  const value = obj[key];
  const read = parseStringBoolean(value);
  if (read === undefined || typeof value !== "string") return;
  sink.add("stringBoolean", joinPointer(pointer, key), { field: prefix + key, value, readAs: read });
}
