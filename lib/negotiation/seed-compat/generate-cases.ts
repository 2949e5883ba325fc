/**
 * Deterministic case generator for the differential test against the Python reference: mostly
 * cards in the reference's own shape, drawn from small pools so that the mode sets intersect and
 * the invariants fire, plus a slice of hostile shapes where the reference itself crashes.
 */

export interface SeedCase {
  card: unknown;
  client_profile: unknown;
  task_class: unknown;
}

import { createRandom } from "../testing/random";

/** Marks a key as left out of the object (the reference then uses its `.get` default). */
const ABSENT = Symbol("absent");

const REALISTIC_MODES = ["text/plain", "audio/pcm", "audio/wav", "application/json", "image/png", "text", "video/mp4"];

// Quotes, escapes, non-printables of every repr branch, astral vs high-BMP ordering, and a lone
// surrogate. Only code points whose category has been stable for many Unicode versions, so the
// test does not depend on which Python (and Unicode version) the machine has.
const ODD_MODES = [
  "",
  "it's",
  'say "hi"',
  `both ' and "`,
  "back\\slash",
  "tab\there",
  "new\nline\r",
  "\u0000nul",
  "\u007fdel",
  "\u0085nel",
  "\u00a0nbsp",
  "soft\u00adhyphen",
  "é",
  "ÿ",
  "日本語",
  "zero\u200bwidth",
  "\u2028",
  "\u3000ideographic",
  "\ue000private",
  "\uffff",
  "\u0378",
  "\uff21",
  "😀",
  "\u{1d49c}",
  "\u{e0001}",
  "\u{10ffff}",
  "\ud800lone",
  "lone\udc00",
  "\ufe0fvs16",
  "audio/pcm ",
  "AUDIO/PCM",
];

const NUMBERS = [0, 1, 2, true, false, 1.5, -3, 0.1, 1e-7, 1e16, 1e21, 123456789.125, 2 ** 53 + 2, null];

const SCHEME_NAMES = ["contosoMtls", "mtls", "oauth", "apiKey", "bearer", "missing", "MTLS", "tls", ""];

const SCHEME_VALUES: unknown[] = [
  { type: "mutualTLS" },
  { type: "mutualTLS", description: "client certificates" },
  { mtlsSecurityScheme: {} },
  { mtlsSecurityScheme: { description: "Mutual TLS for all traffic" } },
  { type: "http", scheme: "bearer" },
  { type: "apiKey", in: "header", name: "X-MTLS-Token" },
  { type: "oauth2", flows: {} },
  { description: "MTLS required for callbacks" },
  { description: "m-TLS is not mtls-like" },
  { nested: [{ deep: ["uses mTlS"] }] },
  "mtls",
  "MTLS only",
  "plain https",
  ["mtls"],
  [],
  {},
  0,
  1,
  true,
  false,
  null,
  "m\ttls",
];

const ODD_SCHEME_REFS: unknown[] = [null, 0, 1, -1, 5, true, false, 1.5, ["mtls"], { a: 1 }, "missing", "MTLS", ""];

const TASK_CLASSES: unknown[] = ["request-response", "fire-and-forget", "streaming-output"];
const ODD_TASK_CLASSES: unknown[] = ["Live-Input", " live-input", "async_completion", "", null, 1, true, ["live-input"], {}];

const TRUTHY_ODD: unknown[] = ["False", "false", "0", " ", 1, -1, 0.5, [0], { a: 0 }, [false], "no"];
const FALSY_ODD: unknown[] = ["", 0, 0.0, null, [], {}];

