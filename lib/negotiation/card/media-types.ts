import { rememberBounded } from "../bounded-memo";

/**
 * Modes are media types (RFC 6838 / RFC 9110): `type/subtype` compared case-insensitively,
 * parameters ignored for matching (`audio/pcm;rate=16000` is `audio/pcm`), wildcards honoured on
 * either side (`audio/*`, `*\/*`), the way HTTP Accept matches content types. Tokens seen in real
 * cards that are not media types get a stated reading: `text` as text/plain, `data` as
 * application/json (a DataPart), `file` as any type (a FilePart of unknown type); the card's
 * validity report warns about each one.
 * Kept allocation-light: these run for every task class of every review.
 */

/** A mode as matching reads it. Callers that compare a mode many times keep its range (mediaRange) rather than the string. */
export interface MediaRange {
  type: string;
  subtype: string;
  /** normalizeMode's answer, built once with the range rather than at every comparison. */
  key: string;
}

/**
 * The non-MIME mode tokens real cards use, and how Parley reads them. A Map, not an object literal:
 * the key is text from a card, and "constructor" or "__proto__" must not find Object.prototype's.
 */
const NON_MIME_READINGS: ReadonlyMap<string, string> = new Map([
  ["text", "text/plain"],
  ["data", "application/json"],
  ["file", "*/*"],
]);

/** How a non-MIME mode token (any case, trimmed) is read, or undefined when it is not one. */
export function nonMimeReading(token: string): string | undefined {
  return NON_MIME_READINGS.get(token.trim().toLowerCase());
}

const cache = new Map<string, MediaRange>();

function parse(mode: string): MediaRange {
  const hit = cache.get(mode);
  if (hit) return hit;
  let bare = mode;
  const semicolon = bare.indexOf(";");
  if (semicolon !== -1) bare = bare.slice(0, semicolon);
  bare = bare.trim().toLowerCase();
  bare = NON_MIME_READINGS.get(bare) ?? bare;
  if (bare === "*") bare = "*/*";
  const slash = bare.indexOf("/");
  const type = slash === -1 ? bare : bare.slice(0, slash).trim();
  const subtype = slash === -1 ? "" : bare.slice(slash + 1).trim();
  const range = { type, subtype, key: subtype === "" ? type : `${type}/${subtype}` };
  // Hostile cards can hold thousands of distinct strings: keep the cache bounded.
  return rememberBounded(cache, 5000, mode, range);
}

/** The mode's range, for callers that compare it more than once (one cache lookup, not one per comparison). */
export function mediaRange(mode: string): MediaRange {
  return parse(mode);
}

/** `type/subtype` in lower case, parameters dropped: the part of a mode that matching reads. */
export function normalizeMode(mode: string): string {
  return parse(mode).key;
}

/** Parameters as written (`rate=16000`), for display; "" when there are none. */
export function modeParameters(mode: string): string {
  const semicolon = mode.indexOf(";");
  return semicolon === -1 ? "" : mode.slice(semicolon + 1).trim();
}

/** Do two modes share some concrete media type? Wildcards on either side. */
export function modesOverlap(a: string, b: string): boolean {
  return rangesOverlap(parse(a), parse(b));
}

/** modesOverlap on ranges already read. */
export function rangesOverlap(x: MediaRange, y: MediaRange): boolean {
  if (x.type !== "*" && y.type !== "*" && x.type !== y.type) return false;
  if (x.subtype === "*" || y.subtype === "*" || x.type === "*" || y.type === "*") return true;
  return x.subtype === y.subtype;
}

/** The more specific of two overlapping modes (`audio/pcm` over `audio/*`): what is actually exchanged. */
export function narrower(a: string, b: string): string {
  return specificity(parse(b)) > specificity(parse(a)) ? b : a;
}

/** Is `b` more specific than `a` (so narrower(a, b) is b)? */
export function moreSpecific(b: MediaRange, a: MediaRange): boolean {
  return specificity(b) > specificity(a);
}

function specificity(r: MediaRange): number {
  return r.type === "*" ? 0 : r.subtype === "*" ? 1 : 2;
}

/** True when any mode in `list` overlaps `mode`. An undefined list means "any" (A2A's default for accepted outputs). */
export function listCovers(list: readonly string[] | undefined, mode: string): boolean {
  if (list === undefined) return true;
  for (const entry of list) if (modesOverlap(entry, mode)) return true;
  return false;
}

/** True when some mode of a declared list overlaps `mode`; an undefined or empty list has none. */
export function listHas(list: readonly string[] | undefined, mode: string): boolean {
  if (list === undefined || list.length === 0) return false;
  for (const entry of list) if (modesOverlap(entry, mode)) return true;
  return false;
}

/** Adds `mode` to `out` unless a mode with the same type/subtype is already there; keeps the first spelling. */
export function pushUnique(out: string[], mode: string): void {
  const key = normalizeMode(mode);
  for (const known of out) if (normalizeMode(known) === key) return;
  out.push(mode);
}
