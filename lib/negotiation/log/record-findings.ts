import { parsePointer } from "../card/pointer";
import { REASON_IDS, type DecisionReason, type TaskClassDecision } from "../decision-types";
import { getInvariant, isInvariantId } from "../invariants";
import type { EvidenceRef, Finding, InvariantId, MessageData } from "../invariants/types";
import type { DecisionRecord } from "../record";

/**
 * Findings and reasons read back from a decision record, to explain it with the same words as the
 * workspace (each invariant's own message and "what would change it"). Records carry the findings
 * behind their decision; records written before they did are explained from a finding rebuilt out
 * of the record's evidence and reason data.
 */
const KNOWN_REASONS: ReadonlySet<string> = new Set<string>(REASON_IDS);

/** The record's reasons this engine knows, typed; unknown reason ids are returned apart. */
export function readRecordReasons(record: DecisionRecord): { known: DecisionReason[]; unknown: string[] } {
  const known: DecisionReason[] = [];
  const unknown: string[] = [];
  for (const reason of record.reasons) {
    if (!KNOWN_REASONS.has(reason.reason) || (reason.invariant !== undefined && !isInvariantId(reason.invariant))) {
      unknown.push(reason.reason);
      continue;
    }
    known.push(reason as DecisionReason);
  }
  return { known, unknown };
}

/** The record as a decision (without findings): what explain/ needs to word it. */
export function decisionFromRecord(record: DecisionRecord): TaskClassDecision {
  const decision: TaskClassDecision = {
    taskClass: record.taskClass,
    decision: record.decision,
    reasons: readRecordReasons(record).known,
    findings: [],
    degradations: record.degradations.filter((d) => isInvariantId(d.invariant)) as TaskClassDecision["degradations"],
  };
  if (record.target) decision.target = record.target;
  return decision;
}

/**
 * The findings behind the record's decision: as the record carries them (known invariants and
 * message ids only), or, for an older record, one violated finding per known rule rebuilt from its
 * evidence.
 */
export function findingsFromRecord(record: DecisionRecord): Finding[] {
  if (record.findings) {
    const out: Finding[] = [];
    for (const f of record.findings) {
      const invariant = getInvariant(f.invariant);
      if (!invariant || !(f.messageId in invariant.meta.messages)) continue;
      const finding: Finding = { invariant: invariant.meta.id, taskClass: record.taskClass, status: f.status, messageId: f.messageId, data: f.data, evidence: [] };
      if (f.cuts) finding.cuts = f.cuts as Finding["cuts"];
      if (f.cause) finding.cause = f.cause;
      if (f.missing) finding.missing = f.missing;
      out.push(finding);
    }
    return out;
  }
  const out: Finding[] = [];
  for (const rule of record.rules) {
    if (!isInvariantId(rule)) continue;
    const reason = record.reasons.find((r) => r.invariant === rule);
    const rebuilt = rebuild(rule, record.evidence as EvidenceRef[], reason?.data ?? {});
    if (rebuilt) out.push({ invariant: rule, taskClass: record.taskClass, status: "violated", ...rebuilt, evidence: [] });
  }
  return out;
}

/**
 * The finding of a rule in a record written before records carried findings (engine 0.1), which
 * knew only these six invariants; any other rule in such a record cannot be rebuilt.
 */
function rebuild(rule: InvariantId, evidence: EvidenceRef[], reasonData: MessageData): { messageId: string; data: MessageData } | undefined {
  const at = (source: EvidenceRef["source"], pointer: string) =>
    evidence.find((e) => e.source === source && e.pointer === pointer)?.value;
  switch (rule) {
    case "live-input-needs-streaming":
      return { messageId: "liveOnlyModesUnservable", data: { modes: modesOf(reasonData) } };
    case "push-callback-mtls": {
      const named = at("card", "/capabilities/pushNotifications/securityScheme");
      const schemes =
        typeof named === "string"
          ? [named]
          : evidence.filter((e) => e.source === "card" && /^\/securitySchemes\/[^/]+$/.test(e.pointer)).map((e) => lastSegment(e.pointer));
      // Engines before 0.2 also rejected on a listener whose mTLS was left out (read as plain).
      const via = typeof named === "string" ? "pushScheme" : "allRequirements";
      const messageId = `${via}MtlsPlainListener`;
      return { messageId, data: { schemes } };
    }
    case "resubscribe-only-output": {
      const clientCannotStream = at("profile", "/streaming") === false;
      return {
        messageId: clientCannotStream ? "unreachableOutputClientCannotStream" : "unreachableOutput",
        data: { modes: modesOf(reasonData) },
      };
    }
    case "shared-transport": {
      const cardBindings = evidence
        .filter((e) => e.source === "card" && typeof e.value === "string")
        .map((e) => String(e.value).toUpperCase())
        .filter((b, i, all) => all.indexOf(b) === i);
      const transports = at("profile", "/transports");
      return {
        messageId: "noSharedBinding",
        data: { cardBindings, clientTransports: Array.isArray(transports) ? transports.map(String) : [] },
      };
    }
    case "stream-channel-available": {
      const cardStreams = at("card", "/capabilities/streaming") === true;
      const clientStreams = at("profile", "/streaming");
      const messageId = cardStreams ? "clientDoesNotStream" : clientStreams === false ? "neitherStreams" : "cardDoesNotStream";
      return { messageId, data: {} };
    }
    case "completion-channel-available": {
      const pushOffered = evidence.some((e) => e.source === "card" && e.pointer.startsWith("/capabilities/pushNotifications") && e.value === true);
      return { messageId: pushOffered ? "noChannelNoListener" : "noChannelPushNotOffered", data: { channels: [] } };
    }
    default:
      return undefined;
  }
}

function modesOf(data: MessageData): string[] {
  const value = data.modes ?? data.lost;
  return Array.isArray(value) ? value : [];
}

function lastSegment(pointer: string): string {
  return parsePointer(pointer)?.at(-1) ?? "";
}
