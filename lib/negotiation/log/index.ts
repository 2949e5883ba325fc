/** Pasted log lines → what each one is (pure parsing; explain/log-lines.ts words the results). */
export { MAX_EXCERPT_CHARS, MAX_LOG_INPUT_CHARS, MAX_LOG_LINES } from "./limits";
export { findReviewLink, findRuleIds, findTaskClass } from "./mentions";
export { readPyList, readPyString, readPyValue, type LiteralExpectation } from "./python-literal";
export { decisionFromRecord, findingsFromRecord, readRecordReasons } from "./record-findings";
export {
  readLogLine,
  readLogText,
  type LogEntry,
  type LogEntryResult,
  type LogLimitNotice,
  type LogReading,
  type RuleRef,
  type UnreadableReason,
} from "./read-log";
export { reconstructFromSeed, type Reconstruction, type ReconstructionLabels } from "./reconstruct-seed";
export { readSeedMessage, type SeedExpectation, type SeedInvariant, type SeedMessage, type SeedMiss } from "./seed-message";
