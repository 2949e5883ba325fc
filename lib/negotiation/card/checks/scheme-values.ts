import type { CardShape } from "../model";
import { isObject, type JsonObject } from "../json-value";
import { childPointer } from "../pointer";
import { describeJsonType, type ProblemSink } from "../problems";

/**
 * What a declared security scheme must hold, by its kind: the kind itself one A2A defines, its
 * REQUIRED fields (a2a.proto v1.0.1 `field_behavior = REQUIRED`; the 0.x JSON Schemas' `required`
 * lists, which the 0.x Python SDK's models enforce), and the values they enumerate (an API key's
 * location; 1.0's OAuth flows). A conforming client refuses a card that breaks them: errors.
 */

/** 1.0's oneof keys (also 0.3's ProtoJSON encoding), with the fields each REQUIRES. */
const WRAPPER_REQUIRED: ReadonlyMap<string, readonly string[]> = new Map([
  ["apiKeySecurityScheme", ["location", "name"]],
  ["httpAuthSecurityScheme", ["scheme"]],
  ["oauth2SecurityScheme", ["flows"]],
  ["openIdConnectSecurityScheme", ["openIdConnectUrl"]],
  ["mtlsSecurityScheme", []],
]);

/** 0.x `type` values (compared case-insensitively, as Parley reads them), with the fields each requires. */
const TYPE_REQUIRED: ReadonlyMap<string, readonly string[]> = new Map([
  ["apikey", ["in", "name"]],
  ["http", ["scheme"]],
  ["oauth2", ["flows"]],
  ["openidconnect", ["openIdConnectUrl"]],
  ["mutualtls", []],
]);

/** API key locations (1.0 `location`, 0.x `in`); read case-insensitively. */
const API_KEY_LOCATIONS = ["query", "header", "cookie"];

/** 1.0's OAuthFlows oneof, with what each flow REQUIRES (implicit and password are deprecated and require nothing). */
const FLOWS_10: ReadonlyMap<string, readonly string[]> = new Map([
  ["authorizationCode", ["authorizationUrl", "tokenUrl", "scopes"]],
  ["clientCredentials", ["tokenUrl", "scopes"]],
  ["deviceCode", ["deviceAuthorizationUrl", "tokenUrl", "scopes"]],
  ["implicit", []],
  ["password", []],
]);

/** The 0.x schemas' flows (unknown keys are allowed there), with what each requires. */
const FLOWS_0X: ReadonlyMap<string, readonly string[]> = new Map([
  ["authorizationCode", ["authorizationUrl", "tokenUrl", "scopes"]],
  ["clientCredentials", ["tokenUrl", "scopes"]],
  ["implicit", ["authorizationUrl", "scopes"]],
  ["password", ["tokenUrl", "scopes"]],
]);

/**
 * Checks one declared scheme. Returns true when it found the scheme's kind (known or not), false
 * when the scheme has no kind Parley can read at all (the caller warns that it cannot tell).
 */
