import { afterEach, describe, expect, it } from "vitest";
import { corpusCardNames, readCorpusCard } from "@/fixtures/corpus";
import { createRandom } from "../../testing/random";
import * as z from "../../zod";
import { generatedIssueFinder, setSchemaIssueFinder, validateCardValue, zodIssueFinder } from "../validate";
import { compileSchema } from "./compile";
import { compiledIssueFinder } from "./compiled";
import { CARD_SCHEMAS, pushNotificationsObject } from "./index";

/**
 * The compiled card schemas against zod/mini's own parse, which must agree issue for issue — same
 * codes, paths, expected types and params, in the same order — and so give the same validity
 * report, on every real card and on a fuzz set of mutated ones. Three forms: the module generated
 * at build time (generated.ts, what every entry runs), and the in-memory compiler's generated code
 * and closures.
 */
const SCHEMAS: Array<[string, z.ZodMiniType]> = [
  ...Object.entries(CARD_SCHEMAS).flatMap(([shape, tiers]) => [
    [`${shape} critical`, tiers.critical] as [string, z.ZodMiniType],
    [`${shape} required`, tiers.required] as [string, z.ZodMiniType],
    [`${shape} spec`, tiers.spec] as [string, z.ZodMiniType],
  ]),
  ["pushNotifications object", pushNotificationsObject],
];
// The checked-in module (what runs), the in-memory compiler's code, and its closures alone.
const COMPILED = SCHEMAS.flatMap(([name, schema]) => [
  [`${name} (generated.ts)`, schema, (value: unknown) => generatedIssueFinder(schema, value)] as const,
  [name, schema, compileSchema(schema)] as const,
  [`${name} (closures)`, schema, compileSchema(schema, { generateCode: false })] as const,
]);

/** What mapIssues reads of an issue. */
function project(issues: readonly object[]): unknown[] {
  return issues.map((issue) => {
    const { code, path, expected, params, minimum } = issue as Record<string, unknown>;
    return { code, path, expected, params, minimum };
  });
}

function disagreements(value: unknown): string[] {
  const out: string[] = [];
  for (const [name, schema, compiled] of COMPILED) {
    const want = JSON.stringify(project(zodIssueFinder(schema, value)));
    const got = JSON.stringify(project(compiled(value)));
    if (want !== got) out.push(`${name}:\n  zod:      ${want}\n  compiled: ${got}`);
  }
  return out;
}

function reportsDiffer(value: unknown): string | undefined {
  const previous = setSchemaIssueFinder(zodIssueFinder);
  const want = JSON.stringify(validateCardValue(value));
  setSchemaIssueFinder(compiledIssueFinder); // the generated module
  const got = JSON.stringify(validateCardValue(value));
  setSchemaIssueFinder(previous);
  return want === got ? undefined : `zod:      ${want}\ncompiled: ${got}`;
}

const cards = corpusCardNames().map((name) => [name, JSON.parse(readCorpusCard(name)) as unknown] as const);

// --- the fuzz set: corpus cards with a few nodes replaced, removed or added --------------------

const ODD_VALUES: unknown[] = [
  null, 0, 1.5, -1, true, false, "", "x", "True", "false", [], [1], ["text/plain"], [null], [[]], {}, { length: 0 }, { length: "3" },
  { url: 1 }, { url: "https://a.example" }, [{}], [{ url: "u", transport: 1 }], { supported: "yes" }, { a: {} }, { a: 1 }, "😀", "\u0000",
];
const KEYS = [
  "name", "url", "skills", "capabilities", "pushNotifications", "streaming", "extensions", "required", "supportedInterfaces",
  "defaultInputModes", "defaultOutputModes", "inputModes", "outputModes", "tags", "id", "description", "version", "securitySchemes",
  "security", "securityRequirements", "signatures", "protected", "signature", "provider", "resubscribeOnlyOutputModes",
  "preferredTransport", "additionalInterfaces", "transport", "protocolVersion", "authentication", "schemes", "examples", "length", "__proto__",
];

type Container = Record<string, unknown> | unknown[];

function containers(value: unknown, out: Container[] = []): Container[] {
  if (typeof value === "object" && value !== null) {
    out.push(value as Container);
    for (const child of Object.values(value)) containers(child, out);
  }
  return out;
}

function mutate(card: unknown, random: () => number): unknown {
  const copy = JSON.parse(JSON.stringify(card)) as unknown;
  const pick = <T,>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const odd = () => JSON.parse(JSON.stringify(pick(ODD_VALUES)) ?? "null") as unknown;
  const edits = 1 + Math.floor(random() * 3);
  for (let e = 0; e < edits; e++) {
    const target = pick(containers(copy));
    const keys = Object.keys(target);
    const roll = random();
    if (Array.isArray(target)) {
      if (roll < 0.3) target.length = 0;
      else if (keys.length > 0) target[Math.floor(random() * target.length)] = odd();
      else target.push(odd());
    } else if (roll < 0.45 && keys.length > 0) {
      target[pick(keys)] = odd();
    } else if (roll < 0.7 && keys.length > 0) {
      delete target[pick(keys)];
    } else if (roll < 0.85) {
      Object.defineProperty(target, pick(KEYS), { value: odd(), enumerable: true, configurable: true, writable: true });
    } else if (keys.length > 0) {
      const key = pick(keys);
      target[key] = [target[key]];
    }
  }
  return copy;
}

