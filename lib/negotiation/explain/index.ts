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
