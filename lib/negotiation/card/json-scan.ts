/**
 * A small strict JSON scanner (RFC 8259: no comments, no trailing commas) for the two things
 * JSON.parse does not say: where the first syntax error is and what it is, and where a JSON
 * pointer's value sits in the text. It replaces jsonc-parser in the browser bundle; its error codes
 * and offsets are jsonc-parser's (strict mode), so messages and positions did not change.
 */

/** What is wrong at the first syntax error; the names are jsonc-parser's, camelCased. */
export type JsonSyntaxCode =
  | "invalidSymbol"
  | "propertyNameExpected"
  | "valueExpected"
  | "colonExpected"
  | "commaExpected"
  | "closeBraceExpected"
  | "closeBracketExpected"
  | "endOfFileExpected"
  | "invalidCommentToken"
  | "unexpectedEndOfString"
  | "unexpectedEndOfNumber"
  | "invalidUnicode"
  | "invalidEscapeCharacter"
  | "invalidCharacter";

export interface JsonSyntaxError {
  /** 0-based offset of the token where the text stops being JSON. */
  offset: number;
  code: JsonSyntaxCode;
}

export interface TextRange {
  from: number;
  to: number;
}

/** locateSegments follows no deeper than this (it recurses); JSON.parse still reads such text. */
export const MAX_SCAN_DEPTH = 1000;

type Token = "{" | "}" | "[" | "]" | ":" | "," | "string" | "scalar" | "eof";

/** Unwinds the scan at the first error; never leaves this module. */
class Stop {
  constructor(
    readonly offset: number,
    readonly code: JsonSyntaxCode | "tooDeep",
  ) {}
}

const PUNCTUATION: Record<number, Token> = { 123: "{", 125: "}", 91: "[", 93: "]", 58: ":", 44: "," };

const isDigit = (c: number) => c >= 48 && c <= 57;
const isHex = (c: number) => isDigit(c) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);
const isBlank = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;
/** Characters that end a run of unknown text (jsonc-parser's rule), so `'name'` is one bad token. */
const endsWord = (c: number) => isBlank(c) || c in PUNCTUATION || c === 34 || c === 47;

class Scanner {
  /** Offset after the current token. */
  private pos = 0;
  private tok: Token = "eof";
  /** Offset where the current token starts. */
  start = 0;
  /** Offset after the previous token: the end of the value just read. */
  lastEnd = 0;

  constructor(private readonly text: string) {}

  /** A method, not a field, so a check before `next()` does not narrow what comes after it. */
  token(): Token {
    return this.tok;
  }

  fail(code: JsonSyntaxCode | "tooDeep", offset = this.start): never {
    throw new Stop(offset, code);
  }

  /** The current string token's value (it scanned cleanly, so JSON.parse reads it). */
  stringValue(): string {
    return JSON.parse(this.text.slice(this.start, this.pos)) as string;
  }

  next(): void {
    const text = this.text;
    this.lastEnd = this.pos;
    let p = this.pos;
    while (p < text.length && isBlank(text.charCodeAt(p))) p++;
    this.start = p;
    if (p >= text.length) {
      this.pos = p;
      this.tok = "eof";
      return;
    }
    const c = text.charCodeAt(p);
    const punctuation = PUNCTUATION[c];
    if (punctuation) {
      this.pos = p + 1;
      this.tok = punctuation;
    } else if (c === 34) {
      this.pos = this.scanString(p + 1);
      this.tok = "string";
    } else if (isDigit(c) || (c === 45 && isDigit(text.charCodeAt(p + 1)))) {
      this.pos = this.scanNumber(c === 45 ? p + 1 : p);
      this.tok = "scalar";
    } else if (c === 47 && (text.charCodeAt(p + 1) === 47 || text.charCodeAt(p + 1) === 42)) {
      this.fail("invalidCommentToken");
    } else {
      let q = p;
      while (q < text.length && !endsWord(text.charCodeAt(q))) q++;
      const word = text.slice(p, q);
      if (word !== "true" && word !== "false" && word !== "null") this.fail("invalidSymbol");
      this.pos = q;
      this.tok = "scalar";
    }
  }

  /** From after the opening quote to after the closing one. The last problem seen wins, as in jsonc-parser. */
  private scanString(from: number): number {
    const text = this.text;
    let problem: JsonSyntaxCode | undefined;
    let p = from;
    for (;;) {
      if (p >= text.length) {
        problem = "unexpectedEndOfString";
        break;
      }
      const c = text.charCodeAt(p);
      if (c === 34) {
        p++;
        break;
      }
      if (c === 92) {
        p++;
        if (p >= text.length) {
          problem = "unexpectedEndOfString";
          break;
        }
        const escape = text.charCodeAt(p++);
        if (escape === 117) {
          let digits = 0;
          while (digits < 4 && isHex(text.charCodeAt(p))) {
            p++;
            digits++;
          }
          if (digits < 4) problem = "invalidUnicode";
        } else if (!'"\\/bfnrt'.includes(String.fromCharCode(escape))) {
          problem = "invalidEscapeCharacter";
        }
        continue;
      }
      if (c === 10 || c === 13) {
        problem = "unexpectedEndOfString";
        break;
      }
      if (c < 0x20) problem = "invalidCharacter";
      p++;
    }
    if (problem) this.fail(problem);
    return p;
  }

