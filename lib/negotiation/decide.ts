import type { NormalizedCard } from "./card/model";
import type { ValidityReport } from "./card/validity";
import { readHonoredExtensions, type HonoredExtension, type ReviewContext } from "./context";
import { isClientLimit } from "./client-limits";
import type {
  ConditionName,
  DecisionKind,
  DecisionReason,
  DegradationRecord,
  Outcome,
  RejectTarget,
  TaskClassDecision,
} from "./decision-types";
import { listHas } from "./card/media-types";
import { pickInterface } from "./invariants/interfaces";
import type { CutCause, Finding, InvariantId, MessageData } from "./invariants/types";
import type { ClientProfile } from "./profile";
import type { ReviewScope } from "./review-scope";
import type { Path, TaskClass } from "./task-classes";

/**
 * findings → one decision for one task class (DESIGN.md's decision model, docs/rule.md "How
 * Parley decides"):
 * 1. validity first: an invalid card is rejected (the card, not the server) for every class;
 * 2-3. a violated finding that cuts a path the class requires is a would-be rejection;
 * 4. a violated finding that cuts only an optional path degrades (with a record);
 * 6. conditions of validity apply to each would-be rejection on its own, and only when they can
 *    change that finding (its cause): escalate, defer, or reject the card instead of the server;
 * 8. a finding that could not be evaluated defers the class when the path at stake is required;
 * 9. a would-be rejection resting on the rule's invariants for a 0.x card defers (advisory fields);
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
  /** The review's conditions of validity (reviewConditions), when the caller worked them out already. */
  conditions?: ReviewConditions;
  /** The review's scope (review-scope.ts): what its task classes share. Left out, nothing is shared. */
  scope?: ReviewScope;
}

export function moreSevere(a: DecisionKind, b: DecisionKind): DecisionKind {
  return severity(a) >= severity(b) ? a : b;
}

/** DECISIONS order, as a switch (speed: bench/cases/review-throughput.ts). */
function severity(kind: DecisionKind): number {
  switch (kind) {
    case "accept":
      return 0;
    case "accept-degraded":
      return 1;
    case "defer":
      return 2;
    case "escalate":
      return 3;
    case "reject":
      return 4;
  }
}

