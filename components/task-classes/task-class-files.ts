import type { TaskClass } from "@/lib/negotiation";
import { checkClass } from "./task-class-selection";

/**
 * The task classes this browser keeps, as a file: a JSON list of task class objects, the very
 * format the CLI's `--task-class-file` reads, so a class made here runs in CI unchanged (and a
 * teammate imports the same file). An import takes one object or a list; every entry is checked
 * as the editor checks it, and the ones that fail are named with why.
 */
export const MAX_TASK_CLASS_FILE_BYTES = 1024 * 1024;
/** As many as `--task-class-file` takes. */
export const MAX_TASK_CLASSES_PER_FILE = 50;

export function taskClassesFileText(classes: readonly TaskClass[]): string {
  return `${JSON.stringify(classes, null, 2)}\n`;
}

export interface TaskClassesFileReading {
  classes: TaskClass[];
  /** Entries that cannot be kept, by position (1-based; 0 for the file as a whole), with why. */
  problems: { entry: number; message: string }[];
}

export function readTaskClassesFile(text: string): TaskClassesFileReading {
  let value: unknown;
  try {
    value = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch {
    return { classes: [], problems: [{ entry: 0, message: "the file is not JSON." }] };
  }
  const entries = Array.isArray(value) ? value : [value];
  if (entries.length === 0) return { classes: [], problems: [{ entry: 0, message: "the file holds an empty list: no task classes to import." }] };
  if (entries.length > MAX_TASK_CLASSES_PER_FILE) {
    return { classes: [], problems: [{ entry: 0, message: `the file holds ${entries.length} task classes; at most ${MAX_TASK_CLASSES_PER_FILE}.` }] };
  }
  const reading: TaskClassesFileReading = { classes: [], problems: [] };
  entries.forEach((entry, i) => {
    // Checked against the classes read before it, so one file cannot use an id twice.
    const checked = checkClass(entry, reading.classes);
    if ("taskClass" in checked) reading.classes.push(checked.taskClass);
    else reading.problems.push({ entry: i + 1, message: checked.problems.map((p) => `${p.field.slice(1) || "the entry"}: ${p.message}`).join(" ") });
  });
  return reading;
}
