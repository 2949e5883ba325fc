import { capPerKind, LIST_CAP } from "../caps";
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

/** Warnings of one code a report keeps; the rest are counted in one `moreOfThisKind` problem (caps.ts). */
export const MAX_WARNINGS_PER_CODE = LIST_CAP;

/**
 * The report's warnings, at most MAX_WARNINGS_PER_CODE of each code: a card with 261,846 warnings
 * of a kind would otherwise carry them all to every list, editor marker and output line. The first
 * ones of each code are kept in place; the rest become one problem of code `moreOfThisKind`, put
 * where the first left-out one was, with its pointer and data `{ code, more }` (how many were left
 * out). Errors are all kept: they decide, and their count is in the decision (the schema tiers read
 * at most MAX_ISSUES_PER_TIER of them). Run again whenever problems are added (signatures), so no
 * list escapes it; a `moreOfThisKind` already there is kept and a later one of its code adds to it.
 */
export function capWarnings(problems: ValidityProblem[]): ValidityProblem[] {
  const capped = capPerKind(
    problems,
    (p) => (p.severity === "warning" && p.code !== "moreOfThisKind" ? p.code : undefined),
    (p, more): ValidityProblem => ({ severity: "warning", code: "moreOfThisKind", pointer: p.pointer, data: { code: p.code, more } }),
    MAX_WARNINGS_PER_CODE,
  );
  return mergeCounts(capped);
}

/** Two `moreOfThisKind` problems of one code (a list capped before and again after more were added) become one, at the first. */
function mergeCounts(problems: ValidityProblem[]): ValidityProblem[] {
  let counts = 0;
  for (const p of problems) if (p.code === "moreOfThisKind") counts++;
  if (counts < 2) return problems;
  const first = new Map<string, ValidityProblem>();
  const out: ValidityProblem[] = [];
  for (const p of problems) {
    if (p.code !== "moreOfThisKind") {
      out.push(p);
      continue;
    }
    const code = String(p.data.code);
    const earlier = first.get(code);
    const more = typeof p.data.more === "number" ? p.data.more : 0;
    if (!earlier) {
      const copy: ValidityProblem = { ...p, data: { ...p.data, more } };
      first.set(code, copy);
      out.push(copy);
    } else earlier.data.more = (earlier.data.more as number) + more;
  }
  return out;
}
