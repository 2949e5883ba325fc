import { describe, expect, it } from "vitest";
import { normalizeCard } from "./normalize";
import type { NormalizedCard } from "./model";
import { corpusCardNames, readCorpusCard } from "@/fixtures/corpus";
import { NORTHWIND } from "../profile";
import { review } from "../review";

const core = { name: "A", capabilities: {}, skills: [], defaultInputModes: ["text/plain"], defaultOutputModes: ["text/plain"] };
const normalize = (card: Record<string, unknown>): NormalizedCard => {
  const out = normalizeCard(card);
  if (!out) throw new Error("expected a card");
  return out;
};

describe("normalizeCard interfaces", () => {
  it("keeps 1.0 supportedInterfaces in card order, bindings upper-cased, tenant kept", () => {
    const card = normalize({
      ...core,
      supportedInterfaces: [
        { url: "https://a.example/rest", protocolBinding: "http+json", protocolVersion: "1.0", tenant: "t1" },
        { url: "a.example:443", transport: "grpc", protocolVersion: "1.0" },
        { url: "https://a.example/rpc", protocolBinding: "JSONRPC" },
        { protocolBinding: "JSONRPC" },
      ],
    });
    expect(card.interfaces).toEqual([
      {
        url: "https://a.example/rest",
        binding: "HTTP+JSON",
        callable: true,
        protocolVersion: "1.0",
        speaks: "1.0",
        speaksFrom: { pointer: "/supportedInterfaces/0/protocolVersion", value: "1.0" },
        bindingFrom: { pointer: "/supportedInterfaces/0/protocolBinding", value: "http+json" },
        tenant: "t1",
        pointer: "/supportedInterfaces/0",
      },
      {
        url: "a.example:443",
        binding: "GRPC",
        callable: true,
        protocolVersion: "1.0",
        speaks: "1.0",
        speaksFrom: { pointer: "/supportedInterfaces/1/protocolVersion", value: "1.0" },
        // A 1.0 interface written with the 0.3 field name: the evidence points at that field.
        bindingFrom: { pointer: "/supportedInterfaces/1/transport", value: "grpc" },
        pointer: "/supportedInterfaces/1",
      },
      // No version on the interface or the card: the 1.0 spec reads it as 0.3 (and nothing says where it is written).
      {
        url: "https://a.example/rpc",
        binding: "JSONRPC",
        callable: true,
        speaks: "0.3",
        bindingFrom: { pointer: "/supportedInterfaces/2/protocolBinding", value: "JSONRPC" },
        pointer: "/supportedInterfaces/2",
      },
    ]);
    expect(card.url).toBe("https://a.example/rest");
    expect(card.protocolVersion).toBe("1.0");
  });

  it("reads 0.3 url + preferredTransport first, then additionalInterfaces", () => {
    const card = normalize({
      ...core,
      protocolVersion: "0.3.0",
      url: "https://a.example/rest",
      preferredTransport: "HTTP+JSON",
      additionalInterfaces: [
        { url: "https://a.example/rest", transport: "HTTP+JSON" },
        { url: "https://a.example/rpc", transport: "jsonrpc" },
      ],
    });
    expect(card.interfaces.map((i) => [i.url, i.binding, i.protocolVersion, i.pointer])).toEqual([
      ["https://a.example/rest", "HTTP+JSON", "0.3.0", "/url"],
      ["https://a.example/rpc", "JSONRPC", "0.3.0", "/additionalInterfaces/1"],
    ]);
  });

  it("defaults the 0.3 preferred transport to JSONRPC and reads ≤0.2.3 cards as JSON-RPC at url", () => {
    expect(normalize({ ...core, url: "https://a.example", additionalInterfaces: [] }).interfaces[0]?.binding).toBe("JSONRPC");
    expect(normalize({ ...core, url: "https://a.example" }).interfaces).toEqual([
      // No version stated: read as 0.3, as the A2A SDKs convert a 0.x card.
      { url: "https://a.example", binding: "JSONRPC", callable: true, speaks: "0.3", bindingFrom: { pointer: "/preferredTransport", value: "JSONRPC", absent: true }, pointer: "/url" },
    ]);
  });

  it("marks an interface whose URL is a template or placeholder as not callable", () => {
    const card = normalize({
      ...core,
      supportedInterfaces: [
        { url: "{BASE_URL}/a2a", protocolBinding: "JSONRPC", protocolVersion: "1.0" },
        { url: "https://a.example/a2a", protocolBinding: "JSONRPC", protocolVersion: "1.0" },
        { url: "grpc.a.example:443", protocolBinding: "GRPC", protocolVersion: "1.0" },
      ],
    });
    expect(card.interfaces.map((i) => i.callable)).toEqual([false, true, true]);
  });

  it("reads a 1.0 card whose every interface speaks 0.x as advisory, naming the version", () => {
    const noVersion = normalize({ ...core, supportedInterfaces: [{ url: "https://a.example", protocolBinding: "JSONRPC" }] });
    expect(noVersion.shape).toBe("1.0");
    expect(noVersion.advisory).toBe(true);
    expect(noVersion.advisoryVersion).toEqual({ version: "0.3", via: "interfaces" });
    const mixed = normalize({
      ...core,
      supportedInterfaces: [
        { url: "https://a.example/old", protocolBinding: "JSONRPC", protocolVersion: "0.3" },
        { url: "https://a.example/new", protocolBinding: "JSONRPC", protocolVersion: "1.0" },
      ],
    });
    expect(mixed.advisory).toBe(false);
  });

  it("prefers the 1.0 view of a hybrid card, as the SDKs do", () => {
    const card = normalize({
      ...core,
      url: "https://a.example/old",
      preferredTransport: "JSONRPC",
      supportedInterfaces: [{ url: "https://a.example/new", protocolBinding: "HTTP+JSON", protocolVersion: "1.0" }],
    });
    expect(card.shape).toBe("hybrid");
    expect(card.interfaces.map((i) => i.url)).toEqual(["https://a.example/new"]);
    expect(card.advisory).toBe(false);
  });
});

