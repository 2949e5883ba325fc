import type { CardShape, NormalizedCard } from "./card/model";
import type { ValidityReport } from "./card/validity";
import type { ReviewContext } from "./context";
import type { Finding, InvariantId, MessageData } from "./invariants/types";
import type { ClientProfile } from "./profile";
import type { Path, TaskClass } from "./task-classes";

/** Severity order: reject > escalate > defer > accept-degraded > accept. */
export const DECISIONS = ["accept", "accept-degraded", "defer", "escalate", "reject"] as const;
export type DecisionKind = (typeof DECISIONS)[number];

/** Who a rejection is aimed at (TaskClassDecision.target). */
export const REJECT_TARGETS = ["server", "card", "client"] as const;
export type RejectTarget = (typeof REJECT_TARGETS)[number];

/**
 * A decision as surfaces show and count it: the five decisions, with a rejection aimed at the
 * client apart ("not for this client"). Least severe first, as DECISIONS: a class the client itself
 * cannot perform says nothing about the card, so it ranks below accept wherever a worst decision
 * is taken (a triage row, a sort), and only shows as the worst when nothing else was decided.
 */
export const OUTCOMES = ["not-for-client", "accept", "accept-degraded", "defer", "escalate", "reject"] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** Why a would-be rejection became something else, or why a decision is what it is. */
export const REASON_IDS = [
  "noViolation",
  "optionalPathCut",
  "requiredPathCut",
  "invalidCard",
  "profileUnknown",
  "cardUnclear",
  "renegotiableClient",
  "honoredExtension",
  "otherDiscoveryChannel",
  "zeroXAdvisory",
  "extendedCard",
  "staleCard",
] as const;
export type ReasonId = (typeof REASON_IDS)[number];

/**
 * The conditions of validity (and the 0.x scope) a review can bring to bear on a would-be
 * rejection. A reason lists, per finding, those that changed it and those that could not.
 */
export type ConditionName =
  | "honoredExtension"
  | "renegotiableClient"
  | "otherDiscoveryChannel"
  | "zeroXAdvisory"
  | "extendedCard"
  | "staleCard";

export interface DecisionReason {
  reason: ReasonId;
  outcome: DecisionKind;
  invariant?: InvariantId;
  data: MessageData;
}

/** What an accept-degraded gives up, and what it falls back to. */
export interface DegradationRecord {
  taskClass: string;
  invariant: InvariantId;
  path: Path;
  /** e.g. "push" or "audio/pcm" */
  lost: string[];
  /** e.g. "polling" or "text/plain" */
  fallback: string[];
}

export interface TaskClassDecision {
  taskClass: string;
  decision: DecisionKind;
  /**
   * For reject: what to reject. `card` for an invalid card, or a stale one on a known-good server
   * (refetch); `client` when the client's own limits cut a required path whatever the card says:
   * "not for this client", no fault of the card (client-limits.ts).
   */
  target?: RejectTarget;
  reasons: DecisionReason[];
  /** One finding per invariant, in registry order. */
  findings: Finding[];
  degradations: DegradationRecord[];
}

/**
 * A problem with review()'s own arguments (not the card): review() reports these instead of throwing.
 * `pointer` is into the arguments: "/profile/transports/0", "/context/cardKnownStale", "/taskClasses/2".
 * Task-class problems skip that class only; an unusable profile or context means no decisions at all.
 */
export type ReviewInputErrorCode =
  | "invalidProfile"
  | "invalidContext"
  | "unknownTaskClass"
  | "invalidTaskClass"
  | "duplicateTaskClass"
  | "internalError";

export interface ReviewInputError {
  code: ReviewInputErrorCode;
  pointer: string;
  data: MessageData;
}

export interface Review {
  engine: { name: string; version: string };
  /** Present (non-empty) only when some argument of review() was unusable; see ReviewInputError. */
  inputErrors?: ReviewInputError[];
  validity: ValidityReport;
  shape: CardShape;
  card?: NormalizedCard;
  profile: ClientProfile;
  context: ReviewContext;
  /** Set for 0.x cards: decisions are unchanged but capability fields were advisory in 0.x. */
  advisory?: { reason: "zeroXAdvisory"; data: MessageData };
  taskClasses: TaskClass[];
  decisions: TaskClassDecision[];
}
