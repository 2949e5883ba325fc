import * as z from "../../zod";

/**
 * A card schema compiled into plain closures that report the same issues zod reports, in the same
 * order, without zod's per-node payload objects, issue finalisation (English messages nobody here
 * reads) and output value. For the hot path in Node (the CLI, batch): schema validation was the
 * biggest part of a review there. The browser keeps running the zod/mini schemas themselves, so
 * none of this ships in its bundle.
 *
 * It reads the schemas through zod's public API only — each schema's `.def` (its definition: type,
 * shape, element, inner type, refinement), `z.toJSONSchema` for an array's minimum length, and
 * `z.safeParse` for what it leaves to zod — which is how they stay the one source of truth and why
 * zod can move within its major version. Only the kinds the card schemas use are compiled (loose object, array with a minimum length,
 * string, optional, nullable, custom, record of strings, unknown); any other node, or a node with
 * a check it does not know, runs on zod itself, so a schema change can make it slower, never
 * different. A differential test holds it to zod over the corpus and a fuzz set.
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

/** Validates `value`, returning its issues (empty when valid). Never allocates on a valid value beyond two small arrays. */
export type CompiledSchema = (value: unknown) => CompiledIssue[];

type Step = (value: unknown, path: PropertyKey[], out: CompiledIssue[]) => void;

/** What this compiler reads of a schema: its public definition (zod/mini's `schema.def`). */
interface Def {
  type: string;
  checks?: readonly unknown[];
  shape?: Record<string, Schema>;
  catchall?: Schema;
  element?: Schema;
  innerType?: Schema;
  keyType?: Schema;
  valueType?: Schema;
  mode?: string;
  fn?: (value: unknown) => unknown;
  params?: unknown;
  abort?: boolean;
  path?: PropertyKey[];
}
interface Schema {
  def: Def;
}

/**
 * Whether an object key may be absent ("optional"), is filled in ("defaulted"), or must be present
 * (undefined), worked out from the definitions of the kinds compiled here; null for any other kind,
 * whose object is then left to zod.
 */
function optIn(node: Schema): "optional" | "defaulted" | undefined | null {
  const def = node.def;
  switch (def.type) {
    case "optional": {
      const inner = optIn(def.innerType!);
      return inner === null ? null : inner === "defaulted" ? "defaulted" : "optional";
    }
    case "nullable":
      return optIn(def.innerType!);
    case "string":
    case "unknown":
    case "object":
    case "array":
    case "record":
    case "custom":
      return undefined;
    default:
      return null;
  }
}

/** Whether the key may be absent from the output (zod's optional out): an optional, or a nullable around one. */
function optOut(node: Schema): "optional" | undefined {
  const def = node.def;
  if (def.type === "optional") return "optional";
  return def.type === "nullable" ? optOut(def.innerType!) : undefined;
}

export function compileSchema(schema: z.ZodMiniType, options: { generateCode?: boolean } = {}): CompiledSchema {
  const generated = options.generateCode === false ? undefined : generateStep(schema as unknown as Schema);
  const step = generated ?? compileStep(schema as unknown as Schema);
  // One path array for every run of this schema (the steps push and pop it, and report copies of
  // it): a fresh one grew a backing store on every validation.
  const path: PropertyKey[] = [];
  return (value) => {
    const out: CompiledIssue[] = [];
    if (path.length !== 0) path.length = 0; // a run cut short (a card nested too deep) leaves segments
    step(value, path, out);
    return out;
  };
}

/**
 * The same steps as straight-line JavaScript, one function per schema (what classic zod's objects
 * do too): property names become literals, so each access site sees one shape instead of every
 * object the shared closures visit. Nodes it does not write out call the closure steps. Where code
 * cannot be generated (a runtime that forbids it), undefined: the closures alone then run.
 */
