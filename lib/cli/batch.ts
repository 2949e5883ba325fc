import type { Readable, Writable } from "node:stream";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { installCompiledCardSchemas } from "../negotiation/card/schemas/compiled";
import { type ClientProfile, explainInputError, type Review, review, type ReviewContext, type SignatureReport, type TaskClass } from "../negotiation";
import { findJsonSyntaxError, MAX_CARD_CHARS } from "../negotiation/card";
import { syntaxReasonWords, withThousands } from "../negotiation/explain";
import { rememberBounded } from "../negotiation/bounded-memo";
import { PreparedCard } from "../negotiation/review";
import { EXIT, type ExitCode, UsageError, writeOut } from "./io";
import { DEFAULT_MAX_LINE_BYTES, type InputLine, isBlankLine, readLineBatches } from "./read-lines";
import { parseProfileValue } from "./inputs";
import { batchLinePieces, batchLineText, type CardLineParts, cardLineParts, hasRejection, type MessagesOption } from "./review-json";
import { type CardField, cardEnd, cardTextAt, findCardStart } from "./card-span";
import { type SignatureSetup, verifyIfSigned } from "./signatures";

/** A line's id as batch writes it back (null when the line has none it can use). */
export type BatchId = string | number | null;

export interface BatchSummary {
  lines: number;
  reviewed: number;
  rejected: number;
  errors: number;
  exitCode: ExitCode;
}

/** Output is written in pieces of about this many bytes: one write per input chunk, never megabytes at once. */
const FLUSH_BYTES = 256 * 1024;
/** Room left in a piece for the line that takes it past FLUSH_BYTES (a longer line gets a piece of its own). */
const PIECE_BYTES = FLUSH_BYTES + 64 * 1024;
const KEYS = new Set(["id", "card", "cardText", "profile", "context", "taskClasses"]);

/** One answered line: its output text, and what it counts as. */
interface LineAnswer {
  text: string | readonly LinePart[];
  rejected: boolean;
  error: boolean;
}

/**
 * What one batch run remembers, and forgets when it ends (a worker keeps its own): each card it has
 * met, by its text in the line (card-span.ts), read once (PreparedCard) and reviewed from then on
 * against whatever profile a line names, with the parts of a line that depend on the card alone
 * already written; and each signed card's signature report, by the same text. A pipeline sends one
 * card against several profiles, and reading a card (parse, validate, normalize, word its validity)
 * is much of a line's cost. Bounded in count and in size.
 */
class RunMemo {
  readonly cards = new CardMemo<KnownCard>();
  /** Signed cards' reports (null: none), on the thread that verifies them. */
  readonly reports = new CardMemo<SignatureReport | null>();
  constructor(readonly messages: MessagesOption) {}
}

interface KnownCard {
  readonly prepared: PreparedCard;
  /** The signature report its lines are reviewed with (a signed card's; the same for every line of a run). */
  readonly report: SignatureReport | undefined;
  /** The line's card-only parts as UTF-8, from the first review of this card that was answered. */
  parts?: { head: Uint8Array; tail: Uint8Array };
}

/** At most 128 cards of 32 K characters each (the real cards of fixtures/cards are 1–14 K). */
const MAX_PREPARED_CARDS = 128;
const MAX_PREPARED_CARD_CHARS = 32 * 1024;
/** Cards are looked up by their field and first characters, then compared whole. */
const PREFIX_CHARS = 48;

/**
 * What a run knows of each card it has met, by the card's text as lines write it: found in a line
 * where the card's value starts (card-span.ts), by its field and first characters, then compared whole.
 */
class CardMemo<T> {
  private readonly byPrefix = new Map<string, Array<{ text: string; value: T }>>();
  private count = 0;

  /** What is known of the card whose text is the value at `start`, with that text's length; undefined when it is new. */
  find(line: string, field: CardField, start: number): { value: T; length: number } | undefined {
    const list = this.byPrefix.get(field + line.substr(start, PREFIX_CHARS));
    if (list) for (const known of list) if (cardTextAt(line, start, known.text)) return { value: known.value, length: known.text.length };
    return undefined;
  }

