import type { InvariantId } from "../invariants/types";
import { SEED_MESSAGE_FORMS, type SeedInvariant } from "../seed-compat/messages";
import { readPyList, readPyString, readPyValue, type LiteralExpectation } from "./python-literal";

/**
 * The three messages of the seed-compatible UnnegotiableAgentCardError (spec/seed_reference.py,
 * lib/negotiation/seed-compat.ts), read back from a log line. Whatever precedes `task_class=` is
 * the log's prefix (timestamp, level, "UnnegotiableAgentCardError:"); the fixed text of each
 * message is matched literally, the values in between with a Python literal reader.
 */
export type { SeedInvariant };

export interface SeedMessage {
  seedInvariant: SeedInvariant;
  invariant: InvariantId;
  taskClass: string;
  /** Invariants 1 and 3: the modes the message lists, as Python printed them. */
  modes?: string[];
  /** Invariant 2: the push security scheme's name as printed (a repr of a string, or a number). */
  scheme?: string;
  /** Text before `task_class=`, trimmed. */
  prefix: string;
  /** Text after the message's final period, trimmed (e.g. the end of a wrapping log format). */
  suffix: string;
}

/** Where a would-be seed message stops matching: a literal, the message text, or its fixed ending. */
export type SeedExpectation = LiteralExpectation | "taskClass" | "taskClassMarker" | "messageText" | "messageTail";

export interface SeedMiss {
  ok: false;
  /** 0-based column in the line. */
  column: number;
  expected: SeedExpectation;
  /** For messageTail: the fixed text that should follow. */
  text?: string;
}

export type SeedReading =
  | { ok: true; message: SeedMessage }
  /** The line starts like a seed message but is not one: where it goes wrong (0-based column). */
  | SeedMiss
  /** No `task_class=` at all, and the error is not named either. */
  | undefined;

const MARKER = "task_class=";
const ERROR_NAME = "UnnegotiableAgentCardError";
/** A hostile line may repeat the marker: try a few, not all. */
const MAX_ATTEMPTS = 5;


export function readSeedMessage(line: string): SeedReading {
  let from = line.indexOf(MARKER);
  if (from < 0) {
    // The line names the error but carries none of its messages: where the message should begin.
    const named = line.indexOf(ERROR_NAME);
    if (named < 0) return undefined;
    let column = named + ERROR_NAME.length;
    while (line[column] === ":" || line[column] === " ") column++;
    return miss(column, "taskClassMarker");
  }
  let firstMiss: SeedMiss | undefined;
  for (let attempt = 0; attempt < MAX_ATTEMPTS && from >= 0; attempt += 1) {
    const result = readAt(line, from);
    if (result.ok) return result;
    firstMiss ??= result;
    from = line.indexOf(MARKER, from + MARKER.length);
  }
  return firstMiss;
}

function readAt(line: string, markerAt: number): { ok: true; message: SeedMessage } | SeedMiss {
  const taskClass = readPyString(line, markerAt + MARKER.length);
  if (!taskClass.ok) return miss(taskClass.at, taskClass.at === markerAt + MARKER.length ? "taskClass" : taskClass.expected);
  const at = taskClass.end;
  const form = SEED_MESSAGE_FORMS.find((f) => line.startsWith(f.head, at));
  if (!form) return miss(at, "messageText");
  const valueAt = at + form.head.length;
  const value = form.value === "list" ? readPyList(line, valueAt) : readPyValue(line, valueAt);
  if (!value.ok) return miss(value.at, value.expected);
  if (!line.startsWith(form.tail, value.end)) return miss(value.end, "messageTail", form.tail);
  const message: SeedMessage = {
    seedInvariant: form.seedInvariant,
    invariant: form.invariant,
    taskClass: taskClass.value,
    prefix: line.slice(0, markerAt).trim(),
    suffix: line.slice(value.end + form.tail.length).trim(),
  };
  if (form.value === "list") message.modes = value.value as string[];
  else message.scheme = value.value as string;
  return { ok: true, message };
}

function miss(column: number, expected: SeedExpectation, text?: string): SeedMiss {
  return text === undefined ? { ok: false, column, expected } : { ok: false, column, expected, text };
}
