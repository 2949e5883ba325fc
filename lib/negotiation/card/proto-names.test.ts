import { describe, expect, it } from "vitest";
import { corpusCardNames, readCorpusCard } from "@/fixtures/corpus";
import fc from "fast-check";
import { loadCard } from "./load";
import { mayHaveProtoNames, readProtoNames } from "./proto-names";

/** A2A's JSON names as ProtoJSON's snake_case spells them (a few of each place they sit). */
const SNAKE: Record<string, string> = {
  supportedInterfaces: "supported_interfaces",
  protocolBinding: "protocol_binding",
  protocolVersion: "protocol_version",
  defaultInputModes: "default_input_modes",
  defaultOutputModes: "default_output_modes",
  inputModes: "input_modes",
  outputModes: "output_modes",
  securitySchemes: "security_schemes",
  securityRequirements: "security_requirements",
  pushNotifications: "push_notifications",
  apiKeySecurityScheme: "api_key_security_scheme",
  documentationUrl: "documentation_url",
};

function snakeCased(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snakeCased);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, child]) => [SNAKE[key] ?? key, snakeCased(child)]));
}

const corpus = corpusCardNames()
  .map((name) => ({ name, text: readCorpusCard(name) }))
  .flatMap(({ name, text }) => {
    try {
      return [{ name, card: JSON.parse(text) as Record<string, unknown> }];
    } catch {
      return [];
    }
  })
  .filter(({ card }) => typeof card === "object" && card !== null && !Array.isArray(card));

describe("readProtoNames", () => {
  it("hands back the card itself, untouched, when it has no snake_case A2A name", () => {
    const card = { name: "A", skills: [{ id: "s", tags: ["a_b"], inputModes: ["text/plain"] }], metadata: { some_key: [1, [2, { x_y: 3 }]] } };
    const before = JSON.stringify(card);
    const read = readProtoNames(card);
    expect(read.card).toBe(card);
    expect(read.renamed).toEqual([]);
    expect(JSON.stringify(card)).toBe(before);
  });

  it("reads every corpus card written in snake_case as the card itself, keys in the same order", () => {
    let renamedCards = 0;
    for (const { name, card } of corpus) {
      const snake = snakeCased(card) as Record<string, unknown>;
      const read = readProtoNames(snake);
      expect(JSON.stringify(read.card), name).toBe(JSON.stringify(card));
      if (read.renamed.length > 0) renamedCards++;
      // A card that already uses the JSON names is read as it is.
      const same = readProtoNames(card);
      if (same.renamed.length === 0) expect(same.card, name).toBe(card);
    }
    expect(renamedCards).toBeGreaterThan(corpus.length / 2);
  });

  it("names each snake_case name once (a field's own names before its name), and leaves the parts without one shared with the card", () => {
    const skill = { id: "plain", inputModes: ["text/plain"] };
    const card = {
      default_input_modes: ["text/plain"],
      skills: [skill, { id: "s", input_modes: ["audio/pcm"] }, { id: "t", input_modes: [], output_modes: [] }],
      supported_interfaces: [{ url: "https://a.example", protocol_binding: "JSONRPC" }],
    };
    const read = readProtoNames(card);
    expect(read.renamed).toEqual(["default_input_modes", "input_modes", "output_modes", "protocol_binding", "supported_interfaces"]);
    const skills = read.card.skills as unknown[];
    expect(skills[0]).toBe(skill);
    expect(skills[1]).toEqual({ id: "s", inputModes: ["audio/pcm"] });
    expect(read.card.supportedInterfaces).toEqual([{ url: "https://a.example", protocolBinding: "JSONRPC" }]);
    expect(card.skills[1]).toEqual({ id: "s", input_modes: ["audio/pcm"] });
  });

  it("keeps a name the card also writes in camelCase, and the keys of maps whose keys the card chooses", () => {
    const card = {
      defaultInputModes: ["text/plain"],
      default_input_modes: ["audio/pcm"],
      securitySchemes: { api_key_security_scheme: { type: "apiKey" }, key: { api_key_security_scheme: { location: "header" } } },
      capabilities: { extensions: [{ uri: "u", params: { input_modes: 1 } }] },
    };
    const read = readProtoNames(card);
    expect(read.renamed).toEqual(["api_key_security_scheme"]);
    expect(read.card.default_input_modes).toEqual(["audio/pcm"]);
    expect(Object.keys(read.card.securitySchemes as object)).toEqual(["api_key_security_scheme", "key"]);
    expect((read.card.securitySchemes as Record<string, unknown>).key).toEqual({ apiKeySecurityScheme: { location: "header" } });
    expect(read.card.capabilities).toBe(card.capabilities);
  });

  it("stops at 64 levels: a name deeper than that is left as written", () => {
    let deep: unknown = { input_modes: ["x"] };
    for (let i = 0; i < 70; i++) deep = [deep];
    const card = { skills: deep };
    const read = readProtoNames(card);
    expect(read.renamed).toEqual([]);
    expect(read.card).toBe(card);
  });
});