  add(field: CardField, cardText: string, value: T): T {
    if (this.count >= MAX_PREPARED_CARDS) {
      this.byPrefix.clear();
      this.count = 0;
    }
    const prefix = field + cardText.slice(0, PREFIX_CHARS);
    const list = this.byPrefix.get(prefix);
    if (list) list.push({ text: cardText, value });
    else this.byPrefix.set(prefix, [{ text: cardText, value }]);
    this.count++;
    return value;
  }
}

/** Where a line's card is: its field and where its value starts, and the card when met before. */
interface CardPlace {
  field: CardField;
  start: number;
  known?: { value: KnownCard; length: number };
}

/**
 * Answer one JSON Lines input line, with its card's signature report when it has one (verified
 * beforehand: see verifyBlock). Never throws: a bad line becomes `{id, error}` naming the line
 * number and what is wrong, so one broken line never stops a run of a million. A line whose card
 * was met before is read without its card (the line with null in its place; see card-span.ts).
 */
function answerLine(
  text: string,
  lineNo: number,
  run: RunMemo,
  signatures: SignatureReport | undefined,
  parsed: unknown,
  fileClasses: readonly TaskClass[],
  found?: CardPlace | null,
): LineAnswer {
  const place = (found === undefined ? placeOfCard(text, run) : found) ?? undefined;
  // Found before the block was answered: an earlier line of the block may have met the card since.
  if (found && !found.known) found.known = run.cards.find(text, found.field, found.start);
  let value: unknown = parsed;
  if (place?.known && value === undefined) {
    try {
      value = JSON.parse(text.slice(0, place.start) + "null" + text.slice(place.start + place.known.length));
    } catch {
      value = undefined; // Not JSON: read in full below, which says where.
    }
  }
  if (value === undefined) {
    if (place) place.known = undefined;
    try {
      value = JSON.parse(text);
    } catch (e) {
      return failed(null, `line ${lineNo}: ${whereNotJson(text, e)}`);
    }
  }
  return answerParsedLine(value, lineNo, run, signatures, fileClasses, place && { ...place, text });
}

/** Where the line's card is, and the card when this run has met it (null: the scan is not sure). */
function placeOfCard(text: string, run: RunMemo): CardPlace | null {
  const at = findCardStart(text);
  return at ? { field: at.field, start: at.start, known: run.cards.find(text, at.field, at.start) } : null;
}

/**
 * Where a line stops being JSON, in the card editor's words ("a closing ] is expected at column
 * 100,013"), not the engine's message, which differs between Node versions and gives no place
 * for a line that ends too soon.
 */
function whereNotJson(text: string, error: unknown): string {
  const at = findJsonSyntaxError(text);
  if (!at) return `not valid JSON (${error instanceof Error ? error.message : String(error)})`;
  return `not valid JSON: ${syntaxReasonWords(at.code)} at column ${withThousands(at.offset + 1)}`;
}

