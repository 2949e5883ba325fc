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
   * The card's signatures as review() found them (set only when the card has a `signatures` entry):
   * the caller's verification report, or each signature "not checked" when none was given. Its
   * unverifiable and invalid signatures are also `problems` (warnings).
   */
  signature?: SignatureReport;
}

export interface CardLoadResult {
  validity: ValidityReport;
  /** Present whenever the document is a JSON object, even an invalid one (best effort), so the
   * UI can still show what it could read. Absent for non-JSON / non-object input. */
  card?: NormalizedCard;
  /** The parsed JSON value, when the text parsed. */
  raw?: unknown;
}
