/** The only place that turns ids + data into English. */
export { describeInvariant, explainFinding, whatWouldChange } from "./findings";
export {
  describeCutPath,
  explainAdvisory,
  explainDecision,
  explainDegradation,
  explainInputError,
  explainReason,
} from "./decisions";
export { formatList, renderTemplate, templatePlaceholders, UnfilledPlaceholderError } from "./template";
export { explainRecordError } from "./record";
// Validity problems are explained by explain/validity.ts (owned by the card-parsing work).
export { describeProblem } from "./validity";
export { describeCut } from "./cut-label";
