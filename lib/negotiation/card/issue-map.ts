import type * as z from "../zod";
import { ISSUES_READ_PER_TIER } from "../caps";
import type { ProblemCode } from "./problem-codes";
import { describeJsonType, type ProblemSink } from "./problems";
import { escapePointerSegment, pointerFromPath } from "./pointer";
import { isObject } from "./json-value";

/** Issues of one tier turned into problems; the rest of a hostile card's are not read (caps.ts). */
export const MAX_ISSUES_PER_TIER = ISSUES_READ_PER_TIER;

export type Tier = "critical" | "required" | "spec";

const CODES: Record<Tier, { missing: ProblemCode; type: ProblemCode; empty: ProblemCode }> = {
  critical: { missing: "missingField", type: "wrongType", empty: "emptyList" },
  required: { missing: "missingRequiredField", type: "requiredFieldWrongType", empty: "emptyRequiredList" },
  spec: { missing: "missingSpecField", type: "ignoredWrongType", empty: "emptySpecList" },
};

/** `["skills", 0, "id"]` → `skills[0].id`: how a person names a field in a message. */
export function displayPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else out += (out === "" ? "" : ".") + String(key);
  }
  return out;
}

function readAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let node: unknown = root;
  for (const key of path) {
    if (Array.isArray(node) && typeof key === "number") node = node[key];
    else if (isObject(node) && typeof key === "string" && Object.prototype.hasOwnProperty.call(node, key)) node = node[key];
    else return undefined;
  }
  return node;
}

function expectedOf(issue: z.core.$ZodIssue): string {
  if (issue.code === "invalid_type") return issue.expected;
  if (issue.code === "custom") {
    const expected = (issue.params as { expected?: unknown } | undefined)?.expected;
    if (typeof expected === "string") return expected;
  }
  return "a valid value";
}

/**
 * Turns zod issues into validity problems. `seen` holds pointers already reported (by the
 * critical tier) so the spec tier does not report the same field twice.
 */
export function mapIssues(
  issues: readonly z.core.$ZodIssue[],
  tier: Tier,
  root: unknown,
  basePath: readonly PropertyKey[],
  sink: ProblemSink,
  seen: ReportedPointers,
): void {
  const codes = CODES[tier];
  // A hostile card can produce an issue per array element; a few hundred say enough.
  const count = Math.min(issues.length, MAX_ISSUES_PER_TIER);
  for (let i = 0; i < count; i++) {
    const issue = issues[i]!;
    // The issue's own path when there is no base to prepend (the card's tiers): no copy.
    const path = basePath.length === 0 ? issue.path : [...basePath, ...issue.path];
    // Most issues name a top-level field: its pointer and name need no walk over the path.
    const top = path.length === 1 && typeof path[0] === "string" ? path[0] : undefined;
    const pointer = top === undefined ? pointerFromPath(path) : "/" + escapePointerSegment(top);
    if (seen.covers(pointer)) continue;
    seen.add(pointer);
    const field = top === undefined ? displayPath(path) : top;
    if (issue.code === "too_small") {
      sink.add(codes.empty, pointer, { field });
      continue;
    }
    const value = top === undefined ? readAt(root, path) : isObject(root) && Object.prototype.hasOwnProperty.call(root, top) ? root[top] : undefined;
    const expected = expectedOf(issue);
    if (value === undefined) {
      // A missing field is reported on the object that lacks it, so an editor can underline it.
      sink.add(codes.missing, top === undefined ? pointerFromPath(path, path.length - 1) : "", { field, expected });
    } else {
      sink.add(codes.type, pointer, { field, expected, found: describeJsonType(value) });
    }
  }
}

/**
 * The pointers already reported. covers() is true when the pointer or one of its ancestors was.
 * A card with a few issues compares against each reported pointer in a list (no strings made, no
 * hashing); past SCAN_LIMIT, a hostile card's hundreds, a set looks up each ancestor instead
 * (O(depth), not O(reported)).
 */
export class ReportedPointers {
  private readonly list: string[] = [];
  private set: Set<string> | undefined;

  add(pointer: string): void {
    this.list.push(pointer);
    if (this.set) this.set.add(pointer);
    else if (this.list.length > SCAN_LIMIT) this.set = new Set(this.list);
  }

  covers(pointer: string): boolean {
    const set = this.set;
    if (set === undefined) {
      const list = this.list;
      for (let i = 0; i < list.length; i++) {
        const reported = list[i]!;
        // The length and the slash first: most reported pointers are cut off there, without a
        // string comparison.
        const length = reported.length;
        if (pointer.length === length ? pointer === reported : pointer.length > length && pointer.charCodeAt(length) === SLASH && pointer.startsWith(reported)) return true;
      }
      return false;
    }
    let cut = pointer.length;
    for (;;) {
      if (set.has(pointer.slice(0, cut))) return true;
      if (cut === 0) return false;
      cut = pointer.lastIndexOf("/", cut - 1);
      if (cut < 0) return false;
    }
  }
}

const SCAN_LIMIT = 16;
const SLASH = 47;
