import fc from "fast-check";
import { BUILT_IN_TASK_CLASSES, ENGINE_VERSION, PRESETS, PROBLEM_CODE_LIST, readLogText, review, writeDecisionRecord } from "@/lib/negotiation";
import { decodeReviewLink, encodeReviewLink, LINK_ERROR_CODES } from "@/lib/share";
import { FetchCardError } from "@/lib/wire/fetch-card";
import { postToRoute, routeDeps } from "./route-client";
import { seedCardTexts } from "./seeds";

/**
 * Generated and mutated inputs through every reader of untrusted input: review() (cards, profiles,
 * contexts, task classes), the review-link codec, the log reader and the fetch route. Each run
 * must return (never throw), type every problem (a known code and a JSON pointer), and leave the
 * built-in prototypes as they were.
 */
export type FuzzTarget = "review" | "links" | "logLines" | "route";

export interface FuzzFigures {
  seed: number;
  runs: Record<FuzzTarget, number>;
  total: number;
  uncaught: number;
  untyped: number;
  pollution: number;
  failures: string[];
}

const SEVERITIES = new Set(["error", "warning", "info"]);
const PROBLEM_CODES = new Set<string>(PROBLEM_CODE_LIST);
const INPUT_ERROR_CODES = new Set(["invalidProfile", "invalidContext", "unknownTaskClass", "invalidTaskClass", "duplicateTaskClass"]);
const LOG_KINDS = new Set(["record", "seed", "mention", "unreadable"]);
const LINK_CODES = new Set<string>(LINK_ERROR_CODES);
const ROUTE_STATUSES = new Set([200, 400, 403, 404, 413, 415, 429, 502, 503, 504]);
const isPointer = (p: unknown) => typeof p === "string" && (p === "" || p.startsWith("/"));

// Keys that poison a naive merge or lookup, beside ordinary ones.
const hostileKey = fc.constantFrom("__proto__", "constructor", "prototype", "toString", "valueOf", "hasOwnProperty", "polluted");
const key = fc.oneof({ weight: 4, arbitrary: fc.string({ maxLength: 12 }) }, { weight: 1, arbitrary: hostileKey });
const jsonValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    fc.double({ noNaN: false }),
    fc.integer(),
    fc.string({ maxLength: 40 }),
    fc.constantFrom("", " ", "<script>alert(1)</script>", "javascript:alert(1)", "\u0000", "\ud800", "9".repeat(400), "JSONRPC", "audio/pcm", "text/plain"),
    // Object.prototype's names as values too, not only as keys: card text is looked up in tables.
    hostileKey,
    fc.array(fc.oneof(hostileKey, fc.constantFrom("text", "text/plain", "audio/*")), { minLength: 1, maxLength: 3 }),
    fc.array(tie("value"), { maxLength: 5 }),
    fc.dictionary(key, tie("value"), { maxKeys: 5 }),
  ),
})).value;

type Mutation = { op: "set" | "delete" | "wrap" | "proto" | "truncate" | "insert" | "deep"; at: number; payload: unknown; text: string };
const mutation: fc.Arbitrary<Mutation> = fc.record({
  op: fc.constantFrom("set", "delete", "wrap", "proto", "truncate", "insert", "deep"),
  at: fc.nat(),
  payload: jsonValue,
  text: fc.string({ maxLength: 8 }),
});

/** Every container path of a JSON value, root first. */
function containers(root: unknown, path: Array<string | number> = [], out: Array<Array<string | number>> = []) {
  if (root !== null && typeof root === "object") {
    out.push(path);
    for (const [k, v] of Object.entries(root)) containers(v, [...path, Array.isArray(root) ? Number(k) : k], out);
  }
  return out;
}

/** Own properties only, read and written as data: "__proto__" here is a key like any other. */
function own(node: unknown, k: string | number): unknown {
  return node !== null && typeof node === "object" ? Object.getOwnPropertyDescriptor(node, k)?.value : undefined;
}

