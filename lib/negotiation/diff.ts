import { parseCardText } from "./card/parse-text";
import { joinPointer } from "./card/pointer";
import type { ReviewContext } from "./context";
import { outcomeOf, outcomeRank, rulesOf } from "./decide";
import type { Outcome, Review, TaskClassDecision } from "./decision-types";
import type { Finding, FindingStatus, InvariantId } from "./invariants/types";
import type { ClientProfile } from "./profile";
import { review } from "./review";
import type { TaskClass } from "./task-classes";

/**
 * Two versions of a card: what changed in it (JSON pointers with before and after) and, the part
 * that matters, which decisions change for the chosen profiles and which findings changed to cause
 * it. Pure: the CLI, the /diff page and a drifted live link all use it.
 */
export interface FieldChange {
  pointer: string;
  kind: "added" | "removed" | "changed";
  before?: unknown;
  after?: unknown;
}

export interface FindingChange {
  invariant: InvariantId;
  before: { status: FindingStatus; messageId: string };
  after: { status: FindingStatus; messageId: string };
}

export interface DecisionChange {
  profile: string;
  taskClass: string;
  /** The decisions as shown: a rejection aimed at the client is "not-for-client" (ranked below accept). */
  before: Outcome;
  after: Outcome;
  /** The new decision is more severe (reject > escalate > defer > accept-degraded > accept > not-for-client). */
  worse: boolean;
  findings: FindingChange[];
}

/**
 * A decision that stays what it was while what it rests on changes: still reject, but now for
 * security rather than the transport. `before` and `after` are the same decision; `findings` are
 * the changed ones that can carry a decision (violated or not evaluated on either side), and may
 * be empty when only the reasons moved (a version that was not JSON, now refused for its modes).
 */
export interface ReasonChange extends DecisionChange {
  worse: false;
}

export interface CardDiff {
  fieldChanges: FieldChange[];
  /** More field changes existed than were listed (the diff is bounded). */
  truncated: boolean;
  decisionChanges: DecisionChange[];
  /** Decisions other than accept that stay the same, for other findings (see ReasonChange). */
  reasonChanges: ReasonChange[];
  /** Either version is not JSON: no field diff, only decisions (an unparseable card is rejected). */
  unparseable: { before: boolean; after: boolean };
  reviews: Array<{ profile: string; before: Review; after: Review }>;
}

export interface DiffOptions {
  context?: ReviewContext;
  taskClasses?: ReadonlyArray<string | TaskClass>;
  /** At most this many field changes are listed (default 500). */
  maxChanges?: number;
}

const MAX_DEPTH = 64;

/** Structural difference of two JSON values; objects by key, arrays by index. Bounded. */
export function diffJson(before: unknown, after: unknown, maxChanges = 500): { changes: FieldChange[]; truncated: boolean } {
  const changes: FieldChange[] = [];
  let truncated = false;
  const push = (change: FieldChange) => {
    if (changes.length >= maxChanges) truncated = true;
    else changes.push(change);
  };
  const walk = (a: unknown, b: unknown, pointer: string, depth: number) => {
    if (truncated || Object.is(a, b)) return;
    const aObj = typeof a === "object" && a !== null;
    const bObj = typeof b === "object" && b !== null;
    // Past the depth bound, a subtree that differs anywhere is reported whole, at its root.
    if (!aObj || !bObj || Array.isArray(a) !== Array.isArray(b) || depth >= MAX_DEPTH) {
      push({ pointer, kind: "changed", before: a, after: b });
      return;
    }
    if (Array.isArray(a) && Array.isArray(b)) {
      const length = Math.max(a.length, b.length);
      for (let i = 0; i < length; i++) {
        const at = joinPointer(pointer, i);
        if (i >= a.length) push({ pointer: at, kind: "added", after: b[i] });
        else if (i >= b.length) push({ pointer: at, kind: "removed", before: a[i] });
        else walk(a[i], b[i], at, depth + 1);
      }
      return;
    }
    const ao = a as Record<string, unknown>;
    const bo = b as Record<string, unknown>;
    for (const key of Object.keys(ao)) {
      const at = joinPointer(pointer, key);
      if (!Object.prototype.hasOwnProperty.call(bo, key)) push({ pointer: at, kind: "removed", before: ao[key] });
      else walk(ao[key], bo[key], at, depth + 1);
    }
    for (const key of Object.keys(bo)) {
      if (!Object.prototype.hasOwnProperty.call(ao, key)) push({ pointer: joinPointer(pointer, key), kind: "added", after: bo[key] });
    }
  };
  walk(before, after, "", 0);
  return { changes, truncated };
}

/**
 * Did the decision get more severe (reject > escalate > defer > accept-degraded > accept)? A class
 * that became "not for this client" did not: it says the card is no longer what stands in the way.
 */
export function isWorse(before: Outcome, after: Outcome): boolean {
  return outcomeRank(after) > outcomeRank(before);
}

