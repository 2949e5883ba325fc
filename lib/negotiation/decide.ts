import type { NormalizedCard } from "./card/model";
import type { ValidityReport } from "./card/validity";
import type { ReviewContext } from "./context";
import type {
  DecisionKind,
  DecisionReason,
  DegradationRecord,
  ReasonId,
  TaskClassDecision,
} from "./decision-types";
import { DECISIONS } from "./decision-types";
import { listHas } from "./invariants/modes";
import type { Finding, InvariantId, MessageData } from "./invariants/types";
import { type ClientProfile, resolveRuleDefaults } from "./profile";
import type { Path, TaskClass } from "./task-classes";

/**
 * findings → one decision for one task class, exactly DESIGN.md's decision model:
 * 1. validity first: an invalid card is rejected (the card, not the server) for every class;
 * 2-3. a violated finding that cuts a path the class requires is a would-be rejection;
 * 4. a violated finding that cuts only an optional path degrades (with a record);
 * 6. conditions of validity turn each would-be rejection, on its own, into escalate / defer /
 *    reject-the-card before findings are combined;
 * 7. the most severe outcome wins: reject > escalate > defer > accept-degraded > accept.
 */
export interface DecideInput {
  taskClass: TaskClass;
  /** One finding per invariant, registry order. */
  findings: Finding[];
  profile: ClientProfile;
  context: ReviewContext;
  validity: ValidityReport;
  card?: NormalizedCard;
}

const SEVERITY: Record<DecisionKind, number> = Object.fromEntries(DECISIONS.map((d, i) => [d, i])) as Record<
  DecisionKind,
  number
>;

export function moreSevere(a: DecisionKind, b: DecisionKind): DecisionKind {
  return SEVERITY[a] >= SEVERITY[b] ? a : b;
}

export function decide(input: DecideInput): TaskClassDecision {
  const { taskClass, findings, validity } = input;
  if (!validity.valid) return rejectInvalidCard(taskClass, findings, validity);

  const reasons: DecisionReason[] = [];
  const degradations: DegradationRecord[] = [];
  let decision: DecisionKind = "accept";
  let target: TaskClassDecision["target"];

  for (const finding of findings) {
    if (finding.status !== "violated" || !finding.cuts) continue;
    const cut = classifyCut(finding, finding.cuts, input);
    if (cut.required) {
      const reason = resolveWouldBeRejection(finding, cut.data, input);
      reasons.push(reason);
      if (reason.outcome === "reject") target = moreSevereTarget(target, reason.reason === "staleCard" ? "card" : "server");
      decision = moreSevere(decision, reason.outcome);
    } else {
      degradations.push(cut.degradation);
      reasons.push({
        reason: "optionalPathCut",
        outcome: "accept-degraded",
        invariant: finding.invariant,
        data: { ...cut.data, taskClass: taskClass.id },
      });
      decision = moreSevere(decision, "accept-degraded");
    }
  }

  if (reasons.length === 0) reasons.push(noViolation(taskClass, findings));
  const result: TaskClassDecision = { taskClass: taskClass.id, decision, reasons, findings, degradations };
  if (decision === "reject" && target) result.target = target;
  return result;
}

/** When several findings reject, the server wins over the card: a refetch would not fix a server cut. */
function moreSevereTarget(current: "server" | "card" | undefined, next: "server" | "card"): "server" | "card" {
  return current === "server" || next === "server" ? "server" : "card";
}

function rejectInvalidCard(taskClass: TaskClass, findings: Finding[], validity: ValidityReport): TaskClassDecision {
  const errors = validity.problems.filter((p) => p.severity === "error");
  return {
    taskClass: taskClass.id,
    decision: "reject",
    target: "card",
    reasons: [
      {
        reason: "invalidCard",
        outcome: "reject",
        data: {
          errorCount: errors.length,
          codes: unique(errors.map((p) => p.code)),
          pointers: unique(errors.map((p) => p.pointer)).slice(0, 20),
        },
      },
    ],
    findings,
    degradations: [],
  };
}

type CutClass =
  | { required: true; data: MessageData }
  | { required: false; data: MessageData; degradation: DegradationRecord };

/** Is the cut path one the task class requires (reject) or can do without (degrade)? */
function classifyCut(finding: Finding, path: Path, input: DecideInput): CutClass {
  const { taskClass, profile } = input;
  switch (path.kind) {
    case "input":
      return { required: true, data: { path: "input", modes: path.modes } };
    case "transport":
      return { required: true, data: { path: "transport" } };
    case "completion": {
      if (path.channel === "push" && taskClass.completion === "notification") {
        const pollingAlsoCut = input.findings.some(
          (f) => f.status === "violated" && f.cuts?.kind === "completion" && f.cuts.channel === "polling",
        );
        // Push is the only completion path only when the client cannot poll. An unknown canPoll is
        // not a "cannot": degrade, and say canPoll should be declared (DESIGN point 8).
        if (profile.canPoll === false || pollingAlsoCut) {
          return { required: true, data: { path: "completion", channel: "push", canPoll: false } };
        }
        const canPollUnknown = profile.canPoll === undefined;
        return {
          required: false,
          data: { path: "completion", channel: "push", lost: ["push"], fallback: ["polling"], canPollUnknown },
          degradation: {
            taskClass: taskClass.id,
            invariant: finding.invariant,
            path,
            lost: ["push"],
            fallback: ["polling"],
          },
        };
      }
      // A cut of the class's own completion channel (stream for a stream class, or polling when
      // push is gone too) leaves no way to learn of completion: required.
      return { required: true, data: { path: "completion", channel: path.channel } };
    }
    case "output": {
      if (taskClass.output !== "required") {
        return {
          required: false,
          data: { path: "output", lost: path.modes, fallback: [] },
          degradation: { taskClass: taskClass.id, invariant: finding.invariant, path, lost: path.modes, fallback: [] },
        };
      }
      const cutModes = collectCutOutputModes(input.findings);
      const reachable = readReachable(finding).filter((m) => !listHas(cutModes, m));
      if (reachable.length === 0) return { required: true, data: { path: "output", modes: path.modes } };
      return {
        required: false,
        data: { path: "output", lost: path.modes, fallback: reachable },
        degradation: {
          taskClass: taskClass.id,
          invariant: finding.invariant,
          path,
          lost: path.modes,
          fallback: reachable,
        },
      };
    }
  }
}

