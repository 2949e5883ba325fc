import { BUILT_IN_TASK_CLASSES, findTaskClass, TaskClass } from "@/lib/negotiation";
import type { TaskClassSelection } from "@/components/session/workspace-review";
import { pointerFromPath } from "@/lib/negotiation/card";

/** A skill the task-class picker offers to aim a class at: its id and, when the card gives one, its name. */
export interface SkillChoice {
  id: string;
  name?: string;
}

/**
 * The task classes a workspace review decides, as the user arranged them: which built-in classes
 * are in, the user's own classes (whole objects, so a link reproduces them), and the skill they
 * are aimed at. `undefined` is the default: every built-in class, aimed at no skill. A built-in
 * class unchanged travels as its id; changed (aimed at a skill) it travels whole, like the CLI's
 * `--skill`.
 */

/** The classes a selection stands for; entries that do not resolve (a stale id) are left out. */
export function classesOf(selection: TaskClassSelection | undefined): TaskClass[] {
  if (selection === undefined) return [...BUILT_IN_TASK_CLASSES];
  const out: TaskClass[] = [];
  for (const entry of selection) {
    const taskClass = typeof entry === "string" ? findTaskClass(entry) : entry;
    if (taskClass && !out.some((t) => t.id === taskClass.id)) out.push(taskClass);
  }
  return out;
}

/** The smallest selection for these classes: undefined for the default, built-ins unchanged as ids. */
export function selectionOf(classes: readonly TaskClass[]): TaskClassSelection | undefined {
  const entries = classes.map((t) => (isBuiltInAsIs(t) ? t.id : t));
  const isDefault = entries.length === BUILT_IN_TASK_CLASSES.length && entries.every((e, i) => e === BUILT_IN_TASK_CLASSES[i]!.id);
  return isDefault ? undefined : entries;
}

export function isBuiltIn(id: string): boolean {
  return BUILT_IN_TASK_CLASSES.some((t) => t.id === id);
}

function isBuiltInAsIs(taskClass: TaskClass): boolean {
  const builtIn = BUILT_IN_TASK_CLASSES.find((t) => t.id === taskClass.id);
  return builtIn !== undefined && sameClass(builtIn, taskClass);
}

export function sameClass(a: TaskClass, b: TaskClass): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

function canonical(t: TaskClass): unknown[] {
  return [t.id, t.title, t.description, t.input, t.completion, t.output, t.skill ?? null, t.inputModes ?? null, t.outputModes ?? null];
}

/** Every class aimed at `skill` (undefined: at none). */
export function aimAll(classes: readonly TaskClass[], skill: string | undefined): TaskClass[] {
  return classes.map((t) => {
    const next = { ...t };
    if (skill === undefined) delete next.skill;
    else next.skill = skill;
    return next;
  });
}

/** The skill every class is aimed at; "" for none; undefined when they differ. */
export function commonSkill(classes: readonly TaskClass[]): string | undefined {
  const skills = new Set(classes.map((t) => t.skill ?? ""));
  return skills.size <= 1 ? ([...skills][0] ?? "") : undefined;
}

/** A built-in class back in its place (registry order among the built-ins), or a user class at the end. */
export function includeClass(classes: readonly TaskClass[], taskClass: TaskClass): TaskClass[] {
  if (classes.some((t) => t.id === taskClass.id)) return [...classes];
  if (!isBuiltIn(taskClass.id)) return [...classes, taskClass];
  const rank = (id: string) => BUILT_IN_TASK_CLASSES.findIndex((t) => t.id === id);
  const at = classes.findIndex((t) => !isBuiltIn(t.id) || rank(t.id) > rank(taskClass.id));
  return at === -1 ? [...classes, taskClass] : [...classes.slice(0, at), taskClass, ...classes.slice(at)];
}

/** An id from a title: lower case, kebab-case, at most 60 characters. */
export function idFromTitle(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
}

/** A field of the editor's form and what is wrong with it. */
export interface ClassProblem {
  field: string;
  message: string;
}

/**
 * A class from the editor, checked against the schema and against the classes it sits beside
 * (`others`, without the one being edited). Problems name the form field they belong to.
 */
export function checkClass(candidate: unknown, others: readonly TaskClass[]): { taskClass: TaskClass } | { problems: ClassProblem[] } {
  const parsed = TaskClass.safeParse(candidate);
  if (!parsed.success) {
    const problems: ClassProblem[] = [];
    for (const issue of parsed.error.issues) {
      const field = pointerFromPath(issue.path.slice(0, 1)) || "/";
      // One problem per field, in the workspace's words rather than the validator's.
      if (!problems.some((p) => p.field === field)) problems.push({ field, message: classProblemText(field, candidate, "keys" in issue && Array.isArray(issue.keys) ? issue.keys.map(String) : []) });
    }
    // In the order the editor shows the fields.
    const rank = (field: string) => (FORM_ORDER.indexOf(field) + FORM_ORDER.length + 1) % (FORM_ORDER.length + 1);
    return { problems: problems.sort((a, b) => rank(a.field) - rank(b.field)).slice(0, 10) };
  }
  const id = parsed.data.id;
  if (isBuiltIn(id)) return { problems: [{ field: "/id", message: `"${id}" is a built-in task class: give yours another id.` }] };
  if (others.some((t) => t.id === id)) return { problems: [{ field: "/id", message: `Another task class is already called "${id}".` }] };
  return { taskClass: parsed.data };
}

const FORM_ORDER = ["/title", "/id", "/description", "/input", "/inputModes", "/completion", "/output", "/outputModes", "/skill"];

/** What is wrong with one field of a task class being made, said for the person making it. */
function classProblemText(field: string, candidate: unknown, unknownKeys: readonly string[]): string {
  const isObject = candidate !== null && typeof candidate === "object" && !Array.isArray(candidate);
  const value = isObject && Object.hasOwn(candidate, field.slice(1)) ? (candidate as Record<string, unknown>)[field.slice(1)] : undefined;
  switch (field) {
    case "/title":
      return "give the task class a name.";
    case "/id":
      return typeof value === "string" && value !== ""
        ? `"${value.slice(0, 60)}" cannot be an id: use lower-case letters and digits, words joined by single hyphens (e.g. call-summary).`
        : "give it an id: lower-case words joined by hyphens (e.g. call-summary).";
    case "/inputModes":
    case "/outputModes":
      if (Array.isArray(value) && value.length === 0) return `tick at least one mode, or uncheck "Only these" for any mode.`;
      if (Array.isArray(value) && value.length > 50) return "at most 50 modes.";
      return "each mode is a media type such as text/plain, of at most 255 characters.";
    case "/skill":
      return "a skill id of at most 200 characters, or empty for none.";
    case "/description":
      return "a description is text (it may be empty).";
    case "/input":
      return `input is "whole" or "live".`;
    case "/completion":
      return `completion is one of "response", "notification", "push", "polling", "stream", "none".`;
    case "/output":
      return `output is "required" or "none".`;
    default:
      if (!isObject) return "a task class is a JSON object with id, title, description, input, completion and output.";
      return unknownKeys.length > 0
        ? `a task class has no field ${unknownKeys.slice(0, 5).map((k) => JSON.stringify(k.slice(0, 40))).join(", ")}.`
        : "this is not a task class.";
  }
}
