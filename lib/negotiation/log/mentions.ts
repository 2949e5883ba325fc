import { INVARIANT_IDS, type InvariantId } from "../invariants/types";
import { BUILT_IN_TASK_CLASS_IDS } from "../task-classes";
import { MAX_LINK_CHARS } from "./limits";

/**
 * Finds what a free-form log line names: rule ids, a task class, a review link. Plain indexOf
 * scans with boundary checks (no regex over the line), so a megabyte line costs one pass per id.
 */
const ID_CHAR = /[a-z0-9-]/;

function isBoundary(char: string | undefined): boolean {
  return char === undefined || !ID_CHAR.test(char);
}

/** Does `id` occur in `text` as a whole kebab-case word? Returns the first index or -1. */
export function indexOfWord(text: string, id: string, from = 0): number {
  let at = text.indexOf(id, from);
  while (at >= 0) {
    if (isBoundary(text[at - 1]) && isBoundary(text[at + id.length])) return at;
    at = text.indexOf(id, at + 1);
  }
  return -1;
}

/** Rule ids named in the line, in order of first appearance. */
export function findRuleIds(text: string): InvariantId[] {
  const found: Array<[number, InvariantId]> = [];
  for (const id of INVARIANT_IDS) {
    const at = indexOfWord(text, id);
    if (at >= 0) found.push([at, id]);
  }
  return found.sort((a, b) => a[0] - b[0]).map(([, id]) => id);
}

const TASK_CLASS_KEYS = ["taskClass", "task_class", "task-class", "TaskClass"];
const KEY_SEPARATORS = new Set(['"', "'", " ", "=", ":"]);
const MAX_TASK_CLASS_ID = 200;

/**
 * The task class a line names: a `taskClass=…` / `"taskClass":"…"` / `task_class='…'` field first
 * (it may be a user-defined class), else the first built-in task class id that appears as a word.
 */
export function findTaskClass(text: string): string | undefined {
  for (const key of TASK_CLASS_KEYS) {
    let at = text.indexOf(key);
    while (at >= 0) {
      const value = readKeyedId(text, at + key.length);
      if (value) return value;
      at = text.indexOf(key, at + key.length);
    }
  }
  let best: [number, string] | undefined;
  for (const id of BUILT_IN_TASK_CLASS_IDS) {
    const at = indexOfWord(text, id);
    if (at >= 0 && (!best || at < best[0])) best = [at, id];
  }
  return best?.[1];
}

/** After a key: up to 4 separator characters (one of them = or :), then a kebab-case id. */
function readKeyedId(text: string, start: number): string | undefined {
  let i = start;
  let sawAssign = false;
  while (i < text.length && i - start < 4 && KEY_SEPARATORS.has(text[i] as string)) {
    if (text[i] === "=" || text[i] === ":") sawAssign = true;
    i += 1;
  }
  if (!sawAssign) return undefined;
  let end = i;
  while (end < text.length && end - i < MAX_TASK_CLASS_ID && ID_CHAR.test(text[end] as string)) end += 1;
  const id = text.slice(i, end);
  return /^[a-z0-9]+(-[a-z0-9]+)*$/.test(id) && isBoundary(text[end]) ? id : undefined;
}

/** Review links are "v1." or, carrying acknowledged findings, "v2." (docs/review-links.md). */
const LINK_MARKERS = ["#v1.", "#v2."] as const;
const MARKER_LENGTH = 4;
const BASE64URL = /[A-Za-z0-9_-]/;

/** A review link fragment ("v1.…", "v2.…") found after a "#" in the line, e.g. in a pasted workspace URL. */
export function findReviewLink(text: string): string | undefined {
  const found = LINK_MARKERS.map((marker) => text.indexOf(marker)).filter((i) => i >= 0);
  if (found.length === 0) return undefined;
  const at = Math.min(...found);
  const start = at + 1;
  let end = start + MARKER_LENGTH - 1;
  while (end < text.length && end - start < MAX_LINK_CHARS && BASE64URL.test(text[end] as string)) end += 1;
  return end > start + 3 ? text.slice(start, end) : undefined;
}