export function generateCases(seed: number, count: number): SeedCase[] {
  const random = createRandom(seed);
  const chance = (p: number) => random() < p;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const some = <T>(items: readonly T[], max: number): T[] =>
    Array.from({ length: Math.floor(random() * (max + 1)) }, () => pick(items));

  const flag = (): unknown => {
    const roll = random();
    if (roll < 0.35) return false;
    if (roll < 0.65) return true;
    if (roll < 0.8) return ABSENT;
    return chance(0.5) ? pick(TRUTHY_ODD) : pick(FALSY_ODD);
  };

  // Every mode list of a case draws from one small per-case pool, so the sets intersect often.
  let pool: unknown[] = [];
  const newPool = (): unknown[] => {
    const drawn: unknown[] = [pick(REALISTIC_MODES), pick(REALISTIC_MODES), "audio/pcm"];
    if (chance(0.35)) drawn.push(pick(ODD_MODES), pick(ODD_MODES));
    if (chance(0.06)) drawn.push(pick(NUMBERS), pick(NUMBERS));
    return drawn;
  };

  const modes = (): unknown => {
    const roll = random();
    if (roll < 0.9) return some(pool, 4);
    if (roll < 0.94) return ABSENT;
    if (roll < 0.95) return pick(["audio/pcm", "text", "", "ÿ😀\ud800"]); // set() of a str: its characters
    if (roll < 0.965) return { "audio/pcm": true, text: 1 }; // set() of a dict: its keys
    if (roll < 0.975) return pick([null, 1, true, 2.5]); // not iterable
    if (roll < 0.985) return [...some(pool, 2), pick([["audio/pcm"], { mode: "x" }])]; // unhashable
    return [...some(NUMBERS, 4), ...some(pool, 2)]; // numbers, maybe mixed with strings
  };

  let pushSchemeName = "";
  const pushConfig = (): unknown => {
    const roll = random();
    if (roll < 0.06) return ABSENT;
    if (roll < 0.09) return pick([true, false, "yes", null, 1, ["supported"]]); // reference crashes
    const securityScheme = chance(0.9) ? pick(SCHEME_NAMES.slice(0, 4)) : pick(ODD_SCHEME_REFS);
    pushSchemeName = typeof securityScheme === "string" ? securityScheme : "";
    return build({ supported: chance(0.6) ? true : flag(), securityScheme });
  };

  const securitySchemes = (): unknown => {
    const roll = random();
    if (roll < 0.1) return ABSENT;
    if (roll < 0.8) {
      const schemes: Record<string, unknown> = {};
      // Usually declare the scheme push names, as real cards do.
      const names = chance(0.6) ? [pushSchemeName, ...some(SCHEME_NAMES, 2)] : some(SCHEME_NAMES, 4);
      for (const name of names) schemes[name] = chance(0.5) ? pick(SCHEME_VALUES.slice(0, 4)) : pick(SCHEME_VALUES);
      return schemes;
    }
    if (roll < 0.9) return some([...SCHEME_NAMES, ...SCHEME_VALUES, 0, 1, 2, true], 5); // a list
    if (roll < 0.96) return pick(["contosoMtls mtls", "oauth", ""]); // a string
    return pick([null, 0, 1, true]);
  };

  const capabilities = (): unknown => {
    const roll = random();
    if (roll < 0.05) return ABSENT;
    if (roll < 0.07) return pick([null, true, "streaming", ["streaming"], 0]); // reference crashes
    return build({ streaming: flag(), pushNotifications: pushConfig(), extensions: chance(0.1) ? [] : ABSENT });
  };

  const card = (): unknown => {
    if (chance(0.015)) return pick([null, [], "card", 1, true, [{ capabilities: {} }]]);
    pool = newPool();
    pushSchemeName = "";
    // Only the fields the reference reads (name, url … would only make the golden file longer).
    return build({
      capabilities: capabilities(),
      defaultInputModes: modes(),
      defaultOutputModes: modes(),
      resubscribeOnlyOutputModes: chance(0.7) ? modes() : ABSENT,
      securitySchemes: securitySchemes(),
    });
  };

  const profile = (): unknown => {
    if (chance(0.015)) return pick([null, [], "northwind", 0, true]);
    return build({
      bufferable_input_modes: chance(0.6) ? some(REALISTIC_MODES, 1) : modes(),
      live_only_input_modes: chance(0.3) ? ["audio/pcm"] : modes(),
      callback_supports_mtls: flag(),
      // camelCase twins the reference ignores: they must not change its answer.
      liveOnlyInputModes: chance(0.05) ? ["audio/pcm"] : ABSENT,
    });
  };

  const taskClass = (): unknown => {
    const roll = random();
    if (roll < 0.38) return "live-input";
    if (roll < 0.76) return "async-completion";
    if (roll < 0.92) return pick(TASK_CLASSES);
    return pick(ODD_TASK_CLASSES);
  };

  return Array.from({ length: count }, () => ({ card: card(), client_profile: profile(), task_class: taskClass() }));
}

