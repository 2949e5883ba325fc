import { modesOverlap, narrower, pushUnique } from "../card/media-types";
import type { ClientProfile } from "../profile";
import type { TaskClass } from "../task-classes";
import type { EvidenceRef } from "./types";

/**
 * A task class may name the media types its tasks send (`inputModes`) and wait for
 * (`outputModes`). For that class, only the client's modes that overlap them count: a voice task
 * sends audio even when the client can also send text. The invariants read the client's lists
 * through these functions, and point at the class's list as evidence when it narrowed them.
 */

/** `list` narrowed to the modes overlapping `classModes`, as exchanged (the more specific spelling); unknown stays unknown. */
export function narrowToClass(list: readonly string[] | undefined, classModes: readonly string[] | undefined): readonly string[] | undefined {
  if (list === undefined || classModes === undefined) return list;
  const out: string[] = [];
  for (const mode of list) for (const wanted of classModes) if (modesOverlap(mode, wanted)) pushUnique(out, narrower(mode, wanted));
  return out;
}

/** The client's input lists as a task of this class uses them. */
export function classInputModes(profile: ClientProfile, taskClass: TaskClass) {
  const wanted = taskClass.inputModes;
  return {
    sends: narrowToClass(profile.inputModes, wanted),
    liveOnly: narrowToClass(profile.liveOnlyInputModes, wanted),
    bufferable: narrowToClass(profile.bufferableInputModes, wanted),
  };
}

/** The output modes a task of this class can read: the class's own where the client accepts any. */
export function classAcceptedOutputModes(profile: ClientProfile, taskClass: TaskClass): readonly string[] | undefined {
  const wanted = taskClass.outputModes;
  if (wanted === undefined) return profile.acceptedOutputModes;
  return profile.acceptedOutputModes === undefined ? wanted : narrowToClass(profile.acceptedOutputModes, wanted);
}

/** Evidence: the class's own list, when it has one (the field that narrowed the client's). */
export function taskClassModesRef(taskClass: TaskClass, field: "inputModes" | "outputModes"): EvidenceRef[] {
  const value = taskClass[field];
  return value === undefined ? [] : [{ source: "task-class", pointer: `/${field}`, value }];
}

/** A memo key part for the class's own modes. */
export function classModesKey(modes: readonly string[] | undefined): string {
  return modes === undefined ? "*" : modes.join("\u0000");
}
