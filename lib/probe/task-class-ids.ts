import { BUILT_IN_TASK_CLASSES, findTaskClass, type TaskClass } from "../negotiation";

/** The route's task classes: built-in ids, or user-defined classes already checked by the wire schema. Default: every built-in. */
export function resolveTaskClasses(given: readonly (string | TaskClass)[] | undefined): { ok: true; value: TaskClass[] } | { ok: false; message: string } {
  if (!given || given.length === 0) return { ok: true, value: [...BUILT_IN_TASK_CLASSES] };
  const value: TaskClass[] = [];
  for (const item of given) {
    if (typeof item !== "string") {
      value.push(item);
      continue;
    }
    const found = findTaskClass(item);
    if (!found) return { ok: false, message: `taskClasses: no built-in task class "${item.slice(0, 64)}"` };
    value.push(found);
  }
  return { ok: true, value };
}
