import type {
  CardExtension,
  CardInterface,
  CardShape,
  CardSkill,
  Located,
  NormalizedCard,
  PushNotifications,
} from "./model";
import { readCardFields, type CardFields } from "./card-fields";
import { shapeOf } from "./detect-shape";
import { isObject, isStringArray, readBoolish, type JsonObject } from "./json-value";
import { skillPointer } from "./pointer";
import { canonicalBinding, judgeUrl } from "./checks/endpoints";
import { readSecurityRequirements, readSecuritySchemes, readSkillRequirements } from "./normalize-security";

/**
 * Builds the version-neutral model from any shape, best effort: wrong-typed fields read as
 * absent (validation reports them), so an invalid card still shows what could be read.
 * Cheap by design: one pass over the fields negotiation reads, no schema work.
 */
export function normalizeCard(value: unknown, knownShape?: CardShape, knownFields?: CardFields): NormalizedCard | undefined {
  if (!isObject(value)) return undefined;
  // The fields validation reads too come from `fields`, read once per card (loadCard).
  const fields = knownFields ?? readCardFields(value);
  const shape = knownShape ?? shapeOf(value, fields);
  const interfaces = readInterfaces(fields, shape);
  const cardVersion = fields.protocolVersion;
  const cardLevel = typeof cardVersion === "string" ? cardVersion : undefined;
  for (let i = 0; i < interfaces.length; i++) {
    const iface = interfaces[i]!;
    // A 0.2/0.3 card that states no version is read as 0.3, as the A2A SDKs read it when they
    // convert it. A 0.1-shaped card speaks 0.1 (tasks/send, its own method names): no 0.2+ or 1.0
    // client shares a version with it.
    const speaks = interfaceVersion(iface, shape, cardLevel) ?? (shape === "0.1" ? "0.1" : shape === "0.2" || shape === "0.3" ? "0.3" : undefined);
    if (speaks !== undefined) iface.speaks = majorMinor(speaks);
    const from = versionSource(iface, shape, cardLevel);
    if (from) iface.speaksFrom = from;
  }
  const protocolVersion = cardLevel ?? interfaces[0]?.protocolVersion;
  const advisoryVersion = readAdvisoryVersion(shape, typeof cardVersion === "string" ? cardVersion : undefined, interfaces);
  // One object literal, keys in the model's order (two literals: advisoryVersion is optional; speed: bench/cases/review-throughput.ts).
  // Fields read by name, each at its own site: a read by a key passed in costs twice as much.
  const name = stringOrUndefined(value.name);
  const description = stringOrUndefined(value.description);
  const version = stringOrUndefined(value.version);
  const url = interfaces[0]?.url ?? stringOrUndefined(fields.url);
  const streaming = readFlag(fields.streaming, "/capabilities/streaming");
  const pushNotifications = readPush(fields.pushNotifications);
  const extensions = readExtensions(fields.extensions);
  const defaultInputModes = readModes(fields.defaultInputModes, "/defaultInputModes", shape);
  const defaultOutputModes = readModes(fields.defaultOutputModes, "/defaultOutputModes", shape);
  const resubscribeOnlyOutputModes = readModes(fields.resubscribeOnlyOutputModes, "/resubscribeOnlyOutputModes", "unknown");
  const securitySchemes = readSecuritySchemes(value, shape, fields.securitySchemes);
  const securityRequirements = readSecurityRequirements(value, shape, fields.securityRequirements, fields.security);
  const skills = readSkills(fields.skills);
  const extendedCard = readExtendedCard(value, fields);
  if (advisoryVersion) {
    return {
      shape, protocolVersion, advisory: true, advisoryVersion, name, description, version, url, interfaces, streaming, pushNotifications,
      extensions, defaultInputModes, defaultOutputModes, resubscribeOnlyOutputModes, securitySchemes, securityRequirements, skills, extendedCard,
    };
  }
  return {
    shape, protocolVersion, advisory: advisoryVersion !== undefined, name, description, version, url, interfaces, streaming, pushNotifications,
    extensions, defaultInputModes, defaultOutputModes, resubscribeOnlyOutputModes, securitySchemes, securityRequirements, skills, extendedCard,
  };
}