/** answerLine for a line read as JSON (with its card left out when `place.known` has it). */
function answerParsedLine(
  value: unknown,
  lineNo: number,
  run: RunMemo,
  signatures: SignatureReport | undefined,
  fileClasses: readonly TaskClass[],
  place: (CardPlace & { text: string }) | undefined,
): LineAnswer {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return failed(null, `line ${lineNo}: expected a JSON object {"id", "card" | "cardText", "profile", ...}`);
  }
  const line = value as Record<string, unknown>;
  const id = line.id;
  if (typeof id !== "string" && typeof id !== "number") {
    return failed(null, `line ${lineNo}: "id" must be a string or a number`);
  }
  if (typeof id === "number" && !Number.isFinite(id)) {
    // 1e400 reads as Infinity, which JSON writes as null: the answer could not be matched to its line.
    return failed(null, `line ${lineNo}: "id" is a number too large to be written back (it reads as ${String(id)}); give the id as a string`);
  }
  try {
    for (const key in line) {
      if (!KEYS.has(key)) throw new UsageError(`unknown field "${key}" (fields: ${[...KEYS].join(", ")})`);
    }
    // A card met before passed pickCard's checks then; the line holds no other card field (card-span.ts).
    const known = place?.known?.value ?? knownCard(pickCard(line), place, run, signatures);
    if (line.profile === undefined) throw new UsageError(`"profile" is missing (a preset name or a profile object)`);
    // A preset is a shared object that review() validates once; so is a profile object met before.
    const profile: ClientProfile = typeof line.profile === "string" ? presetNamed(line.profile) : profileSeenBefore(line.profile);
    if (line.taskClasses !== undefined && !Array.isArray(line.taskClasses)) throw new UsageError(`"taskClasses" must be an array of task class ids or task class objects`);
    // As check refuses a task class file with none: an empty list would decide nothing and pass.
    if (Array.isArray(line.taskClasses) && line.taskClasses.length === 0) {
      throw new UsageError(`"taskClasses" is empty: list at least one task class id, or leave it out for every built-in class`);
    }
    const result = review(known instanceof PreparedCard ? known : known.prepared, profile, {
      context: line.context as ReviewContext | undefined,
      taskClasses: lineTaskClasses(line.taskClasses as unknown[] | undefined, fileClasses),
      signatures,
    });
    const inputError = describeInputErrors(result);
    if (inputError) throw new UsageError(inputError);
    const rejected = hasRejection(result);
    if (known instanceof PreparedCard) return { text: batchLineText(result, id, run.messages), rejected, error: false };
    // Validity, shape, the advisory and the signature report are the card's: worded and encoded once per card.
    known.parts ??= encodedParts(cardLineParts(result, run.messages));
    return { text: batchLinePieces(result, id, run.messages, known.parts.head, known.parts.tail), rejected, error: false };
  } catch (e) {
    const message = e instanceof UsageError ? e.message : `internal error (${(e as Error).message})`;
    return failed(id, `line ${lineNo}: ${message}`);
  }
}

function encodedParts(parts: CardLineParts): { head: Uint8Array; tail: Uint8Array } {
  return { head: Buffer.from(parts.head), tail: Buffer.from(parts.tail) };
}

/**
 * The line's card, remembered by its text when the line says where it is, a full reading kept that
 * text (card-span.ts) and it can be reviewed again (an object, or card text).
 */
function knownCard(card: unknown, place: (CardPlace & { text: string }) | undefined, run: RunMemo, report: SignatureReport | undefined): KnownCard | PreparedCard {
  const prepared = new PreparedCard(card);
  if (!place || (typeof card !== "string" && (typeof card !== "object" || card === null))) return prepared;
  const end = cardEnd(place.text, place.start);
  if (end < 0 || end - place.start > MAX_PREPARED_CARD_CHARS) return prepared;
  return run.cards.add(place.field, place.text.slice(place.start, end), { prepared, report });
}

/**
 * A line's task classes with the --task-class-file ones: a line's id may name a file class; the
 * file's classes come after the line's own, or alone when the line lists none (as in check).
 */
function lineTaskClasses(own: readonly unknown[] | undefined, fileClasses: readonly TaskClass[]): ReadonlyArray<string | TaskClass> | undefined {
  if (fileClasses.length === 0) return own as ReadonlyArray<string | TaskClass> | undefined;
  if (own === undefined) return fileClasses;
  const named = own.map((t) => (typeof t === "string" ? (fileClasses.find((c) => c.id === t) ?? t) : t)) as Array<string | TaskClass>;
  return [...named, ...fileClasses.filter((c) => !named.includes(c))];
}

/** Presets by the name a line gives, looked up once per name (most lines name one of a few). */
const PRESETS_BY_NAME = new Map<string, ClientProfile>();

function presetNamed(name: string): ClientProfile {
  let preset = PRESETS_BY_NAME.get(name);
  if (!preset) {
    preset = parseProfileValue(name, `"profile"`);
    if (PRESETS_BY_NAME.size < 1000) PRESETS_BY_NAME.set(name, preset);
  }
  return preset;
}

/**
 * Profiles given as objects, by their JSON text: a pipeline sends the same few profiles line after
 * line. The first object with a text is the one later lines hand to review(), which validated it
 * then and remembers it (the same object is not validated twice); each line's own copy would be
 * validated again. Only the text is compared, and an object that was invalid stays invalid: its
 * lines still get its errors. Bounded in count and in size.
 */
