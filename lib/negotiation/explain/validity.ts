import { ownValue } from "../own-value";
import { withThousands } from "../thousands";
import type { ProblemCode } from "../card/problem-codes";
import { MAX_WARNINGS_PER_CODE, type ValidityProblem } from "../card/validity";
import type { MessageData } from "../invariants/types";
import { describeSignatureReason } from "./signatures";
import { formatList, renderTemplate } from "./template";

/**
 * English for card validity problems: one template per problem code, `{{name}}` filled from the
 * problem's data (plus `{{pointer}}`). Types in `expected`/`found` get their article ("an object").
 */
export const VALIDITY_TEMPLATES: Record<ProblemCode, string> = {
  notJson: "The text is not valid JSON: {{reason}} at line {{line}}, column {{column}}.",
  notAnObject: "The document must be a JSON object (an Agent Card), found {{found}}.",
  tooLarge: "The document is {{size}} characters long; Parley reads cards of at most {{limit}} characters.",
  tooDeep: "The document is nested too deeply to read.",
  unreadable: "Parley could not read this document.",
  notAnAgentCard: "This is not an A2A Agent Card: it has no {{missing}}.",
  missingField: "{{field}} is missing: it must be {{expected}}, and negotiation reads it.",
  wrongType: "{{field}} must be {{expected}}, found {{found}}.",
  emptyList: "{{field}} is empty: it must list at least one entry.",
  missingBinding: "{{field}} has no protocolBinding, so no client can choose this interface.",
  noCallableInterface:
    'The card names no endpoint a client can call: "{{url}}" is a template, a placeholder or a relative path, not an absolute URL (or host:port for gRPC){{others}}. Nothing can be sent to it: fix it at its source.',
  missingRequiredField: "{{field}} is missing: A2A requires {{expected}} here, so a conforming client refuses this card.",
  requiredFieldWrongType: "{{field}} must be {{expected}}, found {{found}}: A2A requires it, so a conforming client refuses this card.",
  emptyRequiredList: "{{field}} is empty: A2A 1.0 requires at least one entry here, so a conforming client refuses this card.",
  urlNotHttp:
    '{{field}} ("{{url}}") is not an http(s) URL, which {{binding}} is carried over: a conforming client refuses this card.',
  legacyUrlNotHttp: '{{field}} ("{{url}}") is not an http(s) URL, which {{binding}} is carried over, so no client can call it.',
  booleanAsString:
    '{{field}} is the string "{{value}}", not a boolean: A2A 1.0 JSON takes only true or false, so a conforming client refuses this card (read as a boolean it would mean {{readAs}}; the A2A JS SDK reads any non-empty string as true).',
  requiredExtensionWithoutUri:
    "{{field}} is required but has no uri: a client takes up an extension by its URI, so none can take up this one, and a conforming client refuses this card.",
  unknownSecuritySchemeKind:
    'Security scheme {{scheme}} is of kind "{{kind}}", which A2A does not define (apiKey, http, oauth2, openIdConnect, mutualTLS): an unknown field, which clients ignore, so no client can authenticate with this scheme.',
  jsSdkSchemeShape:
    "Security scheme {{scheme}} is written in the A2A JS SDK's internal shape (scheme.$case = {{kind}}), not ProtoJSON (1.0 writes {{kind}} as the scheme's own key): the JS SDK reads it, other clients (the Python SDK) ignore it and send no credentials.",
  cardNotWhereClientLooks:
    "This client will not find this card: it was fetched from {{url}}, and the client ({{client}}) looks only at {{cardPaths}}, so handed this agent it tries {{wouldTry}}. Serve the card there too, or give the client this card's URL.",
  unknownApiKeyLocation:
    'Security scheme {{scheme}} puts its API key in "{{location}}" ({{field}}), which A2A does not define (query, header or cookie): a conforming client refuses this card.',
  unknownOAuthFlow:
    'Security scheme {{scheme}} names the OAuth flow "{{flow}}", which A2A 1.0 does not define (authorizationCode, clientCredentials, deviceCode, and the deprecated implicit and password): a conforming client refuses this card.',
  missingSpecField: "{{field}} is missing: the spec requires {{expected}} here (negotiation does not need it).",
  ignoredWrongType: "{{field}} should be {{expected}}, found {{found}}; Parley ignores it.",
  emptySpecList: "{{field}} is empty; the spec asks for at least one entry.",
  nullValue: "{{field}} is null; Parley reads it as absent.",
  nonMimeMode:
    '"{{mode}}" at {{pointer}} is not a media type; Parley reads it as {{reading}} (text → text/plain, data → application/json, file → any type), and clients matching media types strictly will not.',
  emptyModeList: "{{field}} is empty: the card does not say which modes it takes or gives, so Parley reads them as unknown.",
  skillOnlyInputMode:
    '"{{mode}}" at {{pointer}} is a skill\'s input mode the card\'s defaultInputModes do not list: requests cannot name a skill, and a server checks input against defaultInputModes, so it refuses "{{mode}}". List it in defaultInputModes.',
  protoJsonFieldNames:
    "The card writes A2A field names in their protobuf snake_case form ({{fields}}); A2A's JSON names are camelCase. ProtoJSON parsers (the A2A SDKs') read both, and so does Parley; a client that reads only the JSON names will not.",
  stringBoolean: '{{field}} is the string "{{value}}", not a boolean; Parley reads it as {{readAs}}.',
  versionPatchDigits: '{{field}} is "{{version}}": A2A 1.0 compares Major.Minor only, so write "{{suggested}}".',
  interfaceVersionPatchDigits:
    '{{field}} is "{{version}}": A2A compares Major.Minor only (Parley reads it as {{suggested}}), but a server on the A2A JS SDK matches the A2A-Version header against this text exactly, so a client sending "{{suggested}}" is refused with VersionNotSupported: write "{{suggested}}".',
  unknownProtocolVersion: '{{field}} declares "{{version}}", which is not a released A2A version.',
  protocolVersionShapeMismatch:
    'The card declares protocolVersion "{{version}}" but is written in the {{shape}} shape; Parley reads it as {{shape}}.',
  cardLevelProtocolVersion:
    'protocolVersion "{{version}}" at the top of the card is a 0.3 field; in 1.0 each supportedInterfaces entry declares its own.',
  draftProtocolVersions:
    "protocolVersions is a draft field that never shipped; 1.0 declares protocolVersion on each supportedInterfaces entry.",
  interfaceMissingProtocolVersion:
    "{{field}} has no protocolVersion, which A2A 1.0 requires, so a conforming client refuses this card (clients that read it anyway disagree on whether it means 0.3 or 1.0).",
  transportInsteadOfProtocolBinding:
    '{{field}} uses transport ("{{transport}}") where A2A 1.0 requires protocolBinding, so a conforming client refuses this card (Parley reads it as the binding to explain the rest).',
  bindingNotUppercase: 'Binding "{{binding}}" at {{pointer}} should be written "{{suggested}}"; Parley compares bindings case-insensitively.',
  urlPlaceholder: '{{field}} is a template placeholder ("{{url}}"), not a URL a client can call.',
  urlNotAbsolute: '{{field}} ("{{url}}") is not an absolute URL a client can call.',
  legacySecurityField: "{{field}} is the 0.3 name; 1.0 cards list requirements in {{replacement}}. Parley reads it all the same.",
  legacyRequirementShape:
    "{{field}} is written the 0.3 way (scheme name → list of scopes) inside 1.0 securityRequirements, which puts each scheme under \"schemes\" with its scopes in \"list\"; Parley reads it as requiring {{schemes}}, but a 1.0 SDK reading it strictly sees no requirement.",
  legacySecurityScheme:
    "Security scheme {{scheme}} is written the 0.3 way (type: {{type}}); 1.0 cards wrap each scheme in one key such as httpAuthSecurityScheme.",
  draftFieldName: "{{field}} is a draft name; A2A 1.0 uses {{replacement}}.",
  removedField: "{{field}} was removed in A2A 1.0; Parley ignores it.",
  providerNameInsteadOfOrganization: "provider has name where the spec expects organization.",
  undeclaredSecurityScheme: '{{field}} refers to security scheme "{{scheme}}", which securitySchemes does not declare.',
  unknownSecuritySchemeShape:
    "Security scheme {{scheme}} has neither a type nor a 1.0 wrapper key, so Parley cannot tell what it requires.",
  signatureUnverifiable: "The card is signed, but the signature at {{pointer}} cannot be verified: {{signatureReason}}.",
  signatureInvalid:
    "The signature at {{pointer}} is invalid: {{signatureReason}}. Do not trust what this card says until a signature on it verifies.",
  moreOfThisKind: "…and {{count}} more of this kind ({{kind}}), the first at {{pointer}}; Parley lists only the first {{kept}}.",
  signatureInvalidBesideValid:
    "The signature at {{pointer}} does not verify with the keys at hand, but another signature on this card does, and one is enough (a card may carry several, as when keys rotate): re-sign or remove the failing one, or supply the key it was made with.",
};