export function decide(input: DecideInput): TaskClassDecision {
  const { taskClass, findings, validity } = input;
  // Validity is for the card's author, the decision for the client: a card whose only errors are
  // REQUIRED fields no path reads is refused by a client that validates, and decided on its paths
  // for one that does not (no SDK client does).
  if (!validity.valid && (input.profile.validatesRequiredFields === true || !onlyUnreadRequiredErrors(validity))) {
    return rejectInvalidCard(taskClass, findings, validity, input.scope);
  }

  // Made with its first reason: a list grown from [] by push keeps room for 16, in every decision a review keeps.
  let reasons: DecisionReason[] | undefined;
  const degradations: DegradationRecord[] = [];
  let decision: DecisionKind = "accept";
  let target: TaskClassDecision["target"];
  let conditions: ReviewConditions | undefined;
  let extendedCardReachable = false;

  for (const finding of findings) {
    if (!finding.cuts) continue;
    if (finding.status === "not-evaluated") {
      const stake = classifyCut(finding, finding.cuts, input);
      // Unknown is not "cannot": defer until declared, but only where the class needs that path.
      if (stake.kind === "optional") continue;
      const data = stake.data;
      data.taskClass = taskClass.id;
      data.missing = finding.missing ?? [];
      // The card does not say (or not in a shape Parley reads): defer naming the card's fields.
      if (finding.unclear) {
        data.unclear = finding.unclear;
        // What would settle it live (a probe), for the explanation to name.
        if (typeof finding.data.probe === "string") data.probe = finding.data.probe;
      }
      const reason = finding.unclear && data.missing.length === 0 ? "cardUnclear" : "profileUnknown";
      reasons = withReason(reasons, { reason, outcome: "defer", invariant: finding.invariant, data });
      decision = moreSevere(decision, "defer");
      continue;
    }
    if (finding.status !== "violated") continue;
    const cut = classifyCut(finding, finding.cuts, input);
    if (cut.kind === "optional") {
      degradations.push(cut.degradation);
      cut.data.taskClass = taskClass.id;
      reasons = withReason(reasons, { reason: "optionalPathCut", outcome: "accept-degraded", invariant: finding.invariant, data: cut.data });
      decision = moreSevere(decision, "accept-degraded");
      continue;
    }
    if (cut.kind === "unknown") {
      cut.data.taskClass = taskClass.id;
      cut.data.missing = cut.missing;
      reasons = withReason(reasons, { reason: "profileUnknown", outcome: "defer", invariant: finding.invariant, data: cut.data });
      decision = moreSevere(decision, "defer");
      continue;
    }
    if (!conditions) {
      conditions = input.conditions ?? reviewConditions(input.profile, input.context, input.card);
      // The extended card is fetched over an interface the client shares with the card, with a
      // scheme the card accepts: whether it can be is the class's, worked out once per decision.
      extendedCardReachable = conditions.extendedCard !== undefined && !findings.some((f) => f.status === "violated" && (f.invariant === "shared-transport" || f.invariant === "security-satisfiable"));
    }
    const reason = resolveWouldBeRejection(finding, cut.data, input, conditions, extendedCardReachable);
    reasons = withReason(reasons, reason);
    if (reason.outcome === "reject") {
      const own = isClientLimit(finding, input.profile);
      // Said in the reason too, so a record's reasons tell which cut was the client's own.
      if (own) reason.data.clientLimit = true;
      target = moreSevereTarget(target, own ? "client" : reason.reason === "staleCard" ? "card" : "server");
    }
    decision = moreSevere(decision, reason.outcome);
  }

  reasons ??= [noViolation(taskClass, findings)];
  // A rejection's target is in the literal, not added after it (speed: bench/cases/review-throughput.ts).
  if (decision === "reject" && target) return { taskClass: taskClass.id, decision, reasons, findings, degradations, target };
  return { taskClass: taskClass.id, decision, reasons, findings, degradations };
}

/** The REQUIRED-field errors a client that does not validate never meets: a field left out or a list left empty. */
const UNREAD_REQUIRED_CODES: ReadonlySet<string> = new Set(["missingRequiredField", "emptyRequiredList"]);

/**
 * Are the card's errors all REQUIRED fields left out (or lists left empty) off the paths a call
 * uses? A security scheme or an interface missing what it needs is broken on the path itself (the
 * client cannot authenticate or call with it), so it still rejects the card for every client.
 */
export function onlyUnreadRequiredErrors(validity: ValidityReport): boolean {
  let errors = 0;
  for (const problem of validity.problems) {
    if (problem.severity !== "error") continue;
    if (!UNREAD_REQUIRED_CODES.has(problem.code)) return false;
    if (problem.pointer.startsWith("/securitySchemes") || problem.pointer.startsWith("/supportedInterfaces")) return false;
    errors++;
  }
  return errors > 0;
}

function withReason(reasons: DecisionReason[] | undefined, reason: DecisionReason): DecisionReason[] {
  if (reasons === undefined) return [reason];
  reasons.push(reason);
  return reasons;
}

/**
 * When several findings reject: the client's own limit wins (whatever the server or the card did,
 * this client could not perform the class), then the server over the card (a refetch would not fix
 * a server cut).
 */
function moreSevereTarget(current: RejectTarget | undefined, next: RejectTarget): RejectTarget {
  if (current === "client" || next === "client") return "client";
  return current === "server" || next === "server" ? "server" : "card";
}

