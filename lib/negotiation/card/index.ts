export { loadCard } from "./load";
export { validateCardValue } from "./validate";
export { normalizeCard } from "./normalize";
export { detectShape } from "./detect-shape";
export { locatePointer } from "./locate";
export { PROBLEM_CODES, PROBLEM_CODE_LIST, severityOf, type ProblemCode } from "./problem-codes";
export type { CardLoadResult, ValidityProblem, ValidityReport, Severity } from "./validity";
export type * from "./model";
