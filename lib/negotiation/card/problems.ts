import { severityOf, type ProblemCode } from "./problem-codes";
import type { Pointer } from "./model";
import type { ValidityProblem } from "./validity";

export type ProblemData = ValidityProblem["data"];

/** Builds a problem from its code; the severity always comes from the code table. */
export function makeProblem(code: ProblemCode, pointer: Pointer, data: ProblemData = {}): ValidityProblem {
  return { severity: severityOf(code), code, pointer, data };
}

/** Collects problems while validating; one instance per validation run. */
export class ProblemSink {
  readonly problems: ValidityProblem[] = [];

  add(code: ProblemCode, pointer: Pointer, data: ProblemData = {}): void {
    this.problems.push(makeProblem(code, pointer, data));
  }

  /** Is a problem already reported at this pointer? (A null that is already an error needs no "read as absent".) */
  hasAt(pointer: Pointer): boolean {
    const problems = this.problems;
    for (let i = 0; i < problems.length; i++) if (problems[i]!.pointer === pointer) return true;
    return false;
  }

  hasError(): boolean {
    const problems = this.problems;
    for (let i = 0; i < problems.length; i++) if (problems[i]!.severity === "error") return true;
    return false;
  }
}

/** A short, stable name for a JSON value's type, for `found` in problem data. */
export function describeJsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "object") return "object";
  return typeof value;
}