const PROFILES_BY_TEXT = new Map<string, ClientProfile>();
/** At most 128 texts of 8 KB (a preset's is under 1 KB) and their objects, whatever the input holds. */
const MAX_REMEMBERED_PROFILES = 128;
const MAX_REMEMBERED_PROFILE_CHARS = 8 * 1024;

function profileSeenBefore(value: unknown): ClientProfile {
  if (typeof value !== "object" || value === null) return value as ClientProfile;
  let text: string;
  try {
    text = JSON.stringify(value);
  } catch {
    // Nested past what JSON.stringify follows: review() says what is wrong with it, as for any profile.
    return value as ClientProfile;
  }
  if (text.length > MAX_REMEMBERED_PROFILE_CHARS) return value as ClientProfile;
  const known = PROFILES_BY_TEXT.get(text);
  if (known) return known;
  return rememberBounded(PROFILES_BY_TEXT, MAX_REMEMBERED_PROFILES, text, value as ClientProfile);
}

function pickCard(line: Record<string, unknown>): unknown {
  const hasCard = line.card !== undefined;
  const hasText = line.cardText !== undefined;
  if (hasCard && hasText) throw new UsageError(`give either "card" (JSON) or "cardText" (a string), not both`);
  if (hasText) {
    if (typeof line.cardText !== "string") throw new UsageError(`"cardText" must be a string holding the card's JSON text`);
    // Too large is an input error (this line's), as for check and lint: never the card's verdict.
    if (line.cardText.length > MAX_CARD_CHARS) {
      throw new UsageError(`"cardText" is ${withThousands(line.cardText.length)} characters; a card is at most 4 MiB (${withThousands(MAX_CARD_CHARS)} characters)`);
    }
    return line.cardText;
  }
  if (!hasCard) throw new UsageError(`"card" or "cardText" is missing`);
  // A card is an object, so a string under "card" can only be card text: review() reads it as such.
  return line.card;
}

function describeInputErrors(result: Review): string | undefined {
  // A task class listed twice is reviewed once; that is not worth failing the line for.
  const fatal = result.inputErrors?.filter((e) => e.code !== "duplicateTaskClass") ?? [];
  if (fatal.length === 0) return undefined;
  // Error lines carry no closing full stop; "; " keeps two explanations apart.
  return fatal.map((e) => explainInputError(e).replace(/\.$/, "")).join("; ");
}

function failed(id: BatchId, error: string): LineAnswer {
  return { text: JSON.stringify({ id, error }), rejected: false, error: true };
}

export interface BatchOptions {
  maxLineBytes?: number;
  /** text (default): English messages in every line; none: ids and data only (see review-json.ts). */
  messages?: MessagesOption;
  /** Worker threads reviewing blocks of lines in parallel (1: all on the main thread). */
  jobs?: number;
  /** How signed cards are checked (--jwks, jku fetching). Left out: with no key (each signature says which it needs). */
  signatures?: SignatureSetup;
  /** User-defined task classes (--task-class-file) decided on every line, after the line's own. */
  taskClasses?: readonly TaskClass[];
  /** Called with the running totals after each block of lines is written (progress on a terminal). */
  onProgress?: (summary: Readonly<BatchSummary>) => void;
}

/** Signature reports of a block's signed cards, by line number. */
type BlockReports = ReadonlyMap<number, SignatureReport>;

/** What verifyBlock learnt of a block: the signature reports, and the lines it read as JSON to find them. */
interface VerifiedBlock {
  reports?: BlockReports;
  /** Lines read as JSON, by line number: on the main thread they are not read a second time. */
  parsed?: ReadonlyMap<number, unknown>;
  /** On one thread, where each line's card is (by position in the block): found once for both passes. */
  places?: ReadonlyArray<CardPlace | null | undefined>;
}

/**
 * Verifies the signed cards of a block, on the main thread (the only await of a batch, and only for
 * a line that mentions "signatures"; jku key sets are fetched once per run, and a card met before
 * has the report it had then). Workers then review with the reports, synchronously, like every
 * other line.
 */