/**
 * The version an interface speaks: as written; else the card-level protocolVersion (a 0.3 field,
 * but the author's stated intent); else, for a 1.0-shaped interface, 0.3 (the 1.0 spec's reading
 * of an empty version).
 */
export function interfaceVersion(iface: CardInterface, shape: CardShape, cardLevel: string | undefined): string | undefined {
  if (iface.protocolVersion !== undefined && iface.protocolVersion.trim() !== "") return iface.protocolVersion.trim();
  if (cardLevel !== undefined && cardLevel.trim() !== "") return cardLevel.trim();
  return shape === "1.0" || shape === "hybrid" ? "0.3" : undefined;
}

/** Where the version an interface speaks is written; undefined when none is and it is read by default. */
function versionSource(iface: CardInterface, shape: CardShape, cardLevel: string | undefined): CardInterface["speaksFrom"] {
  const own = iface.protocolVersion?.trim();
  // A 0.x card's interfaces carry the card-level version (there is no per-interface one).
  if (own && (shape === "1.0" || shape === "hybrid")) return { pointer: iface.pointer + "/protocolVersion", value: iface.protocolVersion! };
  if (cardLevel !== undefined && cardLevel.trim() !== "") return { pointer: "/protocolVersion", value: cardLevel };
  return undefined;
}

/** Starts with "0.". */
function isZeroX(version: string): boolean {
  return version.charCodeAt(0) === 48 && version.charCodeAt(1) === 46;
}

const MAJOR_MINOR = /^\s*v?(\d+)\.(\d+)/;

