/**
 * The workspace's single door into the core: every core name the UI uses is imported here, so the
 * components stay thin and a change in the core's surface is absorbed in one file.
 */
import {
  describeInvariant,
  describeProblem,
  explainDecision,
  explainFinding,
  locatePointer,
  whatWouldChange,
  writeDecisionRecord,
} from "@/lib/negotiation";
import { INVARIANTS } from "@/lib/negotiation/invariants";
import { review } from "@/lib/negotiation/review";
import type { ReviewContext } from "@/lib/negotiation/context";
import type { Review, TaskClassDecision } from "@/lib/negotiation/decision-types";
import type { Finding, InvariantMeta } from "@/lib/negotiation/invariants/types";
import type { ClientProfile } from "@/lib/negotiation/profile";
import type { EditorDiagnostic } from "@/components/card-editor/json-editor";

export type { Review, TaskClassDecision, Finding, InvariantMeta };

/** Registry order = column order in the matrix. */
export const INVARIANT_METAS: readonly InvariantMeta[] = INVARIANTS.map((invariant) => invariant.meta);

export function findInvariantMeta(id: string): InvariantMeta | undefined {
  return INVARIANT_METAS.find((meta) => meta.id === id);
}

export function runReview(cardText: string, profile: ClientProfile, context: ReviewContext): Review {
  return review(cardText, profile, { context });
}

/** Validity problems as editor diagnostics at the exact range of the pointer they name. */
export function problemDiagnostics(result: Review, text: string): EditorDiagnostic[] {
  return result.validity.problems.map((problem) => {
    const message = describeProblem(problem);
    if (problem.position) {
      return { from: problem.position.offset, to: problem.position.offset + 1, severity: problem.severity, message };
    }
    const range = locatePointer(text, problem.pointer) ?? { from: 0, to: Math.min(text.length, 1) };
    return { from: range.from, to: range.to, severity: problem.severity, message };
  });
}

export const textOfProblem = describeProblem;
export const textOfFinding = (finding: Finding): string => explainFinding(finding);
export const textOfDecision = (decision: TaskClassDecision, result: Review): string => explainDecision(decision, result);
export const textOfInvariant = (meta: InvariantMeta): string => describeInvariant(meta.id);
export const changesFor = (finding: Finding): string[] => whatWouldChange(finding);
export const locateInText = locatePointer;

export function decisionRecordFor(result: Review, taskClass: string, cardText: string): unknown {
  return writeDecisionRecord(result, taskClass, cardText);
}
