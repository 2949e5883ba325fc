/**
 * Python semantics over JSON data, as far as the rule's reference check needs them.
 *
 * A JS value stands for the Python value `json.loads(JSON.stringify(value))` would give:
 * objects → dict, arrays → list, strings → str, booleans → bool, null → None, and numbers →
 * int when integral and below 1e21 (JSON.stringify writes those without an exponent), else float.
 * Object properties whose value is `undefined` are absent, as JSON.stringify drops them.
 */

export type PyDict = Record<string, unknown>;
export type PyTypeName = "dict" | "list" | "str" | "int" | "float" | "bool" | "NoneType";

export function isDict(value: unknown): value is PyDict {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function isFloat(value: number): boolean {
  return !Number.isInteger(value) || Math.abs(value) >= 1e21;
}

export function pyTypeName(value: unknown): PyTypeName {
  if (value === null || value === undefined) return "NoneType";
  if (Array.isArray(value)) return "list";
  switch (typeof value) {
    case "string":
      return "str";
    case "boolean":
      return "bool";
    case "number":
      return isFloat(value) ? "float" : "int";
    default:
      return "dict";
  }
}

/** Keys of a dict, in JS property order (integer-like keys first, unlike Python's insertion order). */
export function dictKeys(dict: PyDict): string[] {
  return Object.keys(dict).filter((key) => dict[key] !== undefined);
}

/** `dict.get(key, fallback)`. */
export function dictGet(dict: PyDict, key: string, fallback: unknown): unknown {
  return Object.prototype.hasOwnProperty.call(dict, key) && dict[key] !== undefined ? dict[key] : fallback;
}

export function dictHas(dict: PyDict, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(dict, key) && dict[key] !== undefined;
}

/** `bool(value)`: the string "False" is truthy; 0, "", [], {} and None are falsy. */
export function isTruthy(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === "string") return value.length > 0;
  if (typeof value === "number") return value !== 0;
  if (typeof value === "boolean") return value;
  return isDict(value) && dictKeys(value).length > 0;
}

/** Hashable values: what a set may hold. */
export type PyHashable = string | number | boolean | null;

export function isHashable(value: unknown): value is PyHashable {
  return value === null || typeof value === "string" || typeof value === "number" || typeof value === "boolean";
}

/** `a == b` for JSON data: 1 == True == 1.0, deep equality for list and dict, no cross-type equality otherwise. */
export function pyEquals(a: unknown, b: unknown): boolean {
  const aNumeric = typeof a === "number" || typeof a === "boolean";
  const bNumeric = typeof b === "number" || typeof b === "boolean";
  if (aNumeric || bNumeric) return aNumeric && bNumeric && Number(a) === Number(b);
  if (typeof a === "string" || typeof b === "string") return a === b;
  if (a === null || b === null) return a === b;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, index) => pyEquals(item, b[index]));
  }
  if (!isDict(a) || !isDict(b)) return false;
  const keys = dictKeys(a);
  if (keys.length !== dictKeys(b).length) return false;
  return keys.every((key) => dictHas(b, key) && pyEquals(a[key], b[key]));
}

const HIGH = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;
const LOW = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

/**
 * `needle in haystack` for str: Python compares code points, so a match that would split a
 * surrogate pair (a lone surrogate against an astral character) is no match.
 */
export function pyStrContains(haystack: string, needle: string): boolean {
  if (needle.length === 0) return true;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
    const end = at + needle.length;
    const splitsStart = at > 0 && LOW(haystack.charCodeAt(at)) && HIGH(haystack.charCodeAt(at - 1));
    const splitsEnd = end < haystack.length && HIGH(haystack.charCodeAt(end - 1)) && LOW(haystack.charCodeAt(end));
    if (!splitsStart && !splitsEnd) return true;
  }
  return false;
}

/** Compare two str by code point, as Python does (JS `<` compares UTF-16 units). */
export function compareCodePoints(a: string, b: string): number {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const ca = a.codePointAt(i)!;
    const cb = b.codePointAt(j)!;
    if (ca !== cb) return ca - cb;
    i += ca > 0xffff ? 2 : 1;
    j += cb > 0xffff ? 2 : 1;
  }
  return (a.length - i) - (b.length - j);
}
