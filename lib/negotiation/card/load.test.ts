import { describe, expect, it, vi } from "vitest";
import { loadCard } from "./load";
import { validateCardValue } from "./validate";
import { MAX_CARD_CHARS } from "./parse-text";
import { ARRAY_CHUNK, MIN_TEXT_WITH_LONG_ARRAY } from "./chunked-issues";

const minimal10 = {
  name: "Echo",
  description: "Echoes text.",
  version: "1.0.0",
  supportedInterfaces: [{ url: "https://echo.example/a2a", protocolBinding: "JSONRPC", protocolVersion: "1.0" }],
  capabilities: { streaming: true },
  defaultInputModes: ["text/plain"],
  defaultOutputModes: ["text/plain"],
  skills: [{ id: "echo", name: "Echo", description: "Echo", tags: ["echo"] }],
};

const codes = (input: unknown) => loadCard(input).validity.problems.map((p) => p.code);

describe("loadCard on text that is not a card", () => {
  it.each([
    ["trailing comma", '{"name": "x",}', 1, 14, "propertyNameExpected"],
    ["missing comma", '{\n  "a": 1\n  "b": 2\n}', 3, 3, "commaExpected"],
    ["unclosed string", '{"name": "x', 1, 10, "unexpectedEndOfString"],
    ["single quotes", "{'name': 1}", 1, 2, "invalidSymbol"],
    ["comment", '{"a": 1 // no\n}', 1, 9, "invalidCommentToken"],
    ["empty text", "", 1, 1, "emptyDocument"],
    ["only spaces", "  \n ", 2, 2, "emptyDocument"],
    ["100,000 unclosed [ (past JSON.parse's own depth)", "[".repeat(100_000) + "\n", 2, 1, "closeBracketExpected"],
  ])("reports %s as notJson with line and column", (_label, text, line, column, reason) => {
    const { validity, card, raw } = loadCard(text);
    expect(validity.valid).toBe(false);
    expect(validity.problems).toHaveLength(1);
    const [problem] = validity.problems;
    expect(problem).toMatchObject({ severity: "error", code: "notJson", pointer: "", data: { line, column, reason } });
    expect(problem?.position).toMatchObject({ line, column });
    expect(JSON.stringify(problem)).not.toMatch(/at JSON\.parse|SyntaxError|\n\s+at /);
    expect(card).toBeUndefined();
    expect(raw).toBeUndefined();
  });

  it.each([
    ["an array", "[1, 2]", "array"],
    ["a string", '"card"', "string"],
    ["null", "null", "null"],
    ["a number", "42", "number"],
    ["a boolean", "true", "boolean"],
  ])("reports %s as notAnObject at the root", (_label, text, found) => {
    const { validity, card } = loadCard(text);
    expect(validity).toEqual({
      valid: false,
      shape: "unknown",
      problems: [{ severity: "error", code: "notAnObject", pointer: "", data: { found } }],
    });
    expect(card).toBeUndefined();
  });

  it("refuses text over the size cap without parsing it", () => {
    const huge = '{"name": "' + "x".repeat(5 * 1024 * 1024) + '"}';
    // Not parsed: a parse of 5 MiB would be the cost the cap is there to avoid (a count, not a clock).
    const parse = vi.spyOn(JSON, "parse");
    const { validity } = loadCard(huge);
    expect(parse).not.toHaveBeenCalled();
    parse.mockRestore();
    expect(validity.problems).toEqual([
      { severity: "error", code: "tooLarge", pointer: "", data: { size: huge.length, limit: MAX_CARD_CHARS } },
    ]);
  });

  it("survives 100k-deep nesting, as text and inside a card", () => {
    const deep = "[".repeat(100_000) + "]".repeat(100_000);
    expect(codes(deep)).toEqual(["notAnObject"]);
    const deepInCard = `{"name": ${deep}, "capabilities": {"pushNotifications": {"securityScheme": ${deep}}}, "securitySchemes": {"x": {"a": ${deep}}}, "url": "https://a.example", "skills": [], "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"]}`;
    const result = loadCard(deepInCard);
    expect(result.validity.valid).toBe(false);
    expect(result.validity.problems.find((p) => p.pointer === "/name")?.code).toBe("wrongType");
  });

  it("survives a deeply nested parsed value passed directly", () => {
    let value: unknown = {};
    for (let i = 0; i < 100_000; i++) value = { securitySchemes: value };
    expect(() => loadCard({ ...minimal10, securitySchemes: { deep: value } })).not.toThrow();
  });

  it("strips a byte-order mark instead of calling the card broken", () => {
    expect(loadCard("\uFEFF" + JSON.stringify(minimal10)).validity.valid).toBe(true);
  });
});