function collectCutOutputModes(findings: Finding[]): string[] {
  const out: string[] = [];
  for (const f of findings) if (f.status === "violated" && f.cuts?.kind === "output") out.push(...f.cuts.modes);
  return out;
}

/** Output findings carry the accepted modes that stay reachable (`data.reachable`). */
function readReachable(finding: Finding): string[] {
  const reachable = finding.data.reachable;
  return Array.isArray(reachable) ? reachable : [];
}

/**
 * The rule's conditions of validity, applied to ONE would-be rejection. Escalate outranks defer when
 * both apply (severity order); the others that also applied are listed in `otherConditions`.
 * Stale card + good server only redirects a rejection that still stands (to the card): when the
 * client can renegotiate or another channel exists, the card is not the binding constraint at all.
 */
function resolveWouldBeRejection(finding: Finding, pathData: MessageData, input: DecideInput): DecisionReason {
  const { profile, context, card } = input;
  const applicable: Array<{ reason: ReasonId; outcome: DecisionKind; data: MessageData }> = [];

  const honored = context.honoredExtensions ?? [];
  if (honored.length > 0) {
    const onCard = honored.filter((uri) => card?.extensions.some((e) => e.uri === uri) === true);
    applicable.push({
      reason: "honoredExtension",
      outcome: "escalate",
      data: { extensions: honored, declaredOnCard: onCard, notOnCard: honored.filter((u) => !onCard.includes(u)) },
    });
  }
  if (!resolveRuleDefaults(profile).fixed) {
    applicable.push({ reason: "renegotiableClient", outcome: "defer", data: {} });
  }
  const channels: string[] = [];
  if (context.outOfBandCapabilityExchange === true) channels.push("outOfBandCapabilityExchange");
  if (context.priorTaskHistory === true) channels.push("priorTaskHistory");
  if (channels.length > 0) applicable.push({ reason: "otherDiscoveryChannel", outcome: "defer", data: { channels } });

  const base = { ...pathData, taskClass: input.taskClass.id };
  const winner = applicable[0];
  if (winner) {
    const otherConditions = applicable.slice(1).map((a) => a.reason);
    return {
      reason: winner.reason,
      outcome: winner.outcome,
      invariant: finding.invariant,
      data: { ...base, ...winner.data, otherConditions },
    };
  }
  if (context.cardKnownStale === true && context.serverKnownGood === true) {
    return { reason: "staleCard", outcome: "reject", invariant: finding.invariant, data: base };
  }
  return { reason: "requiredPathCut", outcome: "reject", invariant: finding.invariant, data: base };
}

/**
 * Why a rejection is aimed at the card rather than the server, the one reading every surface uses:
 * an invalid card is fixed at its source; a stale card on a known-good server is refetched.
 * Undefined for anything but a rejection of the card.
 */
export type CardFault = "invalid" | "stale";

/** The part of a decision that says what is rejected: a decision, or one read back from JSON or a record. */
export interface DecisionOutcome {
  decision: DecisionKind;
  target?: "server" | "card";
  reasons: ReadonlyArray<{ reason: string }>;
}

export function cardFaultOf(decision: DecisionOutcome): CardFault | undefined {
  if (decision.decision !== "reject" || decision.target !== "card") return undefined;
  return decision.reasons.some((r) => r.reason === "invalidCard") ? "invalid" : "stale";
}

/**
 * Invariants whose findings produced the decision: those of reasons with the decision's own outcome
 * (a reject's rules, not the degradations it also records). A decision record's `rules` field.
 */
export function rulesOf(decision: TaskClassDecision): InvariantId[] {
  const out: InvariantId[] = [];
  for (const reason of decision.reasons) {
    if (reason.outcome === decision.decision && reason.invariant && !out.includes(reason.invariant)) out.push(reason.invariant);
  }
  return out;
}

function noViolation(taskClass: TaskClass, findings: Finding[]): DecisionReason {
  const notEvaluated: string[] = [];
  const missing: string[] = [];
  for (const f of findings) {
    if (f.status !== "not-evaluated") continue;
    notEvaluated.push(f.invariant);
    for (const m of f.missing ?? []) if (!missing.includes(m)) missing.push(m);
  }
  return { reason: "noViolation", outcome: "accept", data: { taskClass: taskClass.id, notEvaluated, missing } };
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