function rejectInvalidCard(taskClass: TaskClass, findings: Finding[], validity: ValidityReport, scope: ReviewScope | undefined): TaskClassDecision {
  return {
    taskClass: taskClass.id,
    decision: "reject",
    target: "card",
    reasons: [{ reason: "invalidCard", outcome: "reject", data: scope ? (scope.invalidCard ??= invalidCardData(validity)) : invalidCardData(validity) }],
    findings,
    degradations: [],
  };
}

/**
 * What an invalid card's rejection says (its errors' count, codes and first pointers): the same
 * for every task class, so a review works it out for its first class and keeps it, frozen, in its
 * scope for the others.
 */
function invalidCardData(validity: ValidityReport): MessageData {
  const codes: string[] = [];
  const pointers: string[] = [];
  let errorCount = 0;
  for (const problem of validity.problems) {
    if (problem.severity !== "error") continue;
    errorCount++;
    if (!codes.includes(problem.code)) codes.push(problem.code);
    if (pointers.length < MAX_INVALID_POINTERS && !pointers.includes(problem.pointer)) pointers.push(problem.pointer);
  }
  Object.freeze(codes);
  Object.freeze(pointers);
  return Object.freeze<MessageData>({ errorCount, codes, pointers });
}

const MAX_INVALID_POINTERS = 20;

type CutClass =
  | { kind: "required"; data: MessageData }
  | { kind: "optional"; data: MessageData; degradation: DegradationRecord }
  /** Whether the path is required depends on a profile field left out (push, with canPoll unknown). */
  | { kind: "unknown"; data: MessageData; missing: string[] };

/** Is the cut path one the task class requires (reject), can do without (degrade), or unknown? */
function classifyCut(finding: Finding, path: Path, input: DecideInput): CutClass {
  const { taskClass, profile } = input;
  switch (path.kind) {
    case "input":
      return { kind: "required", data: { path: "input", modes: path.modes } };
    case "transport":
      return { kind: "required", data: { path: "transport" } };
    case "request":
      return { kind: "required", data: { path: "request", refusal: path.reason } };
    case "completion": {
      // A class that learns of completion by push alone has no other path.
      if (path.channel === "push" && taskClass.completion === "push") {
        return { kind: "required", data: { path: "completion", channel: "push", pushOnly: true } };
      }
      if (path.channel === "push" && taskClass.completion === "notification") {
        const pollingAlsoCut = input.findings.some(
          (f) => f.status === "violated" && f.cuts?.kind === "completion" && f.cuts.channel === "polling",
        );
        if (profile.canPoll === false || pollingAlsoCut) {
          return { kind: "required", data: { path: "completion", channel: "push", canPoll: false } };
        }
        // Push is the only completion path unless the client polls; an unknown canPoll decides nothing.
        if (profile.canPoll === undefined) {
          return { kind: "unknown", data: { path: "completion", channel: "push" }, missing: ["/canPoll"] };
        }
        const degradation: DegradationRecord = { taskClass: taskClass.id, invariant: finding.invariant, path, lost: ["push"], fallback: ["polling"] };
        return { kind: "optional", data: { path: "completion", channel: "push", lost: ["push"], fallback: ["polling"] }, degradation };
      }
      // The stream is cut, but the client sends a blocking request instead (streamingFallback):
      // the task completes, its results at the end, with no resubscription.
      if (path.channel === "stream" && finding.data.blockingFallback === true) {
        const degradation: DegradationRecord = { taskClass: taskClass.id, invariant: finding.invariant, path, lost: STREAM_LOST, fallback: BLOCKING_FALLBACK };
        return { kind: "optional", data: { path: "completion", channel: "stream", lost: STREAM_LOST, fallback: BLOCKING_FALLBACK }, degradation };
      }
      // A cut of the class's own completion channel (stream for a stream class, or polling when
      // push is gone too) leaves no way to learn of completion: required.
      return { kind: "required", data: { path: "completion", channel: path.channel } };
    }
    case "output": {
      if (taskClass.output !== "required") {
        const degradation: DegradationRecord = { taskClass: taskClass.id, invariant: finding.invariant, path, lost: path.modes, fallback: [] };
        return { kind: "optional", data: { path: "output", lost: path.modes, fallback: [] }, degradation };
      }
      // Nothing else reachable (the usual cut): no need to gather what the class's other findings cut.
      const reachable = path.reachable.length === 0 ? path.reachable : withoutCutModes(path.reachable, input.findings);
      if (reachable.length === 0) return { kind: "required", data: { path: "output", modes: path.modes } };
      const degradation: DegradationRecord = { taskClass: taskClass.id, invariant: finding.invariant, path, lost: path.modes, fallback: reachable };
      return { kind: "optional", data: { path: "output", lost: path.modes, fallback: reachable }, degradation };
    }
  }
}