/** Two versions of a card, reviewed against each profile. */
export function diffCards(beforeText: string, afterText: string, profiles: readonly ClientProfile[], options: DiffOptions = {}): CardDiff {
  const before = parseCardText(beforeText);
  const after = parseCardText(afterText);
  const unparseable = { before: !before.ok, after: !after.ok };
  const fields = before.ok && after.ok ? diffJson(before.value, after.value, options.maxChanges ?? 500) : { changes: [], truncated: false };
  const reviewOptions = { ...(options.context ? { context: options.context } : {}), ...(options.taskClasses ? { taskClasses: options.taskClasses } : {}) };
  const reviews = profiles.map((profile) => ({
    profile: profile.name,
    before: review(beforeText, profile, reviewOptions),
    after: review(afterText, profile, reviewOptions),
  }));
  const decisionChanges: DecisionChange[] = [];
  const reasonChanges: ReasonChange[] = [];
  for (const pair of reviews) {
    for (const next of pair.after.decisions) {
      const prev = pair.before.decisions.find((d) => d.taskClass === next.taskClass);
      if (!prev) continue;
      const base = { profile: pair.profile, taskClass: next.taskClass, before: outcomeOf(prev), after: outcomeOf(next) };
      if (base.before !== base.after) {
        decisionChanges.push({ ...base, worse: isWorse(base.before, base.after), findings: changedFindings(prev, next, false) });
      } else if (next.decision !== "accept") {
        const findings = changedFindings(prev, next, true);
        const restsOnOthers = groundsOf(next).join() !== groundsOf(prev).join();
        if (findings.length > 0 || restsOnOthers) reasonChanges.push({ ...base, worse: false, findings });
      }
    }
  }
  return { fieldChanges: fields.changes, truncated: fields.truncated, decisionChanges, reasonChanges, unparseable, reviews };
}

/** Statuses a decision can rest on: a cut path, or one nothing could be said about. */
const CARRIES_A_DECISION: ReadonlySet<FindingStatus> = new Set(["violated", "not-evaluated"]);

/** The findings that changed status or message between two decisions of one task class; `carrying`: only those that can carry a decision. */
function changedFindings(prev: TaskClassDecision, next: TaskClassDecision, carrying: boolean): FindingChange[] {
  const findings: FindingChange[] = [];
  for (const f of next.findings) {
    const old = prev.findings.find((p) => p.invariant === f.invariant);
    if (!old || (old.status === f.status && old.messageId === f.messageId)) continue;
    if (carrying && !CARRIES_A_DECISION.has(old.status) && !CARRIES_A_DECISION.has(f.status)) continue;
    findings.push({ invariant: f.invariant, before: { status: old.status, messageId: old.messageId }, after: { status: f.status, messageId: f.messageId } });
  }
  return findings;
}

/** Decision changes as a reader wants them: the ones that got worse first, then the most severe outcome first. */
export function orderDecisionChanges<C extends DecisionChange>(changes: readonly C[]): C[] {
  const rank = (d: Outcome) => outcomeRank(d);
  return [...changes].sort((a, b) => Number(b.worse) - Number(a.worse) || rank(b.after) - rank(a.after));
}

/** What a decision change rests on, in full: both decisions and, per changed finding, both findings (for their explanations). */
export interface DecisionChangeDetail {
  before?: TaskClassDecision;
  after?: TaskClassDecision;
  findings: Array<{ invariant: InvariantId; before?: Finding; after?: Finding }>;
}

export function detailOf(diff: CardDiff, change: DecisionChange): DecisionChangeDetail {
  const pair = diff.reviews.find((r) => r.profile === change.profile);
  const before = pair?.before.decisions.find((d) => d.taskClass === change.taskClass);
  const after = pair?.after.decisions.find((d) => d.taskClass === change.taskClass);
  return {
    ...(before ? { before } : {}),
    ...(after ? { after } : {}),
    findings: change.findings.map((f) => ({
      invariant: f.invariant,
      before: before?.findings.find((x) => x.invariant === f.invariant),
      after: after?.findings.find((x) => x.invariant === f.invariant),
    })),
  };
}

/**
 * What a task class's decision rests on, on one side of the change: its rules (rulesOf, as a
 * decision record names them), or for a decision no invariant gives (an invalid card) its reason.
 */
export function restsOn(diff: CardDiff, change: DecisionChange, side: "before" | "after" = "after"): string[] {
  const pair = diff.reviews.find((r) => r.profile === change.profile);
  const decision = pair?.[side].decisions.find((d) => d.taskClass === change.taskClass);
  return decision ? groundsOf(decision) : [];
}

function groundsOf(decision: TaskClassDecision): string[] {
  const rules = rulesOf(decision);
  return rules.length > 0 ? rules : decision.reasons.filter((r) => r.outcome === decision.decision).map((r) => r.reason);
}