describe("normalizeCard capabilities", () => {
  it.each<[string, unknown, { supported: boolean; securityScheme?: unknown }, boolean]>([
    ["boolean true", true, { supported: true }, false],
    ["string False", "False", { supported: false }, false],
    ["the rule's object form", { supported: true, securityScheme: "m" }, { supported: true, securityScheme: { value: "m", pointer: "/capabilities/pushNotifications/securityScheme" } }, false],
    ["object without supported (reference reads False)", { securityScheme: "m" }, { supported: false, securityScheme: { value: "m", pointer: "/capabilities/pushNotifications/securityScheme" } }, false],
    ["absent", undefined, { supported: false }, true],
    ["wrong type", 7, { supported: false }, true],
  ])("pushNotifications %s", (_label, raw, value, defaulted) => {
    const card = normalize({ ...core, capabilities: { pushNotifications: raw } });
    expect(card.pushNotifications.value).toEqual(value);
    expect(card.pushNotifications.pointer).toBe("/capabilities/pushNotifications");
    expect(card.pushNotifications.defaulted === true).toBe(defaulted);
  });

  it("reads streaming with its pointer and flags the default", () => {
    expect(normalize({ ...core, capabilities: { streaming: "true" } }).streaming).toEqual({ value: true, pointer: "/capabilities/streaming" });
    expect(normalize(core).streaming).toEqual({ value: false, pointer: "/capabilities/streaming", defaulted: true });
  });

  it("reads extensions with uri and required", () => {
    const card = normalize({ ...core, capabilities: { extensions: [{ uri: "u1", required: true }, { uri: "u2" }, { required: true }, "x"] } });
    expect(card.extensions).toEqual([
      { uri: "u1", required: true, pointer: "/capabilities/extensions/0" },
      { uri: "u2", required: false, pointer: "/capabilities/extensions/1" },
    ]);
  });

  it("defaults 0.1 modes to text/plain and other shapes to nothing", () => {
    const { defaultInputModes, ...rest } = core;
    void defaultInputModes;
    const v01 = normalize({ ...rest, url: "https://a.example", authentication: { schemes: [] } });
    expect(v01.defaultInputModes).toEqual({ value: ["text/plain"], pointer: "/defaultInputModes", defaulted: true });
    expect(v01.advisory).toBe(true);
    expect(normalize({ ...rest, url: "https://a.example" }).defaultInputModes).toEqual({ value: [], pointer: "/defaultInputModes", defaulted: true });
  });
});

