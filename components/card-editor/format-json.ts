/**
 * "Format" for a card that arrived as one long line (most live agents serve it so). It re-indents
 * the text token by token and never re-serialises values: a number keeps its digits (`1.0` stays
 * `1.0`, a 20-digit id is not rounded), a key written twice stays twice, a string keeps its escapes.
 * So the formatted card means what the served one meant, to Parley and to any client; only the
 * whitespace (and so the bytes' digest) changes.
 */

export type FormatResult =
  | { ok: true; text: string }
  | { ok: false; reason: "not-json" | "too-deep" | "too-large" };

/** Nesting past this is not a card anyone reads by eye; formatting it would mostly write spaces. */
export const MAX_FORMAT_DEPTH = 64;
const INDENT = "  ";
const WHITESPACE = new Set([" ", "\n", "\r", "\t"]);
const STOPS = new Set(["{", "}", "[", "]", ",", ":", '"', " ", "\n", "\r", "\t"]);

export function formatJsonText(text: string): FormatResult {
  try {
    JSON.parse(text);
  } catch {
    return { ok: false, reason: "not-json" };
  }
  // Indentation grows with depth × lines; past this the result is no longer something to read.
  const budget = text.length * 4 + 1024 * 1024;
  const parts: string[] = [];
  let size = 0;
  const push = (piece: string) => {
    parts.push(piece);
    size += piece.length;
  };
  let depth = 0;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text.charAt(i);
    if (c === '"') {
      let j = i + 1;
      while (j < n && text.charAt(j) !== '"') j += text.charAt(j) === "\\" ? 2 : 1;
      push(text.slice(i, j + 1));
      i = j + 1;
    } else if (WHITESPACE.has(c)) {
      i++;
    } else if (c === "{" || c === "[") {
      const close = c === "{" ? "}" : "]";
      let j = i + 1;
      while (j < n && WHITESPACE.has(text.charAt(j))) j++;
      if (text.charAt(j) === close) {
        push(c + close);
        i = j + 1;
      } else {
        depth++;
        if (depth > MAX_FORMAT_DEPTH) return { ok: false, reason: "too-deep" };
        push(c + "\n" + INDENT.repeat(depth));
        i++;
      }
    } else if (c === "}" || c === "]") {
      depth--;
      push("\n" + INDENT.repeat(depth) + c);
      i++;
    } else if (c === ",") {
      push(",\n" + INDENT.repeat(depth));
      i++;
    } else if (c === ":") {
      push(": ");
      i++;
    } else {
      let j = i;
      while (j < n && !STOPS.has(text.charAt(j))) j++;
      push(text.slice(i, j));
      i = j;
    }
    if (size > budget) return { ok: false, reason: "too-large" };
  }
  return { ok: true, text: parts.join("") + "\n" };
}

/** Is some line of the text longer than a person reads without scrolling sideways? */
export function hasLongLine(text: string, longest = 200): boolean {
  let start = 0;
  for (;;) {
    const end = text.indexOf("\n", start);
    if ((end === -1 ? text.length : end) - start > longest) return true;
    if (end === -1) return false;
    start = end + 1;
  }
}
