import { constants, type Stats } from "node:fs";
import { type FileHandle, lstat, open, readlink, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { MAX_CARD_CHARS, parseCardText, pointerFromPath } from "../negotiation/card";
import { describeProblem, withThousands } from "../negotiation/explain";
import type * as z from "../negotiation/zod";
import { type FetchedCard, fetchCard, isCardFetchError, LOOPBACK_ENV } from "../fetch/safe-fetch";
import { BUILT_IN_TASK_CLASSES, ClientProfile, findPreset, findTaskClass, PRESETS, presetSlug, ReviewContext, TaskClass } from "../negotiation";
import { INCIDENT_CARDS } from "../negotiation/examples/incidents";
import { type CliIo, UsageError } from "./io";
import { decodeUtf8 } from "../triage/utf8";

/**
 * The most the CLI reads from one file or stream: the core's card limit (MAX_CARD_CHARS, 4 MiB),
 * so a card the CLI reads is never one the engine then calls too large (that was an invalid card,
 * exit 1, for 4–8 MiB and "could not review", exit 2, past 8 MiB). Past it: an input error, exit 2.
 */
export const MAX_INPUT_BYTES = MAX_CARD_CHARS;

export interface LoadedCard {
  text: string;
  /** What the user named: a path, a URL or "stdin". */
  source: string;
  fetched?: Omit<FetchedCard, "text">;
}

/**
 * A file, URL or stream the CLI could not read, said as `<flag> <spec>: <why>`. `why` alone is what
 * triage lists for a card it leaves out.
 */
export class InputReadError extends UsageError {
  constructor(
    readonly flag: string,
    readonly spec: string,
    readonly why: string,
  ) {
    super(`${flag} ${spec}: ${why}`);
    this.name = "InputReadError";
  }
}

/**
 * `--card FILE|URL|-|example:ID`. `flag` is how the user named it (`--card`, `--cards`, diff's
 * `OLD`/`NEW`), so a message points at what they typed. `regularOnly`: refuse anything but a
 * regular file (a folder's entries: a FIFO or device there is never opened).
 */
export async function loadCard(spec: string, io: CliIo, flag = "--card", regularOnly = false): Promise<LoadedCard> {
  if (spec === "-") return { text: await readStdin(io, flag, "card"), source: "stdin" };
  if (spec.startsWith("example:")) {
    // The rule's incident cards ship with the engine, so a first run needs no card file.
    const example = findExample(spec);
    if (!example) throw new UsageError(`${flag} ${spec}: no such example. Examples: ${listExamples()}.`);
    return { text: example.text, source: spec };
  }
  if (/^https?:\/\//i.test(spec)) {
    try {
      const fetched = await fetchCard(spec, { allowLoopback: io.env[LOOPBACK_ENV] === "1" });
      const { text, ...meta } = fetched;
      return { text, source: spec, fetched: meta };
    } catch (e) {
      if (isCardFetchError(e)) throw new InputReadError(flag, spec, `fetch refused or failed (${e.code}): ${e.message}${loopbackHint(e.details)}`);
      throw e;
    }
  }
  return { text: await readTextFile(spec, io, flag, "card", regularOnly), source: spec };
}

/** A refused loopback address: how to allow it, for testing an agent on this machine. */
function loopbackHint(details: { verdict?: { category?: string } }): string {
  return details.verdict?.category === "loopback" ? ` To review an agent on this machine, pass --allow-loopback (check, lint) or set ${LOOPBACK_ENV}=1 (loopback only, never private ranges).` : "";
}

export function findExample(spec: string): (typeof INCIDENT_CARDS)[number] | undefined {
  return INCIDENT_CARDS.find((c) => c.id === spec.slice("example:".length));
}

export function listExamples(): string {
  return INCIDENT_CARDS.map((c) => `example:${c.id}`).join(", ");
}

/** `--profile FILE|PRESET`: a preset name or slug, else a JSON file holding a client profile. */
export async function loadProfile(spec: string, io: CliIo, flag = "--profile"): Promise<ClientProfile> {
  const looksLikePath = spec.endsWith(".json") || spec.includes("/") || spec.includes(path.sep);
  if (!looksLikePath) {
    const preset = findPreset(spec);
    if (preset) return preset;
    if (!(await exists(resolvePath(spec, io)))) {
      throw new UsageError(`${flag} ${spec}: no such preset or file. Presets: ${listPresets()}.`);
    }
  }
  const text = await readTextFile(spec, io, flag, "profile");
  return parseProfileValue(parseJson(text, `${flag} ${spec}`), `${flag} ${spec}`);
}

/** A profile given inline (batch) or from a file: a preset name, or an object matching ClientProfile. */
export function parseProfileValue(value: unknown, where: string): ClientProfile {
  if (typeof value === "string") {
    const preset = findPreset(value);
    if (!preset) throw new UsageError(`${where}: unknown preset "${value}". Presets: ${listPresets()}.`);
    return preset;
  }
  const parsed = ClientProfile.safeParse(value);
  if (!parsed.success) throw new UsageError(`${where} is not a valid client profile: ${formatIssues(parsed.error.issues)}`);
  return parsed.data;
}

/** `--context FILE`. */
export async function loadContext(spec: string, io: CliIo): Promise<ReviewContext> {
  const text = await readTextFile(spec, io, "--context", "context");
  return parseContextValue(parseJson(text, `--context ${spec}`), `--context ${spec}`);
}

export function parseContextValue(value: unknown, where: string): ReviewContext {
  const parsed = ReviewContext.safeParse(value);
  if (!parsed.success) throw new UsageError(`${where} is not a valid review context: ${formatIssues(parsed.error.issues)}`);
  return parsed.data;
}

/** `--task-class ID`…; none means every built-in class. */
export function resolveTaskClasses(ids: readonly unknown[] | undefined, where = "--task-class"): TaskClass[] {
  if (!ids || ids.length === 0) return [...BUILT_IN_TASK_CLASSES];
  const out: TaskClass[] = [];
  for (const id of ids) {
    const found = typeof id === "string" ? findTaskClass(id) : undefined;
    if (!found) {
      throw new UsageError(`${where}: unknown task class ${JSON.stringify(id)}. Task classes: ${BUILT_IN_TASK_CLASSES.map((t) => t.id).join(", ")}.`);
    }
    if (!out.includes(found)) out.push(found);
  }
  return out;
}

/**
 * `--task-class-file FILE`: a user-defined task class, or an array of them (the TaskClass schema:
 * id, title, description, input, completion, output, skill?, inputModes?, outputModes?). An id a
 * built-in class has is refused.
 */
export async function loadTaskClassFile(spec: string, io: CliIo): Promise<TaskClass[]> {
  const where = `--task-class-file ${spec}`;
  const value = parseJson(await readTextFile(spec, io, "--task-class-file", "task classes"), where);
  const list = Array.isArray(value) ? value : [value];
  if (list.length === 0) throw new UsageError(`${where} holds no task class.`);
  if (list.length > 50) throw new UsageError(`${where} holds ${list.length} task classes; at most 50.`);
  return list.map((entry, i) => {
    const parsed = TaskClass.safeParse(entry);
    const at = Array.isArray(value) ? `${where} [${i}]` : where;
    if (!parsed.success) throw new UsageError(`${at} is not a valid task class: ${formatIssues(parsed.error.issues)}`);
    if (findTaskClass(parsed.data.id)) throw new UsageError(`${at}: "${parsed.data.id}" is a built-in task class id; give yours another id.`);
    return parsed.data;
  });
}

/**
 * The task classes a command decides: the `--task-class` ids (default every built-in class), then
 * the `--task-class-file` ones; the file's classes alone when no `--task-class` is given.
 */
export async function chooseTaskClasses(ids: readonly string[] | undefined, file: string | undefined, io: CliIo): Promise<TaskClass[]> {
  const custom = file ? await loadTaskClassFile(file, io) : [];
  return ids?.length || custom.length === 0 ? [...resolveTaskClasses(ids), ...custom] : custom;
}

export function listPresets(): string {
  return PRESETS.map((p) => presetSlug(p)).join(", ");
}

/** zod issues as "/callback/mtls: expected boolean…; /name: …" (JSON pointers, like card problems). */
export function formatIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .slice(0, 10)
    .map((i) => `${pointerFromPath(i.path) || "(root)"}: ${i.message}`)
    .join("; ");
}

