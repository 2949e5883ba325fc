/**
 * Parley's front door: everything a caller outside lib/negotiation needs to review a card, read and
 * write decision records and word the results, and nothing of how the engine gets there. This is
 * the `parley-a2a` package's main entry (scripts/build-lib.mjs); the app, the CLI, the bench and
 * the scripts import through it too, so what the package offers is what Parley itself runs on.
 *
 * It has no side effects. Cards are validated everywhere by the validator generated ahead of time
 * from the card schemas (./card/schemas/generated.ts: plain code, so the browser's CSP allows it),
 * the same issues as zod/mini's own parse, faster; the package's Node entry (./node.ts) and the
 * CLI still call installCompiledCardSchemas(), which now only makes sure it is the one in use.
 *
 * Sub-entries that in-repo code may also import are listed, with why, in lib/boundaries.test.ts.
 */

// Reviewing.
export { review, type ReviewOptions } from "./review";
export {
  DECISIONS,
  REASON_IDS,
  type ConditionName,
  type DecisionKind,
  type DecisionReason,
  type DegradationRecord,
  type ReasonId,
  type Review,
  type ReviewInputError,
  type ReviewInputErrorCode,
  type TaskClassDecision,
} from "./decision-types";
export { ENGINE_NAME, ENGINE_VERSION } from "./version";
// The one cap on every list a card can grow (its total kept, said once).
export { capList, LIST_CAP, type CappedList } from "./caps";
export { isNotForClient, outcomeOf, outcomeRank, rulesOf, worstOutcome } from "./decide";
export { OUTCOMES, REJECT_TARGETS, type Outcome, type RejectTarget } from "./decision-types";
export { clientLimitRules, isClientLimit } from "./client-limits";

// Where a client looks for a card, against the URL it was fetched from (issue 39).
export { locateCard, locateCardFor, type CardLocation, type CardLocationStatus } from "./card-location";
export { describeCardLocation } from "./explain/card-location";

// What a review is asked about: the client profile, the conditions of validity, the task classes.
export {
  CallbackProfile,
  ClientProfile,
  findPreset,
  NORTHWIND,
  PRESET_IDS,
  PRESETS,
  presetSlug,
  SECURITY_SCHEME_KINDS,
} from "./profile";
export { EMPTY_CONTEXT, HonoredExtension, ReviewContext } from "./context";
export { BUILT_IN_TASK_CLASS_IDS, BUILT_IN_TASK_CLASSES, findTaskClass, TaskClass, type Path } from "./task-classes";

// What a review hands back, beyond its decisions.
export { getInvariant, INVARIANT_IDS, INVARIANTS, isInvariantId } from "./invariants";
export type { EvidenceRef, Finding, FindingStatus, InvariantId, InvariantMeta, MessageData, RuleException } from "./invariants/types";
export { docsPath, specHref } from "./invariants/types";
export type { IssueCut, Severity, ValidityProblem, ValidityReport } from "./card/validity";
export type { CardShape } from "./card/model";
export { PROBLEM_CODE_LIST, PROBLEM_CODES, type ProblemCode } from "./card/problem-codes";

// Signed cards: verification is async and runs before review() (ReviewOptions.signatures).
export { verifyCardSignatures, type VerifySignaturesOptions } from "./signatures/verify";
export { readKeySet, type KeySetReading, type PublicJwk } from "./signatures/keys";
export type { CardSignatureStatus, SignatureEntry, SignatureReport, SignatureStatus } from "./signatures/types";

// Decision records: the log line a client writes for a decision, and reading one back.
export {
  DECISION_RECORD_TYPE,
  DECISION_RECORD_VERSION,
  DecisionRecord,
  digestCardText,
  formatDecisionRecord,
  MAX_RECORD_LENGTH,
  parseDecisionRecord,
  writeDecisionRecord,
  type ParseRecordResult,
  type RecordOptions,
  type RecordParseError,
} from "./record";
export { readLogLine, readLogText, type LogEntry, type LogReading } from "./log";

// A card checked on its own, against every preset, with no profile of the caller's (parley lint, /check).
export {
  LINT_STATUSES,
  LIVE_PROBLEM_CODES,
  lintCard,
  lintFails,
  presetsWithoutRejection,
  type CardLint,
  type LintOptions,
  type LintStatus,
  type LiveInterface,
  type LiveLint,
  type LiveObservation,
  type LiveProblem,
  type LiveProblemCode,
  type PresetDecision,
  type PresetLint,
} from "./lint";

// The lint's wording, here rather than in the explain/ barrel, which pages that never show a lint import.
export { describeLintExit, describeLintStatus, describeLiveProblem, describePresetLint, LIVE_TEMPLATES, outcomeLabel } from "./explain/lint";

// Two versions of one card, reviewed side by side.
export {
  detailOf,
  diffCards,
  isWorse,
  orderDecisionChanges,
  restsOn,
  type CardDiff,
  type DecisionChange,
  type DecisionChangeDetail,
  type DiffOptions,
  type FieldChange,
  type FindingChange,
} from "./diff";

// Explanations (the only English the engine produces).
export {
  describeCut,
  describeCutPath,
  describeInvariant,
  describeProblem,
  explainAdvisory,
  explainDecision,
  explainDegradation,
  explainFinding,
  explainInputError,
  explainReason,
  explainRecordError,
  whatWouldChange,
} from "./explain";

// The rule's reference check, with the same raises (a parity shim; review() is Parley's answer).
export { checkCardNegotiable, evaluateCardNegotiable, type EvaluateOptions, SEED_MAX_NESTING, SeedInputError, UnnegotiableAgentCardError, type SeedRaise } from "./seed-compat";

// Acknowledged findings (known and accepted, with a reason and maybe an expiry): shown, never hidden.
export {
  Acknowledgement,
  acknowledgeDecision,
  acknowledgeReview,
  ACKNOWLEDGEMENT_DATE,
  acknowledgementExpiry,
  CARD_DIGEST,
  gateDecision,
  isExpired,
  MAX_ACKNOWLEDGEMENTS,
  readAcknowledgements,
  type AcknowledgementProblem,
  type AcknowledgementProblemCode,
  type AcknowledgementReading,
  type AcknowledgeOptions,
  type AppliedAcknowledgement,
  type ClassAcknowledgement,
} from "./acknowledgements";
export { describeAcknowledgement, describeClassAcknowledgement, explainAcknowledgementProblem } from "./explain/acknowledgements";

// Media types as the input gate compares them (the guard reads a call's parts with it).
export { listHas } from "./card/media-types";

// Names the browser-side code reads (the dashboard's legends and the workspace's card locator).
export { OUTCOME_LABELS, OUTCOME_MEANINGS, STATUS_MEANINGS } from "./explain/legend";
export { locatePointer, locatePointers } from "./card/locate";
