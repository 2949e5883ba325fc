import { rememberBounded } from "./bounded-memo";
import type { NormalizedCard } from "./card/model";
import type { ReviewContext } from "./context";
import { INVARIANTS } from "./invariants";
import type { CheckInput, Finding } from "./invariants/types";
import type { ClientProfile } from "./profile";
import type { ReviewScope } from "./review-scope";
import { BUILT_IN_TASK_CLASSES, type TaskClass } from "./task-classes";

/**
 * Which findings a review reuses across its task classes, and which it checks. An invariant names
 * the task-class fields its check reads (meta.reads); two classes equal on those fields get the same
 * finding but for its taskClass, so it is checked for the first and copied for the other.
 */

const ALL_BUILT_INS = BUILT_IN_TASK_CLASSES as TaskClass[];

/**
 * Per task class (by index) and invariant (INVARIANTS order): NOT_CONCERNED when the invariant does
 * not concern the class, else the index of an earlier class with the same class key, whose finding
 * it reuses (but for its taskClass), or CHECK to check it. `notConcerned[c]` holds class c's shared
 * not-concerned findings (see notConcernedFindings), fetched once per plan rather than per finding.
 * Made once per list of built-in classes: a review of them builds no key.
 */
export interface ReusePlan {
  reuse: number[][];
  notConcerned: Array<Array<Finding | undefined>>;
}
const CHECK = -1;
const NOT_CONCERNED = -2;

function reusePlan(taskClasses: readonly TaskClass[]): ReusePlan {
  // A class's keys are made only when an earlier class could share a finding with it (a list of
  // one class, the CLI's usual custom list, makes none).
  const keys: Array<readonly string[] | undefined> = [];
  const keysOf = (c: number) => (keys[c] ??= classKeys(taskClasses[c]!));
  const reuse = taskClasses.map((taskClass, c) =>
    INVARIANTS.map((invariant, i) => {
      if (!invariant.meta.concerns(taskClass)) return NOT_CONCERNED;
      for (let earlier = 0; earlier < c; earlier++) {
        if (keysOf(earlier)[i] === keysOf(c)[i] && invariant.meta.concerns(taskClasses[earlier]!)) return earlier;
      }
      return CHECK;
    }),
  );
  return { reuse, notConcerned: taskClasses.map(notConcernedFindingsOf) };
}

/** The class's key for each invariant (INVARIANTS order): the fields its meta.reads names, and no other. */
function classKeys(taskClass: TaskClass): readonly string[] {
  return INVARIANTS.map((invariant) => classKey(invariant.meta.reads, taskClass));
}

/**
 * The values of `fields` of a class, in that order, as one string: two classes get the same key
 * exactly when they agree on every field named (JSON.stringify writes a string or a list of
 * strings one way only; a field left out is null, which no class field can be).
 */
function classKey(fields: ReadonlyArray<keyof TaskClass>, taskClass: TaskClass): string {
  const values: unknown[] = [];
  for (const field of fields) values.push(taskClass[field] ?? null);
  return JSON.stringify(values);
}

/**
 * The finding of an invariant for a class it does not concern depends on the class alone (the
 * registry test holds every invariant to it), so it is made once per class object and shared,
 * frozen, by every review: a third of a review's findings, with the built-in classes.
 */
const notConcernedFindings = new WeakMap<TaskClass, Array<Finding | undefined>>();

function notConcernedFindingsOf(taskClass: TaskClass): Array<Finding | undefined> {
  let known = notConcernedFindings.get(taskClass);
  if (!known) notConcernedFindings.set(taskClass, (known = []));
  return known;
}

function freezeFinding(finding: Finding): Finding {
  Object.freeze(finding.data);
  Object.freeze(finding.evidence);
  return Object.freeze(finding);
}

/**
 * A list made only of built-in classes (the CLI's --classes, a UI selection) is constant data: its
 * plan is made once per list, found by the classes' places among the built-ins (at most
 * MAX_LIST_PLANS lists remembered). A list with a user-defined class is planned per review (its
 * objects are the caller's).
 */
const BUILT_IN_PLAN = reusePlan(ALL_BUILT_INS);
const builtInListPlans = new Map<string, ReusePlan>();
const MAX_LIST_PLANS = 256;

export function planFor(taskClasses: readonly TaskClass[]): ReusePlan {
  if (taskClasses === ALL_BUILT_INS) return BUILT_IN_PLAN;
  let key = "";
  for (const taskClass of taskClasses) {
    const at = ALL_BUILT_INS.indexOf(taskClass);
    if (at === -1) return reusePlan(taskClasses);
    key += `${at},`;
  }
  return builtInListPlans.get(key) ?? rememberBounded(builtInListPlans, MAX_LIST_PLANS, key, reusePlan(taskClasses));
}

export function findingsFor(
  c: number,
  taskClasses: readonly TaskClass[],
  plan: ReusePlan,
  checked: Finding[][],
  card: NormalizedCard,
  profile: ClientProfile,
  context: ReviewContext,
  scope: ReviewScope,
): Finding[] {
  // Findings are computed even for an invalid card (best effort) so the UI can show them; decide()
  // still refuses to accept anything on it.
  const taskClass = taskClasses[c]!;
  const input: CheckInput = { card, profile, context, taskClass, scope };
  const reuse = plan.reuse[c]!;
  const notConcerned = plan.notConcerned[c]!;
  // Sized once (a push-grown array reallocates and keeps spare room, per class, per review).
  const count = INVARIANTS.length;
  const findings = new Array<Finding>(count);
  for (let i = 0; i < count; i++) {
    const from = reuse[i]!;
    if (from === CHECK) findings[i] = INVARIANTS[i]!.check(input);
    else if (from === NOT_CONCERNED) findings[i] = notConcerned[i] ??= freezeFinding(INVARIANTS[i]!.check(input));
    else findings[i] = forClass(checked[from]![i]!, taskClass.id);
  }
  return findings;
}

/** The same finding for another task class, keys in the order finding.ts writes them, spelled out (speed: bench/cases/review-throughput.ts). */
function forClass(finding: Finding, taskClass: string): Finding {
  const { exception, missing, unclear, cuts, cause } = finding;
  // The two shapes nearly every finding has, as literals: a holding one, and a cut (cutFinding's).
  if (exception === undefined && missing === undefined && unclear === undefined) {
    if (cuts === undefined && cause === undefined) {
      return { invariant: finding.invariant, taskClass, status: finding.status, messageId: finding.messageId, data: finding.data, evidence: finding.evidence };
    }
    if (cuts !== undefined && cause !== undefined) {
      return { invariant: finding.invariant, taskClass, status: finding.status, messageId: finding.messageId, data: finding.data, evidence: finding.evidence, cuts, cause };
    }
  }
  const copy: Finding = {
    invariant: finding.invariant,
    taskClass,
    status: finding.status,
    messageId: finding.messageId,
    data: finding.data,
    evidence: finding.evidence,
  };
  if (exception !== undefined) copy.exception = exception;
  if (missing !== undefined) copy.missing = missing;
  // What the card leaves unclear is the card's, the same for every class that shares the finding.
  if (unclear !== undefined) copy.unclear = unclear;
  if (cuts !== undefined) copy.cuts = cuts;
  if (cause !== undefined) copy.cause = cause;
  return copy;
}