export function checkSchemeValues(name: string, scheme: JsonObject, shape: CardShape, sink: ProblemSink): boolean {
  const at = childPointer("/securitySchemes", name);
  const is10 = shape === "1.0" || shape === "hybrid";
  const flows = is10 ? FLOWS_10 : FLOWS_0X;
  let unknownWrapper: string | undefined;
  for (const key in scheme) {
    const required = WRAPPER_REQUIRED.get(key);
    if (required) {
      const body = scheme[key];
      if (isObject(body)) checkBody(name, body, childPointer(at, key), `securitySchemes.${name}.${key}`, required, key === "apiKeySecurityScheme" ? "location" : undefined, flows, is10, sink);
      return true;
    }
    if (unknownWrapper === undefined && key.endsWith("SecurityScheme")) unknownWrapper = key;
  }
  const type = scheme.type;
  if (typeof type === "string") {
    const required = TYPE_REQUIRED.get(type.trim().toLowerCase());
    if (!required) {
      sink.add("unknownSecuritySchemeKind", childPointer(at, "type"), { scheme: name, kind: type });
      return true;
    }
    checkBody(name, scheme, at, `securitySchemes.${name}`, required, type.trim().toLowerCase() === "apikey" ? "in" : undefined, flows, is10, sink);
    return true;
  }
  if (unknownWrapper !== undefined) {
    sink.add("unknownSecuritySchemeKind", childPointer(at, unknownWrapper), { scheme: name, kind: unknownWrapper });
    return true;
  }
  // The A2A JS SDK's own object, as its agentCardHandler serves it: {"scheme":{"$case":…,"value":{…}}}.
  const oneof = scheme.scheme;
  if (isObject(oneof) && typeof oneof.$case === "string") {
    if (!WRAPPER_REQUIRED.has(oneof.$case)) sink.add("unknownSecuritySchemeKind", childPointer(childPointer(at, "scheme"), "$case"), { scheme: name, kind: oneof.$case });
    else sink.add("jsSdkSchemeShape", childPointer(at, "scheme"), { scheme: name, kind: oneof.$case });
    return true;
  }
  if (is10) {
    // 1.0's scheme is a oneof written as its one key: a key holding an object (`{"kerberos": {…}}`)
    // is a kind A2A does not define.
    for (const key in scheme) {
      if (isObject(scheme[key])) {
        sink.add("unknownSecuritySchemeKind", childPointer(at, key), { scheme: name, kind: key });
        return true;
      }
    }
  }
  return false;
}

function checkBody(
  name: string,
  body: JsonObject,
  pointer: string,
  fieldBase: string,
  required: readonly string[],
  locationKey: string | undefined,
  flows: ReadonlyMap<string, readonly string[]>,
  is10: boolean,
  sink: ProblemSink,
): void {
  for (const field of required) checkRequired(body, field, pointer, `${fieldBase}.${field}`, field === "flows" ? "object" : "string", sink);
  if (locationKey !== undefined) {
    const location = body[locationKey];
    if (typeof location === "string" && !API_KEY_LOCATIONS.includes(location.trim().toLowerCase())) {
      sink.add("unknownApiKeyLocation", childPointer(pointer, locationKey), { scheme: name, field: locationKey, location });
    }
  }
  const flowMap = body.flows;
  if (isObject(flowMap)) checkFlows(name, flowMap, childPointer(pointer, "flows"), `${fieldBase}.flows`, flows, is10, sink);
}

/** A REQUIRED field: missing (reported on its object, as the schema tiers do) or of the wrong type. */
function checkRequired(obj: JsonObject, field: string, pointer: string, display: string, expected: "string" | "object", sink: ProblemSink): void {
  const value = obj[field];
  if (value === undefined || value === null) sink.add("missingRequiredField", pointer, { field: display, expected });
  else if (expected === "object" ? !isObject(value) : typeof value !== "string") {
    sink.add("requiredFieldWrongType", childPointer(pointer, field), { field: display, expected, found: describeJsonType(value) });
  }
}

function checkFlows(name: string, flowMap: JsonObject, pointer: string, fieldBase: string, flows: ReadonlyMap<string, readonly string[]>, is10: boolean, sink: ProblemSink): void {
  let known = 0;
  let firstUnknown: string | undefined;
  for (const key in flowMap) {
    const required = flows.get(key);
    if (!required) {
      firstUnknown ??= key;
      continue;
    }
    known++;
    const flow = flowMap[key];
    if (!isObject(flow)) continue;
    const at = childPointer(pointer, key);
    for (const field of required) checkRequired(flow, field, at, `${fieldBase}.${key}.${field}`, field === "scopes" ? "object" : "string", sink);
  }
  // 1.0's flows are a oneof: a key it does not define, with none it does, names no flow a client
  // can run. (0.x schemas allow other keys beside their four.)
  if (is10 && known === 0 && firstUnknown !== undefined) sink.add("unknownOAuthFlow", childPointer(pointer, firstUnknown), { scheme: name, flow: firstUnknown });
}
