import type { Pointer } from "./model";

/** RFC 6901: `~` → `~0`, `/` → `~1` (in that order, so `~1` in a key survives a round trip). */
export function escapePointerSegment(segment: string | number): string {
  // An index never needs escaping, and most keys have neither character: no copy for either.
  if (typeof segment === "number") return String(segment);
  if (segment.indexOf("~") === -1 && segment.indexOf("/") === -1) return segment;
  return segment.replace(/~/g, "~0").replace(/\//g, "~1");
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

/** `base` + one segment, without joinPointer's argument list (for loops over many fields). */
export function childPointer(base: Pointer, segment: string | number): Pointer {
  return base + "/" + escapePointerSegment(segment);
}

/**
 * Pointers `/skills/<i>` for the first skills, built once per process and shared by every card: a
 * 10,000-skill card no longer builds a pointer string per skill per review (strings are
 * immutable, so sharing them is safe). Bounded, so a hostile card cannot grow it without limit.
 */
const SKILL_POINTERS: string[] = [];
const MAX_SHARED_SKILL_POINTERS = 16_384;

export function skillPointer(index: number): Pointer {
  if (index >= MAX_SHARED_SKILL_POINTERS) return "/skills/" + index;
  while (SKILL_POINTERS.length <= index) SKILL_POINTERS.push("/skills/" + SKILL_POINTERS.length);
  return SKILL_POINTERS[index]!;
}

/** The pointer of `path`, or of its first `end` segments. */
export function pointerFromPath(path: readonly PropertyKey[], end = path.length): Pointer {
  let out = "";
  for (let i = 0; i < end; i++) {
    const key = path[i]!;
    out += "/" + escapePointerSegment(typeof key === "symbol" ? String(key.description) : key);
  }
  return out;
}

/** Splits a pointer into unescaped segments; undefined when it is not a valid pointer. */
export function parsePointer(pointer: Pointer): string[] | undefined {
  if (pointer === "") return [];
  if (!pointer.startsWith("/")) return undefined;
  return pointer.slice(1).split("/").map(unescapePointerSegment);
}
