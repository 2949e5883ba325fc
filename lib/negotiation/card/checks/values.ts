import type { CardShape } from "../model";
import type { CardFields } from "../card-fields";
import { has, isObject, parseStringBoolean, readBoolish, type JsonObject } from "../json-value";
import { childPointer, joinPointer, skillPointer } from "../pointer";
import type { ProblemSink } from "../problems";
import { listHas, nonMimeReading } from "../media-types";

/**
 * What one walk over the skills found, so each check below walks them again only when it has
 * something to report (a clean 10,000-skill card is walked once, not once per check). A check run
 * without marks walks the skills itself.
 */
export const SKILL_HAS_NULL = 1;
export const SKILL_HAS_NON_MIME = 2;
/** A skill has a `security` or `securityRequirements` key (any value). */
export const SKILL_HAS_SECURITY = 4;
/** A skill lists input modes of its own. */
export const SKILL_HAS_INPUT_MODES = 8;
const ALL_MARKS = SKILL_HAS_NULL | SKILL_HAS_NON_MIME | SKILL_HAS_SECURITY | SKILL_HAS_INPUT_MODES;

export function markSkills(skills: unknown): number {
  if (!Array.isArray(skills)) return 0;
  let marks = 0;
  // The last two media types met: skills repeat a few modes, and a parsed card's equal short
  // strings are one internalized string, so a repeat is told by identity, before any set or pattern.
  let last: string | undefined;
  let before: string | undefined;
  for (let i = 0; i < skills.length; i++) {
    const skill: unknown = skills[i];
    if (!isObject(skill)) continue;
    // for-in over a parsed object visits its own keys (it has no enumerable inherited ones) and
    // allocates nothing, unlike Object.keys.
    for (const key in skill) {
      const value = skill[key];
      if (value === null) marks |= SKILL_HAS_NULL;
      if (key === "inputModes" || key === "outputModes") {
        if (!Array.isArray(value)) continue;
        if (key === "inputModes" && value.length > 0) marks |= SKILL_HAS_INPUT_MODES;
        if ((marks & SKILL_HAS_NON_MIME) !== 0) continue;
        for (let j = 0; j < value.length; j++) {
          const mode: unknown = value[j];
          if (typeof mode !== "string" || mode === last || mode === before) continue;
          if (!isMediaType(mode)) {
            marks |= SKILL_HAS_NON_MIME;
            break;
          }
          before = last;
          last = mode;
        }
      } else if (key === "security" || key === "securityRequirements") {
        marks |= SKILL_HAS_SECURITY;
      }
    }
  }
  return marks;
}

/** `null` where a value belongs (Python `None` leaking in): read as absent, flagged once. `fields`: the card's (readCardFields). */
export function checkNulls(card: JsonObject, fields: CardFields, sink: ProblemSink, marks = ALL_MARKS): void {
  reportNulls(card, "", "", sink);
  if (fields.capabilities) reportNulls(fields.capabilities, "/capabilities", "capabilities.", sink);
  if ((marks & SKILL_HAS_NULL) === 0) return;
  const skills = fields.skills;
  if (!Array.isArray(skills)) return;
  // A skill's pointer and field prefix are built only for a skill that has a null.
  for (let i = 0; i < skills.length; i++) {
    const skill: unknown = skills[i];
    if (isObject(skill) && hasNull(skill)) reportNulls(skill, skillPointer(i), `skills[${i}].`, sink);
  }
}

function hasNull(obj: JsonObject): boolean {
  for (const key in obj) if (obj[key] === null) return true;
  return false;
}

function reportNulls(obj: JsonObject, pointer: string, prefix: string, sink: ProblemSink): void {
  for (const key in obj) {
    if (obj[key] !== null) continue;
    const at = childPointer(pointer, key);
    if (!sink.hasAt(at)) sink.add("nullValue", at, { field: prefix + key });
  }
}

