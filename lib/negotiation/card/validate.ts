import type * as z from "../zod";
import type { CardShape } from "./model";
import { capWarnings, type IssueCut, type ValidityReport } from "./validity";
import { detectShape } from "./detect-shape";
import { has, isObject, type JsonObject } from "./json-value";
import { mapIssues, MAX_ISSUES_PER_TIER, ReportedPointers } from "./issue-map";
import { type ChunkReading, findIssuesInChunks, longArrayKeys } from "./chunked-issues";
import { describeJsonType, makeProblem, ProblemSink } from "./problems";
import { CARD_SCHEMAS, pushNotificationsObject } from "./schemas";
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

/** Validation with the shape already known (loadCard detects it once for both steps). */
export function validateUnguarded(value: unknown, knownShape?: CardShape): ValidityReport {
  if (!isObject(value)) {
    return { valid: false, shape: "unknown", problems: [makeProblem("notAnObject", "", { found: describeJsonType(value) })] };
  }
  const shape = knownShape ?? detectShape(value);
  const sink = new ProblemSink();
  if (shape === "unknown") sink.add("notAnAgentCard", "", { missing: missingCoreFields(value) });
  const schemas = CARD_SCHEMAS[shape];
  // Pointers already reported, for the tiers after the first to skip: only a card with issues needs it.
  let seen: ReportedPointers | undefined;
  // Which top-level arrays are long enough to be read in chunks: asked once, for every tier.
  const long = longArrayKeys(value);
  // Tiers with more issues than a report reads, said as a fact beside the problems.
  let cuts: IssueCut[] | undefined;
  const reading: ChunkReading = { stoppedEarly: false };
  const critical = findIssuesInChunks(findIssues, schemas.critical, value, MAX_ISSUES_PER_TIER, long, reading);
  cuts = noteCut(cuts, "critical", critical.length, reading);
  if (critical.length) mapIssues(critical, "critical", value, [], sink, (seen ??= new ReportedPointers()));
  // The card's fields more than one check reads, each read once here and handed down: a field
  // read off a parsed card is a megamorphic load (every card its own hidden class), each time.
  const capabilities = value.capabilities;
  const caps = isObject(capabilities) ? capabilities : undefined;
  const push = caps ? caps.pushNotifications : undefined;
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
    const skills = value.skills;
    const extensions = caps ? caps.extensions : undefined;
    const security = value.security;
    const securityRequirements = value.securityRequirements;
    // One walk over the skills tells the checks below whether they need to walk them at all.
    const marks = markSkills(skills);
    checkNulls(value, caps, skills, sink, marks);
    checkModes(value, skills, shape, sink, marks);
    checkStringBooleans(value, caps, push, extensions, shape, sink);
    checkExtensions(extensions, shape, sink);
    checkEndpoints(value, shape, sink);
    checkCardVersion(value, shape, sink);
    checkSecurity(value, push, skills, security, securityRequirements, shape, sink, marks);
    checkLegacyIn10(value, caps, skills, security, securityRequirements, shape, sink, marks);
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

/** The issues a card schema finds in a value: zod's own, unless a faster finder is in use. */
export type SchemaIssueFinder = (schema: z.ZodMiniType, value: unknown) => readonly z.core.$ZodIssue[];

const NO_ISSUES: readonly z.core.$ZodIssue[] = [];

export const zodIssueFinder: SchemaIssueFinder = (schema, value) => {
  const result = schema.safeParse(value);
  return result.success ? NO_ISSUES : result.error.issues;
};

let findIssues: SchemaIssueFinder = zodIssueFinder;

/**
 * Which finder validation uses, for the whole process. The browser keeps zod/mini's own parse
 * (the default); Node entry points install the compiled schemas (schemas/compiled.ts), which
 * report the same issues faster. Returns the finder it replaced.
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