async function verifyBlock(block: readonly InputLine[], setup: SignatureSetup, run: RunMemo, oneThread = false): Promise<VerifiedBlock> {
  let reports: Map<number, SignatureReport> | undefined;
  let parsed: Map<number, unknown> | undefined;
  // On one thread the cards met are here: a line whose card is one of them has its report already.
  const places: Array<CardPlace | null | undefined> | undefined = oneThread ? new Array(block.length) : undefined;
  for (let i = 0; i < block.length; i++) {
    const line = block[i]!;
    if ("overlong" in line) continue;
    if (places) {
      const place = (places[i] = placeOfCard(line.text, run));
      if (place?.known) {
        const report = place.known.value.report;
        if (report) (reports ??= new Map()).set(line.lineNo, report);
        continue;
      }
    }
    // Not '"signatures"': inside cardText the quotes are escaped.
    if (!line.text.includes("signatures")) continue;
    const at = findCardStart(line.text);
    const before = at && run.reports.find(line.text, at.field, at.start);
    if (before) {
      if (before.value) (reports ??= new Map()).set(line.lineNo, before.value);
      continue;
    }
    let value: unknown;
    try {
      value = JSON.parse(line.text);
    } catch {
      continue; // answerLine reports the line.
    }
    (parsed ??= new Map()).set(line.lineNo, value);
    if (typeof value !== "object" || value === null) continue;
    const { card, cardText } = value as Record<string, unknown>;
    const report = await verifyIfSigned(cardText ?? card, setup).catch(() => undefined);
    if (report) (reports ??= new Map()).set(line.lineNo, report);
    const end = at ? cardEnd(line.text, at.start) : -1;
    if (end >= 0 && end - at!.start <= MAX_PREPARED_CARD_CHARS) run.reports.add(at!.field, line.text.slice(at!.start, end), report ?? null);
  }
  return { reports, parsed, places };
}

/** The answer to one block of input lines (one input chunk): output text and its counts. */
interface BlockAnswer {
  /** Output lines as UTF-8, in pieces of about FLUSH_BYTES bytes. */
  pieces: Uint8Array[];
  lines: number;
  reviewed: number;
  rejected: number;
  errors: number;
}

function answerBlock(
  block: readonly InputLine[],
  run: RunMemo,
  maxLineBytes: number,
  verified: VerifiedBlock = {},
  fileClasses: readonly TaskClass[] = [],
): BlockAnswer {
  const { reports, parsed, places } = verified;
  const answer: BlockAnswer = { pieces: [], lines: 0, reviewed: 0, rejected: 0, errors: 0 };
  const out = new PieceWriter(answer.pieces);
  for (let i = 0; i < block.length; i++) {
    const line = block[i]!;
    let result: LineAnswer;
    if ("overlong" in line) {
      result = failed(null, `line ${line.lineNo}: longer than ${maxLineBytes} bytes (${line.bytes}); skipped`);
    } else {
      if (isBlankLine(line.text)) continue;
      result = answerLine(line.text, line.lineNo, run, reports?.get(line.lineNo), parsed?.get(line.lineNo), fileClasses, places?.[i]);
    }
    answer.lines++;
    if (result.error) answer.errors++;
    else answer.reviewed++;
    if (result.rejected) answer.rejected++;
    out.line(result.text);
  }
  out.cut();
  return answer;
}

/**
 * Output lines encoded to UTF-8 one by one into buffers of about FLUSH_BYTES. Not one string per
 * piece: a piece holding one line with a character past Latin-1 (a "→" in a message) is a two-byte
 * string as a whole, and encoding that took 2.5 times as long as the same bytes in one-byte lines.
 */
/** A piece of an output line: text, or the UTF-8 of text written before (a card's parts). */
type LinePart = string | Uint8Array;
const NEWLINE = Buffer.from("\n");

class PieceWriter {
  private buffer: Buffer | undefined;
  private used = 0;

  constructor(private readonly pieces: Uint8Array[]) {}