  private scanNumber(from: number): number {
    const text = this.text;
    let p = from;
    if (text.charCodeAt(p) === 48) p++;
    else while (isDigit(text.charCodeAt(p))) p++;
    if (text.charCodeAt(p) === 46) {
      p++;
      if (!isDigit(text.charCodeAt(p))) this.fail("unexpectedEndOfNumber");
      while (isDigit(text.charCodeAt(p))) p++;
    }
    const e = text.charCodeAt(p);
    if (e === 69 || e === 101) {
      p++;
      const sign = text.charCodeAt(p);
      if (sign === 43 || sign === 45) p++;
      if (!isDigit(text.charCodeAt(p))) this.fail("unexpectedEndOfNumber");
      while (isDigit(text.charCodeAt(p))) p++;
    }
    return p;
  }
}

const ARRAY_INDEX = /^(0|[1-9]\d*)$/;

/**
 * Reads the value at the current token. `path` is what is left of the pointer when this value is on
 * its way (`[]`: this value is the target), undefined when it is not. Returns the target's range as
 * soon as it is read, so a pointer before a syntax error is still found.
 */
function readValue(s: Scanner, path: readonly string[] | undefined, depth: number): TextRange | undefined {
  if (depth > MAX_SCAN_DEPTH) s.fail("tooDeep");
  const from = s.start;
  const wanted = path && path.length > 0 ? path[0] : undefined;
  const rest = path?.slice(1);
  if (s.token() === "{") {
    s.next();
    let needsComma = false;
    while (s.token() !== "}" && s.token() !== "eof") {
      if (s.token() === ",") {
        if (!needsComma) s.fail("valueExpected");
        s.next();
      } else if (needsComma) {
        s.fail("commaExpected");
      }
      if (s.token() !== "string") s.fail("propertyNameExpected");
      const keyStart = s.start;
      const onPath = wanted !== undefined && s.stringValue() === wanted;
      s.next();
      if (s.token() !== ":") s.fail("colonExpected");
      s.next();
      const found = readValue(s, onPath ? rest : undefined, depth + 1);
      // An object member is shown as `"key": value`, so a short value is still visible.
      if (found) return rest?.length === 0 ? { from: keyStart, to: found.to } : found;
      needsComma = true;
    }
    if (s.token() !== "}") s.fail("closeBraceExpected");
    s.next();
  } else if (s.token() === "[") {
    s.next();
    const index = wanted !== undefined && ARRAY_INDEX.test(wanted) ? Number(wanted) : -1;
    let needsComma = false;
    for (let i = 0; s.token() !== "]" && s.token() !== "eof"; i++) {
      if (s.token() === ",") {
        if (!needsComma) s.fail("valueExpected");
        s.next();
      } else if (needsComma) {
        s.fail("commaExpected");
      }
      const found = readValue(s, i === index ? rest : undefined, depth + 1);
      if (found) return found;
      needsComma = true;
    }
    if (s.token() !== "]") s.fail("closeBracketExpected");
    s.next();
  } else if (s.token() === "string" || s.token() === "scalar") {
    s.next();
  } else {
    s.fail("valueExpected");
  }
  return path?.length === 0 ? { from, to: s.lastEnd } : undefined;
}

/**
 * The first syntax error in `text`, with jsonc-parser's code and offset; undefined when the text
 * is JSON. Never throws, at any depth: the grammar is followed with an explicit stack of open
 * containers rather than by recursion, so text nested past what JSON.parse follows (an unclosed
 * run of 100,000 `[`) still gets the place where it stops being JSON.
 */
export function findJsonSyntaxError(text: string): JsonSyntaxError | undefined {
  const s = new Scanner(text);
  try {
    s.next();
    readDocument(s);
    if (s.token() !== "eof") s.fail("endOfFileExpected");
    return undefined;
  } catch (error) {
    // readDocument has no depth to run out of: only locateSegments stops at "tooDeep".
    if (!(error instanceof Stop) || error.code === "tooDeep") throw error;
    return { offset: error.offset, code: error.code };
  }
}

const IN_OBJECT = 1;
const IN_ARRAY = 2;

/**
 * readValue's grammar without a path, as a loop: the same checks, in the same order, so the same
 * first error. `open` holds the containers entered and not yet closed, innermost last.
 */
