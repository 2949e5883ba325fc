/** The only place that turns ids + data into English. */
export { describeInvariant, explainFinding, whatWouldChange } from "./findings";
export {
  describeCutPath,
  explainAdvisory,
  explainDecision,
  explainDegradation,
  explainEveryClassRejected,
  explainInputError,
  explainNotApplied,
  explainReason,
  type ExplainReasonOptions,
  invalidCardReason,
} from "./decisions";
export { formatList, renderTemplate, templatePlaceholders, UnfilledPlaceholderError } from "./template";
export { explainRecordError } from "./record";
// Validity problems are explained by explain/validity.ts (owned by the card-parsing work).
export { describeProblem } from "./validity";
export { describeCut } from "./cut-label";
// The rest of the wording the app and the CLI show.
export { cardFaultStep, decisionLabel } from "./decisions";
export { findingExplainer } from "./findings";
export { describeMissing } from "./cut-label";
export { problemsInReadingOrder, syntaxReasonWords } from "./validity";
export { countProblems, describeIssueCuts, describeProblemCounts, describeUnlisted } from "./problem-counts";
export { evidenceValueText } from "./evidence";
export { DECISION_MEANINGS, STATUS_MEANINGS } from "./legend";
export { DECISIONS_BY_SEVERITY, explainCellOfInvalidCard, summarizeVerdict, type Verdict, type VerdictLine } from "./verdict";
export { describeKeyIssue } from "./signature-keys";
export { describeKeySetError, describeSignatureEntry, describeSignatureReport, signatureStatusLabel } from "./signatures";
export { hintForSchemelessUrl, type SchemeHint } from "./fetch-hint";
export { describeLinkCardLimit, type LinkCardLimitProblem } from "./link-limits";
export { explainLogEntry, explainLogNotice, type LogLineExplanation } from "./log-lines";
export { describeProfileIssue, type ProfileIssueData } from "./profile-issues";
export { RECONSTRUCTION_LABELS, RECONSTRUCTION_NOTE } from "./reconstruction";
export { withThousands } from "../thousands";
