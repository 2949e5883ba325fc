import * as z from "../../zod";

/**
 * What the compiled card validator calls at run time: the few steps too long to write out per node
 * (a minimum length, a record's symbol keys, a node left to zod). Both forms of the validator use
 * them — the module written at build time (generated.ts, what runs everywhere) and the code
 * compile.ts builds in memory for a schema given at run time (tests).
 */

/** What mapIssues reads of a zod issue (code, path, and `expected` / `params` when present). */
export interface CompiledIssue {
  code: string;
  path: PropertyKey[];
  expected?: string;
  params?: unknown;
  origin?: string;
  minimum?: number;
  /** zod's own flag: false stops later checks of the same value (an aborting refinement). */
  continue?: boolean;
  message: string;
}

/** One schema node's check: issues for `value` (at `path`, pushed and popped by the steps) go to `out`. */
export type Step = (value: unknown, path: PropertyKey[], out: CompiledIssue[]) => void;

/** zod's minimum-length check, run after the array's own issues (from `start` on) as zod runs it. */
export function checkMinimum(value: unknown, path: PropertyKey[], out: CompiledIssue[], start: number, minimum: number): void {
  if (value === null || value === undefined) return;
  // zod runs a check with a guard even after other issues, unless one of them aborts explicitly.
  for (let i = start; i < out.length; i++) if (out[i]!.continue === false) return;
  const units = (value as { length?: unknown }).length;
  if (units === undefined) return;
  const length = typeof value === "string" && value.length >= minimum && value.length < minimum * 2 ? codePointLength(value) : units;
  if ((length as number) >= minimum) return;
  const origin = Array.isArray(value) ? "array" : typeof value === "string" ? "string" : "unknown";
  out.push({ code: "too_small", origin, minimum, path: path.slice(), continue: true, message: "" });
}

/** zod's isPlainObject, which a record's input must pass (a plain boolean: generated code's values stay `any`). */
export function isPlainObject(value: unknown): boolean {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const ctor = (value as { constructor?: unknown }).constructor;
  if (ctor === undefined || typeof ctor !== "function") return true;
  const proto: unknown = (ctor as { prototype?: unknown }).prototype;
  if (typeof proto !== "object" || proto === null || Array.isArray(proto)) return false;
  return Object.prototype.hasOwnProperty.call(proto, "isPrototypeOf");
}

/**
 * A record's enumerable symbol keys, each an invalid key as zod reports it (zod walks
 * Reflect.ownKeys: the string keys, then the symbols).
 */
export function recordSymbols(value: object, path: PropertyKey[], out: CompiledIssue[]): void {
  const symbols = Object.getOwnPropertySymbols(value);
  for (let i = 0; i < symbols.length; i++) {
    const k = symbols[i]!;
    if (Object.prototype.propertyIsEnumerable.call(value, k)) out.push({ code: "invalid_key", origin: "record", path: [...path, k], message: "" });
  }
}

/** A refinement answered a promise, which a synchronous parse cannot wait for (zod refuses it too). */
export function asyncRefinement(): never {
  throw new Error("card schemas have no asynchronous refinements");
}

/**
 * A node the compiler does not model runs on zod's public parse, its issues re-rooted at the
 * node's path. (zod's finished issues no longer say whether they aborted; none of the card
 * schemas' nodes runs here, so no minimum-length check above one can be told otherwise.)
 */
export function onZod(schema: z.ZodMiniType, value: unknown, path: PropertyKey[], out: CompiledIssue[]): void {
  const result = z.safeParse(schema, value);
  if (result.success) return;
  for (const raw of result.error.issues) {
    out.push({ ...(raw as object), path: [...path, ...raw.path], message: "" } as CompiledIssue);
  }
}

/** UTF-16 units, less one per surrogate pair (zod's count: a lone surrogate is one). */
function codePointLength(text: string): number {
  let count = text.length;
  for (let i = 0; i < text.length - 1; i++) {
    if ((text.charCodeAt(i) & 0xfc00) === 0xd800 && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      count--;
      i++;
    }
  }
  return count;
}
