/**
 * Reads back the Python literals the reference check prints with `!r` and `sorted(...)`: string
 * reprs ('a', "it's", escapes), numbers, None/True/False and flat lists of those. A hand-written
 * scanner: one pass, no backtracking, whatever the input.
 */
/** What the reader expected where it stopped (explain/log-lines.ts says it in words). */
export type LiteralExpectation = "quotedString" | "closingQuote" | "hexEscape" | "scalar" | "list" | "listSeparator";

export type LiteralResult<T> =
  | { ok: true; value: T; end: number }
  | { ok: false; at: number; expected: LiteralExpectation };

const SIMPLE_ESCAPES: Record<string, string> = { "\\": "\\", "'": "'", '"': '"', n: "\n", r: "\r", t: "\t", "0": "\0" };
const HEX_WIDTH: Record<string, number> = { x: 2, u: 4, U: 8 };

/** A Python string repr starting at `start` ('…' or "…"). */
export function readPyString(text: string, start: number): LiteralResult<string> {
  const quote = text[start];
  if (quote !== "'" && quote !== '"') return { ok: false, at: start, expected: "quotedString" };
  let out = "";
  let i = start + 1;
  while (i < text.length) {
    const char = text[i] as string;
    if (char === quote) return { ok: true, value: out, end: i + 1 };
    if (char !== "\\") {
      out += char;
      i += 1;
      continue;
    }
    const code = text[i + 1];
    if (code === undefined) break;
    const width = HEX_WIDTH[code];
    if (width !== undefined) {
      const digits = text.slice(i + 2, i + 2 + width);
      const value = /^[0-9a-fA-F]+$/.test(digits) && digits.length === width ? parseInt(digits, 16) : NaN;
      if (Number.isNaN(value) || value > 0x10ffff) return { ok: false, at: i, expected: "hexEscape" };
      out += String.fromCodePoint(value);
      i += 2 + width;
      continue;
    }
    // Python keeps unknown escapes as written (backslash included).
    out += SIMPLE_ESCAPES[code] ?? "\\" + code;
    i += 2;
  }
  return { ok: false, at: text.length, expected: "closingQuote" };
}

/** A bare scalar (1, -2.5, 1e+20, None, True, False, inf, nan): its text as printed. */
export function readPyScalar(text: string, start: number): LiteralResult<string> {
  let i = start;
  while (i < text.length && /[A-Za-z0-9.+-]/.test(text[i] as string)) i += 1;
  const token = text.slice(start, i);
  if (!/^(None|True|False|-?inf|nan|-?\d+(\.\d*)?(e[+-]\d+)?)$/.test(token)) {
    return { ok: false, at: start, expected: "scalar" };
  }
  return { ok: true, value: token, end: i };
}

/** A string repr or a scalar. */
export function readPyValue(text: string, start: number): LiteralResult<string> {
  const char = text[start];
  return char === "'" || char === '"' ? readPyString(text, start) : readPyScalar(text, start);
}

/** A flat list as `repr(sorted(...))` prints it: `['a', 'b']`. */
export function readPyList(text: string, start: number): LiteralResult<string[]> {
  if (text[start] !== "[") return { ok: false, at: start, expected: "list" };
  const items: string[] = [];
  let i = start + 1;
  if (text[i] === "]") return { ok: true, value: items, end: i + 1 };
  for (;;) {
    const item = readPyValue(text, i);
    if (!item.ok) return item;
    items.push(item.value);
    i = item.end;
    if (text[i] === "]") return { ok: true, value: items, end: i + 1 };
    if (text.startsWith(", ", i)) {
      i += 2;
      continue;
    }
    return { ok: false, at: i, expected: "listSeparator" };
  }
}
