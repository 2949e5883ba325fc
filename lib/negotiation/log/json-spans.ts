/**
 * A JSON value that spans lines (a decision record someone pretty-printed, or a log whose JSON
 * layout wraps) read as one entry. A line starts such a span when, from its first "{", it opens an
 * object that looks like JSON (the brace ends the line or a quoted key follows it) and stays open;
 * the span ends on the line that closes it, and counts only if what it encloses parses as JSON.
 * Anything else (a span that never closes within MAX_SPAN_LINES, a brace of code, broken JSON) is
 * read line by line, so no line is ever swallowed.
 */
export const MAX_SPAN_LINES = 2000;

export interface TextEntry {
  /** 1-based number of the entry's first line. */
  line: number;
  /** Its last line: the same as `line` for a one-line entry. */
  endLine: number;
  text: string;
}

interface ScanState {
  depth: number;
  inString: boolean;
  escaped: boolean;
}

export function* groupJsonSpans(lines: Iterable<string>): Generator<TextEntry> {
  let number = 0;
  let span: { line: number; parts: string[]; state: ScanState } | undefined;
  for (const line of lines) {
    number += 1;
    if (span) {
      span.parts.push(line);
      span.state = scan(line, span.state);
      if (span.state.depth === 0) {
        const text = span.parts.join("\n");
        if (isJsonValue(text)) yield { line: span.line, endLine: number, text };
        else yield* oneByOne(span.line, span.parts);
        span = undefined;
      } else if (span.parts.length >= MAX_SPAN_LINES) {
        yield* oneByOne(span.line, span.parts);
        span = undefined;
      }
      continue;
    }
    const opened = opensSpan(line);
    if (opened) span = { line: number, parts: [line], state: opened };
    else yield { line: number, endLine: number, text: line };
  }
  if (span) yield* oneByOne(span.line, span.parts);
}

function* oneByOne(first: number, parts: readonly string[]): Generator<TextEntry> {
  for (let i = 0; i < parts.length; i += 1) yield { line: first + i, endLine: first + i, text: parts[i] ?? "" };
}

function isJsonValue(text: string): boolean {
  const open = text.indexOf("{");
  const close = text.lastIndexOf("}");
  try {
    JSON.parse(text.slice(open, close + 1));
    return true;
  } catch {
    return false;
  }
}

function opensSpan(line: string): ScanState | undefined {
  const open = line.indexOf("{");
  if (open < 0) return undefined;
  const rest = line.slice(open + 1).trimStart();
  if (rest !== "" && !rest.startsWith('"')) return undefined;
  const state = scan(line.slice(open), { depth: 0, inString: false, escaped: false });
  return state.depth > 0 ? state : undefined;
}

/** Braces and brackets outside strings; stops at the point the value closes (what follows is the log's). */
function scan(text: string, from: ScanState): ScanState {
  let { depth, inString, escaped } = from;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (escaped) escaped = false;
      else if (char === 92) escaped = true;
      else if (char === 34) inString = false;
      continue;
    }
    if (char === 34) inString = true;
    else if (char === 123 || char === 91) depth += 1;
    else if (char === 125 || char === 93) {
      depth -= 1;
      if (depth <= 0) return { depth: 0, inString: false, escaped: false };
    }
  }
  return { depth, inString, escaped };
}
