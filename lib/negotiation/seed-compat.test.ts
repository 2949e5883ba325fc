import { describe, expect, it } from "vitest";
import { CONTOSO, CONTOSO_LIVE_AUDIO, CONTOSO_PUSH_MTLS } from "./examples/incidents";
import { checkCardNegotiable, SeedInputError, UnnegotiableAgentCardError } from "./seed-compat";
import { findJsonDataProblem, isPlainJsonData } from "./seed-compat/json-data";
import { reprFloat, reprStr } from "./seed-compat/python-repr";

/** Northwind in the reference's own snake_case profile shape. */
const NORTHWIND = { live_only_input_modes: ["audio/pcm"], bufferable_input_modes: [], callback_supports_mtls: false };

type Outcome = { raised: 1 | 2 | 3; message: string } | { crashed: string | null; field: string } | "ok";

function run(card: unknown, profile: unknown, taskClass: unknown): Outcome {
  try {
    checkCardNegotiable(card, profile, taskClass);
    return "ok";
  } catch (error) {
    if (error instanceof UnnegotiableAgentCardError) return { raised: error.invariant, message: error.message };
    if (error instanceof SeedInputError) return { crashed: error.pythonError, field: error.field };
    throw error;
  }
}

const INV1_PCM =
  "task_class='live-input': card advertises live-only input modes ['audio/pcm'] but capabilities.streaming is False; client cannot buffer these modes.";
const INV2_CONTOSO =
  "task_class='async-completion': server push notifications require mTLS under scheme 'contosoMtls', but client callback listener is plain HTTPS; registration would silently drop callbacks.";

describe("checkCardNegotiable on the rule's incident cards", () => {
  const contoso = JSON.parse(CONTOSO.text);
  it.each([
    ["live-input", { raised: 1, message: INV1_PCM }],
    ["async-completion", { raised: 2, message: INV2_CONTOSO }],
    ["request-response", "ok"],
    ["fire-and-forget", "ok"],
    ["streaming-output", "ok"],
  ] as const)("Contoso × Northwind, %s → task-class scoped answer", (taskClass, expected) => {
    expect(run(contoso, NORTHWIND, taskClass)).toEqual(expected);
  });

  it("does not raise invariant 1 when the client can buffer the live mode", () => {
    expect(run(contoso, { ...NORTHWIND, bufferable_input_modes: ["audio/pcm"] }, "live-input")).toBe("ok");
  });

  it("does not raise invariant 2 when the callback listener speaks mTLS", () => {
    expect(run(JSON.parse(CONTOSO_PUSH_MTLS.text), { ...NORTHWIND, callback_supports_mtls: true }, "async-completion")).toBe("ok");
  });

  it("reports the reference's own crash on a boolean pushNotifications instead of answering", () => {
    const outcome = run(JSON.parse(CONTOSO_LIVE_AUDIO.text), NORTHWIND, "live-input");
    expect(outcome).toEqual({ crashed: "AttributeError", field: "card.capabilities.pushNotifications" });
    try {
      checkCardNegotiable(JSON.parse(CONTOSO_LIVE_AUDIO.text), NORTHWIND, "live-input");
    } catch (error) {
      expect((error as Error).name).toBe("SeedInputError");
      expect((error as Error).message).toBe(
        "card.capabilities.pushNotifications is a boolean; the reference check expects an object {supported, securityScheme} and crashes here (AttributeError)",
      );
    }
  });
});

