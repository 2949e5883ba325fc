import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import * as z from "./zod";
import { DECISIONS, type Review } from "./decision-types";
import { ENGINE_NAME, ENGINE_VERSION } from "./version";

/**
 * Decision record: the one-line JSON log entry a client writes for every decision, so an on-call
 * engineer holding a "rejected but valid" line can paste it into the explainer. Format v1 (also in
 * docs/decision-record.md), keys always in this order, one line, no trailing newline:
 *
 *   {"type":"parley.decision",          constant: what this line is
 *    "v":1,                             format version; bumped only on an incompatible change
 *    "engine":"parley/0.1.0",           engine that decided (ENGINE_NAME/ENGINE_VERSION)
 *    "decision":"reject",               accept | accept-degraded | reject | escalate | defer
 *    "taskClass":"live-input",          the task class decided (decisions are task-class scoped)
 *    "target":"server",                 reject only: "server", or "card" (invalid or stale card: refetch)
 *    "rules":["live-input-needs-streaming"],  invariant ids whose findings produced this decision
 *    "card":{"name":"…","url":"…","source":"…","digest":"sha256:<hex>"},  digest of the exact card bytes (UTF-8);
 *                                       source = where the card was fetched from, when it was fetched
 *    "profile":"Northwind discovery agent",   client profile name
 *    "evidence":[{"source":"card","pointer":"/capabilities/streaming","value":false}, …],
 *    "degradations":[{"taskClass","invariant","path","lost","fallback"}, …],
 *    "reasons":[{"reason","outcome","invariant"?,"data"}, …],
 *    "reviewLink":"https://…/#v1.…"}     optional: a review link (docs/review-links.md) reopening this review
 *
 * `card.name` / `card.url` are left out when the card does not say; `card.source` and `reviewLink`
 * when the writer was not given them. Unknown extra keys are ignored
 * by the parser (forward compatible); a different `v` is refused.
 */
export const DECISION_RECORD_TYPE = "parley.decision";
export const DECISION_RECORD_VERSION = 1;
/** Longest line parseDecisionRecord reads: a record is a log line, not a document. */
export const MAX_RECORD_LENGTH = 1_000_000;

const messageValue = z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]);
const pointer = z.string().check(z.maxLength(10_000));
const pathSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("input"), modes: z.array(z.string()) }),
  z.object({ kind: z.literal("completion"), channel: z.enum(["push", "polling", "stream", "response"]) }),
  z.object({ kind: z.literal("output"), modes: z.array(z.string()) }),
  z.object({ kind: z.literal("transport") }),
]);
const decisionKind = z.enum(DECISIONS);
const ruleId = z.string().check(z.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/));

export const DecisionRecord = z.object({
  type: z.literal(DECISION_RECORD_TYPE),
  v: z.literal(DECISION_RECORD_VERSION),
  engine: z.string().check(z.regex(/^[a-z0-9-]+\/\d+\.\d+\.\d+/)),
  decision: decisionKind,
  taskClass: z.string().check(z.minLength(1), z.maxLength(200)),
  target: z.optional(z.enum(["server", "card"])),
  rules: z.array(ruleId).check(z.maxLength(100)),
  card: z.object({
    name: z.optional(z.string()),
    url: z.optional(z.string()),
    source: z.optional(z.string().check(z.maxLength(10_000))),
    digest: z.string().check(z.regex(/^sha256:[0-9a-f]{64}$/)),
  }),
  profile: z.string(),
  evidence: z
    .array(z.object({ source: z.enum(["card", "profile", "context"]), pointer, value: z.optional(z.unknown()) }))
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
  reviewLink: z.optional(z.string().check(z.maxLength(2_100_000))),
});
export type DecisionRecord = z.infer<typeof DecisionRecord>;

/** Why a line is not a decision record, as data (explain/ turns it into English). */
export interface RecordParseError {
  code: "tooLong" | "notJson" | "notRecord" | "unsupportedVersion" | "invalidField";
  /** JSON pointer into the record, "" for the whole line. */
  pointer: string;
  /** zod issue code for invalidField; the version seen for unsupportedVersion. */
  detail?: string;
}

export type ParseRecordResult = { ok: true; record: DecisionRecord } | { ok: false; error: RecordParseError };

export function digestCardText(cardText: string): string {
  return `sha256:${bytesToHex(sha256(utf8ToBytes(cardText)))}`;
}

export interface RecordOptions {
  /** Where the card was fetched from (a URL), so the record can be replayed against the live card. */
  cardSource?: string;
  /** A review link that reopens this exact review (one click from the log line to the matrix). */
  reviewLink?: string;
}

/**
 * The record line for one task class of a review. `cardText` must be the exact text reviewed (the
 * digest identifies those bytes). Returns "" when the review has no decision for that class.
 */
export function writeDecisionRecord(review: Review, taskClassId: string, cardText: string, options: RecordOptions = {}): string {
  const decision = review.decisions.find((d) => d.taskClass === taskClassId);
  if (!decision) return "";
  const rules: string[] = [];
  for (const reason of decision.reasons) {
    if (reason.outcome === decision.decision && reason.invariant && !rules.includes(reason.invariant)) {
      rules.push(reason.invariant);
    }
  }
  const evidence = decision.findings.filter((f) => rules.includes(f.invariant)).flatMap((f) => f.evidence);
  // Built in the documented key order: name, url, source, digest (undefined keys are dropped by stringify).
  const card = { name: review.card?.name, url: review.card?.url, source: options.cardSource, digest: digestCardText(cardText) };
  const record: Record<string, unknown> = {
    type: DECISION_RECORD_TYPE,
    v: DECISION_RECORD_VERSION,
    engine: `${ENGINE_NAME}/${ENGINE_VERSION}`,
    decision: decision.decision,
    taskClass: decision.taskClass,
    target: decision.target,
    rules,
    card,
    profile: review.profile.name,
    evidence,
    degradations: decision.degradations,
    reasons: decision.reasons,
    reviewLink: options.reviewLink,
  };
  return JSON.stringify(record);
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
  if (head.v !== DECISION_RECORD_VERSION) return fail("unsupportedVersion", "/v", String(head.v).slice(0, 50));
  const parsed = DecisionRecord.safeParse(value);
  if (parsed.success) return { ok: true, record: parsed.data };
  const issue = parsed.error.issues[0];
  const where = (issue?.path ?? []).map((k) => "/" + String(k).replace(/~/g, "~0").replace(/\//g, "~1")).join("");
  return fail("invalidField", where, issue?.code);
}

function fail(code: RecordParseError["code"], pointer: string, detail?: string): ParseRecordResult {
  return { ok: false, error: detail === undefined ? { code, pointer } : { code, pointer, detail } };
}