const FUZZ_PER_CARD = 60;
const fuzz: Array<[string, unknown]> = [];
{
  const random = createRandom(20_261_130);
  for (const [name, card] of cards) for (let i = 0; i < FUZZ_PER_CARD; i++) fuzz.push([`${name} #${i}`, mutate(card, random)]);
}
/** The fuzz set in runs of FUZZ_RUN, each named by the variants it holds. */
const FUZZ_RUN = 120;
const fuzzRuns = Array.from({ length: Math.ceil(fuzz.length / FUZZ_RUN) }, (_, i) => {
  const run = fuzz.slice(i * FUZZ_RUN, (i + 1) * FUZZ_RUN);
  return [`${i * FUZZ_RUN + 1}-${i * FUZZ_RUN + run.length} of ${fuzz.length}`, run] as const;
});

/** Values no JSON text yields, for callers that hand review() a value. */
const noProto = Object.assign(Object.create(null) as object, { name: "x", skills: [], capabilities: Object.create(null) as object });
class Card {
  name = "x";
}
const ODD_JS: Array<[string, unknown]> = [
  ["an object without a prototype", noProto],
  ["a class instance as the card", new Card()],
  ["a class instance as securitySchemes", { name: "x", securitySchemes: new Card() }],
  ["a symbol key in securitySchemes", { securitySchemes: { [Symbol("s")]: {}, a: {} } }],
  ["undefined properties", { name: undefined, skills: undefined, url: undefined }],
  ["a constructor key", { constructor: 1, securitySchemes: { constructor: {} } }],
  ["a non-enumerable key", Object.defineProperty({ securitySchemes: {} }, "name", { value: 1, enumerable: false })],
];

describe("compiled card schemas agree with zod/mini", () => {
  afterEach(() => setSchemaIssueFinder(generatedIssueFinder));

  it.each(cards)("%s: the same issues from every shape's schemas, and the same validity report", (_name, card) => {
    expect(disagreements(card)).toEqual([]);
    expect(reportsDiffer(card)).toBeUndefined();
  });

  // One test per run of cards, so each stays well inside vitest's default timeout on a loaded machine.
  it.each(fuzzRuns)("on mutated corpus cards %s: the same issues and the same validity report", (_range, run) => {
    const failures: string[] = [];
    let withIssues = 0;
    for (const [label, value] of run) {
      const differ = disagreements(value);
      const report = reportsDiffer(value);
      if (differ.length || report) failures.push(`${label}: ${JSON.stringify(value).slice(0, 300)}\n${[...differ, report ?? ""].join("\n")}`);
      if (validateCardValue(value).problems.length > 0) withIssues++;
    }
    expect(failures.slice(0, 3).join("\n\n"), `${failures.length} of ${run.length} differ`).toBe("");
    // The fuzz set is not degenerate: most variants do break something.
    expect(withIssues).toBeGreaterThan(run.length / 2);
  });

  it.each(ODD_JS)("on %s", (_label, value) => {
    expect(disagreements(value)).toEqual([]);
    expect(reportsDiffer(value)).toBeUndefined();
  });

  it.each([null, undefined, 0, "card", [], [{}], { length: 0 }, "", { skills: "" }, { skills: { length: 0 } }])("on %j", (value) => {
    expect(disagreements(value)).toEqual([]);
  });

  it("follows zod's rules the card schemas do not reach today: an aborting refinement stops a length check; a required key that accepts anything must still be there; prefilled and optional keys", () => {
    const cases: Array<[z.ZodMiniType, unknown[]]> = [
      [z.array(z.custom(() => false)).check(z.minLength(5)), [[1, 2], [], "ab", { length: 1 }]],
      [z.looseObject({ u: z.unknown(), s: z.string() }), [{}, { u: undefined }, { u: 1, s: "" }]],
      [z.looseObject({ n: z.nullable(z.optional(z.string())), o: z.optional(z.nullable(z.optional(z.string()))) }), [{}, { n: undefined }, { n: null, o: null }, { n: 1, o: 1 }]],
      [z.looseObject({ k: z.optional(z.prefault(z.string().check(z.minLength(5)), "x")), p: z.prefault(z.string().check(z.minLength(5)), "x") }), [{}, { k: "y" }, { k: "long enough", p: "long enough" }]],
    ];
    for (const [schema, values] of cases) {
      for (const compiled of [compileSchema(schema), compileSchema(schema, { generateCode: false })]) {
        for (const value of values) expect(project(compiled(value))).toEqual(project(zodIssueFinder(schema, value)));
      }
    }
  });

  it("hands what it does not model to zod, re-rooted at the node's path", () => {
    const schema = z.looseObject({ a: z.array(z.looseObject({ n: z.number() })), s: z.strictObject({ k: z.string() }) });
    for (const compiled of [compileSchema(schema), compileSchema(schema, { generateCode: false })]) {
      for (const value of [{ a: [{ n: 1 }, { n: "1" }], s: { k: "v", extra: 1 } }, { a: [{}], s: 1 }, {}]) {
        expect(project(compiled(value))).toEqual(project(zodIssueFinder(schema, value)));
      }
    }
  });

  it("tells a minimum length from other array checks through zod's public API (JSON Schema), and leaves the others to zod", () => {
    const cases: z.ZodMiniType[] = [
      z.array(z.string()).check(z.minLength(2)),
      z.array(z.string()).check(z.maxLength(1)),
      z.array(z.string()).check(z.length(2)),
      z.array(z.string()).check(z.refine((v) => v.length !== 1)),
      z.array(z.string()).check(z.minLength(1), z.maxLength(2)),
    ];
    for (const schema of cases) {
      for (const compiled of [compileSchema(schema), compileSchema(schema, { generateCode: false })]) {
        for (const value of [[], ["a"], ["a", "b"], ["a", "b", "c"], [1], "ab", null]) expect(project(compiled(value))).toEqual(project(zodIssueFinder(schema, value)));
      }
    }
  });
});