/** Writes a key with every character as a \u escape, as JSON allows and JSON.parse reads back. */
const escapedKey = (key: string) => `"${[...key].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join("")}"`;

describe("mayHaveProtoNames (the text check that spares the walk)", () => {
  it("says no for every corpus card as written, so their reviews skip the walk, and yes for each one in snake_case", () => {
    for (const { name, card } of corpus) {
      expect(mayHaveProtoNames(readCorpusCard(name)), name).toBe(false);
      const snake = snakeCased(card);
      if (readProtoNames(snake as Record<string, unknown>).renamed.length > 0) expect(mayHaveProtoNames(JSON.stringify(snake, null, 2)), name).toBe(true);
    }
  });

  it("says yes for a name spelled with \\u escapes, which has no underscore in the text, and the card is still read", () => {
    const text = `{"name": "A", ${escapedKey("default_input_modes")}: ["text/plain"]}`;
    expect(text).not.toContain("_");
    expect(mayHaveProtoNames(text)).toBe(true);
    const loaded = loadCard(text);
    expect(loaded.card?.defaultInputModes.value).toEqual(["text/plain"]);
    expect(loaded.validity.problems.map((p) => p.code)).toContain("protoJsonFieldNames");
  });

  it("tells a name from words that only contain one (in a value, inside a longer key, unquoted)", () => {
    expect(mayHaveProtoNames(`{"tags": ["my_input_modes", "input_modes_x"], "id": "get_weather"}`)).toBe(false);
    expect(mayHaveProtoNames(`{"description": "set input_modes here"}`)).toBe(false);
    expect(mayHaveProtoNames(`{"skills": [{"output_modes": []}]}`)).toBe(true);
    // A name as a value is not a key, but saying yes there only costs the walk.
    expect(mayHaveProtoNames(`{"tags": ["output_modes"]}`)).toBe(true);
    expect(mayHaveProtoNames("_")).toBe(false);
    expect(mayHaveProtoNames('"input_modes"')).toBe(true);
  });

  it("compares a quoted word with the names of its length in place: each name says yes, a word of the same length no", () => {
    const names = Object.values(SNAKE).concat("extended_agent_card", "open_id_connect_url", "oauth2_metadata_url", "icon_url", "bearer_format", "mtls_security_scheme");
    for (const name of names) {
      expect(mayHaveProtoNames(`{"${name}": 1}`), name).toBe(true);
      // The same length, one letter off (first, last), and the name inside a longer quoted word.
      expect(mayHaveProtoNames(`{"x${name.slice(1)}": 1, "${name.slice(0, -1)}x": 2, "a_${name}": 3}`), name).toBe(false);
    }
    // A word with several underscores is one word: its later underscores do not start a shorter one.
    expect(mayHaveProtoNames(`{"x_default_input_modes": 1, "default_input_modes_x": 2}`)).toBe(false);
    expect(mayHaveProtoNames(`{"x_y": 1, "default_input_modes": 2}`)).toBe(true);
  });

  it("never says no to a card the walk would rename (any nesting, escapes, other snake_case keys beside)", () => {
    const names = [...Object.values(SNAKE), "extended_agent_card", "open_id_connect_url", "oauth2_metadata_url", "x_y", "input_modes_x", "inputModes", "name"];
    const json = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: "small" }, fc.constant(null), fc.integer(), fc.constantFrom("a", "text/plain", "input_modes"), tie("object"), tie("array")),
      array: fc.array(tie("value"), { maxLength: 3 }),
      object: fc.dictionary(fc.constantFrom(...names), tie("value"), { maxKeys: 4 }),
    }));
    fc.assert(
      fc.property(json.object, fc.boolean(), (card, escape) => {
        let text = JSON.stringify(card);
        if (escape) for (const name of names) text = text.split(`"${name}"`).join(escapedKey(name));
        const walked = readProtoNames(JSON.parse(text) as Record<string, unknown>);
        if (walked.renamed.length > 0) expect(mayHaveProtoNames(text)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
