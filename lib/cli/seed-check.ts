/**
 * `parley seed-check`: the rule's reference check over JSON Lines, for parity with
 * seed_reference.py. One output line per non-blank input line, same order, constant memory.
 */
import type { Readable, Writable } from "node:stream";
import { parseArgs } from "node:util";
// The shim alone, not the front door: the front door would load and start the whole engine, which
// seed-check does not use, before the first case is read (most of the command's start-up).
import { evaluateCardNegotiable, SEED_MAX_NESTING, SeedInputError } from "../negotiation/seed-compat";
import { type FlagOptions, parseFlags } from "./flag-errors";
import { type CliIo, EXIT, type ExitCode, writeOut } from "./io";
import { SEED_CHECK_USAGE } from "./plain-usage";
import { count, linesSoFar, progressOn } from "./progress";
import { isBlankLine, readLineBatches } from "./read-lines";

/** One line holds a card, a profile and an id; longer lines are reported, never buffered whole. */
export const SEED_CHECK_MAX_LINE_BYTES = 8 * 1024 * 1024;

export interface SeedCheckSummary {
  /** Output lines written (one per non-blank input line). */
  lines: number;
  raised: number;
  /** Lines that could not be checked: bad input, or a card the reference itself crashes on. */
  errors: number;
}

export interface SeedCheckOptions {
  maxLineBytes?: number;
  /** Called with the running totals after each block of lines is written (progress on a terminal). */
  onProgress?: (summary: Readonly<SeedCheckSummary>) => void;
}

const FLUSH_CHARS = 256 * 1024;
const REQUIRED_KEYS = ["id", "card", "client_profile", "task_class"] as const;

type LineResult =
  | { id: unknown; raised: boolean; invariant: 1 | 2 | 3 | null; message: string | null; warning?: string }
  | { id: unknown; raised: false; invariant: null; message: null; error: string; pythonError: string | null }
  | { id: unknown; error: string };

function describeJsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

const NUMBER = /-?\d+(\.\d+)?([eE][+-]?\d+)?/y;

/**
 * The first number Python's json.loads reads differently from JSON.parse: a float written with
 * an integral value ("1.0", "2e3", which Python keeps as float) or an integer JSON.parse cannot
 * hold exactly. The shim sees the JS value, so an answer that depends on it may differ.
 */
export function findLossyNumber(text: string): string | null {
  return scanLine(text).lossy;
}

/** What one pass over a line (already parsed as JSON) tells: how deep it nests, and its first lossy number. */
export interface LineScan {
  /** The deepest nesting of arrays and objects; the line's own object is 1. */
  depth: number;
  lossy: string | null;
}

/**
 * One pass over the text of a line that parsed as JSON: strings skipped (escapes included),
 * brackets counted, and each number looked at once. An integer of at most 15 digits reads the
 * same in Python and JavaScript, so it is stepped over without a regex; any other number is
 * matched and compared (isLossy). The depth lets the check skip walking the parsed values to
 * prove them JSON data no deeper than Python's recursion limit (see evaluateCardNegotiable).
 */
export function scanLine(text: string): LineScan {
  let depth = 0;
  let deepest = 0;
  let lossy: string | null = null;
  const end = text.length;
  for (let at = 0; at < end; at++) {
    const code = text.charCodeAt(at);
    if (code === 0x22) {
      at = stringEnd(text, at);
      continue;
    }
    if (code === 0x5b || code === 0x7b) {
      if (++depth > deepest) deepest = depth;
      continue;
    }
    if (code === 0x5d || code === 0x7d) {
      depth--;
      continue;
    }
    if (code !== 0x2d && (code < 0x30 || code > 0x39)) continue;
    let digitsEnd = code === 0x2d ? at + 1 : at;
    while (digitsEnd < end && isDigit(text.charCodeAt(digitsEnd))) digitsEnd++;
    const next = digitsEnd < end ? text.charCodeAt(digitsEnd) : 0;
    if (next !== 0x2e && next !== 0x65 && next !== 0x45 && digitsEnd - at <= 15) {
      at = digitsEnd - 1;
      continue;
    }
    NUMBER.lastIndex = at;
    const match = NUMBER.exec(text);
    if (!match) continue;
    const lexeme = match[0];
    if (lossy === null && isLossy(lexeme, match[1] !== undefined || match[2] !== undefined)) lossy = lexeme;
    at += lexeme.length - 1;
  }
  return { depth: deepest, lossy };
}

const isDigit = (code: number) => code >= 0x30 && code <= 0x39;

/**
 * Where the string opened by the quote at `open` closes (the text's length if it does not).
 * indexOf finds each candidate quote far faster than a loop over every character; a quote
 * preceded by an odd run of backslashes is escaped, so the search goes on past it.
 */
function stringEnd(text: string, open: number): number {
  let from = open + 1;
  for (;;) {
    const quote = text.indexOf('"', from);
    if (quote < 0) return text.length;
    let before = quote - 1;
    while (text.charCodeAt(before) === 0x5c) before--;
    if ((quote - 1 - before) % 2 === 0) return quote;
    from = quote + 1;
  }
}

/** A float lexeme JSON.parse makes an integer of, or an integer lexeme it does not hold exactly. */
function isLossy(lexeme: string, pythonFloat: boolean): boolean {
  const value = Number(lexeme);
  const seenAsInt = Number.isInteger(value) && Math.abs(value) < 1e21;
  return pythonFloat ? seenAsInt : !seenAsInt || String(value) !== lexeme.replace(/^-0$/, "0");
}

