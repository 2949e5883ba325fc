import type * as z from "../zod";
import type { JsonObject } from "./json-value";

type Issue = z.core.$ZodIssue;
type Finder = (schema: z.ZodMiniType, value: unknown) => readonly Issue[];

/** A top-level array longer than this is validated a chunk at a time. */
export const ARRAY_CHUNK = 1024;

/**
 * The issues a card schema finds in a card, as `find` would report them for the whole card, but
 * with every top-level array longer than ARRAY_CHUNK validated a chunk at a time, and no more
 * chunks of an array once it alone has `limit` issues (the caller keeps only the first `limit`).
 * A card of 350,000 empty skills gave zod 1.4 million issues, seconds of work, and a RangeError
 * when zod spread them into one list (read as "nested too deeply"); now it is a few chunks. The
 * schemas check each element on its own (no refinement looks across fields), so a chunk's issues
 * are the whole card's with the index moved; issues are ordered as zod orders them, by the
 * schema's keys. The card itself is never changed.
 */
/** Filled by findIssuesInChunks when asked: whether it left chunks of a long array unread. */
export interface ChunkReading {
  stoppedEarly: boolean;
}

/**
 * `long`: the card's keys holding long arrays, as longArrayKeys answers (undefined for none). The
 * caller asks once per card and passes the answer to every tier: a default here asked again for
 * every tier of every review.
 */
export function findIssuesInChunks(
  find: Finder,
  schema: z.ZodMiniType,
  card: JsonObject,
  limit: number,
  long: readonly string[] | undefined,
  reading?: ChunkReading,
): readonly Issue[] {
  if (!long) return find(schema, card);
  // Built with data properties (fromEntries, computed keys): a key "__proto__" stays a key.
  const first = Object.fromEntries(Object.entries(card).map(([key, value]) => [key, long.includes(key) ? (value as unknown[]).slice(0, ARRAY_CHUNK) : value]));
  const groups = new Map<PropertyKey, Issue[]>();
  const add = (issue: Issue) => {
    const key = issue.path[0] ?? "";
    const group = groups.get(key);
    if (group) group.push(issue);
    else groups.set(key, [issue]);
  };
  for (const issue of find(schema, first)) add(issue);
  // One card and one chunk list, refilled for every chunk: no schema keeps the value it checks
  // (issues hold paths), and a 10,000-skill card's three tiers sliced thirty 1,024-item copies.
  // The card is a spread of `first` (data properties: a "__proto__" key is its own, so setting it
  // sets that key, not the prototype).
  const chunkCard: JsonObject = { ...first };
  const chunk: unknown[] = [];
  for (const key of long) {
    const list = card[key] as unknown[];
    let start = ARRAY_CHUNK;
    for (; start < list.length && (groups.get(key)?.length ?? 0) < limit; start += ARRAY_CHUNK) {
      const end = Math.min(start + ARRAY_CHUNK, list.length);
      chunk.length = end - start;
      for (let j = start; j < end; j++) chunk[j - start] = list[j];
      chunkCard[key] = chunk;
      for (const issue of find(schema, chunkCard)) {
        const index = issue.path[1];
        if (issue.path[0] !== key || typeof index !== "number") continue;
        add({ ...issue, path: [key, index + start, ...issue.path.slice(2)] });
      }
    }
    // Chunks left unread: the array has more issues than were looked for.
    if (start < list.length && reading) reading.stoppedEarly = true;
    chunkCard[key] = first[key];
  }
  const order = shapeKeys(schema);
  const rank = (key: PropertyKey) => {
    const at = typeof key === "string" ? order.indexOf(key) : -1;
    return at === -1 ? order.length : at;
  };
  // A stable sort: keys the schema does not name keep the order zod reported them in, after the rest.
  return [...groups.entries()].sort((a, b) => rank(a[0]) - rank(b[0])).flatMap(([, issues]) => issues);
}

/**
 * The shortest JSON text that can hold an array longer than ARRAY_CHUNK: its brackets, its values
 * (a character each at least) and the commas between them. A card parsed from shorter text has
 * none, so its review need not look (longArrayKeys walks every key of the card).
 */
export const MIN_TEXT_WITH_LONG_ARRAY = 2 * (ARRAY_CHUNK + 1) + 1;

/**
 * The card's own keys holding an array longer than ARRAY_CHUNK, in key order; undefined when there
 * are none (nearly every card). Validation asks once per card, not once per schema tier. for-in
 * reads a parsed object's values without a key list; an inherited key (a value built in code) is
 * not the card's own and is skipped, as Object.keys skips it.
 */
export function longArrayKeys(card: JsonObject): string[] | undefined {
  let long: string[] | undefined;
  for (const key in card) {
    const value = card[key];
    if (Array.isArray(value) && value.length > ARRAY_CHUNK && Object.prototype.hasOwnProperty.call(card, key)) (long ??= []).push(key);
  }
  return long;
}

/** The keys of an object schema in the order zod checks them (none for another kind of schema). */
function shapeKeys(schema: z.ZodMiniType): string[] {
  const def = (schema as unknown as { def: { type?: string; shape?: Record<string, unknown> } }).def;
  return def.type === "object" && def.shape ? Object.keys(def.shape) : [];
}