/**
 * JSON text → value, or a usage error saying where it stops being JSON (line and column, in the
 * words the card editor uses), never the engine's own message with raw newlines in it.
 */
export function parseJson(text: string, where: string): unknown {
  const parsed = parseCardText(text);
  if (parsed.ok) return parsed.value;
  const problem = parsed.problem;
  if (problem.code === "tooLarge") throw new UsageError(`${where} is too long to read as JSON (${String(problem.data.size)} characters; at most ${MAX_CARD_CHARS}).`);
  // "The text is not valid JSON: <what> at line L, column C." or "… nested too deeply to read."
  throw new UsageError(`${where}: ${describeProblem(problem)}`);
}

function resolvePath(spec: string, io: CliIo): string {
  return path.resolve(io.cwd, spec);
}

/** Is there something at this path? Looked at, never opened (opening a FIFO would wait for a writer). */
async function exists(file: string): Promise<boolean> {
  return (await lstat(file).catch(() => undefined)) !== undefined;
}

/** What a file flag holds: said in the message when it is too large. */
export type InputKind = "card" | "profile" | "context" | "task classes" | "key set";

const USUAL_SIZE: Record<InputKind, string> = {
  card: "an Agent Card is a few kilobytes",
  profile: "a client profile is a few hundred bytes",
  context: "a review context is a few hundred bytes",
  "task classes": "a task class is a few hundred bytes",
  "key set": "a JWK set is a few kilobytes",
};

