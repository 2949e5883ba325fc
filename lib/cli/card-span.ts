/**
 * Where a batch line's card sits in the line's text, without reading the line as JSON: batch knows a
 * card it has met by its text and, on meeting that text again, reads only the rest of the line
 * (bench/cases/batch-throughput.ts, real cards: reading the card and keying it by its JSON text were
 * a sixth of a line's cost).
 *
 * The scan follows JSON's lexical rules (strings with their escapes, nesting of objects and arrays)
 * over the line's top-level object and nothing more: it does not check that the line is JSON. That
 * is enough because its answer is only ever used in two ways that JSON.parse checks:
 * - on a line that parsed as a whole, the span is that line's card (the scan reads valid JSON as
 *   JSON does), so its text can stand for the card;
 * - on a line where the text of a card already read (a whole JSON value) starts where the card's
 *   value starts, the line with `null` in place of that text is parsed: one JSON value standing in
 *   for another at a value position, so that text parses exactly when the whole line does, to the
 *   same object but for the card.
 * Anything the scan is not sure of (a key written with an escape, which JSON reads after unescaping;
 * a card field given twice, of which JSON keeps the last; anything after the card that could be
 * either) gives no place, and the line is read in full.
 */

/** The top-level key holding a line's card. */
export type CardField = "card" | "cardText";

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

function skipSpace(text: string, at: number): number {
  while (at < text.length && isSpace(text.charCodeAt(at))) at++;
  return at;
}

/** The index just past the string opening at `at` (a quote), or -1 when it never closes. */
function endOfString(text: string, at: number): number {
  for (let i = at + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === BACKSLASH) i++;
    else if (c === QUOTE) return i + 1;
  }
  return -1;
}

/** The index just past the value starting at `at`, or -1 when it does not end where JSON would. */
function endOfValue(text: string, at: number): number {
  const first = text.charCodeAt(at);
  if (first === QUOTE) return endOfString(text, at);
  if (first === OPEN_BRACE || first === OPEN_BRACKET) {
    let depth = 0;
    for (let i = at; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === QUOTE) {
        i = endOfString(text, i) - 1;
        if (i < 0) return -1;
      } else if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
      else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
        if (--depth === 0) return i + 1;
      }
    }
    return -1;
  }
  // A number or a literal: up to the next separator.
  let i = at;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === COMMA || c === CLOSE_BRACE || isSpace(c)) break;
    i++;
  }
  return i > at ? i : -1;
}

/** Where the value of the line's `card` or `cardText` starts, or undefined when the scan is not sure of it (see above). */
export function findCardStart(text: string): { field: CardField; start: number } | undefined {
  let at = skipSpace(text, 0);
  if (text.charCodeAt(at) !== OPEN_BRACE) return undefined;
  at = skipSpace(text, at + 1);
  for (;;) {
    if (text.charCodeAt(at) !== QUOTE) return undefined;
    const keyEnd = endOfString(text, at);
    if (keyEnd < 0) return undefined;
    const key = text.slice(at + 1, keyEnd - 1);
    if (key.includes("\\")) return undefined;
    at = skipSpace(text, keyEnd);
    if (text.charCodeAt(at) !== COLON) return undefined;
    const start = skipSpace(text, at + 1);
    if (key === "card" || key === "cardText") return { field: key, start };
    const end = endOfValue(text, start);
    if (end < 0) return undefined;
    at = skipSpace(text, end);
    if (text.charCodeAt(at) !== COMMA) return undefined;
    at = skipSpace(text, at + 1);
  }
}

/**
 * The index just past the card's value starting at `start`, or -1 when the scan is not sure the card
 * is the one a full reading keeps (see plainTail). For a line read in full; a card met before is
 * found by cardTextAt.
 */
export function cardEnd(text: string, start: number): number {
  const end = endOfValue(text, start);
  return end >= 0 && plainTail(text, end) ? end : -1;
}

/**
 * Nothing after the card's value could name a card field again: neither key written plainly, and no
 * `\u` escape, the only way JSON spells a letter otherwise (a `"card"` value or an escaped backslash
 * only makes this err on the side of reading the line in full). Native searches over the rest.
 */
function plainTail(text: string, end: number): boolean {
  return text.indexOf('"card"', end) === -1 && text.indexOf('"cardText"', end) === -1 && text.indexOf("\\u", end) === -1;
}

/**
 * Whether `known`, the text of a card already read, is the value starting at `start`: the text
 * there starts with it and the line's object goes on right after it. A card's text is a complete
 * JSON object or string, and no longer value starts with a complete one.
 */
export function cardTextAt(text: string, start: number, known: string): boolean {
  const end = start + known.length;
  // Not startsWith: a slice compared whole is a native comparison, ten times faster on a card of a few KB.
  if (text.slice(start, end) !== known) return false;
  const next = text.charCodeAt(skipSpace(text, end));
  return (next === COMMA || next === CLOSE_BRACE) && plainTail(text, end);
}