function build(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) if (value !== ABSENT) out[key] = value;
  return out;
}

const mtls = { mtlsSecurityScheme: {} };
const async = "async-completion";
const live = "live-input";
const quietStreaming = { streaming: false };

/**
 * Hand-picked corners the random cases reach rarely: which of 1, True and 1.0 a set keeps,
 * list-typed securitySchemes indexed by bool and int, `in` on a str, lone surrogates.
 */
export const CORNER_CASES: SeedCase[] = [
  { card: { defaultInputModes: [1, "a"] }, client_profile: { live_only_input_modes: [true] }, task_class: live },
  { card: { defaultInputModes: [true, 2] }, client_profile: { live_only_input_modes: [1, 2, 3] }, task_class: live },
  { card: { defaultInputModes: [true] }, client_profile: { live_only_input_modes: [1] }, task_class: live },
  { card: { defaultInputModes: [1, true, 0, false] }, client_profile: { live_only_input_modes: [true, false, 7] }, task_class: live },
  { card: { defaultInputModes: [0.5, 1, -2] }, client_profile: { live_only_input_modes: [1, 0.5, -2] }, task_class: live },
  { card: { defaultInputModes: [null, "a"] }, client_profile: { live_only_input_modes: [null, "a"] }, task_class: live },
  { card: { defaultInputModes: [null] }, client_profile: { live_only_input_modes: [null] }, task_class: live },
  { card: { defaultInputModes: "audio" }, client_profile: { live_only_input_modes: "oi" }, task_class: live },
  { card: { defaultInputModes: ['say "hi"', `both ' and "`, "it's"] }, client_profile: { live_only_input_modes: ['say "hi"', `both ' and "`, "it's"] }, task_class: live },
  { card: { defaultOutputModes: ['"', `'"`, "\\'"], resubscribeOnlyOutputModes: ['"', `'"`, "\\'"] }, client_profile: {}, task_class: async },
  { card: { defaultInputModes: ["😀", "\uff21", "\ud83d"] }, client_profile: { live_only_input_modes: ["\ud83d", "😀", "\uff21"] }, task_class: live },
  { card: { defaultOutputModes: { b: 1, a: 2 }, resubscribeOnlyOutputModes: ["a", "b"] }, client_profile: {}, task_class: async },
  { card: { capabilities: { ...quietStreaming, pushNotifications: { supported: 1, securityScheme: true } }, securitySchemes: [true, "mtls"] }, client_profile: {}, task_class: async },
  { card: { capabilities: { pushNotifications: { supported: 1, securityScheme: false } }, securitySchemes: [mtls, 0] }, client_profile: {}, task_class: async },
  { card: { capabilities: { pushNotifications: { supported: 1, securityScheme: -1 } }, securitySchemes: [-1, mtls] }, client_profile: {}, task_class: async },
  { card: { capabilities: { pushNotifications: { supported: 1, securityScheme: 5 } }, securitySchemes: [5, mtls] }, client_profile: {}, task_class: async },
  { card: { capabilities: { pushNotifications: { supported: 1, securityScheme: 1.0 } }, securitySchemes: [1, mtls] }, client_profile: {}, task_class: async },
  { card: { capabilities: { pushNotifications: { supported: 1, securityScheme: 1.5 } }, securitySchemes: [1.5, mtls] }, client_profile: {}, task_class: async },
  { card: { capabilities: { pushNotifications: { supported: 1, securityScheme: { a: [1] } } }, securitySchemes: [{ a: [true] }] }, client_profile: {}, task_class: async },
  { card: { capabilities: { pushNotifications: { supported: 1, securityScheme: { a: 1 } } }, securitySchemes: { a: mtls } }, client_profile: {}, task_class: async },
  { card: { capabilities: { pushNotifications: { supported: 1, securityScheme: "tls" } }, securitySchemes: "mtls" }, client_profile: {}, task_class: async },
  { card: { capabilities: { pushNotifications: { supported: 1, securityScheme: "x" } }, securitySchemes: "mtls" }, client_profile: {}, task_class: async },
  { card: { capabilities: { pushNotifications: { supported: 1, securityScheme: "\ud83d" } }, securitySchemes: "😀" }, client_profile: {}, task_class: async },
  { card: { capabilities: { pushNotifications: { supported: 1, securityScheme: 3 } }, securitySchemes: "mtls" }, client_profile: {}, task_class: async },
  { card: { capabilities: { pushNotifications: { supported: 1, securityScheme: "a" } }, securitySchemes: null }, client_profile: {}, task_class: async },
  { card: { capabilities: { pushNotifications: { supported: "False", securityScheme: "it's" } }, securitySchemes: { "it's": "MTLS" } }, client_profile: { callback_supports_mtls: "" }, task_class: async },
  { card: { capabilities: { pushNotifications: { supported: true, securityScheme: "s" } }, securitySchemes: { s: { a: { b: ["xMtLsx"] } } } }, client_profile: { callback_supports_mtls: 0 }, task_class: async },
  { card: { capabilities: { pushNotifications: { supported: true, securityScheme: "s" } }, securitySchemes: { s: "m\ntls" } }, client_profile: {}, task_class: async },
  { card: { capabilities: { pushNotifications: { supported: true, securityScheme: "s" } }, securitySchemes: { s: mtls } }, client_profile: { callback_supports_mtls: "False" }, task_class: async },
  { card: { capabilities: { pushNotifications: { supported: true, securityScheme: "s" } }, securitySchemes: { s: { type: "mutualTLS" } } }, client_profile: {}, task_class: async },
  { card: { capabilities: { pushNotifications: true } }, client_profile: {}, task_class: "request-response" },
  { card: { capabilities: { pushNotifications: null } }, client_profile: {}, task_class: live },
  { card: { resubscribeOnlyOutputModes: 3 }, client_profile: {}, task_class: "request-response" },
  { card: { resubscribeOnlyOutputModes: 3, defaultInputModes: ["a"] }, client_profile: { live_only_input_modes: ["a"] }, task_class: live },
  { card: { defaultInputModes: [["a"]] }, client_profile: null, task_class: live },
  { card: {}, client_profile: null, task_class: live },
  { card: { defaultOutputModes: [1e-7, 1e16, 1e21, 0.1, -0.0, 5e-324, 1.7976931348623157e308], resubscribeOnlyOutputModes: [1e-7, 1e16, 1e21, 0.1, 0, 5e-324, 1.7976931348623157e308] }, client_profile: {}, task_class: async },
  { card: { defaultOutputModes: [1e-5, 1.5e-5, -2.5e-5] }, client_profile: {}, task_class: async },
  { card: { defaultOutputModes: [1e-5, 1.5e-5, -2.5e-5, 0.00015], resubscribeOnlyOutputModes: [1e-5, 1.5e-5, -2.5e-5, 0.00015] }, client_profile: {}, task_class: async },
  { card: { defaultOutputModes: [0.0001, 123456.789, 1e15 + 0.5, 2 ** 60] }, client_profile: {}, task_class: async },
  { card: { defaultOutputModes: [0.0001, 123456.789, 1e15 + 0.5, 2 ** 60], resubscribeOnlyOutputModes: [2 ** 60, 1e15 + 0.5, 123456.789, 0.0001] }, client_profile: {}, task_class: async },
];
