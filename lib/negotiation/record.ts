/**
 * Decision records (format v1, described in ./record-format.ts and docs/decision-record.md):
 * writing one from a review (hashing the card here), and reading a pasted line back.
 */
import * as z from "./zod";
import { pointerFromPath } from "./card/pointer";
import { DECISIONS, REJECT_TARGETS, type Review } from "./decision-types";
import { digestCardText } from "./digest";
import { DECISION_RECORD_TYPE, DECISION_RECORD_VERSION, formatDecisionRecord, type RecordOptions } from "./record-format";

export { digestCardText } from "./digest";
export { DECISION_RECORD_TYPE, DECISION_RECORD_VERSION, formatDecisionRecord, type RecordOptions } from "./record-format";

/** Longest line parseDecisionRecord reads: a record is a log line, not a document. */
export const MAX_RECORD_LENGTH = 1_000_000;

const messageValue = z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]);
const pointer = z.string().check(z.maxLength(10_000));
const pathSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("input"), modes: z.array(z.string()) }),
  z.object({ kind: z.literal("completion"), channel: z.enum(["push", "polling", "stream", "response"]) }),
  z.object({ kind: z.literal("output"), modes: z.array(z.string()), reachable: z.optional(z.array(z.string())) }),
  z.object({ kind: z.literal("transport") }),
  z.object({ kind: z.literal("request"), reason: z.enum(["extension", "security", "signature"]) }),
]);
const decisionKind = z.enum(DECISIONS);
const ruleId = z.string().check(z.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/));

export const DecisionRecord = z.object({
  type: z.literal(DECISION_RECORD_TYPE),
  v: z.literal(DECISION_RECORD_VERSION),
  engine: z.string().check(z.regex(/^[a-z0-9-]+\/\d+\.\d+\.\d+/)),
  decision: decisionKind,
  taskClass: z.string().check(z.minLength(1), z.maxLength(200)),
  // "client" since engine 0.x of issue 28: records written before only ever say "server" or "card".
  target: z.optional(z.enum(REJECT_TARGETS)),
  rules: z.array(ruleId).check(z.maxLength(100)),
  card: z.object({
    name: z.optional(z.string()),
    url: z.optional(z.string()),
    source: z.optional(z.string().check(z.maxLength(10_000))),
    digest: z.string().check(z.regex(/^sha256:[0-9a-f]{64}$/)),
  }),
  profile: z.string(),
  evidence: z
    .array(z.object({ source: z.enum(["card", "profile", "context", "task-class"]), pointer, value: z.optional(z.unknown()), absent: z.optional(z.literal(true)) }))
    .check(z.maxLength(10_000)),
  degradations: z
    .array(
      z.object({
        taskClass: z.string(),
        invariant: ruleId,
        path: pathSchema,
        lost: z.array(z.string()),
        fallback: z.array(z.string()),
      }),
    )
    .check(z.maxLength(1_000)),
  reasons: z
    .array(
      z.object({
        reason: z.string().check(z.minLength(1)),
        outcome: decisionKind,
        invariant: z.optional(ruleId),
        data: z.record(z.string(), messageValue),
      }),
    )
    .check(z.maxLength(1_000)),
  findings: z.optional(
    z
      .array(
        z.object({
          invariant: ruleId,
          status: z.enum(["violated", "not-evaluated"]),
          messageId: z.string().check(z.minLength(1), z.maxLength(200)),
          data: z.record(z.string(), messageValue),
          cuts: z.optional(pathSchema),
          cause: z.optional(
            z.object({
              acquirable: z.array(z.enum(["streaming", "mtls-listener", "buffering", "encoding"])),
              cardClaim: z.optional(z.enum(["capabilities", "declarations"])),
              contradiction: z.optional(z.boolean()),
            }),
          ),
          missing: z.optional(z.array(pointer).check(z.maxLength(100))),
        }),
      )
      .check(z.maxLength(1_000)),
  ),
  interface: z.optional(
    z.object({ url: z.string().check(z.maxLength(10_000)), binding: z.string().check(z.maxLength(200)), protocolVersion: z.string().check(z.maxLength(50)) }),
  ),
  reviewLink: z.optional(z.string().check(z.maxLength(2_100_000))),
});
export type DecisionRecord = z.infer<typeof DecisionRecord>;

/** Why a line is not a decision record, as data (explain/ turns it into English). */
export interface RecordParseError {
  code: "tooLong" | "notJson" | "notRecord" | "unsupportedVersion" | "invalidField";
  /** JSON pointer into the record, "" for the whole line. */
  pointer: string;
  /**
   * invalidField: "missing" when the field is absent, else the zod issue code; unsupportedVersion:
   * the version seen (absent when the record has none).
   */
  detail?: string;
  /** invalidField of the wrong type: the kind of value the field needs ("string", "object"…). */
  expected?: string;
}

export type ParseRecordResult = { ok: true; record: DecisionRecord } | { ok: false; error: RecordParseError };

/**
 * The record line for one task class of a review. `cardText` must be the exact text reviewed (the
 * digest identifies those bytes). Returns "" when the review has no decision for that class.
 * Browsers that already hold the digest (WebCrypto) call formatDecisionRecord and skip the hashing.
 */
export function writeDecisionRecord(review: Review, taskClassId: string, cardText: string, options: RecordOptions = {}): string {
  if (!review.decisions.some((d) => d.taskClass === taskClassId)) return "";
  return formatDecisionRecord(review, taskClassId, digestCardText(cardText), options);
}

/** Reads a pasted log line back. Never throws, whatever the line holds. */
export function parseDecisionRecord(line: string): ParseRecordResult {
  if (typeof line !== "string") return fail("notRecord", "");
  const text = line.trim();
  if (text.length > MAX_RECORD_LENGTH) return fail("tooLong", "");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return fail("notJson", "");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return fail("notRecord", "");
  const head = value as { type?: unknown; v?: unknown };
  if (head.type !== DECISION_RECORD_TYPE) return fail("notRecord", "/type");
  if (head.v !== DECISION_RECORD_VERSION) return fail("unsupportedVersion", "/v", head.v === undefined ? undefined : String(head.v).slice(0, 50));
  const parsed = DecisionRecord.safeParse(value);
  if (parsed.success) return { ok: true, record: parsed.data };
  const issue = parsed.error.issues[0];
  const path = issue?.path ?? [];
  const pointer = pointerFromPath(path);
  if (issue?.code !== "invalid_type") return fail("invalidField", pointer, issue?.code);
  // A required field left out is "missing", not a value of the wrong type.
  const missing = valueAt(value, path) === undefined;
  const error: RecordParseError = { code: "invalidField", pointer, detail: missing ? "missing" : issue.code };
  if (!missing && typeof issue.expected === "string") error.expected = issue.expected;
  return { ok: false, error };
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let at = value;
  for (const key of path) {
    if (typeof at !== "object" || at === null || typeof key === "symbol" || !Object.hasOwn(at, key)) return undefined;
    at = (at as Record<string | number, unknown>)[key];
  }
  return at;
}

function fail(code: RecordParseError["code"], pointer: string, detail?: string): ParseRecordResult {
  return { ok: false, error: detail === undefined ? { code, pointer } : { code, pointer, detail } };
}
