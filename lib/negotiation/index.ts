/**
 * Parley's negotiation core, public surface. Pure TypeScript: no React, Next, Node built-ins or
 * network, so the browser, the API routes and the CLI all run the very same decisions.
 */
export { ENGINE_NAME, ENGINE_VERSION } from "./version";

export { review, type ReviewOptions } from "./review";
export { decide, moreSevere, type DecideInput } from "./decide";

export { loadCard, locatePointer, detectShape, normalizeCard, validateCardValue } from "./card";
export type { CardLoadResult, ValidityProblem, ValidityReport, Severity } from "./card";
export type * from "./card/model";

export { ClientProfile, CallbackProfile, NORTHWIND, PRESETS, findPreset, presetSlug, resolveRuleDefaults } from "./profile";
export { ReviewContext, EMPTY_CONTEXT } from "./context";
export { TaskClass, BUILT_IN_TASK_CLASSES, BUILT_IN_TASK_CLASS_IDS, findTaskClass, type Path } from "./task-classes";

export { INVARIANTS, INVARIANT_IDS, getInvariant, isInvariantId, docsPath } from "./invariants";
export type {
  CheckInput,
  EvidenceRef,
  Finding,
  FindingStatus,
  Invariant,
  InvariantId,
  InvariantMeta,
  MessageData,
  MessageValue,
  RuleException,
} from "./invariants/types";

export { DECISIONS } from "./decision-types";
export type {
  DecisionKind,
  DecisionReason,
  DegradationRecord,
  ReasonId,
  Review,
  ReviewInputError,
  ReviewInputErrorCode,
  TaskClassDecision,
} from "./decision-types";

export * from "./explain";

export {
  DecisionRecord,
  DECISION_RECORD_TYPE,
  DECISION_RECORD_VERSION,
  MAX_RECORD_LENGTH,
  digestCardText,
  formatDecisionRecord,
  parseDecisionRecord,
  writeDecisionRecord,
  type ParseRecordResult,
  type RecordOptions,
  type RecordParseError,
} from "./record";

export {
  INCIDENT_CARDS,
  CONTOSO,
  CONTOSO_LIVE_AUDIO,
  CONTOSO_PUSH_MTLS,
  CONTOSO_RESUBSCRIBE_ONLY,
  type ExampleCard,
} from "./examples/incidents";
