import type * as z from "../zod";
import type { CardShape } from "./model";
import { capWarnings, type IssueCut, type ValidityReport } from "./validity";
import { shapeOf } from "./detect-shape";
import { readCardFields, type CardFields } from "./card-fields";
import { has, isObject, type JsonObject } from "./json-value";
import { mapIssues, MAX_ISSUES_PER_TIER, ReportedPointers } from "./issue-map";
import { type ChunkReading, findIssuesInChunks, longArrayKeys } from "./chunked-issues";
import { describeJsonType, makeProblem, ProblemSink } from "./problems";
import { CARD_SCHEMAS, pushNotificationsObject } from "./schemas";
import { GENERATED_STEPS } from "./schemas/generated";
import type { CompiledIssue } from "./schemas/compiled-runtime";
import { checkExtensions, checkModes, checkNulls, checkStringBooleans, markSkills } from "./checks/values";
import { checkEndpoints } from "./checks/endpoints";
import { checkCardVersion } from "./checks/versions";
import { checkSecurity } from "./checks/security";
import { checkLegacyIn10, checkProvider } from "./checks/legacy";

/**
 * Validates a parsed JSON value as an A2A card: shape detection, the shape's zod schemas (critical
 * and required tiers → errors, spec tier → warnings), then the checks zod cannot express (non-MIME modes, string
 * booleans, placeholder URLs, 0.3 fields in 1.0 cards, undeclared scheme references …).
 * Never throws. This is also the benchmark's "schema validation alone" baseline.
 */
export function validateCardValue(value: unknown): ValidityReport {
  try {
    return validateUnguarded(value);
  } catch (error) {
    // JSON.parse copes with deep nesting, but a recursive step further on may not.
    const code = error instanceof RangeError ? "tooDeep" : "unreadable";
    return { valid: false, shape: "unknown", problems: [makeProblem(code, "", {})] };
  }
}

/**
 * Validation with the shape and the card's shared fields already known (loadCard reads them once
 * for shape detection, validation and normalizing). `mayHoldLongArrays` false: the card was parsed
 * from text too short to hold an array longer than ARRAY_CHUNK (MIN_TEXT_WITH_LONG_ARRAY).
 */
export function validateUnguarded(value: unknown, knownShape?: CardShape, knownFields?: CardFields, mayHoldLongArrays = true): ValidityReport {
  if (!isObject(value)) {
    return { valid: false, shape: "unknown", problems: [makeProblem("notAnObject", "", { found: describeJsonType(value) })] };
  }
  const fields = knownFields ?? readCardFields(value);
  const shape = knownShape ?? shapeOf(value, fields);
  const sink = new ProblemSink();
  if (shape === "unknown") sink.add("notAnAgentCard", "", { missing: missingCoreFields(value) });
  const schemas = CARD_SCHEMAS[shape];
  // Pointers already reported, for the tiers after the first to skip: only a card with issues needs it.
  let seen: ReportedPointers | undefined;
  // Which top-level arrays are long enough to be read in chunks: asked once, for every tier.
  const long = mayHoldLongArrays ? longArrayKeys(value) : undefined;
  // Tiers with more issues than a report reads, said as a fact beside the problems.
  let cuts: IssueCut[] | undefined;
  const reading: ChunkReading = { stoppedEarly: false };
  const critical = findIssuesInChunks(findIssues, schemas.critical, value, MAX_ISSUES_PER_TIER, long, reading);
  cuts = noteCut(cuts, "critical", critical.length, reading);
  if (critical.length) mapIssues(critical, "critical", value, [], sink, (seen ??= new ReportedPointers()));
  const push = fields.pushNotifications;
  if (isObject(push)) {
    const issues = findIssues(pushNotificationsObject, push);
    if (issues.length) mapIssues(issues, "critical", value, ["capabilities", "pushNotifications"], sink, (seen ??= new ReportedPointers()));
  }
  if (shape !== "unknown") {
    const required = findIssuesInChunks(findIssues, schemas.required, value, MAX_ISSUES_PER_TIER, long, reading);
    cuts = noteCut(cuts, "required", required.length, reading);
    if (required.length) mapIssues(required, "required", value, [], sink, (seen ??= new ReportedPointers()));
    const spec = findIssuesInChunks(findIssues, schemas.spec, value, MAX_ISSUES_PER_TIER, long, reading);
    cuts = noteCut(cuts, "spec", spec.length, reading);
    if (spec.length) mapIssues(spec, "spec", value, [], sink, (seen ??= new ReportedPointers()));
    // The checks read the card's shared fields from `fields`, each read once.
    // One walk over the skills tells the checks below whether they need to walk them at all.
    const marks = markSkills(fields.skills);
    checkNulls(value, fields, sink, marks);
    checkModes(fields, shape, sink, marks);
    checkStringBooleans(value, fields, shape, sink);
    checkExtensions(fields, shape, sink);
    checkEndpoints(value, fields, shape, sink);
    checkCardVersion(value, fields, shape, sink);
    checkSecurity(fields, shape, sink, marks);
    checkLegacyIn10(value, fields, shape, sink, marks);
    checkProvider(value, sink);
  }
  const report: ValidityReport = { valid: !sink.hasError(), shape, problems: capWarnings(sink.problems) };
  if (cuts) report.truncated = cuts;
  return report;
}