const STREAM_LOST = ["streamed results", "resubscription"];
const BLOCKING_FALLBACK = ["a blocking request (results at the end)"];

/** The modes of `reachable` that no violated finding of the class cuts as output. */
function withoutCutModes(reachable: readonly string[], findings: Finding[]): string[] {
  const cutModes: string[] = [];
  for (const f of findings) if (f.status === "violated" && f.cuts?.kind === "output") for (const mode of f.cuts.modes) cutModes.push(mode);
  return reachable.filter((m) => !listHas(cutModes, m));
}

/**
 * The conditions of validity a review brings (the profile and the context, and the card's 0.x
 * scope and extended card), in the order reasons list them. They depend on the review, not on the
 * class or the finding: worked out once per review (review() passes them to every decide call)
 * rather than rebuilt, with their data, for every would-be rejection of every class.
 */
export interface ReviewConditions {
  /** The conditions present, in order; none in the usual review. Frozen: reasons share it as their notApplied. */
  present: readonly ConditionName[];
  honored: HonoredExtension[];
  /** otherDiscoveryChannel's channels, when it is present. */
  channels?: string[];
  /** extendedCard's data, when it is present (the card announces one and the client authenticates). */
  extendedCard?: MessageData;
  /** zeroXAdvisory's data, for a 0.x card. */
  advisory?: MessageData;
}

export function reviewConditions(profile: ClientProfile, context: ReviewContext, card: NormalizedCard | undefined): ReviewConditions {
  const honored = (context.honoredExtensions?.length ?? 0) > 0 ? readHonoredExtensions(context) : NO_HONORED;
  const renegotiable = profile.fixed === false;
  let channels: string[] | undefined;
  if (context.outOfBandCapabilityExchange === true) (channels ??= []).push("outOfBandCapabilityExchange");
  if (context.priorTaskHistory === true) (channels ??= []).push("priorTaskHistory");
  // An authenticated extended card is another discovery channel, for a client that can fetch it.
  const extendedCard = card?.extendedCard.value === true && profile.authenticated === true ? { fetchedBy: extendedCardFetch(card) } : undefined;
  // The rule's 0.x scope follows the interface the client would use: a 0.3-only client of a card
  // with 1.0 and 0.3 interfaces talks 0.3, where capability fields were advisory.
  const used = card && !card.advisory ? pickInterface(card, profile) : undefined;
  const usedZeroX = used?.speaks !== undefined && used.speaks.startsWith("0.") ? used.speaks : undefined;
  const advisory: MessageData | undefined = card?.advisory
    ? { protocolVersion: card.protocolVersion ?? card.shape }
    : usedZeroX !== undefined
      ? { protocolVersion: usedZeroX, interface: used!.url }
      : undefined;
  const stale = context.cardKnownStale === true && context.serverKnownGood === true;
  const present: ConditionName[] = [];
  if (honored.length > 0) present.push("honoredExtension");
  if (renegotiable) present.push("renegotiableClient");
  if (channels) present.push("otherDiscoveryChannel");
  if (extendedCard) present.push("extendedCard");
  if (advisory) present.push("zeroXAdvisory");
  if (stale) present.push("staleCard");
  // No condition, the usual review: one frozen empty list shared by every review, not a new one frozen.
  return { present: present.length === 0 ? NO_PRESENT : Object.freeze(present), honored, channels, extendedCard, advisory };
}

