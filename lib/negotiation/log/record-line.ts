import { parseDecisionRecord, type DecisionRecord, type RecordParseError } from "../record";
import { DECISION_RECORD_TYPE } from "../record";

/**
 * A decision record in a log line, with or without a log prefix before the JSON
 * (`2026-11-08T10:00:00Z WARN parley {"type":"parley.decision",…}`).
 */
export type RecordLineReading =
  | { kind: "record"; record: DecisionRecord; prefix: string }
  /** It is a decision record (or says it is) but cannot be read. */
  | { kind: "badRecord"; error: RecordParseError }
  /** JSON, but another kind of log object: its string values, for a seed message inside. */
  | { kind: "otherJson"; strings: string[] }
  | { kind: "notJson" };

/** Top-level string values of a JSON log object searched for a seed message. */
const MAX_JSON_STRINGS = 100;

export function readRecordLine(line: string): RecordLineReading {
  const trimmed = line.trim();
  const open = trimmed.indexOf("{");
  if (open < 0) return { kind: "notJson" };
  const close = trimmed.lastIndexOf("}");
  const candidate = close > open ? trimmed.slice(open, close + 1) : trimmed.slice(open);
  const parsed = parseDecisionRecord(candidate);
  if (parsed.ok) return { kind: "record", record: parsed.record, prefix: trimmed.slice(0, open).trim() };
  const { error } = parsed;
  if (error.code === "notJson") {
    // A line that claims to be a record but does not parse is a broken record, not free text.
    const claimsRecord = open === 0 && candidate.includes(`"${DECISION_RECORD_TYPE}"`);
    return claimsRecord ? { kind: "badRecord", error } : { kind: "notJson" };
  }
  if (error.code === "notRecord") return { kind: "otherJson", strings: topLevelStrings(candidate) };
  return { kind: "badRecord", error };
}

function topLevelStrings(json: string): string[] {
  const object = parseObject(json);
  if (!object) return [];
  const out: string[] = [];
  for (const key of Object.keys(object)) {
    const value = object[key];
    if (typeof value === "string") out.push(value);
    if (out.length >= MAX_JSON_STRINGS) break;
  }
  return out;
}

function parseObject(json: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
