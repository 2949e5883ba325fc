import type { CardSecurityRequirement, CardSecurityScheme, CardShape, SecuritySchemeKind } from "./model";
import { isObject, type JsonObject } from "./json-value";
import { childPointer } from "./pointer";

// Maps, not object literals: the keys looked up are text from a card, and "constructor" or
// "__proto__" must not find Object.prototype's members.
const WRAPPER_KINDS: ReadonlyMap<string, SecuritySchemeKind> = new Map([
  ["apiKeySecurityScheme", "apiKey"],
  ["httpAuthSecurityScheme", "http"],
  ["oauth2SecurityScheme", "oauth2"],
  ["openIdConnectSecurityScheme", "openIdConnect"],
  ["mtlsSecurityScheme", "mutualTLS"],
]);

const TYPE_KINDS: ReadonlyMap<string, SecuritySchemeKind> = new Map([
  ["apikey", "apiKey"],
  ["http", "http"],
  ["oauth2", "oauth2"],
  ["openidconnect", "openIdConnect"],
  ["mutualtls", "mutualTLS"],
]);

/** 0.1 `authentication.schemes` holds names ("Bearer", "OAuth2"); map the common ones. */
const NAME_KINDS: ReadonlyMap<string, SecuritySchemeKind> = new Map([
  ...TYPE_KINDS,
  ["bearer", "http"],
  ["basic", "http"],
  ["oidc", "openIdConnect"],
  ["mtls", "mutualTLS"],
]);

/** Names 0.1 cards use to say "no authentication". */
const NO_AUTH = new Set(["", "none", "public", "anonymous"]);

function kindOf(scheme: JsonObject): SecuritySchemeKind {
  // for-in over parsed JSON: its own keys, in order, with no key array.
  for (const key in scheme) {
    const kind = WRAPPER_KINDS.get(key);
    if (kind) return kind;
  }
  const type = scheme.type;
  if (typeof type === "string") return TYPE_KINDS.get(type.toLowerCase()) ?? "unknown";
  // The A2A JS SDK's internal oneof, what its agentCardHandler sends when it serves the SDK's own
  // AgentCard object (JSON.stringify of the ts-proto type): {"scheme":{"$case":"mtlsSecurityScheme","value":{…}}}.
  const oneof = scheme.scheme;
  if (isObject(oneof) && typeof oneof.$case === "string") return WRAPPER_KINDS.get(oneof.$case) ?? "unknown";
  return "unknown";
}

/** `map`: the card's securitySchemes, read by the caller. */
export function readSecuritySchemes(card: JsonObject, shape: CardShape, map: unknown): CardSecurityScheme[] {
  if (shape === "0.1") return readAuthenticationSchemes(card);
  if (!isObject(map)) return [];
  const out: CardSecurityScheme[] = [];
  for (const name in map) {
    const scheme = map[name];
    if (!isObject(scheme)) continue;
    const kind = kindOf(scheme);
    const oneof = scheme.scheme;
    if (kind !== "unknown" && isObject(oneof) && typeof oneof.$case === "string" && !isObject(scheme[oneof.$case])) {
      out.push({ name, kind, pointer: childPointer("/securitySchemes", name), jsSdkShape: true });
    } else out.push({ name, kind, pointer: childPointer("/securitySchemes", name) });
  }
  return out;
}

function readAuthenticationSchemes(card: JsonObject): CardSecurityScheme[] {
  const auth = card.authentication;
  const names = isObject(auth) ? auth.schemes : undefined;
  if (!Array.isArray(names)) return [];
  const out: CardSecurityScheme[] = [];
  for (let i = 0; i < names.length; i++) {
    const name: unknown = names[i];
    if (typeof name !== "string" || NO_AUTH.has(name.trim().toLowerCase())) continue;
    const kind = NAME_KINDS.get(name.trim().toLowerCase()) ?? "unknown";
    out.push({ name, kind, pointer: "/authentication/schemes/" + i });
  }
  return out;
}

/**
 * The OR-list of AND-sets. 1.0 `securityRequirements[{schemes:{name:{list}}}]` wins; else 0.x
 * `security[{name:[scopes]}]` or the hybrid/ProtoJSON `security[{schemes:{…}}]`; 0.1 lists
 * `authentication.schemes` as alternatives.
 */
export function readSecurityRequirements(card: JsonObject, shape: CardShape, modern: unknown, legacy: unknown): CardSecurityRequirement[] {
  if (shape === "0.1") {
    return readAuthenticationSchemes(card).map((scheme) => ({ schemes: [scheme.name], pointer: scheme.pointer, writtenAsName: true as const }));
  }
  // The card's securityRequirements and security, read by the caller.
  return requirementsOf(modern, legacy, "") ?? [];
}

/**
 * A skill's own requirements (the same two spellings, under `/skills/<i>`), or undefined when the
 * skill states none (the card's then apply).
 */
export function readSkillRequirements(skill: JsonObject, pointer: string): CardSecurityRequirement[] | undefined {
  return readRequirementsAt(skill, pointer);
}

function readRequirementsAt(obj: JsonObject, base: string): CardSecurityRequirement[] | undefined {
  const modern = obj.securityRequirements;
  if (Array.isArray(modern)) return readRequirementList(modern, base + "/securityRequirements");
  return requirementsOf(undefined, obj.security, base);
}

/** `modern` (securityRequirements) when it is a list, else `legacy` (security), under `base`. */
function requirementsOf(modern: unknown, legacy: unknown, base: string): CardSecurityRequirement[] | undefined {
  if (Array.isArray(modern)) return readRequirementList(modern, base + "/securityRequirements");
  if (Array.isArray(legacy)) return readRequirementList(legacy, base + "/security");
  return undefined;
}

function readRequirementList(list: unknown[], pointer: string): CardSecurityRequirement[] {
  const out: CardSecurityRequirement[] = [];
  for (let i = 0; i < list.length; i++) {
    const entry: unknown = list[i];
    if (!isObject(entry)) continue;
    const wrapped = entry.schemes;
    const map = isObject(wrapped) ? wrapped : entry;
    out.push({ schemes: Object.keys(map), pointer: pointer + "/" + i });
  }
  return out;
}