const NO_HONORED: HonoredExtension[] = [];
const NO_PRESENT: readonly ConditionName[] = Object.freeze([]);

/** How the card's version fetches its authenticated extended card (method names are data, not prose). */
function extendedCardFetch(card: NormalizedCard): string {
  const version = card.advisoryVersion?.version ?? card.protocolVersion ?? "";
  if (card.shape === "0.2" || /^0\.2/.test(version)) return "GET {url}/../agent/authenticatedExtendedCard";
  if (card.advisory) return "agent/getAuthenticatedExtendedCard (JSON-RPC), GetAgentCard (gRPC), GET /v1/card (HTTP+JSON)";
  return "GetExtendedAgentCard (JSON-RPC, gRPC), GET /extendedAgentCard (HTTP+JSON)";
}

const NO_CONDITIONS: string[] = [];
const NO_CAUSE: CutCause = { acquirable: [] };

/**
 * The conditions of validity, applied to ONE would-be rejection by what the cut rests on
 * (`finding.cause`): the most severe that can change it wins (escalate, the honored extension's,
 * over defer; else the first in order); a stale card on a known-good server only redirects a
 * rejection that still stands to the card. The reason lists what else applied and what could not
 * apply. Only the winner's data is built.
 */
function resolveWouldBeRejection(
  finding: Finding,
  pathData: MessageData,
  input: DecideInput,
  conditions: ReviewConditions,
  extendedCardReachable: boolean,
): DecisionReason {
  // pathData is this finding's own, fresh from classifyCut: filled in place (no copies on the hot path).
  const base = pathData;
  base.taskClass = input.taskClass.id;
  if (conditions.present.length === 0) {
    base.notApplied = NO_CONDITIONS;
    return { reason: "requiredPathCut", outcome: "reject", invariant: finding.invariant, data: base };
  }
  const cause = finding.cause ?? NO_CAUSE;
  const resolving = conditions.honored.length > 0 ? conditions.honored.filter((e) => e.resolves.includes(finding.invariant)).map((e) => e.uri) : NO_CONDITIONS;
  // Usually no condition applies and every one present is listed as not applied: that list is the
  // review's own (conditions.present), shared by its reasons rather than built for each.
  let notApplied: string[] | undefined;
  let winner: ConditionName | undefined;
  let others: string[] | undefined;
  let stale = false;
  const present = conditions.present;
  for (let i = 0; i < present.length; i++) {
    const condition = present[i]!;
    if (!applies(condition, cause, resolving, extendedCardReachable)) {
      notApplied?.push(condition);
      continue;
    }
    notApplied ??= present.slice(0, i);
    if (condition === "staleCard") stale = true;
    else if (winner === undefined) winner = condition;
    else (others ??= []).push(condition);
  }
  base.notApplied = notApplied ?? (present as ConditionName[]);
  if (winner) {
    const { outcome, data } = conditionData(winner, finding, cause, input, conditions, resolving);
    Object.assign(base, data);
    base.otherConditions = others ?? [];
    return { reason: winner, outcome, invariant: finding.invariant, data: base };
  }
  if (stale) return { reason: "staleCard", outcome: "reject", invariant: finding.invariant, data: base };
  return { reason: "requiredPathCut", outcome: "reject", invariant: finding.invariant, data: base };
}

/** Can this condition (present in the review) change this would-be rejection? By what the cut rests on. */
function applies(condition: ConditionName, cause: CutCause, resolving: readonly string[], extendedCardReachable: boolean): boolean {
  switch (condition) {
    case "honoredExtension":
      return cause.contradiction === true && resolving.length > 0;
    case "renegotiableClient":
      return cause.acquirable.length > 0;
    case "otherDiscoveryChannel":
      return cause.cardClaim !== undefined;
    case "extendedCard":
      return cause.cardClaim !== undefined && extendedCardReachable;
    case "zeroXAdvisory":
      return cause.contradiction === true;
    case "staleCard":
      return cause.cardClaim !== undefined;
  }
}