describe("checkCardNegotiable follows Python semantics", () => {
  const push = (scheme: unknown, schemes: unknown) => ({
    capabilities: { streaming: true, pushNotifications: { supported: true, securityScheme: scheme } },
    securitySchemes: schemes,
  });
  const mtls = { mtlsSecurityScheme: {} };

  it.each<[string, unknown, unknown, unknown, Outcome]>([
    ['the string "False" is a truthy streaming flag', { capabilities: { streaming: "False" }, defaultInputModes: ["audio/pcm"] }, NORTHWIND, "live-input", "ok"],
    ["0 is a falsy streaming flag", { capabilities: { streaming: 0 }, defaultInputModes: ["audio/pcm"] }, NORTHWIND, "live-input", { raised: 1, message: INV1_PCM }],
    ["a missing profile key means an empty set", { defaultInputModes: ["audio/pcm"] }, {}, "live-input", "ok"],
    ["camelCase profile keys are not the reference's", { defaultInputModes: ["audio/pcm"] }, { liveOnlyInputModes: ["audio/pcm"] }, "live-input", "ok"],
    ["a str of modes is a set of characters", { defaultInputModes: "ab" }, { live_only_input_modes: "ba" }, "live-input",
      { raised: 1, message: "task_class='live-input': card advertises live-only input modes ['a', 'b'] but capabilities.streaming is False; client cannot buffer these modes." }],
    ["task classes are compared exactly", { defaultInputModes: ["audio/pcm"] }, NORTHWIND, "Live-Input", "ok"],
    ["the 0.3 mutualTLS type does not contain the letters mtls", push("s", { s: { type: "mutualTLS" } }), NORTHWIND, "async-completion", "ok"],
    ["a bool securityScheme indexes a list of schemes", push(true, [true, "MTLS"]), {}, "async-completion",
      { raised: 2, message: "task_class='async-completion': server push notifications require mTLS under scheme True, but client callback listener is plain HTTPS; registration would silently drop callbacks." }],
    ["an int securityScheme out of the list's range", push(5, [5, mtls]), {}, "async-completion", { crashed: "IndexError", field: "card.securitySchemes" }],
    ["a str securitySchemes found by substring", push("tl", "mtls"), {}, "async-completion", { crashed: "TypeError", field: "card.securitySchemes" }],
    ["an object securityScheme cannot key a dict", push({ a: 1 }, { a: mtls }), {}, "async-completion",
      { crashed: "TypeError", field: "card.capabilities.pushNotifications.securityScheme" }],
    ["a list inside a mode list is unhashable", { defaultInputModes: ["a", ["b"]] }, {}, "request-response", { crashed: "TypeError", field: "card.defaultInputModes[1]" }],
    ["a null card", null, {}, "live-input", { crashed: "AttributeError", field: "card" }],
    ["the card's sets are built (and crash) before the profile is read", { defaultOutputModes: 3 }, [], "live-input", { crashed: "TypeError", field: "card.defaultOutputModes" }],
    ["sorting strings with numbers", { defaultInputModes: ["a", 1] }, { live_only_input_modes: [1, "a"] }, "live-input",
      { crashed: "TypeError", field: "card.defaultInputModes" }],
    ["a bad resubscribeOnlyOutputModes crashes every task class", { resubscribeOnlyOutputModes: null }, {}, "request-response",
      { crashed: "TypeError", field: "card.resubscribeOnlyOutputModes" }],
    ["…but invariant 1 raises before it is read", { defaultInputModes: ["audio/pcm"], resubscribeOnlyOutputModes: null }, NORTHWIND, "live-input",
      { raised: 1, message: INV1_PCM }],
    ["1 and True are one set element; the walked set's survives", { defaultInputModes: [1] }, { live_only_input_modes: [true] }, "live-input",
      { raised: 1, message: "task_class='live-input': card advertises live-only input modes [True] but capabilities.streaming is False; client cannot buffer these modes." }],
    ["strings sort by code point, not UTF-16 unit", { defaultOutputModes: ["😀", "\uff21"], resubscribeOnlyOutputModes: ["😀", "\uff21"] }, {}, "async-completion",
      { raised: 3, message: "task_class='async-completion': output modes ['Ａ', '😀'] are emitted only on tasks/resubscribe, but streaming is disabled; these modes are declared and unreachable." }],
  ])("%s", (_name, card, profile, taskClass, expected) => {
    expect(run(card, profile, taskClass)).toEqual(expected);
  });
});

