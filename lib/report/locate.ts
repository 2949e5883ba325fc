import { locatePointer } from "../negotiation/card/locate";
import { positionAt, type TextPosition } from "../negotiation/card/parse-text";

/**
 * Line and column (1-based) of a JSON pointer in the card text, or of its nearest ancestor that is
 * there (a field the card leaves out is shown where it would belong). Undefined for text that is
 * not JSON.
 */
export function pointerPosition(text: string, pointer: string): TextPosition | undefined {
  let current = pointer;
  for (;;) {
    const range = locatePointer(text, current);
    if (range) return positionAt(text, range.from);
    if (current === "") return undefined;
    current = current.slice(0, current.lastIndexOf("/"));
  }
}