/** The outcome and data of the condition that changed a would-be rejection. */
function conditionData(
  condition: ConditionName,
  finding: Finding,
  cause: CutCause,
  input: DecideInput,
  conditions: ReviewConditions,
  resolving: readonly string[],
): { outcome: DecisionKind; data: MessageData } {
  switch (condition) {
    case "honoredExtension": {
      const card = input.card;
      const onCard = resolving.filter((uri) => card?.extensions.some((e) => e.uri === uri) === true);
      return {
        outcome: "escalate",
        data: {
          extensions: resolving as string[],
          resolvesThis: true,
          contradiction: cause.contradiction === true,
          declaredOnCard: onCard,
          notOnCard: resolving.filter((u) => !onCard.includes(u)),
        },
      };
    }
    case "renegotiableClient":
      return { outcome: "defer", data: { acquirable: cause.acquirable } };
    case "otherDiscoveryChannel":
      return { outcome: "defer", data: { channels: [...conditions.channels!] } };
    case "extendedCard":
      return { outcome: "defer", data: conditions.extendedCard! };
    case "zeroXAdvisory":
      return { outcome: "defer", data: conditions.advisory! };
    default:
      throw new Error(`not a changing condition: ${condition} (${finding.invariant})`);
  }
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
  target?: RejectTarget;
  reasons: ReadonlyArray<{ reason: string }>;
}

/** A rejection aimed at the client: the client itself cannot perform the class ("not for this client"). */
export function isNotForClient(decision: Pick<DecisionOutcome, "decision" | "target">): boolean {
  return decision.decision === "reject" && decision.target === "client";
}

/** The decision as surfaces show and count it: a rejection aimed at the client is "not-for-client". */
export function outcomeOf(decision: Pick<DecisionOutcome, "decision" | "target">): Outcome {
  return isNotForClient(decision) ? "not-for-client" : decision.decision;
}

/** OUTCOMES order (least severe first): "not-for-client" below accept, so it never makes a card look worse. */
export function outcomeRank(outcome: Outcome): number {
  return outcome === "not-for-client" ? -1 : severity(outcome);
}

/** The worst of some outcomes (undefined for none; "not-for-client" only when every one is). */
export function worstOutcome(outcomes: Iterable<Outcome>): Outcome | undefined {
  let worst: Outcome | undefined;
  for (const o of outcomes) if (worst === undefined || outcomeRank(o) > outcomeRank(worst)) worst = o;
  return worst;
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

/**
 * An accept says what makes it work: the binding and endpoint, the completion path, and the
 * fields that could not be evaluated but only concern optional paths.
 */
function noViolation(taskClass: TaskClass, findings: Finding[]): DecisionReason {
  const notEvaluated: string[] = [];
  const missing: string[] = [];
  const data: MessageData = { taskClass: taskClass.id, completion: taskClass.completion, notEvaluated, missing };
  for (const f of findings) {
    if (f.status === "not-evaluated") {
      notEvaluated.push(f.invariant);
      for (const m of f.missing ?? []) if (!missing.includes(m)) missing.push(m);
    }
    if (f.status !== "holds") continue;
    if (f.invariant === "shared-transport" && f.messageId === "sharedBinding") {
      data.bindings = f.data.bindings ?? [];
      data.url = f.data.url ?? "";
    }
    if (f.invariant === "completion-channel-available" && f.messageId === "channelsAvailable") data.channels = f.data.channels ?? [];
    if (f.invariant === "input-modes" && Array.isArray(f.data.modes)) data.inputModes = f.data.modes;
    if (f.invariant === "output-modes") data.outputModes = Array.isArray(f.data.modes) ? f.data.modes : ["any mode"];
  }
  return { reason: "noViolation", outcome: "accept", data };
}