/** A media type is `type/subtype` with optional parameters; `text` and `data` are 0.1-era tokens. */
const MEDIA_TYPE = /^[A-Za-z0-9][\w.+!#$&^-]*\/(\*|[A-Za-z0-9][\w.+!#$&^-]*)\s*(;.*)?$/;

export function isMediaType(mode: string): boolean {
  return COMMON_MEDIA_TYPES.has(mode) || MEDIA_TYPE.test(mode);
}

/**
 * Media types cards write most: every mode of every card and skill is judged, and a set answers
 * these in about half the pattern's time. A fixed list, not what cards bring; `*\/*`, and the others
 * only as the pattern accepts them. Anything else, in any other spelling, goes to the pattern.
 */
const COMMON_MEDIA_TYPES: ReadonlySet<string> = new Set([
  "*/*",
  ...[
    "text/plain", "text/markdown", "text/html", "text/csv", "text/event-stream",
    "application/json", "application/pdf", "application/octet-stream",
    "image/png", "image/jpeg", "image/*", "audio/pcm", "audio/wav", "audio/mpeg", "audio/*", "video/mp4",
  ].filter((mode) => MEDIA_TYPE.test(mode)),
]);

/** `shape`: 1.0 (and hybrid) cards must list at least one default mode, which the required tier reports. */
export function checkModes(fields: CardFields, shape: CardShape, sink: ProblemSink, marks = ALL_MARKS): void {
  const input = fields.defaultInputModes;
  const output = fields.defaultOutputModes;
  const resubscribeOnly = fields.resubscribeOnlyOutputModes;
  const skills = fields.skills;
  if (hasNonMime(input)) reportNonMime(input, "/defaultInputModes", sink);
  if (hasNonMime(output)) reportNonMime(output, "/defaultOutputModes", sink);
  if (hasNonMime(resubscribeOnly)) reportNonMime(resubscribeOnly, "/resubscribeOnlyOutputModes", sink);
  if (shape !== "1.0" && shape !== "hybrid") {
    if (Array.isArray(input) && input.length === 0) sink.add("emptyModeList", "/defaultInputModes", { field: "defaultInputModes" });
    if (Array.isArray(output) && output.length === 0) sink.add("emptyModeList", "/defaultOutputModes", { field: "defaultOutputModes" });
  }
  if ((marks & SKILL_HAS_INPUT_MODES) !== 0) checkSkillOnlyInputModes(input, skills, sink);
  if ((marks & SKILL_HAS_NON_MIME) === 0) return;
  if (!Array.isArray(skills)) return;
  for (let i = 0; i < skills.length; i++) {
    const skill: unknown = skills[i];
    if (!isObject(skill)) continue;
    const inputModes = skill.inputModes;
    if (hasNonMime(inputModes)) reportNonMime(inputModes, joinPointer("/skills", i, "inputModes"), sink);
    const outputModes = skill.outputModes;
    if (hasNonMime(outputModes)) reportNonMime(outputModes, joinPointer("/skills", i, "outputModes"), sink);
  }
}

/**
 * A skill's input mode the card's defaultInputModes do not cover: a request cannot name a skill,
 * and a server checks input parts against defaultInputModes (the A2A JS SDK's
 * _validateInputModes), so that mode is refused. Each mode reported once, where first listed.
 * Empty or absent defaults gate nothing, so nothing is reported then.
 */
function checkSkillOnlyInputModes(defaults: unknown, skills: unknown, sink: ProblemSink): void {
  if (!Array.isArray(defaults) || defaults.length === 0 || !Array.isArray(skills)) return;
  const gate = defaults.filter((m): m is string => typeof m === "string");
  const reported: string[] = [];
  // Modes already settled (not a media type, covered by the defaults, or reported): what decides
  // depends on the mode's text alone, and skills repeat a few modes, so a repeat is one identity
  // test instead of a set, a pattern and a match against every default.
  const settled: string[] = [];
  for (let i = 0; i < skills.length; i++) {
    const skill: unknown = skills[i];
    if (!isObject(skill) || !Array.isArray(skill.inputModes)) continue;
    const modes: unknown[] = skill.inputModes;
    for (let j = 0; j < modes.length; j++) {
      const mode = modes[j];
      if (typeof mode !== "string" || settled.includes(mode)) continue;
      const skip = !isMediaType(mode) || reported.includes(mode) || listHas(gate, mode);
      if (settled.length < MAX_KNOWN_MODES) settled.push(mode);
      if (skip) continue;
      reported.push(mode);
      sink.add("skillOnlyInputMode", childPointer(joinPointer("/skills", i, "inputModes"), j), { mode });
    }
  }
}

/** How many modes checkSkillOnlyInputModes remembers: a hostile card's thousands of distinct modes are judged one by one. */
const MAX_KNOWN_MODES = 32;

function hasNonMime(list: unknown): boolean {
  if (!Array.isArray(list)) return false;
  for (let i = 0; i < list.length; i++) {
    const mode: unknown = list[i];
    if (typeof mode === "string" && !isMediaType(mode)) return true;
  }
  return false;
}

function reportNonMime(list: unknown, pointer: string, sink: ProblemSink): void {
  if (!Array.isArray(list)) return;
  for (let i = 0; i < list.length; i++) {
    const mode: unknown = list[i];
    if (typeof mode === "string" && !isMediaType(mode)) {
      // `reading` only when Parley reads the mode as a media type; explain/ words the other case.
      const reading = nonMimeReading(mode);
      sink.add("nonMimeMode", childPointer(pointer, i), reading === undefined ? { mode } : { mode, reading });
    }
  }
}

/**
 * `"True"`/`"False"` strings where booleans belong: read as booleans, to explain the rest. In a 1.0
 * card a field 1.0 defines as a boolean is ProtoJSON, which takes only `true`/`false` (the Python
 * SDK's ParseDict refuses the card, the JS SDK's fromJSON reads any non-empty string as true): an
 * error. Fields 1.0 does not define (0.3's supportsAuthenticatedExtendedCard, the removed
 * stateTransitionHistory, the rule's own pushNotifications object), and 0.x cards (whose SDK
 * models read "True" as a boolean), keep the warning.
 */
export function checkStringBooleans(card: JsonObject, fields: CardFields, shape: CardShape, sink: ProblemSink): void {
  const strict = shape === "1.0" || shape === "hybrid";
  // Only a string can be a string boolean: each flag is read by name (half the cost of a read by
  // a key from a list of names), or taken from the fields read once (readCardFields), and the
  // report is looked into for a string alone.
  if (typeof fields.supportsAuthenticatedExtendedCard === "string") reportStringBoolean(card, "supportsAuthenticatedExtendedCard", "", "", false, sink);
  const capabilities = fields.capabilities;
  if (!capabilities) return;
  if (typeof fields.streaming === "string") reportStringBoolean(capabilities, "streaming", "/capabilities", "capabilities.", strict, sink);
  const push = fields.pushNotifications;
  if (typeof push === "string") reportStringBoolean(capabilities, "pushNotifications", "/capabilities", "capabilities.", strict, sink);
  if (typeof capabilities.stateTransitionHistory === "string") reportStringBoolean(capabilities, "stateTransitionHistory", "/capabilities", "capabilities.", false, sink);
  if (typeof fields.extendedAgentCard === "string") reportStringBoolean(capabilities, "extendedAgentCard", "/capabilities", "capabilities.", strict, sink);
  if (isObject(push) && typeof push.supported === "string") {
    reportStringBoolean(push, "supported", "/capabilities/pushNotifications", "capabilities.pushNotifications.", false, sink);
  }
  const extensions = fields.extensions;
  if (Array.isArray(extensions)) {
    for (let i = 0; i < extensions.length; i++) {
      const ext: unknown = extensions[i];
      // The pointer and field name only for an extension whose `required` is a string.
      if (isObject(ext) && typeof ext.required === "string") {
        reportStringBoolean(ext, "required", childPointer("/capabilities/extensions", i), `capabilities.extensions[${i}].`, strict, sink);
      }
    }
  }
}

function reportStringBoolean(obj: JsonObject, key: string, pointer: string, prefix: string, strict: boolean, sink: ProblemSink): void {
  // Only a string can be a string boolean (and Object.prototype has no string members): the
  // own-key test runs for strings alone.
  const value = obj[key];
  if (typeof value !== "string" || !has(obj, key)) return;
  const read = parseStringBoolean(value);
  if (read === undefined) return;
  sink.add(strict ? "booleanAsString" : "stringBoolean", childPointer(pointer, key), { field: prefix + key, value, readAs: read });
}

/**
 * A required extension with no `uri`: a client opts into an extension by its URI (the A2A-Extensions
 * header lists URIs), so no client can take up one that has none, and the card requires it of every
 * request. 1.0's proto does not mark `uri` REQUIRED, but `required: true` without it asks what no
 * conforming client can give: an error in every shape. (0.2 and 0.3 require a uri on every
 * extension; their required tier reports it, so an extension reported there is skipped here.)
 */
export function checkExtensions(fields: CardFields, shape: CardShape, sink: ProblemSink): void {
  const extensions = fields.extensions;
  if (!Array.isArray(extensions)) return;
  for (let i = 0; i < extensions.length; i++) {
    const ext: unknown = extensions[i];
    if (!isObject(ext) || typeof ext.uri === "string" || readBoolish(ext.required) !== true) continue;
    const pointer = childPointer("/capabilities/extensions", i);
    if ((shape === "0.2" || shape === "0.3") && sink.hasAt(pointer)) continue;
    sink.add("requiredExtensionWithoutUri", pointer, { field: `capabilities.extensions[${i}]` });
  }
}