describe("normalizeCard security", () => {
  // A scheme's kind says whether it requires mutual TLS; the words in it never do (the rule's
  // reference check reads "mtls" in any text, which Parley keeps only in seed-check).
  it.each<[string, unknown, string]>([
    ["0.3 type mutualTLS", { type: "mutualTLS" }, "mutualTLS"],
    ["0.3 type in another case", { type: "MUTUALTLS" }, "mutualTLS"],
    ["1.0 mtlsSecurityScheme", { mtlsSecurityScheme: {} }, "mutualTLS"],
    ["a bearer scheme whose description mentions mTLS", { type: "http", scheme: "bearer", description: "no mTLS required for callbacks" }, "http"],
    ["an http scheme valued MTLS", { type: "http", scheme: "MTLS" }, "http"],
    ["an API key whose prose mentions mutual TLS", { apiKeySecurityScheme: { description: "Mutual TLS plus a key" } }, "apiKey"],
    ["OAuth2 on an mtls. token host (RFC 8705 alias)", { type: "oauth2", flows: { clientCredentials: { tokenUrl: "https://mtls.auth.example/token" } } }, "oauth2"],
    ["plain bearer", { httpAuthSecurityScheme: { scheme: "Bearer" } }, "http"],
    ["oauth2", { type: "oauth2", flows: {} }, "oauth2"],
    ["openIdConnect wrapper", { openIdConnectSecurityScheme: { openIdConnectUrl: "https://x" } }, "openIdConnect"],
    ["unknown shape", { description: "?" }, "unknown"],
  ])("%s", (_label, scheme, kind) => {
    const card = normalize({ ...core, url: "https://a.example", securitySchemes: { s: scheme } });
    expect(card.securitySchemes).toEqual([{ name: "s", kind, pointer: "/securitySchemes/s" }]);
  });

  it.each<[string, Record<string, unknown>, string[][], string]>([
    ["1.0 securityRequirements", { securityRequirements: [{ schemes: { a: { list: ["x"] }, b: { list: [] } } }, { schemes: { c: { list: [] } } }] }, [["a", "b"], ["c"]], "/securityRequirements/0"],
    ["0.x security map", { security: [{ a: ["x"], b: [] }, { c: [] }] }, [["a", "b"], ["c"]], "/security/0"],
    ["hybrid security with schemes wrapper", { security: [{ schemes: { a: [] } }] }, [["a"]], "/security/0"],
    ["securityRequirements win over security", { securityRequirements: [{ schemes: { a: { list: [] } } }], security: [{ b: [] }] }, [["a"]], "/securityRequirements/0"],
    ["an empty alternative stays (no auth needed)", { security: [{}, { a: [] }] }, [[], ["a"]], "/security/0"],
  ])("requirements from %s", (_label, fields, sets, firstPointer) => {
    const card = normalize({ ...core, url: "https://a.example", ...fields });
    expect(card.securityRequirements.map((r) => r.schemes)).toEqual(sets);
    expect(card.securityRequirements[0]?.pointer).toBe(firstPointer);
  });

  it("maps 0.1 authentication scheme names and skips 'no auth' names", () => {
    const card = normalize({ ...core, url: "https://a.example", authentication: { schemes: ["Bearer", "mTLS", "none"] } });
    expect(card.securitySchemes.map((s) => [s.name, s.kind])).toEqual([
      ["Bearer", "http"],
      ["mTLS", "mutualTLS"],
    ]);
    expect(card.securityRequirements.map((r) => r.schemes)).toEqual([["Bearer"], ["mTLS"]]);
  });
});

describe("normalizeCard best effort", () => {
  it("returns nothing for non-objects", () => {
    for (const value of [null, [], "x", 1, undefined]) expect(normalizeCard(value)).toBeUndefined();
  });

  it("reads what it can from an invalid card", () => {
    const card = normalize({ name: 5, description: "d", capabilities: "x", skills: [{ id: "s", inputModes: ["a/b", 3] }, 4] });
    expect(card.name).toBeUndefined();
    expect(card.description).toBe("d");
    expect(card.skills).toEqual([{ id: "s", inputModes: ["a/b"], pointer: "/skills/0" }]);
  });
});

describe("normalizeCard and review leave the parsed card as it was", () => {
  const deepFreeze = (value: unknown): unknown => {
    if (typeof value === "object" && value !== null) {
      for (const child of Object.values(value)) deepFreeze(child);
      Object.freeze(value);
    }
    return value;
  };

  // The normalized card shares the parsed JSON's all-string mode lists instead of copying them: a
  // write to one anywhere in a review would throw on a frozen card (modules run in strict mode).
  it.each(corpusCardNames())("%s reviews the same frozen as parsed from text", (name) => {
    const text = readCorpusCard(name);
    const frozen = deepFreeze(JSON.parse(text));
    const fromFrozen = review(frozen, NORTHWIND);
    expect(fromFrozen).toEqual(review(text, NORTHWIND));
    expect(frozen).toEqual(JSON.parse(text));
  });

  it("reads a skill's mode list as written, and only the strings of one with other items", () => {
    const skills = [{ id: "a", name: "A", inputModes: ["text/plain", "audio/*"], outputModes: ["text/plain", 3, null, "audio/pcm"] }];
    const card = normalize({ ...core, skills });
    expect(card.skills[0]!.inputModes).toEqual(["text/plain", "audio/*"]);
    expect(card.skills[0]!.outputModes).toEqual(["text/plain", "audio/pcm"]);
  });

  it("keeps each skill's fields in order whichever of them it has", () => {
    const card = normalize({
      ...core,
      skills: [
        { id: "a", name: "A", inputModes: ["text/plain"], outputModes: ["text/plain"] },
        { name: "B", outputModes: ["text/plain"], security: [{ k: [] }] },
        "not a skill",
        { id: 7, inputModes: null },
      ],
    });
    expect(card.skills.map((s) => Object.keys(s))).toEqual([
      ["pointer", "id", "name", "inputModes", "outputModes"],
      ["pointer", "name", "outputModes", "securityRequirements"],
      ["pointer"],
    ]);
    expect(card.skills.map((s) => s.pointer)).toEqual(["/skills/0", "/skills/1", "/skills/3"]);
  });
});