function generateStep(schema: Schema): Step | undefined {
  const external: unknown[] = [];
  let counter = 0;
  const fresh = (prefix: string) => `${prefix}${counter++}`;
  const ref = (value: unknown) => `x[${external.push(value) - 1}]`;
  // `key`, when given, is the path segment (a literal or a loop variable) the node's value sits at,
  // not yet on `path`: a leaf that passes puts nothing on the path, one that fails names it in its
  // issue; a node with children pushes it for them (most of a valid card's fields are leaves).
  const pathOf = (key: string | undefined) => (key === undefined ? "path.slice()" : `[...path, ${key}]`);
  const issue = (fields: string, key?: string) => `out.push({ ${fields}, path: ${pathOf(key)}, message: "" });`;
  const under = (key: string | undefined, code: string) => (key === undefined || code === "" ? code : `path.push(${key}); ${code} path.pop();`);

  const gen = (node: Schema, v: string, key?: string): string => {
    const def = node.def;
    const checks = def.checks ?? [];
    const minimum = def.type === "array" ? minimumLength(node) : undefined;
    // A node with checks is written out only when they are an array's one minimum length; any
    // other check (null from minimumLength) leaves the node to its closure step, which hands it to zod.
    switch (checks.length && typeof minimum !== "number" ? "" : def.type) {
      case "string":
        return `if (typeof ${v} !== "string") ${issue(`code: "invalid_type", expected: "string"`, key)}`;
      case "unknown":
        return "";
      case "nullable":
        return `if (${v} !== null) { ${gen(def.innerType!, v, key)} }`;
      case "optional":
        if (optIn(def.innerType!) !== undefined && optIn(def.innerType!) !== "optional") break;
        return `if (${v} !== undefined) { ${gen(def.innerType!, v, key)} }`;
      case "array": {
        const i = fresh("i");
        const e = fresh("e");
        const start = fresh("s");
        const loop = `if (Array.isArray(${v})) { for (let ${i} = 0; ${i} < ${v}.length; ${i}++) { const ${e} = ${v}[${i}]; ${gen(def.element!, e, i)} } } else ${issue(`code: "invalid_type", expected: "array"`)}`;
        if (minimum === undefined) return under(key, loop);
        // A valid non-empty array (the usual case) needs no call: only then is the check a no-op.
        return under(key, `{ const ${start} = out.length; ${loop} if (!(Array.isArray(${v}) && ${v}.length >= ${minimum} && out.length === ${start})) ${ref(checkMinimum)}(${v}, path, out, ${start}, ${minimum}); }`);
      }
      case "object": {
        const shape = def.shape!;
        const catchall = def.catchall?.def.type;
        if ((catchall !== undefined && catchall !== "unknown") || Object.getOwnPropertySymbols(shape).length) break;
        const fields = Object.keys(shape).filter((key) => key !== "__proto__");
        const plain = fields.every((key) => {
          const optin = optIn(shape[key]!);
          const optout = optOut(shape[key]!);
          return (optin === "optional" && optout === "optional") || (optin === undefined && optout === undefined);
        });
        if (!plain) break;
        const code = fields.map((name) => {
          const child = shape[name]!;
          const k = JSON.stringify(name);
          const f = fresh("f");
          // zod tests a key with `in`; a value read that is not undefined answers it with one lookup.
          // A plain optional field does nothing with an undefined value, present or not: no `in` then
          // (an absent key costs a lookup up the prototype chain, several per skill of a large card).
          if (isPlainOptional(child)) return `{ const ${f} = ${v}[${k}]; ${gen(child, f, k)} }`;
          if (optIn(child) === "optional") return `{ const ${f} = ${v}[${k}]; if (${f} !== undefined || ${k} in ${v}) { ${gen(child, f, k)} } }`;
          const before = fresh("n");
          const present = fresh("p");
          return (
            `{ const ${f} = ${v}[${k}]; const ${present} = ${f} !== undefined || ${k} in ${v}; const ${before} = out.length; ${gen(child, f, k)}` +
            ` if (!${present} && out.length === ${before}) out.push({ code: "invalid_type", expected: "nonoptional", path: [...path, ${k}], message: "" }); }`
          );
        });
        return under(key, `if (typeof ${v} !== "object" || ${v} === null || Array.isArray(${v})) ${issue(`code: "invalid_type", expected: "object"`)} else { ${code.join(" ")} }`);
      }
    }
    // Everything else (records, refinements, minimum lengths, zod fallbacks) runs its closure step.
    return under(key, `${ref(compileStep(node))}(${v}, path, out);`);
  };

  const body = gen(schema, "value");
  try {
    return new Function("x", `"use strict"; return function generatedStep(value, path, out) { ${body} };`)(external) as Step;
  } catch {
    return undefined;
  }
}

