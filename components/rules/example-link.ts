import { type ClientProfile, type DecisionKind, ENGINE_VERSION, type Review, type ReviewContext } from "@/lib/negotiation";
import { encodeReviewLink } from "@/lib/share";

/**
 * The workspace link of an example on a rule page: a snapshot link (the exact card text, the
 * profile, the context, the decisions this engine made), so it opens the same review next year.
 */
export function buildExampleHref(cardText: string, profile: ClientProfile, context: ReviewContext, result: Review): string {
  const decisions: Record<string, DecisionKind> = {};
  for (const d of result.decisions) decisions[d.taskClass] = d.decision;
  return `/#${encodeReviewLink({ cardText, profile, context, engineVersion: ENGINE_VERSION, decisions })}`;
}
