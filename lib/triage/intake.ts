import { findJsonSyntaxError } from "../negotiation/card/json-scan";
import { parseCardText, positionAt } from "../negotiation/card/parse-text";
import { makeProblem } from "../negotiation/card/problems";
import type { ValidityProblem } from "../negotiation/card/validity";
import { ClientProfile } from "../negotiation/profile";
import { decodeUtf8 } from "./utf8";
import { MAX_CARD_URL_LENGTH, readCardUrlForm } from "../wire/card-url";
import { MAX_TRIAGE_CARD_CHARS, MAX_TRIAGE_PROFILES, readTriageValue, TRIAGE_FILE_TYPE, type TriageFile } from "./triage";

/**
 * What a file dropped on (or picked for) the triage is: a card, client profiles (one, or a list as
 * the saved-profiles export writes), a saved triage, or refused with why. Every refusal is data —
 * a code and what it needs — so the page can list the file and say what is wrong with it; nothing
 * dropped is ever skipped silently.
 */
export type IntakeEntry =
  /** `cardName`: the card's own name, when it has one (a pasted card is labelled by it). */
  | { kind: "card"; name: string; text: string; cardName?: string }
  | { kind: "profiles"; name: string; profiles: ClientProfile[] }
  | { kind: "triage"; name: string; file: TriageFile }
  | { kind: "refused"; name: string; reason: IntakeRefusal };

export type IntakeRefusal =
  /** `of`: the limit is a card's, or any file's (a saved triage may be larger than a card). */
  | { code: "tooLarge"; size: number; limit: number; of: "card" | "file" }
  | { code: "notText" }
  /** The bytes are not UTF-8: the 0-based offset of the first broken sequence, and its first byte. */
  | { code: "notUtf8"; offset: number; byte: number }
  | { code: "notJson"; problem: ValidityProblem }
  | { code: "badTriageFile"; pointer: string; message: string }
  | { code: "unreadable"; message: string };

/**
 * Bytes read before anything else: a file past this is refused by its size alone, unread. A card
 * may be at most MAX_TRIAGE_CARD_CHARS; a saved triage (many cards) may be larger, up to this.
 */
export const MAX_INTAKE_BYTES = 64 * 1024 * 1024;

/** A file's bytes → what it is. A byte sequence that is not UTF-8 (an image, an archive) is not a card. */
export function classifyBytes(name: string, bytes: Uint8Array): IntakeEntry {
  if (bytes.length > MAX_INTAKE_BYTES) return refuse(name, { code: "tooLarge", size: bytes.length, limit: MAX_INTAKE_BYTES, of: "file" });
  const decoded = decodeUtf8(bytes);
  if (!decoded.ok) return refuse(name, { code: "notUtf8", offset: decoded.offset, byte: decoded.byte });
  const text = decoded.text;
  // UTF-8 can hold NUL, but no JSON document does outside a string escape: a binary file that happens to decode.
  if (text.includes("\u0000")) return refuse(name, { code: "notText" });
  return classifyText(name, text);
}

/** A file's text → what it is. */
export function classifyText(name: string, text: string): IntakeEntry {
  if (text.length > MAX_TRIAGE_CARD_CHARS) return classifyLarge(name, text);
  const parsed = parseCardText(text);
  if (!parsed.ok) return refuse(name, { code: "notJson", problem: parsed.problem });
  const value = parsed.value;
  if (isRecord(value) && value.type === TRIAGE_FILE_TYPE) return triageEntry(name, value);
  const profiles = readProfiles(value);
  if (profiles) return { kind: "profiles", name, profiles };
  // Any other JSON is a card, valid or not: the review says what is wrong with it, in the grid.
  const cardName = isRecord(value) && typeof value.name === "string" && value.name.trim() !== "" ? value.name.trim().slice(0, 200) : undefined;
  return cardName === undefined ? { kind: "card", name, text } : { kind: "card", name, text, cardName };
}

/** Past a card's size, only a saved triage (many cards in one file) is taken. */
function classifyLarge(name: string, text: string): IntakeEntry {
  const tooLarge = refuse(name, { code: "tooLarge", size: text.length, limit: MAX_TRIAGE_CARD_CHARS, of: "card" });
  // A saved triage says so in its first lines; anything else this large is not read at all.
  if (!/"type"\s*:\s*"parley\.triage"/.test(text.slice(0, 4096))) return tooLarge;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return refuse(name, { code: "notJson", problem: describeLater(text) });
  }
  return isRecord(value) && value.type === TRIAGE_FILE_TYPE ? triageEntry(name, value) : tooLarge;
}