/** An optional node gen() writes as `if (value !== undefined) { … }` (the case "optional" above). */
function isPlainOptional(node: Schema): boolean {
  const def = node.def;
  return def.type === "optional" && !def.checks?.length && (optIn(def.innerType!) === undefined || optIn(def.innerType!) === "optional");
}

const NOOP: Step = () => {};

function compileStep(schema: Schema): Step {
  const def = schema.def;
  const checks = def.checks ?? [];
  switch (def.type) {
    case "string":
      return checks.length ? onZod(schema) : stringStep;
    case "unknown":
      return checks.length ? onZod(schema) : NOOP;
    case "optional": {
      if (checks.length || optIn(def.innerType!) !== undefined && optIn(def.innerType!) !== "optional") return onZod(schema);
      const inner = compileStep(def.innerType!);
      return (value, path, out) => {
        if (value !== undefined) inner(value, path, out);
      };
    }
    case "nullable": {
      if (checks.length) return onZod(schema);
      const inner = compileStep(def.innerType!);
      return (value, path, out) => {
        if (value !== null) inner(value, path, out);
      };
    }
    case "object":
      return compileObject(schema);
    case "array":
      return compileArray(schema);
    case "record":
      return compileRecord(schema);
    case "custom":
      return compileCustom(schema);
    default:
      return onZod(schema);
  }
}

const stringStep: Step = (value, path, out) => {
  if (typeof value !== "string") out.push({ code: "invalid_type", expected: "string", path: path.slice(), message: "" });
};

function compileObject(schema: Schema): Step {
  const def = schema.def;
  const shape = def.shape!;
  const catchallType = def.catchall?.def.type;
  // A strict or typed catchall reports unknown keys or checks their values: left to zod.
  if (def.checks?.length || (catchallType !== undefined && catchallType !== "unknown") || Object.getOwnPropertySymbols(shape).length) {
    return onZod(schema);
  }
  const fields = Object.keys(shape)
    .filter((key) => key !== "__proto__")
    .map((key) => ({ key, step: compileStep(shape[key]!), optin: optIn(shape[key]!), optout: optOut(shape[key]!) }));
  if (fields.some((field) => field.optin === null)) return onZod(schema);
  return (value, path, out) => {
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      out.push({ code: "invalid_type", expected: "object", path: path.slice(), message: "" });
      return;
    }
    const record = value as Record<string, unknown>;
    for (let i = 0; i < fields.length; i++) {
      const field = fields[i]!;
      // As zod does: presence by `in`, the value read directly, and an absent optional key skipped.
      const present = field.key in record;
      if (!present && field.optout === "optional" && field.optin === "optional") continue;
      const before = out.length;
      path.push(field.key);
      field.step(record[field.key], path, out);
      path.pop();
      // (zod also drops issues of an absent optional-in-and-out key; its optional never reports any
      // for an absent value, so that case cannot arise here.)
      if (out.length === before && !present && field.optin === undefined) {
        out.push({ code: "invalid_type", expected: "nonoptional", path: [...path, field.key], message: "" });
      }
    }
  };
}

/**
 * The minimum of an array's one minimum-length check; null when its checks are anything else;
 * undefined when it has none. zod's public API does not describe a check, so it asks zod's JSON
 * Schema conversion: one check, and the array's JSON Schema gaining exactly `minItems`, is a
 * minimum length. (A refinement, which JSON Schema cannot express, shows no `minItems`: it stays
 * with zod.) What the conversion does not show is a check's `abort` or `when` options; card schemas
 * set neither, and the differential test holds the result to zod.
 */
function minimumLength(schema: Schema): number | null | undefined {
  const checks = schema.def.checks ?? [];
  if (checks.length === 0) return undefined;
  if (checks.length !== 1) return null;
  let json: Record<string, unknown>;
  try {
    json = z.toJSONSchema(schema as unknown as z.ZodMiniType, { unrepresentable: "any" }) as Record<string, unknown>;
  } catch {
    return null;
  }
  const keys = Object.keys(json).filter((key) => key !== "$schema" && key !== "items" && key !== "type");
  const minimum = json.minItems;
  if (json.type !== "array" || keys.length !== 1 || keys[0] !== "minItems" || typeof minimum !== "number" || !Number.isSafeInteger(minimum)) return null;
  return minimum;
}

