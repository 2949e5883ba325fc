import type { Severity } from "./validity";

/**
 * Every validity problem code, with its severity, in one place. An `error` means the card cannot
 * be negotiated on (not JSON, not an A2A card, a field the negotiation reads has the wrong type),
 * or breaks what its own A2A version REQUIRES, so that a conforming client refuses it; a `warning`
 * means the card deviates from the spec but a client can still read it (unknown and legacy fields,
 * which the spec says to ignore; what the card's version does not require).
 * Codes are camelCase and stable: they appear in CLI JSON output and decision records.
 * explain/validity.ts holds one English template per code (a test keeps the two in step).
 */
export const PROBLEM_CODES = {
  // The text itself.
  notJson: "error",
  notAnObject: "error",
  tooLarge: "error",
  tooDeep: "error",
  unreadable: "error",
  // Not an A2A card, or unreadable where negotiation reads.
  notAnAgentCard: "error",
  missingField: "error",
  wrongType: "error",
  emptyList: "error",
  missingBinding: "error",
  noCallableInterface: "error",
  // What the card's A2A version REQUIRES (1.0: a2a.proto's field_behavior and §5.7; 0.x: its
  // JSON Schema's required lists): a conforming client refuses the card.
  missingRequiredField: "error",
  requiredFieldWrongType: "error",
  emptyRequiredList: "error",
  interfaceMissingProtocolVersion: "error",
  transportInsteadOfProtocolBinding: "error",
  urlNotHttp: "error",
  booleanAsString: "error",
  requiredExtensionWithoutUri: "error",
  unknownApiKeyLocation: "error",
  unknownOAuthFlow: "error",
  // Deviations that are still usable.
  missingSpecField: "warning",
  ignoredWrongType: "warning",
  // A spec-tier list below its minimum (no spec-tier schema has one today: 1.0's are REQUIRED).
  emptySpecList: "warning",
  nullValue: "warning",
  nonMimeMode: "warning",
  emptyModeList: "warning",
  skillOnlyInputMode: "warning",
  stringBoolean: "warning",
  versionPatchDigits: "warning",
  interfaceVersionPatchDigits: "warning",
  unknownProtocolVersion: "warning",
  protocolVersionShapeMismatch: "warning",
  cardLevelProtocolVersion: "warning",
  draftProtocolVersions: "warning",
  bindingNotUppercase: "warning",
  urlPlaceholder: "warning",
  urlNotAbsolute: "warning",
  legacyUrlNotHttp: "warning",
  legacySecurityField: "warning",
  legacySecurityScheme: "warning",
  legacyRequirementShape: "warning",
  draftFieldName: "warning",
  protoJsonFieldNames: "warning",
  removedField: "warning",
  providerNameInsteadOfOrganization: "warning",
  undeclaredSecurityScheme: "warning",
  unknownSecuritySchemeShape: "warning",
  // An unknown field, as the spec says to ignore it: the scheme is unreadable, not the card invalid (issue 39).
  unknownSecuritySchemeKind: "warning",
  // The JS SDK's internal {"scheme":{"$case":…}} shape: not ProtoJSON; clients other than the JS SDK ignore it.
  jsSdkSchemeShape: "warning",
  // Not the card's text but where it was fetched from: this client, handed the agent, looks elsewhere (issue 39).
  cardNotWhereClientLooks: "warning",
  // Signatures (A2A 1.0 §8.4): a signature that cannot be checked, or does not verify, leaves the
  // card readable; a client that requires signed cards refuses it (the signed-card invariant).
  signatureUnverifiable: "warning",
  signatureInvalid: "warning",
  // More warnings of one code than a report keeps (validity.ts, capWarnings): how many were left out.
  moreOfThisKind: "warning",
  signatureInvalidBesideValid: "warning",
} as const satisfies Record<string, Severity>;

export type ProblemCode = keyof typeof PROBLEM_CODES;

export const PROBLEM_CODE_LIST = Object.keys(PROBLEM_CODES) as ProblemCode[];

/** The table as a Map, for severityOf, asked of every problem of every review (speed: bench/cases/review-throughput.ts). */
const SEVERITIES: ReadonlyMap<string, Severity> = new Map(Object.entries(PROBLEM_CODES));

export function severityOf(code: ProblemCode): Severity {
  return SEVERITIES.get(code)!;
}