function checkLine(lineNo: number, text: string): LineResult {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { id: null, error: `line ${lineNo}: not JSON (${(error as Error).message})` };
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    return {
      id: null,
      error: `line ${lineNo}: expected an object {"id", "card", "client_profile", "task_class"}, got ${describeJsonType(parsed)}`,
    };
  }
  const record = parsed as Record<string, unknown>;
  const id = Object.prototype.hasOwnProperty.call(record, "id") ? record.id : null;
  if (typeof id === "number" && !Number.isFinite(id)) {
    // 1e400 reads as Infinity, which JSON writes as null (Python writes Infinity, which is not JSON):
    // the answer could not be matched to its line, so the line is refused as batch refuses it.
    return { id: null, error: `line ${lineNo}: "id" is a number too large to be written back (it reads as ${String(id)}); give the id as a string` };
  }
  const missing = REQUIRED_KEYS.filter((key) => !Object.prototype.hasOwnProperty.call(record, key));
  if (missing.length > 0) {
    return { id, error: `line ${lineNo}: missing ${missing.map((key) => JSON.stringify(key)).join(", ")}` };
  }
  const scan = scanLine(text);
  const warning = scan.lossy
    ? `line ${lineNo}: the number ${scan.lossy} is read differently by Python's json.loads; an answer that depends on it may differ from the reference`
    : undefined;
  // Parsed from a text no deeper than that, the values can only be JSON data the reference can hold.
  const jsonData = scan.depth <= SEED_MAX_NESTING ? "known" : "check";
  try {
    const raise = evaluateCardNegotiable(record.card, record.client_profile, record.task_class, { jsonData });
    if (raise) return { id, raised: true, invariant: raise.invariant, message: raise.message, ...(warning && { warning }) };
    return { id, raised: false, invariant: null, message: null, ...(warning && { warning }) };
  } catch (error) {
    if (error instanceof SeedInputError) {
      return { id, raised: false, invariant: null, message: null, error: error.message, pythonError: error.pythonError };
    }
    // Not expected: keep the run going and say so on this line rather than dropping the rest.
    return { id, error: `line ${lineNo}: internal error: ${String(error)}` };
  }
}

export async function runSeedCheck(
  input: NodeJS.ReadableStream,
  output: NodeJS.WritableStream,
  options: SeedCheckOptions = {},
): Promise<SeedCheckSummary> {
  const maxLineBytes = options.maxLineBytes ?? SEED_CHECK_MAX_LINE_BYTES;
  const summary: SeedCheckSummary = { lines: 0, raised: 0, errors: 0 };
  // A line the reference would crash on is answered by catching a SeedInputError, and capturing a
  // stack trace for each took about 8 % of a run; no answer prints one. This process runs nothing
  // else meanwhile, so stacks are off until the run ends.
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return await checkLines(input, output, maxLineBytes, summary, options);
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
  }
}

async function checkLines(
  input: NodeJS.ReadableStream,
  output: NodeJS.WritableStream,
  maxLineBytes: number,
  summary: SeedCheckSummary,
  options: SeedCheckOptions,
): Promise<SeedCheckSummary> {
  // readLineBatches only iterates its input and writeOut only writes and listens for drain/error,
  // which every NodeJS stream offers. One write per input chunk (a stream call per line costs
  // more than the check), capped so a chunk of tiny lines cannot pile up megabytes.
  for await (const batch of readLineBatches(input as Readable, maxLineBytes)) {
    let pending = "";
    for (const line of batch) {
      let result: LineResult;
      if ("overlong" in line) {
        result = { id: null, error: `line ${line.lineNo}: longer than the ${maxLineBytes}-byte limit (${line.bytes} bytes); skipped` };
      } else if (isBlankLine(line.text)) {
        continue;
      } else {
        result = checkLine(line.lineNo, line.text);
      }
      summary.lines++;
      if ("error" in result) summary.errors++;
      else if (result.raised) summary.raised++;
      pending += JSON.stringify(result) + "\n";
      if (pending.length >= FLUSH_CHARS) {
        await writeOut(output as Writable, pending);
        pending = "";
      }
    }
    if (pending !== "") await writeOut(output as Writable, pending);
    options.onProgress?.(summary);
  }
  return summary;
}

const HELP_ONLY = { help: { type: "boolean", short: "h" } } as const satisfies FlagOptions;

/** `parley seed-check`: its flags, progress and totals around runSeedCheck. */
export async function runSeedCheckCommand(argv: string[], io: CliIo): Promise<ExitCode> {
  const { values } = parseFlags("seed-check", HELP_ONLY, () => parseArgs({ args: argv, strict: true, options: HELP_ONLY }));
  if (values.help) {
    await writeOut(io.stdout, SEED_CHECK_USAGE);
    return EXIT.ok;
  }
  const progress = progressOn(io.stderr);
  const tally = (s: Readonly<SeedCheckSummary>) => `${count(s.raised)} raised, ${count(s.errors)} not checkable`;
  const summary = await runSeedCheck(io.stdin, io.stdout, {
    onProgress: (s) => progress.update((ms) => `parley seed-check: ${linesSoFar(s.lines, ms)}; ${tally(s)}`),
  });
  progress.done(`parley seed-check: ${count(summary.lines)} line${summary.lines === 1 ? "" : "s"} checked; ${tally(summary)}`);
  if (summary.errors > 0) {
    await writeOut(io.stderr, `parley seed-check: ${summary.errors} of ${summary.lines} lines could not be checked.\n`);
    return EXIT.unusable;
  }
  return summary.raised > 0 ? EXIT.rejected : EXIT.ok;
}

