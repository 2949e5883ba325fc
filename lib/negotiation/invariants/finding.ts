import type { EvidenceRef, Finding, InvariantMeta, MessageData } from "./types";
import type { TaskClass } from "../task-classes";

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
  extra?: Pick<Finding, "cuts" | "exception" | "missing">,
): Finding {
  const finding: Finding = {
    invariant: meta.id,
    taskClass: taskClass.id,
    status,
    messageId,
    data,
    evidence,
  };
  if (extra?.cuts) finding.cuts = extra.cuts;
  if (extra?.exception) finding.exception = extra.exception;
  if (extra?.missing) finding.missing = extra.missing;
  return finding;
}

/** The finding for a task class the invariant does not concern. */
export function notConcerned<M extends string>(
  meta: InvariantMeta<M>,
  taskClass: TaskClass,
  messageId: M,
): Finding {
  return makeFinding(meta, taskClass, "not-applicable", messageId, { taskClass: taskClass.id }, []);
}

export function cardRef(pointer: string, value?: unknown): EvidenceRef {
  return value === undefined ? { source: "card", pointer } : { source: "card", pointer, value };
}

export function profileRef(pointer: string, value?: unknown): EvidenceRef {
  return value === undefined ? { source: "profile", pointer } : { source: "profile", pointer, value };
}

export function contextRef(pointer: string, value?: unknown): EvidenceRef {
  return value === undefined ? { source: "context", pointer } : { source: "context", pointer, value };
}