/** A problem code in a few words, for a sentence that lists several ("the card is not valid: …"). */
export const PROBLEM_NAMES: Record<ProblemCode, string> = {
  notJson: "not JSON",
  notAnObject: "not a JSON object",
  tooLarge: "too large",
  tooDeep: "nested too deeply",
  unreadable: "unreadable",
  notAnAgentCard: "not an Agent Card",
  missingField: "a missing field",
  wrongType: "a field of the wrong type",
  emptyList: "an empty list",
  missingBinding: "an interface without a protocol binding",
  noCallableInterface: "no endpoint a client can call",
  missingRequiredField: "a missing required field",
  requiredFieldWrongType: "a required field of the wrong type",
  emptyRequiredList: "an empty required list",
  urlNotHttp: "an endpoint that is not http(s)",
  legacyUrlNotHttp: "an endpoint that is not http(s)",
  booleanAsString: "a boolean written as a string",
  requiredExtensionWithoutUri: "a required extension without a uri",
  unknownSecuritySchemeKind: "a security scheme of a kind A2A does not define",
  jsSdkSchemeShape: "a security scheme in the JS SDK's internal shape",
  cardNotWhereClientLooks: "a card where this client does not look",
  unknownApiKeyLocation: "an API key location A2A does not define",
  unknownOAuthFlow: "an OAuth flow A2A does not define",
  missingSpecField: "a missing spec field",
  ignoredWrongType: "an ignored field of the wrong type",
  emptySpecList: "an empty spec list",
  nullValue: "a null value",
  nonMimeMode: "a mode that is not a media type",
  emptyModeList: "an empty mode list",
  skillOnlyInputMode: "a skill input mode the default input modes leave out",
  stringBoolean: "a boolean written as a string",
  protoJsonFieldNames: "snake_case field names",
  versionPatchDigits: "a version with patch digits",
  interfaceVersionPatchDigits: "an interface version with patch digits",
  unknownProtocolVersion: "an unknown protocol version",
  protocolVersionShapeMismatch: "a protocol version that does not match the shape",
  cardLevelProtocolVersion: "a card-level protocol version",
  draftProtocolVersions: "a draft list of protocol versions",
  interfaceMissingProtocolVersion: "an interface without a protocol version",
  transportInsteadOfProtocolBinding: "transport where 1.0 requires a protocol binding",
  bindingNotUppercase: "a binding not in upper case",
  urlPlaceholder: "a URL placeholder",
  urlNotAbsolute: "a URL that is not absolute",
  legacySecurityField: "a 0.3 security field",
  legacyRequirementShape: "a 0.3 security requirement",
  legacySecurityScheme: "a 0.3 security scheme",
  draftFieldName: "a draft field name",
  removedField: "a removed field",
  providerNameInsteadOfOrganization: "provider name instead of organization",
  undeclaredSecurityScheme: "an undeclared security scheme",
  unknownSecuritySchemeShape: "a security scheme of unknown shape",
  signatureUnverifiable: "an unverifiable signature",
  signatureInvalid: "an invalid signature",
  moreOfThisKind: "more warnings of one kind",
  signatureInvalidBesideValid: "a failing signature beside one that verifies",
};

