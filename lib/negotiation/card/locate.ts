import { findNodeAtLocation, parseTree, type Node } from "jsonc-parser";
import { parsePointer } from "./pointer";

export interface TextRange {
  from: number;
  to: number;
}

/**
 * Where a JSON pointer's value sits in the text, for the editor to underline a problem.
 * For an object member the range covers `"key": value`, so a short value is still visible.
 * Undefined when the text does not parse far enough or the pointer names nothing.
 */
export function locatePointer(text: string, pointer: string): TextRange | undefined {
  try {
    const segments = parsePointer(pointer);
    if (segments === undefined) return undefined;
    const root = parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
    if (!root) return undefined;
    const path = toPath(root, segments);
    if (path === undefined) return undefined;
    const node = path.length === 0 ? root : findNodeAtLocation(root, path);
    if (!node) return undefined;
    const span = node.parent?.type === "property" ? node.parent : node;
    return { from: span.offset, to: span.offset + span.length };
  } catch {
    return undefined; // parseTree recurses; absurd nesting is simply not locatable
  }
}

/** Pointer segments → jsonc-parser path: numeric segments index arrays, everything else names keys. */
function toPath(root: Node, segments: string[]): (string | number)[] | undefined {
  const path: (string | number)[] = [];
  let node: Node | undefined = root;
  for (const segment of segments) {
    if (!node) return undefined;
    if (node.type === "array") {
      if (!/^(0|[1-9]\d*)$/.test(segment)) return undefined;
      path.push(Number(segment));
    } else {
      path.push(segment);
    }
    node = findNodeAtLocation(root, path);
  }
  return path;
}
