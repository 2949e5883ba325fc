import { findNodeAtLocation, parse as parseJsonc, parseTree, printParseErrorCode, type Node, type ParseError } from "jsonc-parser";
import { describe, expect, it } from "vitest";
import { corpusCardNames, readCorpusCard } from "@/fixtures/corpus";
import { INCIDENT_CARDS } from "../examples/incidents";
import { findJsonSyntaxError, locateSegments, MAX_SCAN_DEPTH } from "./json-scan";
import { joinPointer, parsePointer } from "./pointer";
import { createRandom } from "../testing/random";

const CARDS = [...INCIDENT_CARDS.map((card) => card.text), ...corpusCardNames().map(readCorpusCard)];
const CARD_NAMES = [...INCIDENT_CARDS.map((card) => `the built-in ${card.id} card`), ...corpusCardNames()];

describe("findJsonSyntaxError", () => {
  it.each([
    ["an object", '{"a": [1, -2.5e+3, true, false, null, "\\u00e9\\n"], "b": {}}'],
    ["an array at the top", " [ ] "],
    ["a string at the top", '"x"'],
    ["CRLF and tabs between tokens", '{\r\n\t"a":\t1\r\n}'],
    ["a lone surrogate escape (JSON.parse reads it)", '"\\ud800"'],
  ])("finds nothing wrong in %s", (_name, text) => {
    expect(() => JSON.parse(text)).not.toThrow();
    expect(findJsonSyntaxError(text)).toBeUndefined();
  });

  it.each([
    ["a trailing comma in an object", '{"name": "x",}', 13, "propertyNameExpected"],
    ["a trailing comma in an array", "[1,]", 3, "valueExpected"],
    ["two commas", "[1,,2]", 3, "valueExpected"],
    ["a leading comma", "{,}", 1, "valueExpected"],
    ["a missing comma", '{\n  "a": 1\n  "b": 2\n}', 13, "commaExpected"],
    ["a missing colon", '{"a" 1}', 5, "colonExpected"],
    ["a missing value", '{"a": }', 6, "valueExpected"],
    ["an unclosed object", '{"a": 1', 7, "closeBraceExpected"],
    ["an unclosed array", "[1, 2 ", 6, "closeBracketExpected"],
    ["text after the document", '{} {"b": 1}', 3, "endOfFileExpected"],
    ["an empty document", "  ", 2, "valueExpected"],
    ["single quotes", "{'name': 1}", 1, "invalidSymbol"],
    ["a bare word", '{"a": yes}', 6, "invalidSymbol"],
    ["a misspelt literal", "[ture]", 1, "invalidSymbol"],
    ["a minus without digits", "[-]", 1, "invalidSymbol"],
    ["a byte order mark", "\ufeff{}", 0, "invalidSymbol"],
    ["a non-breaking space between tokens", "{\u00a0}", 1, "invalidSymbol"],
    ["a line comment", '{"a": 1 // no\n}', 8, "invalidCommentToken"],
    ["a block comment", "[/* x */ 1]", 1, "invalidCommentToken"],
    ["an unclosed string", '{"name": "x', 9, "unexpectedEndOfString"],
    ["a line break in a string", '["a\nb"]', 1, "unexpectedEndOfString"],
    ["a tab in a string", '["a\tb"]', 1, "invalidCharacter"],
    ["a bad escape", '["\\x"]', 1, "invalidEscapeCharacter"],
    ["a short \\u escape", '["\\u12"]', 1, "invalidUnicode"],
    ["a number cut after the dot", "[1.]", 1, "unexpectedEndOfNumber"],
    ["a number cut after the exponent", "[-1e+]", 1, "unexpectedEndOfNumber"],
    ["a leading zero", "[01]", 2, "commaExpected"],
  ])("reports %s", (_name, text, offset, code) => {
    expect(() => JSON.parse(text)).toThrow();
    expect(findJsonSyntaxError(text)).toEqual({ offset, code });
  });

  it("follows nesting at any depth, without overflowing the stack", () => {
    const deep = (n: number) => "[".repeat(n) + "]".repeat(n);
    expect(findJsonSyntaxError(deep(200_000))).toBeUndefined();
    expect(findJsonSyntaxError(`{"a": ${deep(100_000)}}`)).toBeUndefined();
    // Unclosed: the text ends where the first ] (or }) is expected.
    expect(findJsonSyntaxError("[".repeat(200_000))).toEqual({ offset: 200_000, code: "closeBracketExpected" });
    expect(findJsonSyntaxError('{"a":'.repeat(100_000) + "1")).toEqual({ offset: 500_001, code: "closeBraceExpected" });
    // An error deep inside, and one after the deep part closed.
    expect(findJsonSyntaxError("[".repeat(5_000) + "1 2" + "]".repeat(5_000))).toEqual({ offset: 5_002, code: "commaExpected" });
    expect(findJsonSyntaxError(deep(5_000) + "]")).toEqual({ offset: 10_000, code: "endOfFileExpected" });
    expect(findJsonSyntaxError("[".repeat(10) + "]".repeat(9))).toEqual({ offset: 19, code: "closeBracketExpected" });
  });
});

