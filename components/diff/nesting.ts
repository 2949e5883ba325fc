/**
 * How deeply a version of the card nests. /diff refuses a version nested past MAX_DIFF_NESTING
 * before comparing it: a diff carries subtrees of both versions back from its worker, and copying a
 * value thousands of levels deep between threads overflows the browser's stack. A real Agent Card
 * nests a handful of levels.
 */
export const MAX_DIFF_NESTING = 256;

/**
 * The deepest nesting of brackets and braces outside JSON strings, counted without parsing (the
 * text need not be valid JSON). Stops counting once past `stopAbove`: the answer is then some
 * depth above it.
 */
export function nestingDepth(text: string, stopAbove = MAX_DIFF_NESTING): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // a backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > stopAbove) return deepest;
      }
    } else if ((c === 0x5d || c === 0x7d) && depth > 0) depth--;
  }
  return deepest;
}

export type DiffSide = "before" | "after";

/** The first version (Before, then After) nested past the limit, if any. */
export function tooDeepSide(before: string, after: string): DiffSide | undefined {
  if (nestingDepth(before) > MAX_DIFF_NESTING) return "before";
  if (nestingDepth(after) > MAX_DIFF_NESTING) return "after";
  return undefined;
}

/** What the page says instead of a comparison when a version nests too deeply. */
export function describeTooDeep(side: DiffSide): string {
  const name = side === "before" ? "Before" : "After";
  return `${name} is nested more than ${MAX_DIFF_NESTING} levels deep, so it was not compared. An Agent Card nests a few levels; check that ${name} holds the card you meant.`;
}
