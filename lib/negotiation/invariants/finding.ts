import type { Pointer } from "../card/model";
import type { Path, TaskClass } from "../task-classes";
import type { CutCause, EvidenceRef, Finding, InvariantMeta, MessageData, RuleException } from "./types";

/**
 * Small constructors so every invariant builds findings the same way. The message id is typed by
 * the invariant's own message map, so a typo does not compile.
 */
export function makeFinding<M extends string>(
  meta: InvariantMeta<M>,
  taskClass: TaskClass,
  status: Finding["status"],
  messageId: M,
  data: MessageData,
  evidence: EvidenceRef[],
  extra?: { exception?: RuleException },
): Finding {
  const finding: Finding = {
    invariant: meta.id,
    taskClass: taskClass.id,
    status,
    messageId,
    data,
    evidence,
  };
  if (extra?.exception) finding.exception = extra.exception;
  return finding;
}

/** A violated finding: the path it cuts and what the cut rests on. */
export function cutFinding<M extends string>(
  meta: InvariantMeta<M>,
  taskClass: TaskClass,
  messageId: M,
  data: MessageData,
  evidence: EvidenceRef[],
  cuts: Path,
  cause: CutCause,
): Finding {
  // One literal, keys in makeFinding's order then cuts and cause, as reuse-plan.ts copies it (speed: bench/cases/review-throughput.ts).
  return { invariant: meta.id, taskClass: taskClass.id, status: "violated", messageId, data, evidence, cuts, cause };
}

/**
 * A finding that could not be evaluated because the profile leaves out `missing` (unknown is not
 * "cannot"), with the path that is at stake until it is declared.
 */
export function unknownFinding<M extends string>(
  meta: InvariantMeta<M>,
  taskClass: TaskClass,
  messageId: M,
  data: MessageData,
  evidence: EvidenceRef[],
  missing: Pointer[],
  atStake?: Path,
): Finding {
  const finding = makeFinding(meta, taskClass, "not-evaluated", messageId, data, evidence);
  finding.missing = missing;
  if (atStake) finding.cuts = atStake;
  return finding;
}

/**
 * A finding that could not be evaluated because the card does not say (or says in a shape Parley
 * cannot read) what the invariant needs: `unclear` names those card fields. No profile field would
 * settle it, so `missing` is empty.
 */
export function cardUnclearFinding<M extends string>(
  meta: InvariantMeta<M>,
  taskClass: TaskClass,
  messageId: M,
  data: MessageData,
  evidence: EvidenceRef[],
  unclear: Pointer[],
  atStake: Path,
): Finding {
  const finding = unknownFinding(meta, taskClass, messageId, data, evidence, [], atStake);
  finding.unclear = unclear;
  return finding;
}

/** The finding for a task class the invariant does not concern. */
export function notConcerned<M extends string>(
  meta: InvariantMeta<M>,
  taskClass: TaskClass,
  messageId: M,
): Finding {
  // The class's id reaches the text from finding.taskClass: data stays the same for every class.
  return makeFinding(meta, taskClass, "not-applicable", messageId, {}, []);
}

export function cardRef(pointer: string, value?: unknown): EvidenceRef {
  return value === undefined ? { source: "card", pointer } : { source: "card", pointer, value };
}

/** A card field as read: its value, marked `absent` when the card leaves it out and the value is the default. */
export function locatedRef(located: { pointer: string; defaulted?: boolean }, value: unknown): EvidenceRef {
  const ref = cardRef(located.pointer, value);
  if (located.defaulted) ref.absent = true;
  return ref;
}

export function profileRef(pointer: string, value?: unknown): EvidenceRef {
  return value === undefined ? { source: "profile", pointer } : { source: "profile", pointer, value };
}

export function contextRef(pointer: string, value?: unknown): EvidenceRef {
  return value === undefined ? { source: "context", pointer } : { source: "context", pointer, value };
}