  /** One output line, given whole or in parts (text, or bytes already encoded), then a newline. */
  line(line: string | readonly LinePart[]): void {
    const parts = typeof line === "string" ? [line] : line;
    // UTF-8 takes at most 3 bytes per UTF-16 code unit, plus the newline.
    let most = 1;
    for (const part of parts) most += typeof part === "string" ? part.length * 3 : part.length;
    if (this.buffer && this.buffer.length - this.used < most) this.cut();
    if (!this.buffer) {
      if (most > PIECE_BYTES) {
        this.pieces.push(Buffer.concat([...parts.map((p) => (typeof p === "string" ? Buffer.from(p) : p)), NEWLINE]));
        return;
      }
      this.buffer = Buffer.allocUnsafe(PIECE_BYTES);
    }
    for (const part of parts) {
      if (typeof part === "string") this.used += this.buffer.write(part, this.used);
      else {
        this.buffer.set(part, this.used);
        this.used += part.length;
      }
    }
    this.buffer[this.used++] = 0x0a;
    if (this.used >= FLUSH_BYTES) this.cut();
  }

  /** Ends the current piece. */
  cut(): void {
    if (this.buffer && this.used > 0) this.pieces.push(this.buffer.subarray(0, this.used));
    this.buffer = undefined;
    this.used = 0;
  }
}

function addAnswer(summary: BatchSummary, answer: BlockAnswer): void {
  summary.lines += answer.lines;
  summary.reviewed += answer.reviewed;
  summary.rejected += answer.rejected;
  summary.errors += answer.errors;
}

/**
 * The batch pipeline: lines in, one line out per line in, same order, constant memory. Blank
 * lines are skipped (they are not reviews), but still counted for line numbers.
 */
export async function runBatch(input: Readable, output: Writable, opts: BatchOptions = {}): Promise<BatchSummary> {
  const summary: BatchSummary = { lines: 0, reviewed: 0, rejected: 0, errors: 0, exitCode: EXIT.ok };
  const maxLineBytes = opts.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
  const messages = opts.messages ?? "text";
  const blocks = readLineBatches(input, maxLineBytes);
  const signatures = opts.signatures ?? {};
  const fileClasses = opts.taskClasses ?? [];
  if ((opts.jobs ?? 1) > 1) {
    await runInWorkers(blocks, output, opts.jobs!, { parleyBatchWorker: true, messages, maxLineBytes, fileClasses }, signatures, summary, opts.onProgress);
  } else {
    const run = new RunMemo(messages);
    for await (const block of blocks) {
      const answer = answerBlock(block, run, maxLineBytes, await verifyBlock(block, signatures, run, true), fileClasses);
      addAnswer(summary, answer);
      for (const piece of answer.pieces) await writeOut(output, piece);
      opts.onProgress?.(summary);
    }
  }
  summary.exitCode = summary.errors > 0 ? EXIT.unusable : summary.rejected > 0 ? EXIT.rejected : EXIT.ok;
  return summary;
}

// --- --jobs N: worker threads ----------------------------------------------------------------

interface WorkerSetup {
  parleyBatchWorker: true;
  messages: MessagesOption;
  maxLineBytes: number;
  fileClasses: readonly TaskClass[];
}
type WorkerRequest = { seq: number; block: InputLine[]; reports?: BlockReports };
type WorkerReply = { seq: number; answer: BlockAnswer } | { seq: number; failure: string };

/** Blocks handed to each worker ahead of time: enough to keep it busy, few enough to keep memory flat. */
const IN_FLIGHT_PER_WORKER = 2;

/**
 * The main thread reads and splits lines and writes answers, in input order; each worker answers
 * whole blocks (one input chunk each). At most IN_FLIGHT_PER_WORKER blocks per worker are out at
 * once, so a slow reader of the output still slows the reading down.
 */
