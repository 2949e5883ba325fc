import type { ValidityProblem } from "../negotiation/card/validity";
import type { DecisionReason, Review, ReviewInputError } from "../negotiation/decision-types";
import { describeProblem, explainAdvisory, explainFinding, explainInputError, explainReason } from "../negotiation/explain";
import type { Finding } from "../negotiation/invariants/types";

/** Every English text the CLI prints comes from explain/ through here (one place to adapt). */

export function problemMessage(p: ValidityProblem): string {
  return describeProblem(p);
}
export function findingMessage(f: Finding): string {
  return explainFinding(f);
}
export function reasonMessage(r: DecisionReason): string {
  return explainReason(r);
}
export function inputErrorMessage(e: ReviewInputError): string {
  return explainInputError(e);
}
export function advisoryMessage(advisory: NonNullable<Review["advisory"]>): string {
  return explainAdvisory(advisory);
}
