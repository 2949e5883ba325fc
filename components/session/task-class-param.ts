/**
 * A link into the workspace can name the task class it is about (the log explainer's links do: a
 * record or a log line is about one class). The review then opens with that class's row selected,
 * so its explanation is on screen. It travels as a query parameter beside the review link's
 * fragment, which stays the format every other link uses.
 */
export const TASK_CLASS_PARAM = "class";
/** Beside the class, the invariant whose cell was open (a shared link restores the cell, not only the row). */
export const INVARIANT_PARAM = "cell";

/** A task class id as links carry them: lowercase words joined by hyphens. */
const TASK_CLASS_ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;
/** Longer than any task class id a profile or a class file defines in practice; a longer value is not read. */
const MAX_ID_LENGTH = 64;

/** The workspace address of a review link fragment ("v1.…"), naming `taskClass` (and the `invariant` of its open cell) when usable ids. */
export function workspaceHref(fragment: string, taskClass?: string, invariant?: string): string {
  let query = "";
  if (taskClass !== undefined && usableId(taskClass)) {
    query = `?${TASK_CLASS_PARAM}=${taskClass}`;
    if (invariant !== undefined && usableId(invariant)) query += `&${INVARIANT_PARAM}=${invariant}`;
  }
  return `/${query}#${fragment}`;
}

/** The cell an address's query names: its task class, and the invariant when one is named. */
export function askedSelection(search: string): { taskClass: string; invariant?: string } | undefined {
  const taskClass = askedTaskClass(search);
  if (taskClass === undefined) return undefined;
  const invariant = new URLSearchParams(search).get(INVARIANT_PARAM);
  return invariant !== null && usableId(invariant) ? { taskClass, invariant } : { taskClass };
}

/** The task class an address's query (`location.search`) names, when it names a usable one. */
export function askedTaskClass(search: string): string | undefined {
  const value = new URLSearchParams(search).get(TASK_CLASS_PARAM);
  return value !== null && usableId(value) ? value : undefined;
}

/** The query without the task class parameter (the review has been opened on it): "" when nothing else is left. */
export function searchWithoutTaskClass(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(TASK_CLASS_PARAM);
  params.delete(INVARIANT_PARAM);
  const rest = params.toString();
  return rest ? `?${rest}` : "";
}

function usableId(value: string): boolean {
  return value.length <= MAX_ID_LENGTH && TASK_CLASS_ID.test(value);
}
