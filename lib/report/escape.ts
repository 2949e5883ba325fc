/**
 * Text from a card (or a profile, or a file name) put into a text output — the CLI's text and diff
 * formats, JUnit, Markdown, CSV — is data. Printed raw, a card name holding line breaks prints
 * lines of its own, and in a CI log a line starting with `::` is a workflow command (`::error`,
 * `::add-mask::`, `::stop-commands::`); terminal escape codes rewrite the screen. So every value
 * is kept on its line, with its control characters shown as visible escapes, and a line that
 * would still start with a command marker is defused.
 */

const ESCAPES: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const CONTROLS_BUT_LINE_BREAKS = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

function visible(c: string): string {
  const known = ESCAPES[c];
  if (known) return known;
  const code = c.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u{${code.toString(16)}}`;
}

/**
 * The one escaping function for every output that ends on a terminal or a CI log (text, diff,
 * JUnit, Markdown, CSV, GitHub annotations, the probe's reports): C0 and C1 control characters
 * (NUL and ESC among them), DEL, NEL, U+2028/2029 and the bidirectional controls that reorder what
 * a reader sees (U+200E/F, U+202A–E, U+2066–9) become visible escapes (`\n`, `\t`, `\xNN`,
 * `\u{NNNN}`). `keepLineBreaks` leaves LF and CR for a format that encodes them itself (a GitHub
 * annotation's `%0A`).
 */
export function escapeControls(text: string, options: { keepLineBreaks?: boolean } = {}): string {
  return text.replace(options.keepLineBreaks ? CONTROLS_BUT_LINE_BREAKS : CONTROLS, visible);
}

/** Line breaks, tabs and every other control made visible: one line that reads as it prints. */
export function oneLine(text: string): string {
  return escapeControls(text);
}

/** A line that starts (after blanks) with a CI command marker, `::` (GitHub) or `##[` (Azure, old GitHub), gets a backslash before it. */
export function defuseLineStart(line: string): string {
  return line.replace(/^(\s*)(::|##\[|##vso\[)/, "$1\\$2");
}

/** Lines meant as lines (the formatter's), each made one line and defused: what a text format prints. */
export function safeLines(lines: readonly string[]): string {
  return lines.map((line) => defuseLineStart(oneLine(line))).join("\n");
}

const JSON_UNSAFE = /[\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * JSON text (JSON.stringify's) for a terminal or a CI log: the characters JSON may leave raw in a
 * string that still act on a reader — DEL, C1, U+2028/2029 and the bidi marks — written as
 * `\uNNNN` escapes. The same JSON value; nothing left to reorder or redraw the line.
 */
export function escapeJsonControls(json: string): string {
  return json.replace(JSON_UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
