/**
 * The one place that bounds every list a card can grow (its warnings of one kind, its signature
 * entries, the skills, interfaces and evidence a report lists): a hostile card is normal input,
 * and a list that follows the card's length follows it into every output line, editor marker and
 * JSON answer. Each list keeps its first LIST_CAP items and carries how many there were in all,
 * so the total can be said once ("and 39,981 more"). Data only; explain/ words it.
 */

/** Items of one kind any list a card can grow keeps. */
export const LIST_CAP = 20;

/**
 * Schema issues of one tier a report reads (errors among them): errors are never cut per kind,
 * since they decide and their count is in the decision, so this bounds them instead.
 */
export const ISSUES_READ_PER_TIER = 200;

/** A list cut to its first items, with the count of the whole. */
export interface CappedList<T> {
  items: T[];
  /** How many the whole list had. */
  total: number;
  /** How many were left out: `total - items.length`. */
  more: number;
}

/**
 * The first `cap` items of a list and its total. The list itself (not a copy) when it is within
 * the cap, so the common case costs nothing.
 */
export function capList<T>(list: readonly T[], cap: number = LIST_CAP): CappedList<T> {
  if (list.length <= cap) return { items: list as T[], total: list.length, more: 0 };
  return { items: list.slice(0, cap), total: list.length, more: list.length - cap };
}

/**
 * Items of a list kept per kind: the first `cap` of each kind stay in place, and the first one left
 * out of a kind is replaced by `counted(item, more)` (how many of that kind were left out). One pass
 * to count, one to keep, and the list itself when no kind is over the cap.
 */
export function capPerKind<T>(list: readonly T[], kindOf: (item: T) => string | undefined, counted: (first: T, more: number) => T, cap: number = LIST_CAP): T[] {
  if (list.length <= cap) return list as T[];
  const seen = new Map<string, number>();
  let over = false;
  for (const item of list) {
    const kind = kindOf(item);
    if (kind === undefined) continue;
    const n = (seen.get(kind) ?? 0) + 1;
    seen.set(kind, n);
    if (n > cap) over = true;
  }
  if (!over) return list as T[];
  const kept: T[] = [];
  const counts = new Map<string, number>();
  for (const item of list) {
    const kind = kindOf(item);
    if (kind === undefined) {
      kept.push(item);
      continue;
    }
    const n = (counts.get(kind) ?? 0) + 1;
    counts.set(kind, n);
    if (n <= cap) kept.push(item);
    else if (n === cap + 1) kept.push(counted(item, seen.get(kind)! - cap));
  }
  return kept;
}
