import type { DecisionKind, Review, TaskClassDecision } from "./decision-types";
import { INVARIANT_IDS, type InvariantId, type MessageData } from "./invariants/types";
import * as z from "./zod";

/**
 * Acknowledged findings: "known, accepted by us, because …" (Spectral's overrides, for
 * negotiability). An acknowledgement names a rule, optionally narrowed to one task class and one
 * card (by digest), says why, and may expire. It never changes a decision and never hides one: a
 * class whose non-accept decision rests only on acknowledged findings is shown with its decision
 * *and* as acknowledged, and gates (a CLI's fail-on, a registry's can-i-deploy) do not fail on it.
 * The config file, the workspace, links and the registry all carry this one shape.
 */

/** More than any team keeps by hand; a longer list is a hostile or generated input. */
export const MAX_ACKNOWLEDGEMENTS = 500;
const MAX_TEXT = 2_000;

const text = z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_TEXT));
/** A card digest as acknowledgements name one. */
export const CARD_DIGEST = /^sha256:[0-9a-f]{64}$/;
/** `until`: a day (YYYY-MM-DD) or an ISO 8601 time with a zone. */
export const ACKNOWLEDGEMENT_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/;

export const Acknowledgement = z.strictObject({
  /** The rule (invariant id) whose findings are acknowledged. */
  invariant: z.enum(INVARIANT_IDS),
  /** One task class id; left out: every class. */
  taskClass: z.optional(text),
  /** Why the finding is known and accepted. Required: an acknowledgement without a reason is a silenced finding. */
  reason: text,
  /** Who accepted it. */
  by: z.optional(text),
  /** Last day (YYYY-MM-DD, UTC, inclusive) or instant (ISO 8601 with zone) it holds; left out: no expiry. */
  until: z.optional(z.string().check(z.regex(ACKNOWLEDGEMENT_DATE, { error: "until must be a date (YYYY-MM-DD) or an ISO 8601 time with a zone" }))),
  /** The card digest ("sha256:…", as in decision records) it is limited to; left out: any card. */
  card: z.optional(z.string().check(z.regex(CARD_DIGEST, { error: 'card must be a card digest: "sha256:" and 64 lowercase hex digits' }))),
});
export type Acknowledgement = z.infer<typeof Acknowledgement>;

export type AcknowledgementProblemCode = "notAList" | "tooMany" | "invalidAcknowledgement" | "invalidUntil";

/** A problem with a list of acknowledgements; `pointer` is a JSON pointer into that list. */
export interface AcknowledgementProblem {
  code: AcknowledgementProblemCode;
  pointer: string;
  data: MessageData;
}

export interface AcknowledgementReading {
  acknowledgements: Acknowledgement[];
  problems: AcknowledgementProblem[];
}

/**
 * Reads a list of acknowledgements from untrusted JSON. Every entry that reads is kept; each one
 * that does not is a problem naming where and why (an unknown rule id says which ids exist), so a
 * config file with one typo loses one entry, visibly, not all of them.
 */
