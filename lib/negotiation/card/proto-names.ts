import { isObject, type JsonObject } from "./json-value";

/**
 * A2A 1.0 is defined in protobuf; its JSON is ProtoJSON, whose parsers accept a field's original
 * snake_case name as well as its lowerCamelCase JSON name (the A2A JS SDK's generated fromJSON reads
 * both: `object.defaultInputModes ?? object.default_input_modes`). Cards written from the .proto
 * names (`default_input_modes`, `supported_interfaces`) are read here under their JSON names, so
 * the rest of Parley sees one spelling. Only A2A's own field names are renamed, never other keys
 * (scheme names, extension params), and a name the card also writes in camelCase is left alone.
 */
const PROTO_NAMES: ReadonlyMap<string, string> = new Map([
  ["supported_interfaces", "supportedInterfaces"],
  ["protocol_binding", "protocolBinding"],
  ["protocol_version", "protocolVersion"],
  ["documentation_url", "documentationUrl"],
  ["icon_url", "iconUrl"],
  ["push_notifications", "pushNotifications"],
  ["extended_agent_card", "extendedAgentCard"],
  ["security_schemes", "securitySchemes"],
  ["security_requirements", "securityRequirements"],
  ["default_input_modes", "defaultInputModes"],
  ["default_output_modes", "defaultOutputModes"],
  ["input_modes", "inputModes"],
  ["output_modes", "outputModes"],
  ["api_key_security_scheme", "apiKeySecurityScheme"],
  ["http_auth_security_scheme", "httpAuthSecurityScheme"],
  ["oauth2_security_scheme", "oauth2SecurityScheme"],
  ["open_id_connect_security_scheme", "openIdConnectSecurityScheme"],
  ["mtls_security_scheme", "mtlsSecurityScheme"],
  ["bearer_format", "bearerFormat"],
  ["open_id_connect_url", "openIdConnectUrl"],
  ["oauth2_metadata_url", "oauth2MetadataUrl"],
]);

/** Maps whose keys are names the card chooses (not A2A fields): their keys are kept as written. */
function isNamedMap(name: string): boolean {
  // Compared as literals, not looked up in a set: asked of every object in the card.
  return name === "securitySchemes" || name === "schemes" || name === "params" || name === "metadata";
}

export interface ProtoNameReading {
  card: JsonObject;
  /** The snake_case names read, each once, in the order met; empty when the card has none. */
  renamed: string[];
}

/**
 * Whether card text may hold one of A2A's snake_case names as a key, read off the text without the
 * walk: false means the card parsed from this exact text has none, so readProtoNames would hand it
 * back untouched. Every such name has an underscore, cards hold a handful (none in most), and a key
 * is written out whole unless it uses a \u escape, so: no \u escape, and no underscore inside a
 * quoted word that is one of the names, means none. The walk visited every object of the card on
 * every review (0.15× JSON.parse on a 2 KB card); this reads the few underscores instead.
 */
export function mayHaveProtoNames(text: string): boolean {
  // A \u escape can spell any key, underscores included: only the walk can tell.
  if (text.includes("\\u")) return true;
  for (let at = text.indexOf("_"); at !== -1; at = text.indexOf("_", at + 1)) {
    let start = at;
    while (start > 0 && isNameChar(text.charCodeAt(start - 1))) start--;
    let end = at + 1;
    while (end < text.length && isNameChar(text.charCodeAt(end))) end++;
    if (text.charCodeAt(start - 1) === QUOTE && text.charCodeAt(end) === QUOTE && isProtoNameAt(text, start, end)) return true;
    // The word's other underscores give the same word: on to the next one.
    at = end;
  }
  return false;
}

const QUOTE = 34;

/** The names by length: a word is compared in place with the few of its length (no slice, no hash per word). */
const NAMES_BY_LENGTH: string[][] = [];
for (const name of PROTO_NAMES.keys()) (NAMES_BY_LENGTH[name.length] ??= []).push(name);

/** Is text[start, end) one of PROTO_NAMES? */
function isProtoNameAt(text: string, start: number, end: number): boolean {
  const names = NAMES_BY_LENGTH[end - start];
  if (names === undefined) return false;
  for (let i = 0; i < names.length; i++) if (text.startsWith(names[i]!, start)) return true;
  return false;
}

/** a-z, 0-9 and _: the characters of A2A's snake_case names. */
function isNameChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 95;
}

/** The card with A2A's snake_case field names read as their JSON names; the same object when it has none. */
export function readProtoNames(card: JsonObject): ProtoNameReading {
  const renamed: string[] = [];
  const out = rename(card, renamed, 0) as JsonObject;
  return renamed.length === 0 ? { card, renamed } : { card: out, renamed };
}

const MAX_DEPTH = 64;

/**
 * One walk over the whole card (every review runs it): nothing is allocated for a part that has
 * no snake_case name, so a card without one costs the walk and no copy (the walk copied every
 * array of a card, with a closure each: a 10,000-skill card's four lists per skill were most of
 * what loading it allocated). Only an object or array is descended into.
 */
function rename(value: unknown, renamed: string[], depth: number, keepKeys = false): unknown {
  if (depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (typeof item !== "object" || item === null) continue;
      const next = rename(item, renamed, depth + 1);
      if (next === item) continue;
      copy ??= value.slice();
      copy[i] = next;
    }
    return copy ?? value;
  }
  if (!isObject(value)) return value;
  let copy: JsonObject | undefined;
  for (const key in value) {
    // A parsed card's keys are internalized strings with their hash kept: one map lookup each.
    const json = keepKeys ? undefined : PROTO_NAMES.get(key);
    const name = json !== undefined && !(json in value) ? json : key;
    const child = value[key];
    const next = typeof child === "object" && child !== null ? rename(child, renamed, depth + 1, isNamedMap(name)) : child;
    if (name !== key || next !== child) {
      copy ??= copyUntil(value, key);
      if (name !== key && !renamed.includes(key)) renamed.push(key);
    }
    if (copy) copy[name] = next;
  }
  return copy ?? value;
}

/** A fresh object with `value`'s entries before `stop`. */
function copyUntil(value: JsonObject, stop: string): JsonObject {
  const copy: JsonObject = Object.create(null) as JsonObject;
  for (const key in value) {
    if (key === stop) break;
    copy[key] = value[key];
  }
  return copy;
}
