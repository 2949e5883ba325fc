/**
 * A link into the workspace can name the task class it is about (the log explainer's links do: a
 * record or a log line is about one class). The review then opens with that class's row selected,
 * so its explanation is on screen. It travels as a query parameter beside the review link's
 * fragment, which stays the format every other link uses.
 */
export const TASK_CLASS_PARAM = "class";

/** A task class id as links carry them: lowercase words joined by hyphens. */
const TASK_CLASS_ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;
/** Longer than any task class id a profile or a class file defines in practice; a longer value is not read. */
const MAX_ID_LENGTH = 64;

/** The workspace address of a review link fragment ("v1.…"), naming `taskClass` when it is a usable id. */
export function workspaceHref(fragment: string, taskClass?: string): string {
  const query = taskClass !== undefined && usableId(taskClass) ? `?${TASK_CLASS_PARAM}=${taskClass}` : "";
  return `/${query}#${fragment}`;
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
  const rest = params.toString();
  return rest ? `?${rest}` : "";
}

function usableId(value: string): boolean {
  return value.length <= MAX_ID_LENGTH && TASK_CLASS_ID.test(value);
}