function readDocument(s: Scanner): void {
  const open: number[] = [];
  let needsComma = false;
  for (;;) {
    // At a value.
    const token = s.token();
    if (token === "{" || token === "[") {
      open.push(token === "{" ? IN_OBJECT : IN_ARRAY);
      needsComma = false;
    } else if (token !== "string" && token !== "scalar") {
      s.fail("valueExpected");
    } else {
      needsComma = true;
    }
    s.next();
    // After a value, or just inside a container: close what ends here, then find the next value.
    for (;;) {
      if (open.length === 0) return;
      const inObject = open[open.length - 1] === IN_OBJECT;
      const closing = inObject ? "}" : "]";
      if (s.token() === closing || s.token() === "eof") {
        if (s.token() !== closing) s.fail(inObject ? "closeBraceExpected" : "closeBracketExpected");
        s.next();
        open.pop();
        needsComma = true;
        continue;
      }
      if (s.token() === ",") {
        if (!needsComma) s.fail("valueExpected");
        s.next();
      } else if (needsComma) {
        s.fail("commaExpected");
      }
      if (inObject) {
        if (s.token() !== "string") s.fail("propertyNameExpected");
        s.next();
        if (s.token() !== ":") s.fail("colonExpected");
        s.next();
      }
      break;
    }
  }
}

/**
 * Where the value at `segments` (an unescaped JSON pointer) sits in `text`; for an object member
 * the range covers `"key": value`. Found as long as the text is JSON up to the end of that value;
 * undefined when the pointer names nothing (a duplicate key: the first one that has the path).
 */
export function locateSegments(text: string, segments: readonly string[]): TextRange | undefined {
  const s = new Scanner(text);
  try {
    s.next();
    return readValue(s, segments, 0);
  } catch (error) {
    if (!(error instanceof Stop)) throw error;
    return undefined;
  }
}

/** A pointer's segments as a tree: one walk of the text finds every pointer in it. */
interface PointerNode {
  children: Map<string, PointerNode>;
  /** The pointer that ends here, when one does. */
  pointer?: string;
}

/** Unwinds the walk once every wanted pointer is found. */
const ALL_FOUND = Symbol("allFound");

/**
 * Where each of `pointers` (already split into unescaped segments) sits, in one walk of the text:
 * locateSegments per pointer reads the text once per pointer, which for thousands of problems on a
 * 1 MiB card is quadratic. Same ranges as locateSegments (first duplicate key wins, `"key": value`
 * for a member); a pointer that names nothing, or lies past a syntax error, is absent from the map.
 */
export function locateSegmentsMany(text: string, pointers: ReadonlyArray<readonly [string, readonly string[]]>): Map<string, TextRange> {
  const root: PointerNode = { children: new Map() };
  for (const [pointer, segments] of pointers) {
    let node = root;
    for (const segment of segments) {
      let child = node.children.get(segment);
      if (!child) node.children.set(segment, (child = { children: new Map() }));
      node = child;
    }
    node.pointer = pointer;
  }
  const found = new Map<string, TextRange>();
  const wanted = new Set(pointers.map(([p]) => p)).size;
  if (wanted === 0) return found;
  const s = new Scanner(text);
  /** `keyStart`: where the member's key starts, when this value is an object member. */
  const walk = (node: PointerNode | undefined, depth: number, keyStart: number | undefined): void => {
    if (depth > MAX_SCAN_DEPTH) s.fail("tooDeep");
    const from = s.start;
    const inner = node && node.children.size > 0 ? node.children : undefined;
    if (s.token() === "{") {
      s.next();
      let needsComma = false;
      while (s.token() !== "}" && s.token() !== "eof") {
        if (s.token() === ",") {
          if (!needsComma) s.fail("valueExpected");
          s.next();
        } else if (needsComma) {
          s.fail("commaExpected");
        }
        if (s.token() !== "string") s.fail("propertyNameExpected");
        const memberStart = s.start;
        const child = inner?.get(s.stringValue());
        s.next();
        if (s.token() !== ":") s.fail("colonExpected");
        s.next();
        walk(child, depth + 1, memberStart);
        needsComma = true;
      }
      if (s.token() !== "}") s.fail("closeBraceExpected");
      s.next();
    } else if (s.token() === "[") {
      s.next();
      let needsComma = false;
      for (let i = 0; s.token() !== "]" && s.token() !== "eof"; i++) {
        if (s.token() === ",") {
          if (!needsComma) s.fail("valueExpected");
          s.next();
        } else if (needsComma) {
          s.fail("commaExpected");
        }
        walk(inner?.get(String(i)), depth + 1, undefined);
        needsComma = true;
      }
      if (s.token() !== "]") s.fail("closeBracketExpected");
      s.next();
    } else if (s.token() === "string" || s.token() === "scalar") {
      s.next();
    } else {
      s.fail("valueExpected");
    }
    if (node?.pointer !== undefined && !found.has(node.pointer)) {
      found.set(node.pointer, { from: keyStart ?? from, to: s.lastEnd });
      if (found.size === wanted) throw ALL_FOUND;
    }
  };
  try {
    s.next();
    walk(root, 0, undefined);
  } catch (error) {
    if (error !== ALL_FOUND && !(error instanceof Stop)) throw error;
  }
  return found;
}