function compileArray(schema: Schema): Step {
  const def = schema.def;
  const minimum = minimumLength(schema);
  if (minimum === null) return onZod(schema);
  const element = compileStep(def.element!);
  return (value, path, out) => {
    const start = out.length;
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index++) {
        path.push(index);
        element(value[index], path, out);
        path.pop();
      }
    } else {
      out.push({ code: "invalid_type", expected: "array", path: path.slice(), message: "" });
    }
    if (minimum !== undefined) checkMinimum(value, path, out, start, minimum);
  };
}

/** zod's minimum-length check, run after the array's own issues (from `start` on) as zod runs it. */
function checkMinimum(value: unknown, path: PropertyKey[], out: CompiledIssue[], start: number, minimum: number): void {
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

function compileRecord(schema: Schema): Step {
  const def = schema.def;
  const key = def.keyType!;
  // Only a record keyed by a plain string (no checks): enumerated or checked keys are left to zod.
  if (def.checks?.length || def.mode !== undefined || key.def.type !== "string" || key.def.checks?.length) {
    return onZod(schema);
  }
  const item = compileStep(def.valueType!);
  return (value, path, out) => {
    if (!isPlainObject(value)) {
      out.push({ code: "invalid_type", expected: "record", path: path.slice(), message: "" });
      return;
    }
    // zod walks Reflect.ownKeys (strings in order, then symbols), skipping non-enumerable keys. The
    // same keys, in the same order, as Object.keys then the symbols: Reflect.ownKeys allocated
    // several times as much, on every card's security schemes.
    const keys = Object.keys(value);
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i]!;
      if (k === "__proto__") continue;
      path.push(k);
      item((value as Record<string, unknown>)[k], path, out);
      path.pop();
    }
    const symbols = Object.getOwnPropertySymbols(value);
    for (let i = 0; i < symbols.length; i++) {
      const k = symbols[i]!;
      if (Object.prototype.propertyIsEnumerable.call(value, k)) out.push({ code: "invalid_key", origin: "record", path: [...path, k], message: "" });
    }
  };
}

function compileCustom(schema: Schema): Step {
  const def = schema.def;
  if (def.checks?.length || typeof def.fn !== "function") return onZod(schema);
  const fn = def.fn;
  const own = def.path ?? [];
  const hasParams = def.params !== undefined;
  const params = def.params;
  const keepGoing = !def.abort;
  return (value, path, out) => {
    const ok = fn(value);
    // An async refinement cannot be answered here; zod would refuse it in a synchronous parse too.
    if (ok instanceof Promise) throw new Error("card schemas have no asynchronous refinements");
    if (ok) return;
    const issue: CompiledIssue = { code: "custom", path: [...path, ...own], continue: keepGoing, message: "" };
    if (hasParams) issue.params = params;
    out.push(issue);
  };
}

/**
 * Any node this compiler does not model runs on zod's public parse, its issues re-rooted at the
 * node's path. (zod's finished issues no longer say whether they aborted; none of the card schemas'
 * nodes runs here, so no minimum-length check above one can be told otherwise.)
 */
function onZod(schema: Schema): Step {
  const zodSchema = schema as unknown as z.ZodMiniType;
  return (value, path, out) => {
    const result = z.safeParse(zodSchema, value);
    if (result.success) return;
    for (const raw of result.error.issues) {
      out.push({ ...(raw as object), path: [...path, ...raw.path], message: "" } as CompiledIssue);
    }
  };
}

/** zod's isPlainObject, which a record's input must pass. */
function isPlainObject(value: unknown): value is object {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const ctor = (value as { constructor?: unknown }).constructor;
  if (ctor === undefined || typeof ctor !== "function") return true;
  const proto: unknown = (ctor as { prototype?: unknown }).prototype;
  if (typeof proto !== "object" || proto === null || Array.isArray(proto)) return false;
  return Object.prototype.hasOwnProperty.call(proto, "isPrototypeOf");
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
