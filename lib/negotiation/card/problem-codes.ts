import type { Severity } from "./validity";

/**
 * Every validity problem code, with its severity, in one place. An `error` means the card cannot
 * be negotiated on (not JSON, not an A2A card, or a field the negotiation reads has the wrong
 * type); a `warning` means the card deviates from the spec but Parley can still read it.
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
  // Deviations that are still usable.
  missingSpecField: "warning",
  ignoredWrongType: "warning",
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
  interfaceMissingProtocolVersion: "warning",
  transportInsteadOfProtocolBinding: "warning",
  bindingNotUppercase: "warning",
  urlPlaceholder: "warning",
  urlNotAbsolute: "warning",
  legacySecurityField: "warning",
  legacySecurityScheme: "warning",
  legacyRequirementShape: "warning",
  draftFieldName: "warning",
  protoJsonFieldNames: "warning",
  removedField: "warning",
  providerNameInsteadOfOrganization: "warning",
  undeclaredSecurityScheme: "warning",
  unknownSecuritySchemeShape: "warning",
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

export function severityOf(code: ProblemCode): Severity {
  return PROBLEM_CODES[code];
}
