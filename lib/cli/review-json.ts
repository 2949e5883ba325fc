import type { CardShape } from "../negotiation/card/model";
import type { Severity } from "../negotiation/card/validity";
import type { DecisionKind, DegradationRecord, Review, TaskClassDecision } from "../negotiation/decision-types";
import type { EvidenceRef, Finding, FindingStatus, InvariantId, RuleException } from "../negotiation/invariants/types";
import { docsPath } from "../negotiation/invariants/types";
import type { Path } from "../negotiation/task-classes";
import { advisoryMessage, findingMessage, problemMessage, reasonMessage } from "./messages";

/**
 * The machine-readable review shared by `check --format json` and every `batch` output line.
 * Stable field names; English `message`s come from explain/ and may be reworded between versions,
 * so scripts should match on `code` / `decision` / `invariant`, never on `message`.
 */
export interface ValidityJson {
  severity: Severity;
  code: string;
  pointer: string;
  message: string;
  line?: number;
  column?: number;
}

export interface FindingJson {
  invariant: InvariantId;
  status: FindingStatus;
  messageId: string;
  message: string;
  docs: string;
  cuts?: Path;
  exception?: RuleException;
  missing?: string[];
  evidence?: EvidenceRef[];
}

export interface ReasonJson {
  reason: string;
  outcome: DecisionKind;
  invariant?: InvariantId;
  message: string;
}

export interface DecisionJson {
  decision: DecisionKind;
  target?: "server" | "card";
  reasons: ReasonJson[];
  findings: FindingJson[];
  degradations: DegradationRecord[];
}

export interface ReviewJson {
  valid: boolean;
  shape: CardShape;
  advisory?: string;
  validity: ValidityJson[];
  decisions: Record<string, DecisionJson>;
}

export function toReviewJson(review: Review): ReviewJson {
  const out: ReviewJson = {
    valid: review.validity.valid,
    shape: review.shape,
    validity: review.validity.problems.map((p) => {
      const v: ValidityJson = { severity: p.severity, code: p.code, pointer: p.pointer, message: problemMessage(p) };
      if (p.position) {
        v.line = p.position.line;
        v.column = p.position.column;
      }
      return v;
    }),
    decisions: {},
  };
  if (review.advisory) out.advisory = advisoryMessage(review.advisory);
  for (const d of review.decisions) out.decisions[d.taskClass] = toDecisionJson(d);
  return out;
}

function toDecisionJson(d: TaskClassDecision): DecisionJson {
  const out: DecisionJson = {
    decision: d.decision,
    reasons: d.reasons.map((r) => {
      const j: ReasonJson = { reason: r.reason, outcome: r.outcome, message: reasonMessage(r) };
      if (r.invariant) j.invariant = r.invariant;
      return j;
    }),
    findings: d.findings.map(toFindingJson),
    degradations: d.degradations,
  };
  if (d.target) out.target = d.target;
  return out;
}

function toFindingJson(f: Finding): FindingJson {
  const out: FindingJson = {
    invariant: f.invariant,
    status: f.status,
    messageId: f.messageId,
    message: findingMessage(f),
    docs: docsPath(f.invariant),
  };
  if (f.cuts) out.cuts = f.cuts;
  if (f.exception) out.exception = f.exception;
  if (f.missing?.length) out.missing = f.missing;
  // Evidence is what a reader follows into the card; a not-applicable finding has nothing to show.
  if (f.status !== "not-applicable" && f.evidence.length > 0) out.evidence = f.evidence;
  return out;
}

/** True when some task class of the review is rejected (exit code 1). */
export function hasRejection(review: Review): boolean {
  return review.decisions.some((d) => d.decision === "reject");
}
