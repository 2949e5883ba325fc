import * as z from "../../zod";
import { CARD_SCHEMAS, pushNotificationsObject } from "./index";
import { asyncRefinement, checkMinimum, isPlainObject, onZod as runOnZod, recordSymbols, type CompiledIssue, type Step } from "./compiled-runtime";

export type { CompiledIssue } from "./compiled-runtime";

/**
 * A card schema compiled into plain JavaScript that reports the same issues zod reports, in the
 * same order, without zod's per-node payload objects, issue finalisation (English messages nobody
 * here reads) and output value: schema validation was the biggest part of a review.
 *
 * Two forms come out of one code generator. `emitCardValidatorModule()` writes the card schemas'
 * validator as a module's source (`scripts/generate-card-validators.ts` writes it to generated.ts,
 * checked in; generated.test.ts fails when it is stale): that is what runs everywhere, the browser
 * included, whose CSP forbids evaluating code. `compileSchema()` compiles any schema in memory
 * (with `new Function`, closures where a runtime forbids it), for the tests that hold the generator
 * to zod on schemas the cards do not use.
 *
 * It reads the schemas through zod's public API only — each schema's `.def` (its definition: type,
 * shape, element, inner type, refinement), `z.toJSONSchema` for an array's minimum length, and
 * `z.safeParse` for what it leaves to zod — which is how they stay the one source of truth and why
 * zod can move within its major version. Only the kinds the card schemas use are compiled (loose object, array with a minimum length,
 * string, optional, nullable, custom, record of strings, unknown); any other node, or a node with
 * a check it does not know, runs on zod itself, so a schema change can make it slower, never
 * different. A differential test holds it to zod over the corpus and a fuzz set.
 */

/** Validates `value`, returning its issues (empty when valid). Never allocates on a valid value beyond two small arrays. */
export type CompiledSchema = (value: unknown) => CompiledIssue[];

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
  return runner(generated ?? compileStep(schema as unknown as Schema));
}

/**
 * A step as a validator: one path array for every run of this schema (the steps push and pop it,
 * and report copies of it): a fresh one grew a backing store on every validation.
 */
export function runner(step: Step): CompiledSchema {
  const path: PropertyKey[] = [];
  return (value) => {
    const out: CompiledIssue[] = [];
    if (path.length !== 0) path.length = 0; // a run cut short (a card nested too deep) leaves segments
    step(value, path, out);
    return out;
  };
}

/** The runtime helpers generated code calls (compiled-runtime.ts). */
const HELPERS = { checkMinimum, isPlainObject, recordSymbols, asyncRefinement, onZod: runOnZod };
type Helper = keyof typeof HELPERS;

/** How generated code names what it does not write out: the two forms differ only here. */
interface Names {
  /** A runtime helper. */
  helper(name: Helper): string;
  /** A node's definition (`def`), for a refinement's function and params; `at` is the code that reaches the node. */
  def(node: Schema, at: string): string;
  /** A statement that checks `v` against a node not written out. */
  other(node: Schema, at: string, v: string): string;
}

/**
 * The steps of a schema as straight-line JavaScript, one function body per schema (what classic
 * zod's objects do too): property names become literals, so each access site sees one shape
 * instead of every object shared closures would visit.
 */
