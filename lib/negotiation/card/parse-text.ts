import { findJsonSyntaxError } from "./json-scan";
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

/** The scanner names the first error and its offset in a way we can word ourselves. */
function locateSyntaxError(text: string, error: unknown): { offset: number; reason: string } {
  if (text.trim() === "") return { offset: text.length, reason: "emptyDocument" };
  const first = findJsonSyntaxError(text);
  if (first) return { offset: first.offset, reason: first.code };
  // The scanner found the text to be JSON while the engine refused it (a JavaScript engine's own
  // limit): the engine's offset, when its message gives one.
  const message = error instanceof Error ? error.message : "";
  const match = /position (\d+)/.exec(message);
  return { offset: match ? Number(match[1]) : 0, reason: "invalidSyntax" };
}