/** Where a large text stops being JSON, said as the card parser says it (it scans, never parses, past its size). */
function describeLater(text: string): ValidityProblem {
  const position = findJsonSyntaxError(text);
  const at = positionAt(text, position?.offset ?? 0);
  const problem = makeProblem("notJson", "", { reason: position?.code ?? "invalidSyntax", line: at.line, column: at.column });
  problem.position = at;
  return problem;
}

function triageEntry(name: string, value: unknown): IntakeEntry {
  const read = readTriageValue(value);
  return read.ok ? { kind: "triage", name, file: read.file } : refuse(name, { code: "badTriageFile", pointer: read.pointer, message: read.message });
}

/**
 * A profile, or a non-empty list of nothing but profiles; anything else is not read as profiles.
 * A profile must say something about the client besides its name: `{"name": "…"}` alone is more
 * likely a card cut short than a client that declares nothing.
 */
function readProfiles(value: unknown): ClientProfile[] | undefined {
  const entries = Array.isArray(value) ? value : [value];
  if (entries.length === 0 || entries.length > MAX_TRIAGE_PROFILES) return undefined;
  const out: ClientProfile[] = [];
  for (const entry of entries) {
    if (!isRecord(entry) || !Object.keys(entry).some((key) => key !== "name" && key !== "description")) return undefined;
    const profile = ClientProfile.safeParse(entry);
    if (!profile.success) return undefined;
    out.push(profile.data);
  }
  return out;
}

function refuse(name: string, reason: IntakeRefusal): IntakeEntry {
  return { kind: "refused", name, reason };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Why a line cannot be a card URL by its form alone (the fetch route's own rules, lib/wire/card-url),
 * in the route's words without the URL (the line is shown beside); undefined when it can. (The
 * route checks again, and judges the host, which only it can resolve.)
 */
export function urlFormProblem(line: string): string | undefined {
  const form = readCardUrlForm(line);
  if (form.ok) return undefined;
  switch (form.problem) {
    case "empty":
      return "No URL was given.";
    case "tooLong":
      return `The URL is longer than ${MAX_CARD_URL_LENGTH} characters.`;
    case "notUrl":
      return `"${form.text}" is not a valid URL.`;
    case "scheme":
      return `Only http and https URLs can be fetched, not ${form.url!.protocol.replace(/:$/, "")}:.`;
    case "credentials":
      return "The URL carries a user name or password; remove the credentials.";
    case "noHost":
      return "The URL has no host.";
  }
}

/** A line of a pasted URL list that is not a URL Parley would fetch, with the reason the fetch route would give. */
export interface RefusedUrlLine {
  /** 1-based line number in the pasted text. */
  line: number;
  text: string;
  message: string;
}

/**
 * A pasted list of card URLs: one per line (a line is one URL, spaces and all), blank lines and lines
 * starting with # ignored, duplicates kept once. A line the fetch route would refuse by its form (not
 * a URL, another scheme than http or https, too long, credentials in it) is refused here with the
 * route's own sentence and never sent; whether its host may be fetched is the route's to say.
 */
export function parseUrlList(text: string, max: number): { urls: string[]; refused: RefusedUrlLine[]; duplicates: number; overLimit: number } {
  const urls: string[] = [];
  const refused: RefusedUrlLine[] = [];
  const seen = new Set<string>();
  let duplicates = 0;
  let overLimit = 0;
  text.split(/\r?\n/).forEach((line, index) => {
    const trimmed = line.trim();
    if (trimmed === "" || trimmed.startsWith("#")) return;
    const problem = urlFormProblem(trimmed);
    if (problem) {
      refused.push({ line: index + 1, text: trimmed, message: problem });
      return;
    }
    if (seen.has(trimmed)) {
      duplicates++;
      return;
    }
    seen.add(trimmed);
    if (urls.length >= max) overLimit++;
    else urls.push(trimmed);
  });
  return { urls, refused, duplicates, overLimit };
}