function put(node: Record<string, unknown>, k: string, v: unknown): void {
  Object.defineProperty(node, k, { value: v, enumerable: true, writable: true, configurable: true });
}

function at(root: unknown, path: Array<string | number>): unknown {
  return path.reduce<unknown>((node, k) => own(node, k), root);
}

/** Applies mutations to a JSON text: structural ones on its value (as JSON.parse reads it), textual ones on its text. */
export function mutateText(text: string, mutations: Mutation[]): string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  let out = text;
  // One deep nesting per text: two inside each other outgrow the generator's own stack (JSON.stringify).
  let nested = false;
  for (const m of mutations) {
    if (m.op === "truncate") {
      out = out.slice(0, m.at % (out.length + 1));
      value = undefined;
      continue;
    }
    if (m.op === "insert") {
      const i = m.at % (out.length + 1);
      out = out.slice(0, i) + m.text + out.slice(i);
      value = undefined;
      continue;
    }
    if (value === undefined) continue;
    const paths = containers(value);
    if (paths.length === 0) continue;
    const target = at(value, paths[m.at % paths.length]!) as Record<string, unknown> | undefined;
    if (target === null || typeof target !== "object") continue;
    const keys = Object.keys(target);
    const k = keys.length > 0 ? keys[m.at % keys.length]! : "x";
    if (m.op === "set") put(target, k, m.payload);
    else if (m.op === "delete") delete target[k];
    else if (m.op === "wrap") put(target, k, [own(target, k) ?? null, own(target, k) ?? null]);
    else if (m.op === "deep" && !nested) {
      nested = true;
      put(target, k, JSON.parse("[".repeat(200 + (m.at % 2000)) + "]".repeat(200 + (m.at % 2000))));
    }
    else if (m.op === "proto") {
      // As text, so JSON.parse makes "__proto__" an own property the way a pasted card would.
      out = JSON.stringify(value).replace(/^\{/, `{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},`);
      value = undefined;
      continue;
    }
    out = JSON.stringify(value) ?? "null";
  }
  return out;
}

function snapshotPrototypes(): string {
  return [Object.prototype, Array.prototype, Function.prototype, String.prototype].map((p) => Object.getOwnPropertyNames(p).sort().join(",")).join("|");
}

