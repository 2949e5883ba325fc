import type { InvariantId } from "../invariants/types";
import { isInvariantId } from "../invariants";
import type { DecisionRecord, RecordParseError } from "../record";
import { groupJsonSpans } from "./json-spans";
import { MAX_EXCERPT_CHARS, MAX_LOG_INPUT_CHARS, MAX_LOG_LINES } from "./limits";
import { findReviewLink, findRuleIds, findTaskClass } from "./mentions";
import { readRecordLine } from "./record-line";
import { readSeedMessage, type SeedMessage, type SeedMiss } from "./seed-message";

/**
 * Pasted log text → one entry per non-blank line: a decision record, a seed-compatible
 * UnnegotiableAgentCardError message, a line that names a rule id, or an unreadable line with why.
 * A JSON value spread over lines (a pretty-printed record) is one entry (json-spans.ts).
 * Never throws; no line is dropped silently (blank lines are counted, lines past the cap counted).
 */
export interface RuleRef {
  id: string;
  known: boolean;
}

export type UnreadableReason =
  | { code: "badRecord"; error: RecordParseError }
  | { code: "badSeedMessage"; miss: SeedMiss }
  | { code: "nothingRecognised" };

export type LogEntryResult =
  | { kind: "record"; record: DecisionRecord; rules: RuleRef[]; prefix: string }
  | ({ kind: "seed" } & SeedMessage)
  | { kind: "mention"; rules: InvariantId[]; taskClass?: string }
  | { kind: "unreadable"; reason: UnreadableReason };

export type LogEntry = LogEntryResult & {
  /** 1-based line number in the pasted text (blank lines counted). */
  line: number;
  /** The last line of an entry that spans lines (a JSON value laid out over several); absent for one line. */
  endLine?: number;
  /** The line's start, at most MAX_EXCERPT_CHARS, never splitting a surrogate pair. */
  excerpt: string;
  /** The line's full length in characters. */
  length: number;
  /** A review link fragment ("v1.…") the line carries, as written; the UI decodes and checks it. */
  reviewLink?: string;
};

export type LogLimitNotice =
  | { code: "inputTooLarge"; length: number; limit: number }
  | { code: "tooManyLines"; limit: number; skipped: number };

export interface LogReading {
  entries: LogEntry[];
  blankLines: number;
  notice?: LogLimitNotice;
}

export function readLogText(text: unknown): LogReading {
  if (typeof text !== "string") return { entries: [], blankLines: 0 };
  if (text.length > MAX_LOG_INPUT_CHARS) {
    return { entries: [], blankLines: 0, notice: { code: "inputTooLarge", length: text.length, limit: MAX_LOG_INPUT_CHARS } };
  }
  const entries: LogEntry[] = [];
  let blankLines = 0;
  let skipped = 0;
  for (const { line: lineNumber, endLine, text: line } of groupJsonSpans(splitLines(text))) {
    if (line.trim() === "") {
      blankLines += 1;
      continue;
    }
    if (entries.length >= MAX_LOG_LINES) {
      skipped += 1;
      continue;
    }
    const entry = readLogLine(line, lineNumber);
    // A span's excerpt reads as one line: its layout (newlines, indentation) is folded to single spaces.
    entries.push(endLine === lineNumber ? entry : { ...entry, endLine, excerpt: excerptOf(line.replace(/\s+/g, " ")) });
  }
  const reading: LogReading = { entries, blankLines };
  if (skipped > 0) reading.notice = { code: "tooManyLines", limit: MAX_LOG_LINES, skipped };
  return reading;
}

/** Lines split on \n, \r\n or \r, lazily: a million newlines do not build a million strings at once. */
function* splitLines(text: string): Generator<string> {
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charCodeAt(i);
    if (char !== 10 && char !== 13) continue;
    yield text.slice(start, i);
    if (char === 13 && text.charCodeAt(i + 1) === 10) i += 1;
    start = i + 1;
  }
  if (start < text.length) yield text.slice(start);
}

export function readLogLine(line: string, lineNumber = 1): LogEntry {
  const base = { line: lineNumber, excerpt: excerptOf(line), length: line.length };
  try {
    const result = classify(line);
    // A record's own reviewLink field wins over a link fragment found elsewhere on the line.
    const link = (result.kind === "record" && result.record.reviewLink) || findReviewLink(line);
    return link === undefined ? { ...base, ...result } : { ...base, ...result, reviewLink: link };
  } catch {
    // A bug in a reader must not lose the line: it is listed, as unreadable.
    return { ...base, kind: "unreadable", reason: { code: "nothingRecognised" } };
  }
}

function classify(line: string): LogEntryResult {
  const json = readRecordLine(line);
  if (json.kind === "record") {
    const rules = json.record.rules.map((id) => ({ id, known: isInvariantId(id) }));
    return { kind: "record", record: json.record, rules, prefix: json.prefix };
  }
  if (json.kind === "badRecord") return { kind: "unreadable", reason: { code: "badRecord", error: json.error } };

  // A JSON log object may carry the seed message in one of its fields (JSON-escaped on the line).
  const texts = json.kind === "otherJson" ? [...json.strings, line] : [line];
  let miss: SeedMiss | undefined;
  for (const text of texts) {
    const seed = readSeedMessage(text);
    if (seed?.ok) return { kind: "seed", ...seed.message };
    if (seed && !miss && text === line) miss = seed;
  }

  const rules = findRuleIds(line);
  if (rules.length > 0) {
    const taskClass = findTaskClass(line);
    return taskClass === undefined ? { kind: "mention", rules } : { kind: "mention", rules, taskClass };
  }
  if (miss) return { kind: "unreadable", reason: { code: "badSeedMessage", miss } };
  return { kind: "unreadable", reason: { code: "nothingRecognised" } };
}

function excerptOf(line: string): string {
  if (line.length <= MAX_EXCERPT_CHARS) return line;
  let end = MAX_EXCERPT_CHARS;
  const last = line.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1; // keep a surrogate pair whole
  return line.slice(0, end);
}
