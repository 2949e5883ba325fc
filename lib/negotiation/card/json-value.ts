/** Small readers over parsed JSON that never throw and never walk the prototype chain. */

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Own property only: a card key named `constructor` or `__proto__` must not read Object.prototype.
 * For a key this code names itself (`card.skills`, `entry.url`), none of them an Object.prototype
 * member, a plain property read says the same about parsed JSON (its values are never undefined)
 * and costs a fraction of the call: card reading does that, and keeps own()/has() for keys that
 * come from the card.
 */
export function own(obj: JsonObject, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(obj, key) ? obj[key] : undefined;
}

export function has(obj: JsonObject, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(obj, key);
}

/** `"True"`, `"false"` …: Python `str(bool)` leaking into cards. */
export function parseStringBoolean(value: unknown): boolean | undefined {
  if (typeof value !== "string") return undefined;
  const lower = value.trim().toLowerCase();
  if (lower === "true") return true;
  if (lower === "false") return false;
  return undefined;
}

/** A boolean, or a string boolean read as one. */
export function readBoolish(value: unknown): boolean | undefined {
  if (typeof value === "boolean") return value;
  return parseStringBoolean(value);
}

export function isStringArray(value: unknown): value is string[] {
  if (!Array.isArray(value)) return false;
  for (const item of value) if (typeof item !== "string") return false;
  return true;
}

/** Structural equality of JSON data (own keys, any order). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, i) => jsonEqual(item, b[i]));
  if (!isObject(a) || !isObject(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => has(b, key) && jsonEqual(a[key], b[key]));
}