async function runInWorkers(
  blocks: AsyncIterable<InputLine[]>,
  output: Writable,
  jobs: number,
  setup: WorkerSetup,
  signatures: SignatureSetup,
  summary: BatchSummary,
  onProgress: BatchOptions["onProgress"],
): Promise<void> {
  const workers = Array.from({ length: jobs }, () => startWorker(setup));
  const load = new Map<Worker, number>(workers.map((w) => [w, 0]));
  const done = new Map<number, BlockAnswer>();
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  const notify = () => {
    const resume = wake;
    wake = undefined;
    resume?.();
  };
  for (const worker of workers) {
    worker.on("message", (reply: WorkerReply) => {
      load.set(worker, load.get(worker)! - 1);
      if ("failure" in reply) failure ??= new Error(reply.failure);
      else done.set(reply.seq, reply.answer);
      notify();
    });
    worker.on("error", (error) => {
      failure ??= error;
      notify();
    });
    worker.on("exit", (code) => {
      if (!finished) failure ??= new Error(`a batch worker stopped early (exit code ${code})`);
      notify();
    });
  }
  let finished = false;
  const waitForNews = () => new Promise<void>((resolve) => (wake = resolve));
  let sent = 0;
  let written = 0;
  const flush = async () => {
    for (let answer = done.get(written); answer; answer = done.get(written)) {
      done.delete(written);
      written++;
      addAnswer(summary, answer);
      for (const piece of answer.pieces) await writeOut(output, piece);
      onProgress?.(summary);
    }
  };
  // The main thread's memo only holds signature reports; each worker keeps its own cards.
  const run = new RunMemo(setup.messages);
  try {
    for await (const block of blocks) {
      // Only the reports go to the worker: cloning parsed lines would cost more than reading them again.
      const { reports } = await verifyBlock(block, signatures, run);
      for (;;) {
        if (failure) throw failure;
        await flush();
        const idle = workers.reduce((best, w) => (load.get(w)! < load.get(best)! ? w : best));
        if (load.get(idle)! < IN_FLIGHT_PER_WORKER) {
          load.set(idle, load.get(idle)! + 1);
          idle.postMessage({ seq: sent++, block, ...(reports ? { reports } : {}) } satisfies WorkerRequest);
          break;
        }
        await waitForNews();
      }
    }
    while (written < sent) {
      if (failure) throw failure;
      await flush();
      if (written < sent) await waitForNews();
    }
  } finally {
    finished = true;
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

/**
 * A worker running this very module. From the built CLI that is the bundle itself; from the
 * TypeScript sources (npm run review, under tsx) the worker registers tsx first, since on Node 20
 * a worker does not inherit the main thread's module hooks.
 */
function startWorker(setup: WorkerSetup): Worker {
  const self = new URL(import.meta.url);
  if (!self.pathname.endsWith(".ts")) return new Worker(self, { workerData: setup });
  const boot = `import("tsx/esm/api").then((tsx) => tsx.register()).then(() => import(${JSON.stringify(self.href)}))`;
  return new Worker(boot, { eval: true, workerData: setup });
}

function serveBatchWorker(setup: WorkerSetup): void {
  // A worker started from the sources loads only this module, not main.ts: install here too.
  installCompiledCardSchemas();
  const run = new RunMemo(setup.messages);
  parentPort!.on("message", ({ seq, block, reports }: WorkerRequest) => {
    let reply: WorkerReply;
    try {
      reply = { seq, answer: answerBlock(block, run, setup.maxLineBytes, { reports }, setup.fileClasses) };
    } catch (error) {
      reply = { seq, failure: `batch worker: ${(error as Error).stack ?? String(error)}` };
    }
    // The output pieces move to the main thread rather than being copied: a block's answer is
    // several times the size of its input.
    parentPort!.postMessage(reply, "answer" in reply ? transferableBuffers(reply.answer.pieces) : []);
  });
}

/**
 * The memory behind output pieces, each once: pieces own theirs (PieceWriter allocates them past
 * Buffer's pool size). A piece in Buffer's shared pool would stay behind and be copied; moving the
 * pool would empty every other buffer cut from it.
 */
function transferableBuffers(pieces: readonly Uint8Array[]): ArrayBuffer[] {
  const out = new Set<ArrayBuffer>();
  for (const piece of pieces) {
    const memory = piece.buffer;
    if (memory instanceof ArrayBuffer && memory.byteLength > Buffer.poolSize) out.add(memory);
  }
  return [...out];
}

// This module is also the worker's entry point (new Worker(import.meta.url)), in the sources under
// tsx as in the built CLI bundle, so the worker runs exactly the code the main thread would.
if (!isMainThread && (workerData as Partial<WorkerSetup> | null)?.parleyBatchWorker === true) {
  serveBatchWorker(workerData as WorkerSetup);
}
