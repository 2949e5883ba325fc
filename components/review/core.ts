/**
 * The workspace's single door into the core: every core name the UI uses is imported here, so the
 * components stay thin and a change in the core's surface is absorbed in one file.
 */
// Each name from the module that defines it, not from the core's index: the index also re-exports
// what the workspace never runs (the decision-record schema, the log reader), and module-level
// code there (zod schemas) would ship with the page.
import { locatePointer } from "@/lib/negotiation/card/locate";
import type { ValidityProblem } from "@/lib/negotiation/card/validity";
import type { ReviewContext } from "@/lib/negotiation/context";
import type { DecisionReason, DegradationRecord, Review, ReviewInputError, TaskClassDecision } from "@/lib/negotiation/decision-types";
import {
  explainAdvisory,
  explainDecision,
  explainDegradation,
  explainInputError,
  explainReason,
} from "@/lib/negotiation/explain/decisions";
import { describeInvariant, explainFinding, whatWouldChange } from "@/lib/negotiation/explain/findings";
import { INVARIANTS } from "@/lib/negotiation/invariants";
import type { Finding, InvariantMeta } from "@/lib/negotiation/invariants/types";
import { review } from "@/lib/negotiation/review";
import { describeProblem } from "@/lib/negotiation/explain/validity";
import { formatDecisionRecord } from "@/lib/negotiation/record-format";
import type { ClientProfile } from "@/lib/negotiation/profile";
import type { TaskClass } from "@/lib/negotiation/task-classes";
import type { EditorDiagnostic } from "@/components/card-editor/json-editor";

export type { Review, TaskClassDecision, Finding, InvariantMeta, TaskClass };

/** Built-in ids or user-defined task classes in full, as a review link carries them. Absent: every built-in. */
export type TaskClassSelection = ReadonlyArray<string | TaskClass>;

/** Registry order = column order in the matrix. */
export const INVARIANT_METAS: readonly InvariantMeta[] = INVARIANTS.map((invariant) => invariant.meta);

export function findInvariantMeta(id: string): InvariantMeta | undefined {
  return INVARIANT_METAS.find((meta) => meta.id === id);
}

export function runReview(
  cardText: string,
  profile: ClientProfile,
  context: ReviewContext,
  taskClasses?: TaskClassSelection,
): Review {
  return review(cardText, profile, taskClasses ? { context, taskClasses } : { context });
}

/**
 * The text range of a pointer, or of its nearest ancestor that exists: a field the card leaves out
 * (a defaulted `capabilities.streaming`) is shown at the object it would belong to.
 */
export function locateNearest(text: string, pointer: string): { from: number; to: number } | undefined {
  let current = pointer;
  for (;;) {
    const range = locatePointer(text, current);
    if (range && current === pointer) return range;
    if (range) {
      // Only the ancestor's first line: marking a whole object (often the whole card) says nothing.
      const lineEnd = text.indexOf("\n", range.from);
      return { from: range.from, to: lineEnd === -1 ? range.to : Math.min(range.to, Math.max(lineEnd, range.from + 1)) };
    }
    if (current === "") return undefined;
    current = current.slice(0, current.lastIndexOf("/"));
  }
}

/** Validity problems as editor diagnostics at the exact range of the pointer they name. */
export function problemDiagnostics(result: Review, text: string): EditorDiagnostic[] {
  return result.validity.problems.map((problem) => {
    const message = describeProblem(problem);
    if (problem.position) {
      const from = Math.min(problem.position.offset, Math.max(0, text.length - 1));
      return { from, to: from + 1, severity: problem.severity, message };
    }
    const range = locateNearest(text, problem.pointer) ?? { from: 0, to: Math.min(text.length, 1) };
    return { from: range.from, to: range.to, severity: problem.severity, message };
  });
}

export const textOfProblem = (problem: ValidityProblem): string => describeProblem(problem);
export const textOfFinding = (finding: Finding): string => explainFinding(finding);
export const textOfDecision = (decision: TaskClassDecision, result: Review): string => explainDecision(decision, result);
export const textOfReason = (reason: DecisionReason): string => explainReason(reason);
export const textOfDegradation = (record: DegradationRecord): string => explainDegradation(record);
export const textOfInvariant = (meta: InvariantMeta): string => describeInvariant(meta.id);
export const textOfInputError = (error: ReviewInputError): string => explainInputError(error);
export const textOfAdvisory = (result: Review): string => (result.advisory ? explainAdvisory(result.advisory) : "");
export const changesFor = (finding: Finding, decision?: TaskClassDecision): string[] => whatWouldChange(finding, decision);

/** What a record shows in place of the card digest while the browser computes it. */
const DIGEST_PENDING = "sha256:(computing…)";

/**
 * The decision record as an object for display; the core writes it as one JSON log line. The
 * digest is computed apart (WebCrypto, asynchronously): until it is known, DIGEST_PENDING stands in.
 */
export function decisionRecordFor(result: Review, taskClass: string, cardDigest: string | undefined): unknown {
  const line = formatDecisionRecord(result, taskClass, cardDigest ?? DIGEST_PENDING);
  try {
    return JSON.parse(line) as unknown;
  } catch {
    return line;
  }
}
