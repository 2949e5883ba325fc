import { isObject } from "@/lib/negotiation/card";
import { TaskClass } from "@/lib/negotiation";

/**
 * A task class form the user has started but not yet added (or cancelled), kept in this browser so
 * a reload does not lose it, the way the workspace draft keeps everything else. One form at a
 * time; saving or cancelling it forgets it. What is read back is checked field by field: anything
 * that no longer fits is left at its default, never trusted.
 */
export const TASK_CLASS_FORM_KEY = "parley.taskClassForm.v1";

export interface TaskClassFormFields {
  title: string;
  id: string;
  idTouched: boolean;
  description: string;
  input: TaskClass["input"];
  inputModes: string[] | undefined;
  completion: TaskClass["completion"];
  output: TaskClass["output"];
  outputModes: string[] | undefined;
  skill: string;
}

export interface KeptTaskClassForm {
  /** The class being edited, or null for a new one. */
  editingId: string | null;
  fields: TaskClassFormFields;
  keep: boolean;
}

function oneOf<T>(schema: { safeParse: (v: unknown) => { success: boolean } }, value: unknown, fallback: T): T {
  return schema.safeParse(value).success ? (value as T) : fallback;
}

export function decodeTaskClassForm(raw: string | null): KeptTaskClassForm | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isObject(value) || !isObject(value.fields)) return null;
  const f = value.fields;
  const text = (v: unknown) => (typeof v === "string" ? v.slice(0, 10_000) : "");
  const modes = (v: unknown) => (Array.isArray(v) && v.length <= 200 && v.every((m) => typeof m === "string") ? (v as string[]) : undefined);
  const fields: TaskClassFormFields = {
    title: text(f.title),
    id: text(f.id),
    idTouched: f.idTouched === true,
    description: text(f.description),
    input: oneOf<TaskClass["input"]>(TaskClass.shape.input, f.input, "whole"),
    inputModes: modes(f.inputModes),
    completion: oneOf<TaskClass["completion"]>(TaskClass.shape.completion, f.completion, "response"),
    output: oneOf<TaskClass["output"]>(TaskClass.shape.output, f.output, "required"),
    outputModes: modes(f.outputModes),
    skill: text(f.skill),
  };
  const editingId = typeof value.editingId === "string" ? value.editingId : null;
  return { editingId, fields, keep: value.keep !== false };
}

let reading: KeptTaskClassForm | null | undefined;

/** The form kept when the page opened (read once: later writes are the form on screen). */
export function readKeptTaskClassForm(): KeptTaskClassForm | null {
  if (reading === undefined) {
    try {
      reading = decodeTaskClassForm(window.localStorage.getItem(TASK_CLASS_FORM_KEY));
    } catch {
      reading = null; // storage disabled
    }
  }
  return reading;
}

export const readKeptTaskClassFormOnServer = (): null => null;
export const subscribeKeptTaskClassForm = (): (() => void) => () => undefined;

export function keepTaskClassForm(form: KeptTaskClassForm): void {
  try {
    window.localStorage.setItem(TASK_CLASS_FORM_KEY, JSON.stringify(form));
  } catch {
    // storage full or disabled: the form on screen is all there is
  }
}

export function forgetTaskClassForm(): void {
  reading = null;
  try {
    window.localStorage.removeItem(TASK_CLASS_FORM_KEY);
  } catch {
    // nothing kept
  }
}
