import { open } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pointerFromPath } from "../negotiation/card/pointer";
import type * as z from "../negotiation/zod";
import { type FetchedCard, fetchCard, isCardFetchError, LOOPBACK_ENV } from "../fetch/safe-fetch";
import { ReviewContext } from "../negotiation/context";
import { INCIDENT_CARDS } from "../negotiation/examples/incidents";
import { ClientProfile, findPreset, PRESETS, presetSlug } from "../negotiation/profile";
import { BUILT_IN_TASK_CLASSES, findTaskClass, TaskClass } from "../negotiation/task-classes";
import { type CliIo, UsageError } from "./io";

/** A card is at most 4 M characters (the core's cap); reading stops a little past it. */
export const MAX_INPUT_BYTES = 8 * 1024 * 1024;

export interface LoadedCard {
  text: string;
  /** What the user named: a path, a URL or "stdin". */
  source: string;
  fetched?: Omit<FetchedCard, "text">;
}

/** `--card FILE|URL|-|example:ID`. */
export async function loadCard(spec: string, io: CliIo): Promise<LoadedCard> {
  if (spec === "-") return { text: await readStream(io.stdin, "the card on stdin"), source: "stdin" };
  if (spec.startsWith("example:")) {
    // The rule's incident cards ship with the engine, so a first run needs no card file.
    const example = INCIDENT_CARDS.find((c) => c.id === spec.slice("example:".length));
    if (!example) throw new UsageError(`--card ${spec}: no such example. Examples: ${listExamples()}.`);
    return { text: example.text, source: spec };
  }
  if (/^https?:\/\//i.test(spec)) {
    try {
      const fetched = await fetchCard(spec, { allowLoopback: io.env[LOOPBACK_ENV] === "1" });
      const { text, ...meta } = fetched;
      return { text, source: spec, fetched: meta };
    } catch (e) {
      if (isCardFetchError(e)) throw new UsageError(`--card ${spec}: fetch refused or failed (${e.code}): ${e.message}`);
      throw e;
    }
  }
  return { text: await readTextFile(spec, io, "--card"), source: spec };
}

export function listExamples(): string {
  return INCIDENT_CARDS.map((c) => `example:${c.id}`).join(", ");
}

/** `--profile FILE|PRESET`: a preset name or slug, else a JSON file holding a client profile. */
export async function loadProfile(spec: string, io: CliIo): Promise<ClientProfile> {
  const looksLikePath = spec.endsWith(".json") || spec.includes("/") || spec.includes(path.sep);
  if (!looksLikePath) {
    const preset = findPreset(spec);
    if (preset) return preset;
    if (!(await exists(resolvePath(spec, io)))) {
      throw new UsageError(`--profile ${spec}: no such preset or file. Presets: ${listPresets()}.`);
    }
  }
  const text = await readTextFile(spec, io, "--profile");
  return parseProfileValue(parseJson(text, `--profile ${spec}`), `--profile ${spec}`);
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
  const text = await readTextFile(spec, io, "--context");
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
  const value = parseJson(await readTextFile(spec, io, "--task-class-file"), where);
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

function parseJson(text: string, where: string): unknown {
  try {
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (e) {
    throw new UsageError(`${where} is not valid JSON: ${(e as Error).message}`);
  }
}

function resolvePath(spec: string, io: CliIo): string {
  return path.resolve(io.cwd, spec);
}

async function exists(file: string): Promise<boolean> {
  try {
    await (await open(file, "r")).close();
    return true;
  } catch {
    return false;
  }
}

/** Read a file as UTF-8, refusing directories and anything past MAX_INPUT_BYTES (no unbounded reads). */
export async function readTextFile(spec: string, io: CliIo, flag: string): Promise<string> {
  const file = resolvePath(spec, io);
  let handle;
  try {
    handle = await open(file, "r");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === "ENOENT" ? "no such file" : code === "EACCES" ? "permission denied" : `cannot open (${code ?? (e as Error).message})`;
    throw new UsageError(`${flag} ${spec}: ${why} (looked at ${file}).`);
  }
  try {
    const stat = await handle.stat();
    if (stat.isDirectory()) throw new UsageError(`${flag} ${spec}: is a directory, not a file.`);
    return await readStream(handle.createReadStream({ autoClose: false }), `${flag} ${spec}`);
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw new UsageError(`${flag} ${spec}: unreadable (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}).`);
  } finally {
    await handle.close();
  }
}

async function readStream(stream: Readable, what: string): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buf = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
    size += buf.length;
    if (size > MAX_INPUT_BYTES) {
      stream.destroy();
      throw new UsageError(`${what} is larger than ${MAX_INPUT_BYTES} bytes; an Agent Card is a few kilobytes.`);
    }
    chunks.push(buf);
  }
  return new TextDecoder("utf-8").decode(Buffer.concat(chunks, size));
}