/** Problem codes as words (an unknown code, from a newer engine's record, is said as it is). */
export function nameProblems(codes: readonly string[]): string[] {
  return codes.map((code) => ownValue(PROBLEM_NAMES, code) ?? code);
}

/** A URL that is simply empty is called empty, not a template or a relative path. */
const EMPTY_URL_TEMPLATES: Partial<Record<ProblemCode, string>> = {
  noCallableInterface:
    "The card names no endpoint a client can call: its URL is empty{{others}}. Nothing can be sent to it: fix it at its source.",
  urlNotAbsolute: "{{field}} is empty: there is no URL a client can call.",
};

/** The problems in reading order: errors (which decide) before warnings, each in the card's order. */
export function problemsInReadingOrder<P extends { severity: string }>(problems: readonly P[]): P[] {
  return [...problems.filter((p) => p.severity === "error"), ...problems.filter((p) => p.severity !== "error")];
}

/** No callable endpoint because the first one's scheme is not http(s) (`ftp://`) for a binding carried over HTTP. */
const NOT_HTTP_NO_CALLABLE =
  'The card names no endpoint a client can call: "{{url}}" is not an http(s) URL, and its binding is carried over HTTP{{others}}. Nothing can be sent to it: fix it at its source.';

/** JSON syntax error codes (card/json-scan.ts, named as jsonc-parser names them) → what a person would say. */
const SYNTAX_REASONS: Record<string, string> = {
  invalidSymbol: "an unexpected character",
  invalidNumberFormat: "a malformed number",
  propertyNameExpected: "a property name in double quotes is expected",
  valueExpected: "a value is expected",
  colonExpected: "a colon is expected",
  commaExpected: "a comma is expected",
  closeBraceExpected: "a closing } is expected",
  closeBracketExpected: "a closing ] is expected",
  endOfFileExpected: "unexpected text after the end of the document",
  invalidCommentToken: "comments are not allowed in JSON",
  unexpectedEndOfComment: "a comment is not closed",
  unexpectedEndOfString: "a string is not closed",
  unexpectedEndOfNumber: "a number is cut off",
  invalidUnicode: "an invalid \\u escape",
  invalidEscapeCharacter: "an invalid escape character",
  invalidCharacter: "a control character inside a string",
  emptyDocument: "the document is empty",
  invalidSyntax: "the syntax is invalid",
};