/** jsonc-parser, strict, as the oracle: the scanner must report its first error, code and offset. */
function jsoncFirstError(text: string) {
  const errors: ParseError[] = [];
  parseJsonc(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  if (!first) return undefined;
  const name = printParseErrorCode(first.error);
  return { offset: first.offset, code: name.charAt(0).toLowerCase() + name.slice(1) };
}


const NOISE = ['"', "\\", ",", ":", "{", "}", "[", "]", "/", "*", "-", "0", "1", ".", "e", "+", "u", "t", "n", " ", "\n", "\t", "'", "x", "\u0001"];

/** A card with a few random edits: the kinds of breakage typing and pasting produce. */
function breakText(text: string, next: () => number): string {
  let out = text;
  const edits = 1 + Math.floor(next() * 3);
  for (let i = 0; i < edits; i++) {
    const at = Math.floor(next() * (out.length + 1));
    const noise = NOISE[Math.floor(next() * NOISE.length)]!;
    const kind = next();
    if (kind < 0.4) out = out.slice(0, at) + out.slice(at + 1);
    else if (kind < 0.7) out = out.slice(0, at) + noise + out.slice(at);
    else out = out.slice(0, at) + noise + out.slice(at + 1);
  }
  return next() < 0.2 ? out.slice(0, Math.floor(next() * out.length)) : out;
}

/** 3000 broken cards from one seed, in runs of 300, each named by the cards it holds. */
const BROKEN_RUNS = (() => {
  const next = createRandom(20_260_517);
  const texts = Array.from({ length: 3000 }, (_, i) => breakText(CARDS[i % CARDS.length]!, next));
  return Array.from({ length: 10 }, (_, i) => [`${i * 300 + 1}-${(i + 1) * 300} of 3000`, texts.slice(i * 300, (i + 1) * 300)] as const);
})();

describe("findJsonSyntaxError agrees with jsonc-parser (strict)", () => {
  // In runs, so each test stays well inside vitest's default timeout on a loaded machine.
  it.each(BROKEN_RUNS)("on randomly broken cards %s", (_range, texts) => {
    let broken = 0;
    for (const text of texts) {
      const expected = jsoncFirstError(text);
      if (expected) broken++;
      expect({ text, error: findJsonSyntaxError(text) }).toEqual({ text, error: expected });
    }
    expect(broken).toBeGreaterThan(texts.length / 2); // most edits break the card: the comparison is mostly about errors
  });

  it("on 3000 short strings of JSON punctuation", () => {
    const next = createRandom(7);
    for (let i = 0; i < 3000; i++) {
      let text = "";
      const length = Math.floor(next() * 12);
      for (let j = 0; j < length; j++) text += NOISE[Math.floor(next() * NOISE.length)];
      expect({ text, error: findJsonSyntaxError(text) }).toEqual({ text, error: jsoncFirstError(text) });
    }
  });
});

/** Every pointer into a parsed value, the root included. */
function allPointers(value: unknown, base = ""): string[] {
  const out = [base];
  if (Array.isArray(value)) value.forEach((item, i) => out.push(...allPointers(item, joinPointer(base, i))));
  else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) out.push(...allPointers(item, joinPointer(base, key)));
  }
  return out;
}

/** The range jsonc-parser's tree gives a pointer: `"key": value` for members, the value otherwise. */
function jsoncRange(text: string, pointer: string) {
  const root = parseTree(text);
  const segments = parsePointer(pointer)!;
  const path: (string | number)[] = [];
  let node: Node | undefined = root;
  for (const segment of segments) {
    path.push(node?.type === "array" ? Number(segment) : segment);
    node = root && findNodeAtLocation(root, path);
  }
  if (!node) return undefined;
  const span = node.parent?.type === "property" ? node.parent : node;
  return { from: span.offset, to: span.offset + span.length };
}

describe("locateSegments", () => {
  it.each(CARDS.map((text, i) => [CARD_NAMES[i]!, text] as const))("gives every pointer of %s the range jsonc-parser's tree gives", (_name, text) => {
    let checked = 0;
    for (const pointer of allPointers(JSON.parse(text))) {
      expect({ pointer, range: locateSegments(text, parsePointer(pointer)!) }).toEqual({ pointer, range: jsoncRange(text, pointer) });
      checked++;
    }
    expect(checked).toBeGreaterThan(1);
  });

  it.each([
    ["an escaped key", '{"a\\u002fb": 1}', ["a/b"], '"a\\u002fb": 1'],
    ["a key that looks like an index", '{"0": true}', ["0"], '"0": true'],
    ["the first duplicate that has the path", '{"a": {}, "a": {"b": 2}}', ["a", "b"], '"b": 2'],
    ["a value before a later syntax error", '{"a": [1, 2], "b": ', ["a", "1"], "2"],
  ])("finds %s", (_name, text, segments, expected) => {
    const range = locateSegments(text, segments);
    expect(range && text.slice(range.from, range.to)).toBe(expected);
  });

  it.each([
    ["a key in an array", '[{"a": 1}]', ["a"]],
    ["a leading-zero index", "[1, 2]", ["01"]],
    ["an index past the end", "[1, 2]", ["2"]],
    ["a path through a string", '{"a": "text"}', ["a", "0"]],
    ["a value after a syntax error", '{"a": 1,, "b": 2}', ["b"]],
    ["a path deeper than the scanner follows", "[".repeat(MAX_SCAN_DEPTH + 5) + "1", Array(MAX_SCAN_DEPTH + 4).fill("0")],
  ])("does not find %s", (_name, text, segments) => {
    expect(locateSegments(text, segments)).toBeUndefined();
  });
});