export function readAcknowledgements(value: unknown): AcknowledgementReading {
  if (!Array.isArray(value)) return { acknowledgements: [], problems: [{ code: "notAList", pointer: "", data: { got: kindOf(value) } }] };
  const problems: AcknowledgementProblem[] = [];
  const acknowledgements: Acknowledgement[] = [];
  const count = Math.min(value.length, MAX_ACKNOWLEDGEMENTS);
  if (value.length > MAX_ACKNOWLEDGEMENTS) problems.push({ code: "tooMany", pointer: "", data: { count: value.length, limit: MAX_ACKNOWLEDGEMENTS } });
  for (let i = 0; i < count; i++) {
    const parsed = Acknowledgement.safeParse(value[i]);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const path = issue.path.map((p) => String(p).replace(/~/g, "~0").replace(/\//g, "~1"));
      problems.push({ code: "invalidAcknowledgement", pointer: ["", String(i), ...path].join("/"), data: { message: issue.message, field: path.join(".") } });
      continue;
    }
    if (parsed.data.until !== undefined && Number.isNaN(acknowledgementExpiry(parsed.data.until))) {
      problems.push({ code: "invalidUntil", pointer: `/${i}/until`, data: { until: parsed.data.until } });
      continue;
    }
    acknowledgements.push(parsed.data);
  }
  return { acknowledgements, problems };
}

/** The instant after which an acknowledgement no longer holds (ms since the epoch); NaN for a date that does not exist. */
export function acknowledgementExpiry(until: string): number {
  if (until.length === 10) {
    const start = Date.parse(`${until}T00:00:00Z`);
    // Date.parse rolls 2026-02-31 over to March; a date that does not exist is refused, not moved.
    if (Number.isNaN(start) || new Date(start).toISOString().slice(0, 10) !== until) return Number.NaN;
    return start + 86_400_000 - 1;
  }
  return Date.parse(until);
}

export function isExpired(acknowledgement: Acknowledgement, now: Date): boolean {
  return acknowledgement.until !== undefined && now.getTime() > acknowledgementExpiry(acknowledgement.until);
}

/** One acknowledgement as it bears on one class: which entry of the list, and the rule it covers. */
export interface AppliedAcknowledgement {
  /** Index into the list given to acknowledgeReview. */
  index: number;
  invariant: InvariantId;
  acknowledgement: Acknowledgement;
}

export interface ClassAcknowledgement {
  taskClass: string;
  /** The decision as review() gave it: acknowledging never changes it. */
  decision: DecisionKind;
  /** Acknowledgements in force that cover a finding behind this decision. */
  applied: AppliedAcknowledgement[];
  /** Acknowledgements that would cover a finding here but have expired: the finding counts again. */
  expired: AppliedAcknowledgement[];
  /** Rules behind this (non-accept) decision that no acknowledgement in force covers. */
  unacknowledged: InvariantId[];
  /**
   * The decision is not an accept and rests only on acknowledged findings: shown as acknowledged
   * (with its decision), and a gate does not fail on it. False for an invalid card's rejection,
   * which rests on the card's validity, not on a rule.
   */
  acknowledged: boolean;
}

export interface AcknowledgeOptions {
  /** The time expiry is judged at. */
  now: Date;
  /** The reviewed card's digest, for acknowledgements limited to one card; without it those never apply. */
  cardDigest?: string;
}

/** Per task class of the review (in its order): what the acknowledgements do to it. */
export function acknowledgeReview(review: Pick<Review, "decisions">, acknowledgements: readonly Acknowledgement[], options: AcknowledgeOptions): ClassAcknowledgement[] {
  return review.decisions.map((decision) => acknowledgeDecision(decision, acknowledgements, options));
}

export function acknowledgeDecision(decision: TaskClassDecision, acknowledgements: readonly Acknowledgement[], options: AcknowledgeOptions): ClassAcknowledgement {
  const behind = rulesBehind(decision);
  const applied: AppliedAcknowledgement[] = [];
  const expired: AppliedAcknowledgement[] = [];
  for (let index = 0; index < acknowledgements.length; index++) {
    const acknowledgement = acknowledgements[index]!;
    if (!behind.rules.includes(acknowledgement.invariant)) continue;
    if (acknowledgement.taskClass !== undefined && acknowledgement.taskClass !== decision.taskClass) continue;
    if (acknowledgement.card !== undefined && acknowledgement.card !== options.cardDigest) continue;
    const entry = { index, invariant: acknowledgement.invariant, acknowledgement };
    (isExpired(acknowledgement, options.now) ? expired : applied).push(entry);
  }
  const unacknowledged = behind.rules.filter((rule) => !applied.some((a) => a.invariant === rule));
  const acknowledged = decision.decision !== "accept" && !behind.other && behind.rules.length > 0 && unacknowledged.length === 0;
  return { taskClass: decision.taskClass, decision: decision.decision, applied, expired, unacknowledged, acknowledged };
}

/**
 * The rules whose findings made the decision worse than accept (every reason with a non-accept
 * outcome, degradations included), and whether a reason without a rule (an invalid card) is there too.
 */
function rulesBehind(decision: TaskClassDecision): { rules: InvariantId[]; other: boolean } {
  const rules: InvariantId[] = [];
  let other = false;
  for (const reason of decision.reasons) {
    if (reason.outcome === "accept") continue;
    if (!reason.invariant) other = true;
    else if (!rules.includes(reason.invariant)) rules.push(reason.invariant);
  }
  return { rules, other };
}

/** The decision a gate (fail-on, can-i-deploy) counts: an acknowledged class counts as accept; everything else as decided. */
export function gateDecision(entry: Pick<ClassAcknowledgement, "decision" | "acknowledged">): DecisionKind {
  return entry.acknowledged ? "accept" : entry.decision;
}

function kindOf(value: unknown): string {
  if (value === null) return "null";
  return typeof value === "object" ? "object" : typeof value;
}