/** A JSON syntax error code (card/json-scan.ts) as words: "a closing ] is expected". */
export function syntaxReasonWords(code: string): string {
  return ownValue(SYNTAX_REASONS, code) ?? code;
}

const TYPE_WORDS: Record<string, string> = {
  string: "a string",
  number: "a number",
  boolean: "a boolean",
  object: "an object",
  array: "an array",
  null: "null",
  undefined: "nothing",
  "boolean or object": "a boolean or an object",
  "list of scopes": "a list of scopes",
};

function renderValue(key: string, value: unknown): string {
  if (Array.isArray(value)) return formatList(value.map(String), "nothing");
  if (key === "expected" || key === "found") return ownValue(TYPE_WORDS, String(value)) ?? String(value);
  if (key === "reason") return syntaxReasonWords(String(value));
  return String(value);
}

/**
 * Placeholders a problem's sentence words from its data, per code, as an invariant's meta.wording
 * does for findings: the data holds a count or leaves a value out, the words are here. A record
 * whose data holds the words itself (engines that put them in the data) keeps them.
 */
const PROBLEM_WORDING: Partial<Record<ProblemCode, Record<string, (data: ValidityProblem["data"]) => string>>> = {
  noCallableInterface: {
    others: (data) => {
      const more = typeof data.otherEndpoints === "number" ? data.otherEndpoints : 0;
      return more === 0 ? "" : more === 1 ? ", and so is the other endpoint it lists" : `, and so are the ${withThousands(more)} other endpoints it lists`;
    },
  },
  nonMimeMode: { reading: () => "a media type it cannot match" },
  moreOfThisKind: {
    count: (data) => withThousands(typeof data.more === "number" ? data.more : 0),
    kind: (data) => ownValue(PROBLEM_NAMES, String(data.code)) ?? String(data.code),
    kept: () => String(MAX_WARNINGS_PER_CODE),
  },
};

function addWording(problem: ValidityProblem, words: MessageData): void {
  const wording = ownValue(PROBLEM_WORDING, problem.code);
  if (!wording) return;
  for (const [name, word] of Object.entries(wording)) if (!Object.hasOwn(problem.data, name)) words[name] = word(problem.data);
}

/** One plain sentence: what is wrong with the card, and where. */
export function describeProblem(problem: ValidityProblem): string {
  const emptyUrl = problem.data.url === "" ? (EMPTY_URL_TEMPLATES as Record<string, string | undefined>)[problem.code] : undefined;
  const notHttp = problem.code === "noCallableInterface" && problem.data.notHttp === true ? NOT_HTTP_NO_CALLABLE : undefined;
  const template = emptyUrl ?? notHttp ?? (VALIDITY_TEMPLATES as Record<string, string | undefined>)[problem.code];
  const pointer = problem.pointer === "" ? "the top of the card" : problem.pointer;
  if (template === undefined) return `Problem "${problem.code}" at ${pointer}.`;
  // Values are worded here (types get their article, syntax codes their phrase); renderTemplate fills them.
  const words: MessageData = { pointer };
  for (const [key, value] of Object.entries(problem.data)) {
    if (value !== undefined) words[key] = renderValue(key, value);
  }
  addWording(problem, words);
  if (typeof problem.data.signatureReason === "string") {
    const { alg, kid, jku } = problem.data;
    const header = { alg: typeof alg === "string" ? alg : undefined, kid: typeof kid === "string" ? kid : undefined, jku: typeof jku === "string" ? jku : undefined };
    words.signatureReason = describeSignatureReason(problem.data.signatureReason, problem.data, header);
  }
  return renderTemplate(template, words);
}
