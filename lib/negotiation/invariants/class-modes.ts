import { listHas, mediaRange, modesOverlap, narrower, pushUnique, type MediaRange } from "../card/media-types";
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

/**
 * The client's input modes as a task of this class sends them, with their ranges, read once per
 * profile object and class modes (a preset is reviewed against every card; each check re-read and
 * re-filtered its lists, one media-type lookup per comparison). Keyed by the lists themselves, so a
 * profile whose lists are replaced is read again. The lists here are shared: a finding copies one
 * before putting it in its data.
 */
export interface ClientInput {
  sends: readonly string[] | undefined;
  liveOnly: readonly string[] | undefined;
  bufferable: readonly string[] | undefined;
  /** sends without the modes the client has only live and cannot buffer (they cannot go whole); undefined with sends. */
  whole: readonly string[] | undefined;
  /** The modes the client has live: live-only, then bufferable. */
  live: readonly string[];
  sendsRanges: readonly MediaRange[];
  liveOnlyRanges: readonly MediaRange[];
  wholeRanges: readonly MediaRange[];
  liveRanges: readonly MediaRange[];
  from: { inputModes: unknown; liveOnly: unknown; bufferable: unknown; classModes: unknown };
}

const clientInputs = new WeakMap<ClientProfile, ClientInput[]>();

export function clientInput(profile: ClientProfile, taskClass: TaskClass): ClientInput {
  let known = clientInputs.get(profile);
  if (known) {
    for (const entry of known) {
      const from = entry.from;
      if (from.classModes === taskClass.inputModes && from.inputModes === profile.inputModes && from.liveOnly === profile.liveOnlyInputModes && from.bufferable === profile.bufferableInputModes) return entry;
    }
  } else clientInputs.set(profile, (known = []));
  const { sends, liveOnly, bufferable } = classInputModes(profile, taskClass);
  // A mode the client has only live (and cannot buffer) cannot be sent whole.
  const whole = sends && profile.liveOnlyInputModes?.length ? sends.filter((mode) => !(listHas(profile.liveOnlyInputModes, mode) && !listHas(profile.bufferableInputModes, mode))) : sends;
  const live = [...(liveOnly ?? []), ...(bufferable ?? [])];
  const entry: ClientInput = {
    sends,
    liveOnly,
    bufferable,
    whole,
    live,
    sendsRanges: (sends ?? []).map(mediaRange),
    liveOnlyRanges: (liveOnly ?? []).map(mediaRange),
    wholeRanges: (whole ?? []).map(mediaRange),
    liveRanges: live.map(mediaRange),
    from: { inputModes: profile.inputModes, liveOnly: profile.liveOnlyInputModes, bufferable: profile.bufferableInputModes, classModes: taskClass.inputModes },
  };
  // A few class-mode lists per profile at most in practice; a caller cycling through many stays bounded.
  if (known.length >= 8) known.shift();
  known.push(entry);
  return entry;
}

/** The output modes a task of this class can read: the class's own where the client accepts any. */
export function classAcceptedOutputModes(profile: ClientProfile, taskClass: TaskClass): readonly string[] | undefined {
  const wanted = taskClass.outputModes;
  if (wanted === undefined) return profile.acceptedOutputModes;
  return profile.acceptedOutputModes === undefined ? wanted : narrowToClass(profile.acceptedOutputModes, wanted);
}

/**
 * Evidence: the class's own list, when it has one (the field that narrowed the client's); else
 * undefined. A ref, not a list of zero or one: each caller puts it in a list of its own.
 */
export function classModesRef(taskClass: TaskClass, field: "inputModes" | "outputModes"): EvidenceRef | undefined {
  // Read by name, not by a key held in a variable (a keyed load, slow across the classes' shapes).
  const value = field === "inputModes" ? taskClass.inputModes : taskClass.outputModes;
  return value === undefined ? undefined : { source: "task-class", pointer: `/${field}`, value };
}