describe("loadCard keeps hostile keys inert", () => {
  it("does not pollute Object.prototype through __proto__ or constructor keys", () => {
    const text = JSON.stringify(minimal10).replace(
      /^\{/,
      '{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}},',
    );
    const { validity, card } = loadCard(text);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty("polluted");
    expect(validity.valid).toBe(true);
    expect(card?.name).toBe("Echo");
  });

  it("reads a security scheme named __proto__ as data", () => {
    const card = {
      ...minimal10,
      securitySchemes: JSON.parse('{"__proto__": {"mtlsSecurityScheme": {}}}'),
      securityRequirements: [{ schemes: JSON.parse('{"__proto__": {"list": []}}') }],
    };
    const result = loadCard(card);
    expect(result.card?.securitySchemes).toEqual([{ name: "__proto__", kind: "mutualTLS", pointer: "/securitySchemes/__proto__" }]);
    expect(result.card?.securityRequirements[0]?.schemes).toEqual(["__proto__"]);
    expect(result.validity.problems.map((p) => p.code)).not.toContain("undeclaredSecurityScheme");
    expect(({} as Record<string, unknown>).mtlsSecurityScheme).toBeUndefined();
  });

  it("does not read inherited properties as card fields", () => {
    const { validity } = loadCard('{"toString": 1}');
    expect(validity.valid).toBe(false);
    expect(validity.shape).toBe("unknown");
  });
});

describe("loadCard on wrong types everywhere", () => {
  const wrong = {
    name: ["not", "a", "string"],
    url: 42,
    capabilities: { streaming: "maybe", pushNotifications: 7, extensions: { uri: "x" } },
    defaultInputModes: "text/plain",
    defaultOutputModes: [1, 2],
    skills: { id: "not-an-array" },
    securitySchemes: [],
    security: "none",
    resubscribeOnlyOutputModes: "audio/pcm",
  };

  it("reports each wrong field as an error at its pointer, and never throws", () => {
    const { validity, card } = loadCard(wrong);
    expect(validity.valid).toBe(false);
    const errors = validity.problems.filter((p) => p.severity === "error").map((p) => `${p.code}@${p.pointer}`);
    expect(errors.sort()).toEqual(
      [
        "wrongType@/name",
        "wrongType@/url",
        "wrongType@/capabilities/streaming",
        "wrongType@/capabilities/pushNotifications",
        "wrongType@/capabilities/extensions",
        "wrongType@/defaultInputModes",
        "wrongType@/defaultOutputModes/0",
        "wrongType@/defaultOutputModes/1",
        "wrongType@/skills",
        "wrongType@/securitySchemes",
        "wrongType@/security",
        "wrongType@/resubscribeOnlyOutputModes",
        // No description, no version: 0.2 requires both (a conforming client refuses the card).
        "missingRequiredField@",
        "missingRequiredField@",
      ].sort(),
    );
    // Best effort: wrong types read as absent/defaults.
    expect(card?.streaming).toEqual({ value: false, pointer: "/capabilities/streaming", defaulted: true });
    expect(card?.defaultOutputModes.value).toEqual([]);
    expect(card?.skills).toEqual([]);
  });

  it("validateCardValue gives the same report as loadCard", () => {
    expect(validateCardValue(wrong)).toEqual(loadCard(wrong).validity);
    expect(validateCardValue(minimal10)).toEqual({ valid: true, shape: "1.0", problems: [] });
  });

  it.each([undefined, Symbol("x"), () => 1, 10n])("handles a non-JSON value (%s) passed directly", (value) => {
    expect(loadCard(value).validity.valid).toBe(false);
  });
});

describe("a card text too short to hold a long array", () => {
  it("is the shortest text that holds one: a list of ARRAY_CHUNK + 1 one-character values", () => {
    expect(JSON.stringify(new Array(ARRAY_CHUNK + 1).fill(0)).length).toBe(MIN_TEXT_WITH_LONG_ARRAY);
  });

  it("still has a long array read in chunks when the text just holds one (as the parsed value is)", () => {
    // 1,025 skills of one character each, and just what makes it a card whose skills are read (40
    // characters over the bound): the critical tier stops after the first chunk's issues.
    const text = JSON.stringify({ name: "x", capabilities: {}, skills: new Array(ARRAY_CHUNK + 1).fill(0) });
    expect(text.length).toBe(MIN_TEXT_WITH_LONG_ARRAY + 40);
    const fromText = loadCard(text).validity;
    expect(fromText).toEqual(validateCardValue(JSON.parse(text)));
    expect(fromText.truncated?.some((cut) => cut.atLeast)).toBe(true);
  });
});
