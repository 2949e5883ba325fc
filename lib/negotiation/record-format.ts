import { rulesOf } from "./decide";
import type { Review } from "./decision-types";
import type { Finding } from "./invariants/types";
import { ENGINE_NAME, ENGINE_VERSION } from "./version";

/**
 * Decision record: the one-line JSON log entry a client writes for every decision, so an on-call
 * engineer holding a "rejected but valid" line can paste it into the explainer. Format v1 (also in
 * docs/decision-record.md), keys always in this order, one line, no trailing newline:
 *
 *   {"type":"parley.decision",          constant: what this line is
 *    "v":1,                             format version; bumped only on an incompatible change
 *    "engine":"parley/0.2.0",           engine that decided (ENGINE_NAME/ENGINE_VERSION)
 *    "decision":"reject",               accept | accept-degraded | reject | escalate | defer
 *    "taskClass":"live-input",          the task class decided (decisions are task-class scoped)
 *    "target":"server",                 reject only: "server"; "card" (invalid or stale card: refetch);
 *                                       or "client": not for this client (its own limits, whatever the card says)
 *    "rules":["live-input-needs-streaming"],  invariant ids whose findings produced this decision
 *    "card":{"name":"…","url":"…","source":"…","digest":"sha256:<hex>"},  digest of the exact card bytes (UTF-8);
 *                                       source = where the card was fetched from, when it was fetched
 *    "profile":"Northwind discovery agent",   client profile name
 *    "evidence":[{"source":"card","pointer":"/capabilities/streaming","value":false}, …],
 *    "degradations":[{"taskClass","invariant","path","lost","fallback"}, …],
 *    "reasons":[{"reason","outcome","invariant"?,"data"}, …],
 *    "findings":[{"invariant","status","messageId","data","cuts"?,"cause"?,"missing"?}, …],
 *                                       the findings behind the decision: those that cut a path and
 *                                       those that could not be evaluated (with the profile fields to
 *                                       declare); absent in records from engines before 0.2
 *    "interface":{"url","binding","protocolVersion"},  optional: the card's interface the client would call
 *    "reviewLink":"https://…/#v1.…"}     optional: a review link (docs/review-links.md) reopening this review
 *
 * `card.name` / `card.url` are left out when the card does not say; `card.source` and `reviewLink`
 * when the writer was not given them. Unknown extra keys are ignored
 * by the parser (forward compatible); a different `v` is refused.
 */
export const DECISION_RECORD_TYPE = "parley.decision";
export const DECISION_RECORD_VERSION = 1;

/** Optional parts of a record, given by the writer. */
export interface RecordOptions {
  /** Where the card was fetched from (a URL), so the record can be replayed against the live card. */
  cardSource?: string;
  /** A review link that reopens this exact review (one click from the log line to the matrix). */
  reviewLink?: string;
}

/**
 * The record line for one task class of a review, given the digest of the exact card text reviewed
 * ("sha256:<hex>"). No hashing and no schema here, so the browser can write records without
 * shipping a hash library: it hashes with WebCrypto and passes the digest in.
 * Returns "" when the review has no decision for that class.
 */
export function formatDecisionRecord(review: Review, taskClassId: string, cardDigest: string, options: RecordOptions = {}): string {
  const decision = review.decisions.find((d) => d.taskClass === taskClassId);
  if (!decision) return "";
  const rules = rulesOf(decision);
  const evidence = decision.findings.filter((f) => rules.includes(f.invariant)).flatMap((f) => f.evidence);
  // Built in the documented key order: name, url, source, digest (undefined keys are dropped by stringify).
  const card = { name: review.card?.name, url: review.card?.url, source: options.cardSource, digest: cardDigest };
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
    findings: decision.findings.filter((f) => f.status === "violated" || (f.status === "not-evaluated" && f.missing)).map(recordFinding),
    interface: chosenInterface(decision.findings),
    reviewLink: options.reviewLink,
  };
  return JSON.stringify(record);
}

/** The interface the client would call (the first shared one in the card's order), when there is one. */
function chosenInterface(findings: Finding[]): Record<string, string> | undefined {
  const shared = findings.find((f) => f.invariant === "shared-transport" && f.messageId === "sharedBinding");
  if (!shared) return undefined;
  const { url, binding, version } = shared.data;
  return { url: String(url), binding: String(binding), protocolVersion: String(version) };
}

/** A finding as a record carries it: ids and data, no evidence (the record's evidence has that). */
function recordFinding(finding: Finding): Record<string, unknown> {
  const { invariant, status, messageId, data, cuts, cause, missing } = finding;
  return { invariant, status, messageId, data, cuts, cause, missing };
}