export async function runFuzzSuite(options: { runsPerTarget: number; seed?: number }): Promise<FuzzFigures> {
  const seed = options.seed ?? Date.now() % 2_147_483_647;
  const figures: FuzzFigures = { seed, runs: { review: 0, links: 0, logLines: 0, route: 0 }, total: 0, uncaught: 0, untyped: 0, pollution: 0, failures: [] };
  const cards = seedCardTexts();
  const before = snapshotPrototypes();
  const fail = (kind: "uncaught" | "untyped" | "pollution", what: string) => {
    figures[kind]++;
    if (figures.failures.length < 20) figures.failures.push(`${kind}: ${what}`);
  };
  const checkPollution = (what: string) => {
    if (({} as Record<string, unknown>).polluted !== undefined || snapshotPrototypes() !== before) fail("pollution", what);
  };

  const cardText = fc.tuple(fc.nat({ max: cards.length - 1 }), fc.array(mutation, { minLength: 1, maxLength: 4 })).map(([i, ms]) => mutateText(cards[i]!, ms));
  const cardInput = fc.oneof({ weight: 6, arbitrary: cardText }, { weight: 1, arbitrary: jsonValue });
  const profile = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...PRESETS) },
    { weight: 3, arbitrary: fc.tuple(fc.constantFrom(...PRESETS), fc.array(mutation, { maxLength: 3 })).map(([p, ms]) => parseOr(mutateText(JSON.stringify(p), ms), p)) },
    { weight: 1, arbitrary: jsonValue },
  );
  const context = fc.oneof(
    fc.constant({}),
    fc.record({ priorTaskHistory: fc.boolean(), outOfBandCapabilityExchange: fc.boolean(), cardKnownStale: fc.boolean(), serverKnownGood: fc.boolean() }, { requiredKeys: [] }),
    jsonValue,
  );
  // User-defined classes as the workspace's editor and --task-class-file make them: every completion
  // channel, own modes (well-formed or not), a skill the card may or may not have.
  const modeList = fc.option(fc.array(fc.oneof(fc.constantFrom("text/plain", "audio/pcm", "audio/*", "*/*", "application/json", "text"), hostileKey, fc.string({ maxLength: 12 })), { maxLength: 4 }), { nil: undefined });
  const userClass = fc
    .record({
      id: fc.stringMatching(/^[a-z][a-z0-9-]{0,20}$/),
      title: fc.string({ minLength: 1, maxLength: 30 }),
      description: fc.string({ maxLength: 60 }),
      input: fc.constantFrom("whole", "live"),
      completion: fc.constantFrom("response", "notification", "push", "polling", "stream", "none"),
      output: fc.constantFrom("required", "none"),
      skill: fc.option(fc.oneof(fc.constantFrom("transcribe-call", "summarize-call"), fc.string({ maxLength: 12 })), { nil: undefined }),
      inputModes: modeList,
      outputModes: modeList,
    })
    .map((t) => Object.fromEntries(Object.entries(t).filter(([, v]) => v !== undefined)));
  const taskClasses = fc.option(fc.array(fc.oneof(fc.constantFrom(...BUILT_IN_TASK_CLASSES.map((t) => t.id)), userClass, jsonValue), { maxLength: 4 }), { nil: undefined });
  const params = { numRuns: options.runsPerTarget, seed, endOnFailure: false } as const;

  // review(): cards, profiles, contexts and task classes together.
  fc.assert(
    fc.property(cardInput, profile, context, taskClasses, (card, p, ctx, classes) => {
      figures.runs.review++;
      try {
        const result = review(card, p as never, { context: ctx as never, taskClasses: classes as never });
        for (const problem of result.validity.problems) {
          if (!PROBLEM_CODES.has(problem.code) || !isPointer(problem.pointer) || !SEVERITIES.has(problem.severity)) fail("untyped", `validity problem ${JSON.stringify(problem).slice(0, 200)}`);
        }
        for (const error of result.inputErrors ?? []) {
          if (error.code === "internalError") fail("uncaught", `review() caught an engine error: ${JSON.stringify(error.data).slice(0, 200)}`);
          else if (!INPUT_ERROR_CODES.has(error.code) || !isPointer(error.pointer)) fail("untyped", `input error ${JSON.stringify(error).slice(0, 200)}`);
        }
      } catch (e) {
        fail("uncaught", `review() threw ${String(e).slice(0, 200)}`);
      }
      checkPollution("after review()");
    }),
    params,
  );

  // Review links: valid ones survive the round trip; mutated fragments decode to a typed error.
  const fragment = fc.tuple(cardText, fc.constantFrom(...PRESETS), fc.array(mutation, { maxLength: 3 }), fc.string({ maxLength: 6 })).map(([text, p, ms, noise]) => {
    let made: string;
    try {
      made = encodeReviewLink({ cardText: text, profile: p, context: {}, engineVersion: ENGINE_VERSION });
    } catch {
      return { fragment: noise, valid: false };
    }
    if (ms.length === 0) return { fragment: made, valid: true };
    let broken = made;
    for (const m of ms) {
      const i = m.at % (broken.length + 1);
      broken = m.op === "truncate" ? broken.slice(0, i) : broken.slice(0, i) + (m.text || noise) + broken.slice(i + 1);
    }
    return { fragment: broken, valid: broken === made };
  });
  fc.assert(
    fc.property(fc.oneof({ weight: 5, arbitrary: fragment }, { weight: 1, arbitrary: fc.string({ maxLength: 200 }).map((s) => ({ fragment: s, valid: false })) }), ({ fragment: f, valid }) => {
      figures.runs.links++;
      try {
        const result = decodeReviewLink(f);
        if (valid && !result.ok) fail("untyped", `a link made by encodeReviewLink did not decode: ${result.error.code}`);
        if (!result.ok) {
          if (!LINK_CODES.has(result.error.code)) fail("untyped", `link error ${JSON.stringify(result.error).slice(0, 200)}`);
          if (result.error.code === "invalidState" && result.error.issues.some((issue) => !isPointer(issue.pointer))) fail("untyped", "link issue without a pointer");
        }
      } catch (e) {
        fail("uncaught", `decodeReviewLink threw ${String(e).slice(0, 200)}`);
      }
      checkPollution("after decodeReviewLink()");
    }),
    params,
  );

  // Log lines: records the engine wrote, mutated; seed messages; anything else.
  const record = fc.tuple(fc.nat({ max: cards.length - 1 }), fc.constantFrom(...PRESETS), fc.constantFrom(...BUILT_IN_TASK_CLASSES.map((t) => t.id)), fc.array(mutation, { maxLength: 3 })).map(([i, p, cls, ms]) => {
    const line = writeDecisionRecord(review(cards[i]!, p), cls, cards[i]!) || "{}";
    return mutateText(line, ms);
  });
  const seedLine = fc.tuple(fc.constantFrom("request-response", "live-input", "async-completion", "x'y"), fc.string({ maxLength: 30 })).map(([cls, tail]) => `UnnegotiableAgentCardError: task_class='${cls}': server push notifications require mTLS under scheme '${tail}', but client callback listener is plain HTTPS`);
  const logText = fc.array(fc.oneof(record, seedLine, fc.string({ maxLength: 120 }), jsonValue.map((v) => JSON.stringify(v) ?? "")), { minLength: 1, maxLength: 6 }).map((lines) => lines.join("\n"));
  fc.assert(
    fc.property(logText, (text) => {
      figures.runs.logLines++;
      try {
        const reading = readLogText(text);
        for (const entry of reading.entries) {
          if (!LOG_KINDS.has(entry.kind)) fail("untyped", `log entry kind ${entry.kind}`);
          if (entry.kind === "unreadable" && typeof entry.reason.code !== "string") fail("untyped", "unreadable line without a reason code");
        }
      } catch (e) {
        fail("uncaught", `readLogText threw ${String(e).slice(0, 200)}`);
      }
      checkPollution("after readLogText()");
    }),
    params,
  );

  // The fetch route: arbitrary bodies and content; no name resolves and loopback is refused, so
  // nothing leaves the process.
  const deps = routeDeps({}, {});
  const body = fc.oneof(
    jsonValue.map((v) => JSON.stringify(v) ?? "null"),
    fc.record({ url: fc.oneof(fc.webUrl(), fc.string({ maxLength: 60 }), jsonValue) }, { requiredKeys: [] }).map((v) => JSON.stringify(v)),
    fc.record({ url: fc.webUrl(), authorization: fc.oneof(fc.string({ maxLength: 40 }), jsonValue) }).map((v) => JSON.stringify(v)),
    fc.string({ maxLength: 80 }),
  );
  const contentType = fc.constantFrom("application/json", "application/json; charset=utf-8", "text/plain", "");
  await fc.assert(
    fc.asyncProperty(body, contentType, async (b, type) => {
      figures.runs.route++;
      try {
        const headers: Record<string, string> = type ? { "content-type": type } : {};
        const { status, body: answer } = await postToRoute(deps, b, headers);
        if (!ROUTE_STATUSES.has(status)) fail("untyped", `route answered ${status}`);
        if (status !== 200 && !FetchCardError.safeParse(answer).success) fail("untyped", `route error body ${JSON.stringify(answer).slice(0, 200)}`);
      } catch (e) {
        fail("uncaught", `the route threw ${String(e).slice(0, 200)}`);
      }
      checkPollution("after the fetch route");
    }),
    params,
  );

  figures.total = Object.values(figures.runs).reduce((a, b) => a + b, 0);
  return figures;
}

function parseOr(text: string, fallback: unknown): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return fallback;
  }
}
