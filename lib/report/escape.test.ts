import { describe, expect, it } from "vitest";
import { escapeControls, escapeJsonControls } from "./escape";

// The one escaping function for terminal and CI-log formats (issue 41.4), per character class.
describe("escapeControls", () => {
  it.each([
    ["NUL", "a\u0000b", "a\\x00b"],
    ["ESC (a colour sequence)", "\u001b[31mred", "\\x1b[31mred"],
    ["BEL", "t\u0007", "t\\x07"],
    ["DEL", "\u007f", "\\x7f"],
    ["C1 CSI", "\u009b2J", "\\x9b2J"],
    ["NEL", "a\u0085b", "a\\x85b"],
    ["RIGHT-TO-LEFT OVERRIDE", "txt.\u202eexe", "txt.\\u{202e}exe"],
    ["isolates", "\u2066x\u2069", "\\u{2066}x\\u{2069}"],
    ["RLM", "\u200f", "\\u{200f}"],
    ["LINE SEPARATOR", "a\u2028b", "a\\u{2028}b"],
    ["line feed and tab", "a\n\tb", "a\\n\\tb"],
    ["plain text", "plain, ünïcode ✓", "plain, ünïcode ✓"],
  ])("%s", (_name, input, expected) => {
    expect(escapeControls(input)).toBe(expected);
  });

  it("keeps line feeds and carriage returns for a format that encodes them itself, and nothing else", () => {
    expect(escapeControls("a\nb\r\u001b\u202e", { keepLineBreaks: true })).toBe("a\nb\r\\x1b\\u{202e}");
  });
});

describe("escapeJsonControls", () => {
  it("writes the characters JSON leaves raw as \\u escapes: the same value, nothing to reorder a log line", () => {
    const value = { name: "a\u202eb\u0085c\u2028d\u007f" };
    const out = escapeJsonControls(JSON.stringify(value));
    expect(out).not.toMatch(/[\u007f-\u009f\u2028\u202e]/);
    expect(JSON.parse(out)).toEqual(value);
  });
});
