import type { CardLoadResult, ValidityReport } from "./validity";
import { detectShape } from "./detect-shape";
import { isObject } from "./json-value";
import { normalizeCard } from "./normalize";
import { parseCardText } from "./parse-text";
import { makeProblem } from "./problems";
import { validateUnguarded } from "./validate";

/**
 * The one entry point for a card: text (as pasted or fetched) or an already-parsed value →
 * validity report + best-effort normalized card. Never throws: every failure is a problem with
 * a code and a JSON pointer (and a line/column for text that is not JSON).
 */
export function loadCard(input: string | unknown): CardLoadResult {
  try {
    return loadUnguarded(input);
  } catch (error) {
    const code = error instanceof RangeError ? "tooDeep" : "unreadable";
    return { validity: failed(makeProblem(code, "", {})) };
  }
}

function loadUnguarded(input: unknown): CardLoadResult {
  let raw: unknown = input;
  if (typeof input === "string") {
    const parsed = parseCardText(input);
    if (!parsed.ok) return { validity: failed(parsed.problem) };
    raw = parsed.value;
  }
  if (!isObject(raw)) return { validity: validateUnguarded(raw), raw };
  const shape = detectShape(raw);
  const validity = validateUnguarded(raw, shape);
  return { validity, card: normalizeCard(raw, shape), raw };
}

function failed(problem: ReturnType<typeof makeProblem>): ValidityReport {
  return { valid: false, shape: "unknown", problems: [problem] };
}
