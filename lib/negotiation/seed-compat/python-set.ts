/**
 * Python `set` over hashable JSON data, with CPython's choice of which equal element survives
 * (1, True and 1.0 are one element; which one a message shows depends on these rules).
 */
import { compareCodePoints, type PyHashable } from "./python-values";

/** Insertion-ordered; keyed so that equal Python values share a key. */
export type PySet = Map<string, PyHashable>;

export function hashKey(value: PyHashable): string {
  if (value === null) return "N";
  if (typeof value === "string") return "s" + value;
  return "n" + String(Number(value)); // String(-0) is "0": 0 == -0.0 == False
}

/** `set.add`: an element equal to one already present is dropped, the first one stays. */
export function addToSet(set: PySet, value: PyHashable): void {
  const key = hashKey(value);
  if (!set.has(key)) set.set(key, value);
}

/** `a & b`: CPython walks the smaller set (the right one on a tie) and keeps its elements. */
export function intersectSets(a: PySet, b: PySet): PySet {
  const [walked, probed] = b.size > a.size ? [a, b] : [b, a];
  const result: PySet = new Map();
  for (const [key, value] of walked) if (probed.has(key)) result.set(key, value);
  return result;
}

/** `a - b`: the survivors are a's elements. */
export function subtractSets(a: PySet, b: PySet): PySet {
  const result: PySet = new Map();
  for (const [key, value] of a) if (!b.has(key)) result.set(key, value);
  return result;
}

type SortCategory = "str" | "number" | "None";

const categoryOf = (value: PyHashable): SortCategory =>
  value === null ? "None" : typeof value === "string" ? "str" : "number";

/**
 * `sorted(set)`, or the pair of Python type names `<` fails on. Any sort of two or more elements
 * must compare some str with some number (or None with anything) when both kinds are present, so
 * the TypeError does not depend on the order CPython happens to compare in.
 */
export function sortSet(set: PySet): { sorted: PyHashable[] } | { incomparable: [SortCategory, SortCategory] } {
  const values = [...set.values()];
  const categories = [...new Set(values.map(categoryOf))];
  if (values.length >= 2 && categories.length > 1) {
    return { incomparable: [categories[0]!, categories[1]!] };
  }
  const sorted = values.sort((a, b) =>
    typeof a === "string" && typeof b === "string" ? compareCodePoints(a, b) : Number(a) - Number(b),
  );
  return { sorted };
}