describe("checkCardNegotiable on input that is not JSON data", () => {
  it.each<[string, unknown, unknown, string]>([
    ["an undefined profile", {}, undefined, "client_profile"],
    ["a function inside the card", { capabilities: { streaming: () => true } }, {}, "card.capabilities.streaming"],
    ["a Map as the card", new Map(), {}, "card"],
    ["NaN in a mode list", { defaultInputModes: [NaN] }, {}, "card.defaultInputModes[0]"],
  ])("%s → SeedInputError naming the field, no Python error", (_name, card, profile, field) => {
    expect(run(card, profile, "live-input")).toEqual({ crashed: null, field });
  });

  it("reports a reference cycle rather than looping", () => {
    const card: Record<string, unknown> = {};
    card.self = card;
    expect(run(card, {}, "live-input")).toEqual({ crashed: null, field: "card.self" });
  });

  it("reports nesting past Python's recursion limit as RecursionError without overflowing the stack", () => {
    let deep: unknown = "mtls";
    for (let level = 0; level < 200_000; level++) deep = [deep];
    const card = push("s", { s: deep });
    expect(run(card, {}, "async-completion")).toMatchObject({ crashed: "RecursionError" });
    try {
      checkCardNegotiable(card, {}, "async-completion");
    } catch (error) {
      expect((error as Error).message).toMatch(/^card\.securitySchemes\.s\[0\]\[0\].*… \(\d+ characters\) nests more than 1000 levels deep; Python raises RecursionError/);
    }
  });

  it("still checks cards nested 900 levels deep", () => {
    let deep: unknown = "mtls";
    for (let level = 0; level < 900; level++) deep = [deep];
    expect(run(push("s", { s: deep }), {}, "async-completion")).toMatchObject({ raised: 2 });
  });

  function push(scheme: string, schemes: unknown) {
    return { capabilities: { streaming: true, pushNotifications: { supported: true, securityScheme: scheme } }, securitySchemes: schemes };
  }
});

describe("Python repr", () => {
  it.each([
    ["audio/pcm", "'audio/pcm'"],
    ["it's", `"it's"`],
    [`both ' and "`, `'both \\' and "'`],
    ["tab\tnew\nret\rback\\", "'tab\\tnew\\nret\\rback\\\\'"],
    ["\u0000\u007f\u0085\u00a0\u00ad", "'\\x00\\x7f\\x85\\xa0\\xad'"],
    ["é日本😀", "'é日本😀'"],
    ["\u200b\u2028\u3000\ue000\uffff", "'\\u200b\\u2028\\u3000\\ue000\\uffff'"],
    ["\u{e0001}\u{10ffff}", "'\\U000e0001\\U0010ffff'"],
    ["\ud800", "'\\ud800'"],
  ])("repr(%j) is %s", (text, expected) => {
    expect(reprStr(text)).toBe(expected);
  });

  it.each([
    [1.5, "1.5"],
    [0.1, "0.1"],
    [1e16, "1e+16"],
    [1e15 + 0.5, "1000000000000000.5"],
    [1e22, "1e+22"],
    [0.0001, "0.0001"],
    [1e-5, "1e-05"],
    [2.5e-7, "2.5e-07"],
    [-0, "-0.0"],
    [123456789.123, "123456789.123"],
    [1.7976931348623157e308, "1.7976931348623157e+308"],
    [Infinity, "inf"],
  ])("repr(float %s) is %s", (value, expected) => {
    expect(reprFloat(value)).toBe(expected);
  });
});

describe("the JSON-data pre-check agrees with the exact walk", () => {
  const cyclic: Record<string, unknown> = { a: 1 };
  cyclic.self = cyclic;
  const branching: Record<string, unknown> = {};
  branching.left = branching;
  branching.right = branching;
  const noProto = Object.assign(Object.create(null) as object, { modes: ["a"] });
  let deep: unknown = "x";
  for (let level = 0; level < 1000; level++) deep = [deep];
  let fine: unknown = "x";
  for (let level = 0; level < 999; level++) fine = [fine];
  it.each<[string, unknown]>([
    ["plain data", { a: [1, "b", null, true, { c: 2.5 }] }],
    ["undefined properties (absent)", { a: undefined, b: [1] }],
    ["an object without a prototype", noProto],
    ["a cycle", cyclic],
    ["a branching cycle", branching],
    ["NaN", { a: [NaN] }],
    ["a function", { a: () => 1 }],
    ["a Date", { a: new Date(0) }],
    ["undefined in a list", [undefined]],
    ["1000 levels", deep],
    ["999 levels", fine],
  ])("%s", (_label, value) => {
    expect(isPlainJsonData(value)).toBe(findJsonDataProblem(value, "card") === null);
  });
});
