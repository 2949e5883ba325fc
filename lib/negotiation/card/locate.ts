import { locateSegments, type TextRange } from "./json-scan";
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
