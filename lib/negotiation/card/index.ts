export { loadCard } from "./load";
export { validateCardValue } from "./validate";
export { normalizeCard } from "./normalize";
export { detectShape } from "./detect-shape";
export { locatePointer } from "./locate";
export { PROBLEM_CODES, PROBLEM_CODE_LIST, severityOf, type ProblemCode } from "./problem-codes";
export type { CardLoadResult, ValidityProblem, ValidityReport, Severity } from "./validity";
export type * from "./model";
// Card text tools for editors and the CLI: where a problem is, in lines and columns.
export { MAX_CARD_CHARS, parseCardText, positionAt, type ParseOutcome, type TextPosition } from "./parse-text";
export { findJsonSyntaxError, type JsonSyntaxError } from "./json-scan";
export { pointerFromPath } from "./pointer";
export { isObject, type JsonObject } from "./json-value";
export { nonMimeReading } from "./media-types";
export { makeProblem } from "./problems";
export { signatureList } from "../signatures/read";
