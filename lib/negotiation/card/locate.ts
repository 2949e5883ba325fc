import { locateSegments, locateSegmentsMany, type TextRange } from "./json-scan";
import { parsePointer } from "./pointer";

export type { TextRange } from "./json-scan";

/**
 * Where a JSON pointer's value sits in the text, for the editor to underline a problem.
 * For an object member the range covers `"key": value`, so a short value is still visible.
 * Undefined when the text does not parse far enough or the pointer names nothing.
 */
export function locatePointer(text: string, pointer: string): TextRange | undefined {
  const segments = parsePointer(pointer);
  return segments === undefined ? undefined : locateSegments(text, segments);
}

/**
 * locatePointer for many pointers in one read of the text (the editor's markers for every problem
 * of a card): pointers that do not parse or name nothing are absent from the map.
 */
export function locatePointers(text: string, pointers: Iterable<string>): Map<string, TextRange> {
  const parsed: Array<readonly [string, readonly string[]]> = [];
  for (const pointer of pointers) {
    const segments = parsePointer(pointer);
    if (segments !== undefined) parsed.push([pointer, segments]);
  }
  return locateSegmentsMany(text, parsed);
}