/**
 * MAX_INPUT_BYTES, as a person reads it. Worded when a file is refused, not at start-up: the first
 * toLocaleString loads the locale data, a tenth of the CLI's start-up.
 */
function maxInputSaid(): string {
  return `${MAX_INPUT_BYTES / (1024 * 1024)} MiB (${bytesSaid(MAX_INPUT_BYTES)})`;
}

/**
 * Read a file as UTF-8 text, refusing directories, anything past MAX_INPUT_BYTES (no unbounded
 * reads) and bytes that are not UTF-8 (said with the offset of the first bad one, never replaced
 * silently). A FIFO named on the command line (`<(curl …)`) is read like a file; with
 * `regularOnly` (a folder's entries) only a regular file is opened.
 */
export async function readTextFile(spec: string, io: CliIo, flag: string, kind: InputKind, regularOnly = false): Promise<string> {
  const read = await readFileText(resolvePath(spec, io), kind, regularOnly);
  if (!read.ok) throw new InputReadError(flag, spec, read.why);
  return read.text;
}

export type FileText = { ok: true; text: string } | { ok: false; why: string };

const REFUSED_TYPES: Array<[(s: Stats) => boolean, string]> = [
  [(s) => s.isDirectory(), "is a directory, not a file"],
  [(s) => s.isFIFO(), "is a named pipe (FIFO), not a file; it was not opened"],
  [(s) => s.isSocket(), "is a socket, not a file; it was not opened"],
  [(s) => s.isCharacterDevice() || s.isBlockDevice(), "is a device, not a file; it was not opened"],
];

/** Why a file of this type is not read (a directory always; anything but a regular file with `regularOnly`). */
function refusedType(stats: Stats, regularOnly: boolean): string | undefined {
  if (stats.isFile()) return undefined;
  const refused = REFUSED_TYPES.find(([is]) => is(stats));
  if (refused && (regularOnly || stats.isDirectory())) return refused[1];
  return regularOnly ? "is not a regular file; it was not opened" : undefined;
}

function openFailure(e: unknown, file: string): string {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === "ENOENT") return `no such file (looked at ${file}).`;
  if (code === "EACCES" || code === "EPERM") return `permission denied (${file}).`;
  if (code === "ELOOP") return `is a symbolic link that loops (${file}).`;
  if (code === "EISDIR") return "is a directory, not a file.";
  return `cannot open (${code ?? (e as Error).message}; ${file}).`;
}

