import type { SignatureReport } from "../signatures/types";
import type { CardShape, NormalizedCard, Pointer } from "./model";

/** `error`: the card cannot be negotiated on. `warning`: deviates from the spec but usable. */
export type Severity = "error" | "warning";

/**
 * One problem with the card, as data. Text is produced by explain/ from `code` + `data`.
 * Codes are camelCase and stable (they appear in CLI JSON output).
 */
export interface ValidityProblem {
  severity: Severity;
  code: string;
  pointer: Pointer;
  data: Record<string, string | number | boolean | null | string[]>;
  /** For `notJson`: 0-based offset, 1-based line and column of the parse error in the text. */
  position?: { offset: number; line: number; column: number };
}

export interface ValidityReport {
  /** False only when there is at least one `error`. */
  valid: boolean;
  shape: CardShape;
  problems: ValidityProblem[];
  /**
   * Schema tiers that found more issues than a report reads (MAX_ISSUES_PER_TIER, card/issue-map.ts),
   * set only then: `problems` holds the first ones, so a count of them is not the card's. Absent on
   * nearly every card.
   */
  truncated?: IssueCut[];
  /**
   * The card's signatures as review() found them (set only when the card has a `signatures` entry):
   * the caller's verification report, or each signature "not checked" when none was given. Its
   * unverifiable and invalid signatures are also `problems` (warnings).
   */
  signature?: SignatureReport;
}

/** One schema tier's issues cut short: `found` of them read, the first `read` turned into problems. */
export interface IssueCut {
  tier: "critical" | "required" | "spec";
  /** How many issues the tier found; when `atLeast`, it stopped looking there (a long array's later chunks unread), so there are more. */
  found: number;
  atLeast: boolean;
  /** How many of them a report reads (MAX_ISSUES_PER_TIER). */
  read: number;
}

export interface CardLoadResult {
  validity: ValidityReport;
  /** Present whenever the document is a JSON object, even an invalid one (best effort), so the
   * UI can still show what it could read. Absent for non-JSON / non-object input. */
  card?: NormalizedCard;
  /** The parsed JSON value, when the text parsed. */
  raw?: unknown;
}

/** Warnings of one code a report keeps; the rest are counted in one `moreOfThisKind` problem. */
export const MAX_WARNINGS_PER_CODE = 20;

/**
 * The report's warnings, at most MAX_WARNINGS_PER_CODE of each code: a card with 261,846 warnings
 * of a kind would otherwise carry them all to every list, editor marker and output line. The first
 * ones of each code are kept in place; the rest become one problem of code `moreOfThisKind`, put
 * where the first left-out one was, with its pointer and data `{ code, more }` (how many were left
 * out). Errors are all kept: they decide, and their count is in the decision. One pass, and the
 * list itself when nothing is over the cap.
 */
export function capWarnings(problems: ValidityProblem[]): ValidityProblem[] {
  // No code can be over the cap in a list no longer than the cap (nearly every card's): no count.
  if (problems.length <= MAX_WARNINGS_PER_CODE) return problems;
  const seen = new Map<string, number>();
  let over = false;
  for (const p of problems) {
    if (p.severity !== "warning") continue;
    const n = (seen.get(p.code) ?? 0) + 1;
    seen.set(p.code, n);
    if (n > MAX_WARNINGS_PER_CODE) over = true;
  }
  if (!over) return problems;
  const kept: ValidityProblem[] = [];
  const counted = new Map<string, number>();
  for (const p of problems) {
    if (p.severity !== "warning") {
      kept.push(p);
      continue;
    }
    const n = (counted.get(p.code) ?? 0) + 1;
    counted.set(p.code, n);
    if (n <= MAX_WARNINGS_PER_CODE) kept.push(p);
    else if (n === MAX_WARNINGS_PER_CODE + 1) {
      kept.push({ severity: "warning", code: "moreOfThisKind", pointer: p.pointer, data: { code: p.code, more: seen.get(p.code)! - MAX_WARNINGS_PER_CODE } });
    }
  }
  return kept;
}