function generateBody(schema: Schema, names: Names, root: string): string {
  let counter = 0;
  const fresh = (prefix: string) => `${prefix}${counter++}`;
  // `key`, when given, is the path segment (a literal or a loop variable) the node's value sits at,
  // not yet on `path`: a leaf that passes puts nothing on the path, one that fails names it in its
  // issue; a node with children pushes it for them (most of a valid card's fields are leaves).
  const pathOf = (key: string | undefined) => (key === undefined ? "path.slice()" : `[...path, ${key}]`);
  const issue = (fields: string, key?: string) => `out.push({ ${fields}, path: ${pathOf(key)}, message: "" });`;
  const under = (key: string | undefined, code: string) => (key === undefined || code === "" ? code : `path.push(${key}); ${code} path.pop();`);

  // `at`: the code that reaches this node from the root schema (through public `.def`s).
  const gen = (node: Schema, v: string, at: string, key?: string): string => {
    const def = node.def;
    const checks = def.checks ?? [];
    const minimum = def.type === "array" ? minimumLength(node) : undefined;
    // A node with checks is written out only when they are an array's one minimum length; any
    // other check (null from minimumLength) leaves the node to zod.
    switch (checks.length && typeof minimum !== "number" ? "" : def.type) {
      case "string":
        return `if (typeof ${v} !== "string") ${issue(`code: "invalid_type", expected: "string"`, key)}`;
      case "unknown":
        return "";
      case "nullable": {
        const inner = gen(def.innerType!, v, `${at}.def.innerType`, key);
        return inner === "" ? "" : `if (${v} !== null) { ${inner} }`;
      }
      case "optional": {
        if (optIn(def.innerType!) !== undefined && optIn(def.innerType!) !== "optional") break;
        const inner = gen(def.innerType!, v, `${at}.def.innerType`, key);
        return inner === "" ? "" : `if (${v} !== undefined) { ${inner} }`;
      }
      case "array": {
        const i = fresh("i");
        const e = fresh("e");
        const start = fresh("s");
        const element = gen(def.element!, e, `${at}.def.element`, i);
        const notArray = issue(`code: "invalid_type", expected: "array"`);
        const loop =
          element === ""
            ? `if (!Array.isArray(${v})) ${notArray}`
            : `if (Array.isArray(${v})) { for (let ${i} = 0; ${i} < ${v}.length; ${i}++) { const ${e} = ${v}[${i}]; ${element} } } else ${notArray}`;
        if (minimum === undefined) return under(key, loop);
        // A valid non-empty array (the usual case) needs no call: only then is the check a no-op.
        return under(
          key,
          `{ const ${start} = out.length; ${loop} if (!(Array.isArray(${v}) && ${v}.length >= ${minimum} && out.length === ${start})) ${names.helper("checkMinimum")}(${v}, path, out, ${start}, ${minimum}); }`,
        );
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
          const inner = gen(child, f, `${at}.def.shape[${k}]`, k);
          // zod tests a key with `in`; a value read that is not undefined answers it with one lookup.
          // A plain optional field does nothing with an undefined value, present or not: no `in` then
          // (an absent key costs a lookup up the prototype chain, several per skill of a large card).
          if (isPlainOptional(child)) return inner === "" ? "" : `{ const ${f} = ${v}[${k}]; ${inner} }`;
          if (optIn(child) === "optional") return inner === "" ? "" : `{ const ${f} = ${v}[${k}]; if (${f} !== undefined || ${k} in ${v}) { ${inner} } }`;
          const before = fresh("n");
          const present = fresh("p");
          return (
            `{ const ${f} = ${v}[${k}]; const ${present} = ${f} !== undefined || ${k} in ${v}; const ${before} = out.length; ${inner}` +
            ` if (!${present} && out.length === ${before}) out.push({ code: "invalid_type", expected: "nonoptional", path: [...path, ${k}], message: "" }); }`
          );
        });
        const body = code.filter((line) => line !== "").join("\n");
        return under(key, `if (typeof ${v} !== "object" || ${v} === null || Array.isArray(${v})) ${issue(`code: "invalid_type", expected: "object"`)} else {${body === "" ? "" : `\n${body}\n`}}`);
      }
      case "record": {
        const keyType = def.keyType!;
        // Only a record keyed by a plain string (no checks): enumerated or checked keys are left to zod.
        if (def.mode !== undefined || keyType.def.type !== "string" || keyType.def.checks?.length) break;
        const k = fresh("k");
        const e = fresh("e");
        const item = gen(def.valueType!, e, `${at}.def.valueType`, k);
        // zod walks Reflect.ownKeys (strings in order, then symbols), skipping non-enumerable keys. The
        // same keys, in the same order, as Object.keys then the symbols: Reflect.ownKeys allocated
        // several times as much, on every card's security schemes.
        const loop = item === "" ? "" : `for (const ${k} of Object.keys(${v})) { if (${k} === "__proto__") continue; const ${e} = ${v}[${k}]; ${item} } `;
        return under(
          key,
          `if (!${names.helper("isPlainObject")}(${v})) ${issue(`code: "invalid_type", expected: "record"`)} else { ${loop}${names.helper("recordSymbols")}(${v}, path, out); }`,
        );
      }
      case "custom": {
        if (typeof def.fn !== "function") break;
        const d = names.def(node, at);
        const ok = fresh("ok");
        const own = def.path?.length ? `, ...${d}.path` : "";
        const path = key === undefined ? (own === "" ? "path.slice()" : `[...path${own}]`) : `[...path, ${key}${own}]`;
        const params = def.params !== undefined ? `, params: ${d}.params` : "";
        return `{ const ${ok} = ${d}.fn(${v}); if (!${ok}) out.push({ code: "custom", path: ${path}, continue: ${!def.abort}${params}, message: "" }); else if (${ok} instanceof Promise) ${names.helper("asyncRefinement")}(); }`;
      }
    }
    // Everything else (refinements with checks, other kinds, zod fallbacks) runs as the form says.
    return under(key, names.other(node, at, v));
  };
  return gen(schema, "value", root);
}

/**
 * The in-memory form: generated code run through `new Function`, what it does not write out as
 * closures (passed in as `x`). Where code cannot be generated (a runtime that forbids it),
 * undefined: the closures alone then run.
 */
function generateStep(schema: Schema): Step | undefined {
  const external: unknown[] = [];
  const ref = (value: unknown) => `x[${external.push(value) - 1}]`;
  const body = generateBody(schema, {
    helper: (name) => ref(HELPERS[name]),
    def: (node) => ref(node.def),
    other: (node, _at, v) => `${ref(compileStep(node))}(${v}, path, out);`,
  }, "x");
  try {
    return new Function("x", `"use strict"; return function generatedStep(value, path, out) { ${body} };`)(external) as Step;
  } catch {
    return undefined;
  }
}