/** `cuts` with this tier's, when it found more issues than a report reads (or stopped looking); the reading is reset for the next tier. */
function noteCut(cuts: IssueCut[] | undefined, tier: IssueCut["tier"], found: number, reading: ChunkReading): IssueCut[] | undefined {
  if (found <= MAX_ISSUES_PER_TIER && !reading.stoppedEarly) return cuts;
  const out = cuts ?? [];
  out.push({ tier, found, atLeast: reading.stoppedEarly, read: MAX_ISSUES_PER_TIER });
  reading.stoppedEarly = false;
  return out;
}

/** The issues a card schema finds in a value: the generated validator's, or zod's own. */
export type SchemaIssueFinder = (schema: z.ZodMiniType, value: unknown) => readonly z.core.$ZodIssue[];

const NO_ISSUES: readonly z.core.$ZodIssue[] = [];

export const zodIssueFinder: SchemaIssueFinder = (schema, value) => {
  const result = schema.safeParse(value);
  return result.success ? NO_ISSUES : result.error.issues;
};

/** The path the generated steps push and pop: validation is synchronous, so one serves every run. */
const PATH: PropertyKey[] = [];

/**
 * The card schemas' validator generated at build time (schemas/generated.ts, from these same
 * schemas by compile.ts): the same issues as zod's own parse, in the same order, several times
 * faster, and plain code, so it runs where a CSP forbids evaluating code (the browser). A schema
 * it was not generated for (none of validation's) goes to zod.
 */
export const generatedIssueFinder: SchemaIssueFinder = (schema, value) => {
  const step = GENERATED_STEPS.get(schema);
  if (step === undefined) return zodIssueFinder(schema, value);
  const out: CompiledIssue[] = [];
  if (PATH.length !== 0) PATH.length = 0; // a run cut short (a card nested too deep) leaves segments
  step(value, PATH, out);
  // The issues carry every field mapIssues reads (code, path, expected, params).
  return out.length === 0 ? NO_ISSUES : (out as unknown as readonly z.core.$ZodIssue[]);
};

let findIssues: SchemaIssueFinder = generatedIssueFinder;

/**
 * Which finder validation uses, for the whole process: the generated validator unless a caller
 * (a test, the bench) sets zod's own parse. Returns the finder it replaced.
 */
export function setSchemaIssueFinder(finder: SchemaIssueFinder): SchemaIssueFinder {
  const previous = findIssues;
  findIssues = finder;
  return previous;
}

const CORE_FIELDS = ["name", "capabilities", "skills", "defaultInputModes", "defaultOutputModes"];

function missingCoreFields(card: JsonObject): string[] {
  const missing = CORE_FIELDS.filter((key) => !has(card, key));
  if (card.url === undefined && card.supportedInterfaces === undefined) missing.push("supportedInterfaces");
  return missing;
}
