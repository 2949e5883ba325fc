import type { CardLoadResult, ValidityReport } from "./validity";
import { readCardFields } from "./card-fields";
import { shapeOf } from "./detect-shape";
import { isObject } from "./json-value";
import { normalizeCard } from "./normalize";
import { mayHaveProtoNames, readProtoNames, type ProtoNameReading } from "./proto-names";
import { parseCardText } from "./parse-text";
import { makeProblem } from "./problems";
import { validateUnguarded } from "./validate";
import { MIN_TEXT_WITH_LONG_ARRAY } from "./chunked-issues";

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
  let text: string | undefined;
  if (typeof input === "string") {
    text = input;
    const parsed = parseCardText(input);
    if (!parsed.ok) return { validity: failed(parsed.problem) };
    raw = parsed.value;
  }
  if (!isObject(raw)) return { validity: validateUnguarded(raw), raw };
  // ProtoJSON's snake_case names (default_input_modes) read under their JSON names, with a warning.
  // Text with no snake_case name in it spares the walk over the parsed card.
  const proto: ProtoNameReading = text !== undefined && !mayHaveProtoNames(text) ? { card: raw, renamed: [] } : readProtoNames(raw);
  const card = proto.card;
  // The fields all three steps read, read once (card-fields.ts).
  const fields = readCardFields(card);
  const shape = shapeOf(card, fields);
  const validity = validateUnguarded(card, shape, fields, text === undefined || text.length >= MIN_TEXT_WITH_LONG_ARRAY);
  if (proto.renamed.length > 0) validity.problems.push(makeProblem("protoJsonFieldNames", "", { fields: proto.renamed.slice(0, 10) }));
  return { validity, card: normalizeCard(card, shape, fields), raw };
}

function failed(problem: ReturnType<typeof makeProblem>): ValidityReport {
  return { valid: false, shape: "unknown", problems: [problem] };
}
