/**
 * Mode (MIME type) helpers shared by the invariants. Media types are case-insensitive (RFC 2045),
 * and a client's accepted modes may use wildcards (`*\/*`, `audio/*`) the way HTTP Accept does.
 * Kept allocation-light: these run for every task class of every review.
 */

export function normalizeMode(mode: string): string {
  return mode.trim().toLowerCase();
}

/** Does `accepted` (possibly a wildcard) cover the concrete `mode`? */
export function modeMatches(accepted: string, mode: string): boolean {
  const a = normalizeMode(accepted);
  const m = normalizeMode(mode);
  if (a === m || a === "*/*" || a === "*") return true;
  if (a.endsWith("/*")) return m.startsWith(a.slice(0, -1));
  return false;
}

/** True when any mode in `list` covers `mode`. An undefined list means "any" (A2A's default). */
export function listCovers(list: readonly string[] | undefined, mode: string): boolean {
  if (list === undefined) return true;
  for (const entry of list) if (modeMatches(entry, mode)) return true;
  return false;
}

/** Exact (case-insensitive) membership, no wildcards: for card-declared mode lists. */
export function listHas(list: readonly string[] | undefined, mode: string): boolean {
  if (list === undefined || list.length === 0) return false;
  const m = normalizeMode(mode);
  for (const entry of list) if (normalizeMode(entry) === m) return true;
  return false;
}

/** Adds `mode` to `out` unless an equal mode (case-insensitive) is already there; keeps first spelling. */
export function pushUnique(out: string[], mode: string): void {
  if (!listHas(out, mode)) out.push(mode);
}