async function readFileText(file: string, kind: InputKind, regularOnly: boolean): Promise<FileText> {
  const tooLarge = (size?: number): FileText => ({
    ok: false,
    why: `${size === undefined ? "holds more than" : `is ${bytesSaid(size)}, more than`} ${maxInputSaid()}, the most Parley reads from one file; ${USUAL_SIZE[kind]}.`,
  });
  if (regularOnly) {
    // Look before opening: a folder's entry may be a FIFO, a device or a link to nothing.
    let stats: Stats;
    try {
      stats = await stat(file);
    } catch (e) {
      const link = await lstat(file).catch(() => undefined);
      if (link?.isSymbolicLink() && (e as NodeJS.ErrnoException).code === "ENOENT") {
        const target = await readlink(file).catch(() => "?");
        return { ok: false, why: `is a symbolic link to ${target}, which does not exist.` };
      }
      return { ok: false, why: openFailure(e, file) };
    }
    const refused = refusedType(stats, true);
    if (refused) return { ok: false, why: `${refused}.` };
    if (stats.size > MAX_INPUT_BYTES) return tooLarge(stats.size);
  }
  let handle: FileHandle;
  try {
    // Non-blocking: should the entry have become a FIFO since it was looked at, opening it returns
    // at once (no writer needed) and the check below refuses it.
    handle = await open(file, regularOnly ? constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) : "r");
  } catch (e) {
    return { ok: false, why: openFailure(e, file) };
  }
  try {
    const stats = await handle.stat();
    const refused = refusedType(stats, regularOnly);
    if (refused) return { ok: false, why: `${refused}.` };
    if (stats.isFile() && stats.size > MAX_INPUT_BYTES) return tooLarge(stats.size);
    const bytes = await readBounded(handle.createReadStream({ autoClose: false }));
    if (bytes === undefined) return tooLarge();
    return decodeInput(bytes, kind);
  } catch (e) {
    return { ok: false, why: `unreadable (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}).` };
  } finally {
    await handle.close();
  }
}

/** `-`: the card on stdin, with the same limits as a file. */
async function readStdin(io: CliIo, flag: string, kind: InputKind): Promise<string> {
  const bytes = await readBounded(io.stdin);
  const read: FileText =
    bytes === undefined ? { ok: false, why: `holds more than ${maxInputSaid()}, the most Parley reads; ${USUAL_SIZE[kind]}.` } : decodeInput(bytes, kind);
  if (!read.ok) throw new InputReadError(flag, "- (stdin)", read.why);
  return read.text;
}

/** All of a stream's bytes, or undefined once they pass MAX_INPUT_BYTES (reading stops there). */
async function readBounded(stream: Readable): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buf = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
    size += buf.length;
    if (size > MAX_INPUT_BYTES) {
      stream.destroy();
      return undefined;
    }
    chunks.push(buf);
  }
  return Buffer.concat(chunks, size);
}

/** A leading BOM is dropped, as JSON readers do; bytes that are not UTF-8 are refused, not replaced. */
function decodeInput(bytes: Uint8Array, kind: InputKind): FileText {
  const read = decodeUtf8(bytes);
  if (read.ok) return { ok: true, text: read.text.charCodeAt(0) === 0xfeff ? read.text.slice(1) : read.text };
  let line = 1;
  for (let i = 0; i < read.offset; i++) if (bytes[i] === 0x0a) line++;
  return { ok: false, why: `is not UTF-8 text: the byte at offset ${read.offset} (line ${line}) does not start a valid UTF-8 character; ${FILE_OF[kind]} is JSON in UTF-8.` };
}

const FILE_OF: Record<InputKind, string> = {
  card: "a card file",
  profile: "a profile file",
  context: "a context file",
  "task classes": "a task class file",
  "key set": "a JWK set file",
};

function bytesSaid(bytes: number): string {
  return `${withThousands(bytes)} bytes`;
}