/** "1.0.0" → "1.0": A2A compares Major.Minor only. Anything else is kept as written. */
export function majorMinor(version: string): string {
  // Every interface's version goes through here: a version that starts with its digits ("1.0",
  // "0.3.0") is cut by hand, with no match array or new string when it is already Major.Minor.
  let i = 0;
  while (i < version.length && isDigit(version.charCodeAt(i))) i++;
  if (i > 0 && i < version.length && version.charCodeAt(i) === 46 && isDigit(version.charCodeAt(i + 1))) {
    i += 2;
    while (i < version.length && isDigit(version.charCodeAt(i))) i++;
    return i === version.length ? version : version.slice(0, i);
  }
  const match = MAJOR_MINOR.exec(version);
  return match ? `${match[1]}.${match[2]}` : version.trim();
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function readAdvisoryVersion(shape: CardShape, cardLevel: string | undefined, interfaces: CardInterface[]): NormalizedCard["advisoryVersion"] {
  if (shape === "0.1" || shape === "0.2" || shape === "0.3") {
    return { version: cardLevel ?? interfaces[0]?.protocolVersion ?? shape, via: "shape" };
  }
  if ((shape !== "1.0" && shape !== "hybrid") || interfaces.length === 0) return undefined;
  // Loop, not map/every: no closure or array per card.
  let first: string | undefined;
  for (let i = 0; i < interfaces.length; i++) {
    const version = interfaceVersion(interfaces[i]!, shape, cardLevel) ?? "";
    if (!isZeroX(version)) return undefined;
    first ??= version;
  }
  return { version: first!, via: "interfaces" };
}

/** 1.0 `capabilities.extendedAgentCard`; 0.2-0.3 top-level `supportsAuthenticatedExtendedCard`; the draft `supportsExtendedAgentCard`. */
function readExtendedCard(card: JsonObject, fields: CardFields): Located<boolean> {
  const modern = fields.capabilities ? readBoolish(fields.extendedAgentCard) : undefined;
  if (modern !== undefined) return { value: modern, pointer: "/capabilities/extendedAgentCard" };
  const legacy = readBoolish(fields.supportsAuthenticatedExtendedCard);
  if (legacy !== undefined) return { value: legacy, pointer: "/supportsAuthenticatedExtendedCard" };
  const draft = readBoolish(card.supportsExtendedAgentCard);
  if (draft !== undefined) return { value: draft, pointer: "/supportsExtendedAgentCard" };
  return { value: false, pointer: "/capabilities/extendedAgentCard", defaulted: true };
}

function stringOrUndefined(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

/**
 * The strings of a list. Usually every item is a string: then the list itself, not a copy (a
 * 10,000-skill card's mode lists were a third of what normalizing it allocated); only a list
 * with other items is filtered into a new one.
 */
function stringsOf(value: unknown): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  if (isStringArray(value)) return value;
  const out: string[] = [];
  for (const item of value) if (typeof item === "string") out.push(item);
  return out;
}

/** A skill's mode list: its strings, or undefined when left out or empty (the card's defaults then apply). */
function skillModesOf(value: unknown): string[] | undefined {
  const modes = stringsOf(value);
  return modes === undefined || modes.length === 0 ? undefined : modes;
}

function readFlag(raw: unknown, pointer: string): Located<boolean> {
  const value = readBoolish(raw);
  return value === undefined ? { value: false, pointer, defaulted: true } : { value, pointer };
}

/** Boolean (spec) or `{supported, securityScheme}` (the rule's incidents); absent = not supported. `raw`: capabilities.pushNotifications. */
function readPush(raw: unknown): Located<PushNotifications> {
  const pointer = "/capabilities/pushNotifications";
  const flag = readBoolish(raw);
  if (flag !== undefined) return { value: { supported: flag }, pointer };
  if (!isObject(raw)) return { value: { supported: false }, pointer, defaulted: true };
  // Like the reference check: an object without `supported` does not claim support.
  const value: PushNotifications = { supported: readBoolish(raw.supported) ?? false };
  const scheme = raw.securityScheme;
  if (typeof scheme === "string") value.securityScheme = { value: scheme, pointer: pointer + "/securityScheme" };
  return { value, pointer };
}

/** `list`: capabilities.extensions. */
function readExtensions(list: unknown): CardExtension[] {
  if (!Array.isArray(list)) return [];
  const out: CardExtension[] = [];
  for (let i = 0; i < list.length; i++) {
    const ext: unknown = list[i];
    if (!isObject(ext)) continue;
    const uri = ext.uri;
    if (typeof uri !== "string") continue;
    const found: CardExtension = { uri, required: readBoolish(ext.required) ?? false, pointer: "/capabilities/extensions/" + i };
    const description = ext.description;
    if (typeof description === "string" && description.trim() !== "") found.description = description;
    out.push(found);
  }
  return out;
}

/** 0.1 made the default modes optional (D01: text/plain); elsewhere absence is an error, read as []. */
function readModes(raw: unknown, pointer: string, shape: CardShape): Located<string[]> {
  const modes = stringsOf(raw);
  if (modes !== undefined) return { value: modes, pointer };
  return { value: shape === "0.1" ? ["text/plain"] : [], pointer, defaulted: true };
}

/** Interfaces in card order (facts.md §13): 1.0 list; else `url` + preferredTransport, then additionalInterfaces. */
function readInterfaces(fields: CardFields, shape: CardShape): CardInterface[] {
  if (shape === "1.0" || shape === "hybrid") return readSupportedInterfaces(fields.supportedInterfaces);
  if (shape === "unknown") return [];
  const out: CardInterface[] = [];
  const cardVersion = stringOrUndefined(fields.protocolVersion);
  const url = stringOrUndefined(fields.url);
  const preferred = stringOrUndefined(fields.preferredTransport);
  if (url !== undefined) {
    const from = preferred !== undefined ? { pointer: "/preferredTransport", value: preferred } : { pointer: "/preferredTransport", value: "JSONRPC", absent: true as const };
    out.push(makeInterface(url, from, cardVersion, "/url"));
  }
  const additional = fields.additionalInterfaces;
  if (Array.isArray(additional)) {
    for (let i = 0; i < additional.length; i++) {
      const entry: unknown = additional[i];
      if (!isObject(entry)) continue;
      const entryUrl = entry.url;
      const transport = entry.transport;
      if (typeof entryUrl !== "string" || typeof transport !== "string") continue;
      // The spec asks 0.3 cards to repeat the main url here; one entry per (url, binding) is enough.
      if (hasInterface(out, entryUrl, canonicalBinding(transport))) continue;
      const at = "/additionalInterfaces/" + i;
      out.push(makeInterface(entryUrl, { pointer: at + "/transport", value: transport }, cardVersion, at));
    }
  }
  return out;
}

function hasInterface(list: CardInterface[], url: string, binding: string): boolean {
  for (let i = 0; i < list.length; i++) if (list[i]!.url === url && list[i]!.binding === binding) return true;
  return false;
}

function readSupportedInterfaces(list: unknown): CardInterface[] {
  if (!Array.isArray(list)) return [];
  const out: CardInterface[] = [];
  for (let i = 0; i < list.length; i++) {
    const entry: unknown = list[i];
    if (!isObject(entry)) continue;
    const url = entry.url;
    const field = entry.protocolBinding !== undefined ? "protocolBinding" : "transport";
    const binding = entry[field];
    if (typeof url !== "string" || typeof binding !== "string") continue;
    const version = entry.protocolVersion;
    // An index needs no escaping: the pointers are spelled out directly.
    const at = `/supportedInterfaces/${i}`;
    const found = makeInterface(url, { pointer: `${at}/${field}`, value: binding }, typeof version === "string" ? version : undefined, at);
    const tenant = entry.tenant;
    if (typeof tenant === "string" && tenant !== "") found.tenant = tenant;
    out.push(found);
  }
  return out;
}

function makeInterface(url: string, bindingFrom: CardInterface["bindingFrom"], protocolVersion: string | undefined, pointer: string): CardInterface {
  const binding = bindingFrom.value;
  const found: CardInterface = { url, binding: canonicalBinding(binding), callable: judgeUrl(url, binding) === "ok", bindingFrom, pointer };
  if (protocolVersion !== undefined) found.protocolVersion = protocolVersion;
  return found;
}

/**
 * One record per skill object, in card order. The hot loop of a large card: no closure, the fields
 * read by name, the record built in one literal when the skill has the usual four fields, and the
 * mode lists shared with the parsed JSON when they hold only strings (nothing downstream writes
 * to them; a test holds review to leaving the parsed card untouched).
 */
function readSkills(list: unknown): CardSkill[] {
  if (!Array.isArray(list)) return [];
  // Sized once: pushing grew (and copied) the list some twenty times on a 10,000-skill card.
  const out: CardSkill[] = new Array<CardSkill>(list.length);
  let count = 0;
  for (let i = 0; i < list.length; i++) {
    const skill: unknown = list[i];
    if (!isObject(skill)) continue;
    const pointer = skillPointer(i);
    // Plain property reads: none of these names is an Object.prototype member, so a parsed
    // object answers only from its own keys (own() is for keys that come from the card).
    const id = skill.id;
    const name = skill.name;
    // An empty list is the card's defaults, as if left out: ProtoJSON (proto3) cannot tell an
    // empty repeated field from an absent one, so SDKs serialize an unset list either way.
    const inputModes = skillModesOf(skill.inputModes);
    const outputModes = skillModesOf(skill.outputModes);
    let found: CardSkill;
    if (typeof id === "string" && typeof name === "string" && inputModes !== undefined && outputModes !== undefined) {
      found = { pointer, id, name, inputModes, outputModes };
    } else {
      found = { pointer };
      if (typeof id === "string") found.id = id;
      if (typeof name === "string") found.name = name;
      if (inputModes) found.inputModes = inputModes;
      if (outputModes) found.outputModes = outputModes;
    }
    if (skill.securityRequirements !== undefined || skill.security !== undefined) {
      const requirements = readSkillRequirements(skill, pointer);
      if (requirements) found.securityRequirements = requirements;
    }
    out[count++] = found;
  }
  if (count !== out.length) out.length = count;
  return out;
}
