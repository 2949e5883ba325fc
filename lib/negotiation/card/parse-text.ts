import { parse as parseJsonc, printParseErrorCode, type ParseError } from "jsonc-parser";
import { makeProblem } from "./problems";
import type { ValidityProblem } from "./validity";

/** Cards are a few KB; anything past this is not a card, and parsing it would stall the editor. */
export const MAX_CARD_CHARS = 4 * 1024 * 1024;

export type ParseOutcome = { ok: true; value: unknown } | { ok: false; problem: ValidityProblem };

export interface TextPosition {
  offset: number;
  line: number;
  column: number;
}

/** 0-based offset → 1-based line and column (a `\r\n` counts as one line break). */
export function positionAt(text: string, offset: number): TextPosition {
  const clamped = Math.max(0, Math.min(offset, text.length));
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < clamped; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { offset: clamped, line, column: clamped - lineStart + 1 };
}

/** Parses card text; never throws. Errors carry a position, never an engine stack. */
export function parseCardText(text: string): ParseOutcome {
  if (text.length > MAX_CARD_CHARS) {
    return { ok: false, problem: makeProblem("tooLarge", "", { size: text.length, limit: MAX_CARD_CHARS }) };
  }
  // A UTF-8 BOM is invisible in editors and harmless; JSON.parse rejects it, so drop it.
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return { ok: true, value: JSON.parse(body) };
  } catch (error) {
    if (error instanceof RangeError) return { ok: false, problem: makeProblem("tooDeep", "", {}) };
    return { ok: false, problem: describeSyntaxError(body, error) };
  }
}

function describeSyntaxError(text: string, error: unknown): ValidityProblem {
  const located = locateSyntaxError(text, error);
  const position = positionAt(text, located.offset);
  const problem = makeProblem("notJson", "", { reason: located.reason, line: position.line, column: position.column });
  problem.position = position;
  return problem;
}

/** jsonc-parser names the first error and its offset in a way we can word ourselves. */
function locateSyntaxError(text: string, error: unknown): { offset: number; reason: string } {
  if (text.trim() === "") return { offset: text.length, reason: "emptyDocument" };
  try {
    const errors: ParseError[] = [];
    parseJsonc(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
    const first = errors[0];
    if (first) return { offset: first.offset, reason: lowerFirst(printParseErrorCode(first.error)) };
  } catch {
    // jsonc-parser recurses; on absurd nesting fall through to the engine's own offset.
  }
  const message = error instanceof Error ? error.message : "";
  const match = /position (\d+)/.exec(message);
  return { offset: match ? Number(match[1]) : 0, reason: "invalidSyntax" };
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
