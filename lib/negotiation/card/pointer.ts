import type { Pointer } from "./model";

/** RFC 6901: `~` → `~0`, `/` → `~1` (in that order, so `~1` in a key survives a round trip). */
export function escapePointerSegment(segment: string | number): string {
  const text = String(segment);
  if (!text.includes("~") && !text.includes("/")) return text;
  return text.replace(/~/g, "~0").replace(/\//g, "~1");
}

export function unescapePointerSegment(segment: string): string {
  if (!segment.includes("~")) return segment;
  return segment.replace(/~1/g, "/").replace(/~0/g, "~");
}

/** Appends segments to a pointer: `joinPointer("/skills", 0, "id")` → `/skills/0/id`. */
export function joinPointer(base: Pointer, ...segments: (string | number)[]): Pointer {
  let out = base;
  for (const segment of segments) out += "/" + escapePointerSegment(segment);
  return out;
}

export function pointerFromPath(path: readonly PropertyKey[]): Pointer {
  let out = "";
  for (const key of path) out += "/" + escapePointerSegment(typeof key === "symbol" ? String(key.description) : key);
  return out;
}

/** Splits a pointer into unescaped segments; undefined when it is not a valid pointer. */
export function parsePointer(pointer: Pointer): string[] | undefined {
  if (pointer === "") return [];
  if (!pointer.startsWith("/")) return undefined;
  return pointer.slice(1).split("/").map(unescapePointerSegment);
}