/** The schemas the generated module validates, each named by the code that reaches it from its module. */
function cardSchemaRoots(): Array<{ code: string; schema: Schema }> {
  const roots: Array<{ code: string; schema: Schema }> = [];
  for (const [shape, tiers] of Object.entries(CARD_SCHEMAS)) {
    for (const tier of ["critical", "required", "spec"] as const) {
      roots.push({ code: `CARD_SCHEMAS[${JSON.stringify(shape)}].${tier}`, schema: tiers[tier] as unknown as Schema });
    }
  }
  roots.push({ code: "pushNotificationsObject", schema: pushNotificationsObject as unknown as Schema });
  return roots;
}

/** What emitting the module found: its source, and how many nodes it left to zod's own parse. */
export interface EmittedModule {
  source: string;
  leftToZod: number;
}

/**
 * The card schemas' validator as a TypeScript module: one function per distinct schema (a tier
 * that two shapes share is written once), and a map from each schema to its function. The module
 * reaches a refinement's function through the schema's public `.def`, so the schemas stay the one
 * source of what a field accepts.
 */
export function emitCardValidatorModule(): EmittedModule {
  const helpers = new Set<Helper>();
  const defs = new Map<Def, string>();
  const defLines: string[] = [];
  const rootNames = new Map<Schema, string>();
  const rootLines: string[] = [];
  const functions: string[] = [];
  let leftToZod = 0;
  for (const root of cardSchemaRoots()) {
    if (rootNames.has(root.schema)) continue;
    const name = `s${rootNames.size}`;
    rootNames.set(root.schema, name);
    rootLines.push(`const ${name}: any = ${root.code};`);
    const nodeConst = (node: Schema, at: string) => {
      let known = defs.get(node.def);
      if (!known) {
        known = `d${defs.size}`;
        defs.set(node.def, known);
        defLines.push(`const ${known}: any = ${at}.def;`);
      }
      return known;
    };
    const body = generateBody(root.schema, {
      helper: (helper) => {
        helpers.add(helper);
        return helper;
      },
      def: nodeConst,
      other: (node, at, v) => {
        leftToZod++;
        helpers.add("onZod");
        return `onZod(${at}, ${v}, path, out);`;
      },
    }, name);
    functions.push(`/** ${root.code} */\nfunction validate${name}(value: any, path: PropertyKey[], out: CompiledIssue[]): void {\n${body}\n}`);
  }
  const imported = [...helpers].sort();
  const source = [
    "// Generated by scripts/generate-card-validators.ts from the card schemas (./index.ts): do not edit.",
    "// `npm run generate:validators` writes it again; generated.test.ts fails while it is stale.",
    "/* eslint-disable @typescript-eslint/no-explicit-any -- the steps read parsed JSON of any shape */",
    `import { CARD_SCHEMAS, pushNotificationsObject } from "./index";`,
    `import { ${[...imported, "type CompiledIssue", "type Step"].join(", ")} } from "./compiled-runtime";`,
    "",
    ...rootLines,
    ...defLines,
    "",
    functions.join("\n\n"),
    "",
    "/** Each card schema's validator step, by the schema itself. */",
    `export const GENERATED_STEPS: ReadonlyMap<object, Step> = new Map<object, Step>([${[...rootNames.values()].map((name) => `[${name}, validate${name}]`).join(", ")}]);`,
    "",
  ].join("\n");
  return { source, leftToZod };
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

function compileRecord(schema: Schema): Step {
  const def = schema.def;
  const key = def.keyType!;
  // Only a record keyed by a plain string (no checks): enumerated or checked keys are left to zod.
  if (def.checks?.length || def.mode !== undefined || key.def.type !== "string" || key.def.checks?.length) {
    return onZod(schema);
  }
  const item = compileStep(def.valueType!);
  return (input, path, out) => {
    if (!isPlainObject(input)) {
      out.push({ code: "invalid_type", expected: "record", path: path.slice(), message: "" });
      return;
    }
    const value = input as Record<string, unknown>;
    // zod walks Reflect.ownKeys (strings in order, then symbols), skipping non-enumerable keys. The
    // same keys, in the same order, as Object.keys then the symbols: Reflect.ownKeys allocated
    // several times as much, on every card's security schemes.
    const keys = Object.keys(value);
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i]!;
      if (k === "__proto__") continue;
      path.push(k);
      item(value[k], path, out);
      path.pop();
    }
    recordSymbols(value, path, out);
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
    if (ok instanceof Promise) asyncRefinement();
    if (ok) return;
    const issue: CompiledIssue = { code: "custom", path: [...path, ...own], continue: keepGoing, message: "" };
    if (hasParams) issue.params = params;
    out.push(issue);
  };
}

/** A node this compiler does not model: zod's own parse (compiled-runtime.ts). */
function onZod(schema: Schema): Step {
  const zodSchema = schema as unknown as z.ZodMiniType;
  return (value, path, out) => runOnZod(zodSchema, value, path, out);
}
