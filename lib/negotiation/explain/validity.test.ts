import { describe, expect, it } from "vitest";
import { PROBLEM_CODE_LIST, PROBLEM_CODES, type ProblemCode } from "../card/problem-codes";
import { makeProblem, type ProblemData } from "../card/problems";
import { loadCard } from "../card/load";
import { NORTHWIND } from "../profile";
import { review } from "../review";
import { explainReason } from "./decisions";
import { describeProblem, PROBLEM_NAMES, problemsInReadingOrder, VALIDITY_TEMPLATES } from "./validity";

/** One realistic data set per code; typed as a full Record so a new code fails to compile here. */
const SAMPLES: Record<ProblemCode, [string, ProblemData]> = {
  notJson: ["", { reason: "commaExpected", line: 3, column: 5 }],
  notAnObject: ["", { found: "array" }],
  tooLarge: ["", { size: 5_000_000, limit: 4_194_304 }],
  tooDeep: ["", {}],
  unreadable: ["", {}],
  notAnAgentCard: ["", { missing: ["name", "skills"] }],
  missingField: ["", { field: "defaultInputModes", expected: "array" }],
  wrongType: ["/capabilities", { field: "capabilities", expected: "object", found: "string" }],
  emptyList: ["/defaultOutputModes", { field: "defaultOutputModes" }],
  missingBinding: ["/supportedInterfaces/0", { field: "supportedInterfaces[0]" }],
  noCallableInterface: ["/supportedInterfaces/0/url", { url: "{BASE_URL}/a2a", otherEndpoints: 0 }],
  missingRequiredField: ["", { field: "version", expected: "string" }],
  requiredFieldWrongType: ["/skills/0/tags", { field: "skills[0].tags", expected: "array", found: "string" }],
  emptyRequiredList: ["/skills", { field: "skills" }],
  urlNotHttp: ["/supportedInterfaces/0/url", { field: "supportedInterfaces[0].url", url: "ftp://agent.example/a2a", binding: "JSONRPC" }],
  legacyUrlNotHttp: ["/url", { field: "url", url: "ftp://agent.example/a2a", binding: "JSONRPC" }],
  booleanAsString: ["/capabilities/streaming", { field: "capabilities.streaming", value: "False", readAs: false }],
  requiredExtensionWithoutUri: ["/capabilities/extensions/0", { field: "capabilities.extensions[0]" }],
  unknownSecuritySchemeKind: ["/securitySchemes/k/kerberos", { scheme: "k", kind: "kerberos" }],
  jsSdkSchemeShape: ["/securitySchemes/k/scheme", { scheme: "k", kind: "apiKeySecurityScheme" }],
  cardNotWhereClientLooks: ["", { url: "https://a.example/.well-known/voice/agent-card.json", path: "/.well-known/voice/agent-card.json", cardPaths: ["/.well-known/agent-card.json"], wouldTry: ["https://a.example/.well-known/agent-card.json"], client: "A2A JS SDK client (Node)" }],
  unknownApiKeyLocation: ["/securitySchemes/k/in", { scheme: "k", field: "in", location: "body" }],
  unknownOAuthFlow: ["/securitySchemes/o/oauth2SecurityScheme/flows/magicLink", { scheme: "o", flow: "magicLink" }],
  missingSpecField: ["/skills/0", { field: "skills[0].id", expected: "string" }],
  ignoredWrongType: ["/protocolVersion", { field: "protocolVersion", expected: "string", found: "number" }],
  emptySpecList: ["/skills", { field: "skills" }],
  nullValue: ["/provider", { field: "provider" }],
  nonMimeMode: ["/defaultInputModes/0", { mode: "text", reading: "text/plain" }],
  emptyModeList: ["/defaultInputModes", { field: "defaultInputModes" }],
  skillOnlyInputMode: ["/skills/0/inputModes/1", { mode: "audio/pcm" }],
  legacyRequirementShape: ["/securityRequirements/0", { field: "securityRequirements[0]", schemes: ["google"] }],
  protoJsonFieldNames: ["", { fields: ["default_input_modes"] }],
  stringBoolean: ["/capabilities/streaming", { field: "capabilities.streaming", value: "True", readAs: true }],
  versionPatchDigits: ["/protocolVersion", { field: "protocolVersion", version: "1.0.0", suggested: "1.0" }],
  interfaceVersionPatchDigits: ["/supportedInterfaces/0/protocolVersion", { field: "supportedInterfaces[0].protocolVersion", version: "1.0.0", suggested: "1.0" }],
  unknownProtocolVersion: ["/protocolVersion", { field: "protocolVersion", version: "0.2.9" }],
  protocolVersionShapeMismatch: ["/protocolVersion", { version: "1.0", shape: "0.3" }],
  cardLevelProtocolVersion: ["/protocolVersion", { version: "1.0" }],
  draftProtocolVersions: ["/protocolVersions", {}],
  interfaceMissingProtocolVersion: ["/supportedInterfaces/0", { field: "supportedInterfaces[0]" }],
  transportInsteadOfProtocolBinding: ["/supportedInterfaces/0/transport", { field: "supportedInterfaces[0]", transport: "jsonrpc" }],
  bindingNotUppercase: ["/preferredTransport", { binding: "jsonrpc", suggested: "JSONRPC" }],
  urlPlaceholder: ["/url", { field: "url", url: "{BASE_URL}/a2a" }],
  urlNotAbsolute: ["/url", { field: "url", url: "" }],
  legacySecurityField: ["/security", { field: "security", replacement: "securityRequirements" }],
  legacySecurityScheme: ["/securitySchemes/key", { scheme: "key", type: "apiKey" }],
  draftFieldName: ["/supportsExtendedAgentCard", { field: "supportsExtendedAgentCard", replacement: "capabilities.extendedAgentCard" }],
  removedField: ["/capabilities/stateTransitionHistory", { field: "capabilities.stateTransitionHistory" }],
  providerNameInsteadOfOrganization: ["/provider/name", {}],
  undeclaredSecurityScheme: ["/security/0/example", { scheme: "example", field: "security[0]" }],
  unknownSecuritySchemeShape: ["/securitySchemes/x", { scheme: "x" }],
  signatureUnverifiable: ["/signatures/0", { signatureReason: "unknownKid", alg: "ES256", kid: "key-1", jku: "https://example.com/agent/jwks.json", keySource: "supplied", kids: ["key-2"] }],
  signatureInvalid: ["/signatures/0", { signatureReason: "badSignature", alg: "ES256", kid: "key-1", keySource: "supplied" }],
  moreOfThisKind: ["/defaultInputModes/20", { code: "nonMimeMode", more: 261_840 }],
  signatureInvalidBesideValid: ["/signatures/1", { signatureReason: "badSignature", alg: "ES256", kid: "old-key" }],
};

describe("describeProblem", () => {
  it("has a template for every problem code and no template without a code", () => {
    expect(Object.keys(VALIDITY_TEMPLATES).sort()).toEqual([...PROBLEM_CODE_LIST].sort());
  });

  it.each(PROBLEM_CODE_LIST)("fills every placeholder of %s", (code) => {
    const [pointer, data] = SAMPLES[code];
    const text = describeProblem(makeProblem(code, pointer, data));
    expect(text).not.toMatch(/\{\{|\}\}|undefined|\[object/);
    expect(text.length).toBeGreaterThan(10);
  });

  it("words wrong types the way a person would", () => {
    const text = describeProblem(makeProblem("wrongType", "/capabilities", SAMPLES.wrongType[1]));
    expect(text).toBe("capabilities must be an object, found a string.");
  });

  it("says where a JSON syntax error is", () => {
    const result = loadCard('{\n  "name": "x",\n  "skills": [}\n');
    const problem = result.validity.problems[0];
    expect(problem?.code).toBe("notJson");
    expect(describeProblem(problem!)).toBe("The text is not valid JSON: a value is expected at line 3, column 14.");
  });

  it("explains every problem the corpus-style cards produce without leftovers", () => {
    const card = {
      name: "x",
      url: "{BASE_URL}",
      capabilities: { streaming: "True" },
      defaultInputModes: ["text"],
      defaultOutputModes: ["text/plain"],
      skills: [{ name: "no id" }],
      security: [{ ghost: [] }],
    };
    const { validity } = loadCard(card);
    expect(validity.problems.length).toBeGreaterThan(3);
    for (const problem of validity.problems) expect(describeProblem(problem)).not.toContain("{{");
  });

  it("reads the way a reviewer will see it", () => {
    const texts = loadCard({
      name: "Reimbursement Agent",
      url: "<AGENT_URL>",
      capabilities: { streaming: "True", pushNotifications: 3 },
      defaultInputModes: ["text"],
      skills: [{ id: "r", name: "R", description: "d", tags: ["t"] }],
    }).validity.problems.map(describeProblem);
    expect(texts).toEqual([
      "capabilities.pushNotifications must be a boolean or an object, found a number.",
      "defaultOutputModes is missing: it must be an array, and negotiation reads it.",
      "description is missing: A2A requires a string here, so a conforming client refuses this card.",
      "version is missing: A2A requires a string here, so a conforming client refuses this card.",
      '"text" at /defaultInputModes/0 is not a media type; Parley reads it as text/plain (text → text/plain, data → application/json, file → any type), and clients matching media types strictly will not.',
      'capabilities.streaming is the string "True", not a boolean; Parley reads it as true.',
      'url is a template placeholder ("<AGENT_URL>"), not a URL a client can call.',
      'The card names no endpoint a client can call: "<AGENT_URL>" is a template, a placeholder or a relative path, not an absolute URL (or host:port for gRPC). Nothing can be sent to it: fix it at its source.',
    ]);
    const notACard = loadCard({ identity: {}, capabilities: {}, skills: [] }).validity.problems[0]!;
    expect(describeProblem(notACard)).toBe(
      "This is not an A2A Agent Card: it has no name, defaultInputModes, defaultOutputModes and supportedInterfaces.",
    );
  });

  it("names an unknown code instead of throwing", () => {
    const text = describeProblem({ severity: "warning", code: "fromTheFuture", pointer: "/x", data: {} });
    expect(text).toBe('Problem "fromTheFuture" at /x.');
  });

  it("keeps every severity in the code table", () => {
    for (const code of PROBLEM_CODE_LIST) expect(["error", "warning"]).toContain(PROBLEM_CODES[code]);
  });
});

describe("the problems list as a person reads it", () => {
  // A hybrid card whose only endpoint is a template: one error among warnings, the error not first.
  const hybrid = {
    name: "Hybrid",
    description: "d",
    version: "1",
    protocolVersion: "1.0",
    defaultInputModes: ["text/plain"],
    defaultOutputModes: ["text/plain"],
    capabilities: { stateTransitionHistory: true },
    skills: [{ id: "s", name: "S", description: "d", tags: ["t"] }],
    supportedInterfaces: [{ url: "{BASE_URL}/api/messages", protocolBinding: "JSONRPC", protocolVersion: "1.0" }],
  };

  it("lists errors before warnings, each in the card's order", () => {
    const problems = loadCard(hybrid).validity.problems;
    expect(problems.findIndex((p) => p.severity === "error")).toBeGreaterThan(0);
    const ordered = problemsInReadingOrder(problems);
    const firstWarning = ordered.findIndex((p) => p.severity === "warning");
    expect(ordered.slice(0, firstWarning).every((p) => p.severity === "error")).toBe(true);
    expect(ordered.slice(firstWarning).every((p) => p.severity === "warning")).toBe(true);
    expect(ordered.filter((p) => p.severity === "warning")).toEqual(problems.filter((p) => p.severity === "warning"));
  });

  it("says why an invalid card is rejected in words, not problem ids", () => {
    const r = review(JSON.stringify(hybrid), NORTHWIND);
    const reason = r.decisions[0]!.reasons.find((x) => x.reason === "invalidCard")!;
    const text = explainReason(reason);
    expect(text).toBe("The card is not valid (no endpoint a client can call), so nothing can be accepted on it: reject the card.");
    for (const code of PROBLEM_CODE_LIST) expect(text).not.toContain(code);
    for (const code of PROBLEM_CODE_LIST) expect(PROBLEM_NAMES[code]).not.toMatch(/[a-z][A-Z]/);
  });

  it("calls an empty URL empty", () => {
    const problems = loadCard({ ...hybrid, supportedInterfaces: undefined, protocolVersion: "0.3.0", url: "" }).validity.problems;
    const texts = problems.filter((p) => p.pointer === "/url").map(describeProblem);
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) {
      expect(text).toMatch(/empty/);
      expect(text).not.toMatch(/template|placeholder|relative|""/);
    }
  });
});

describe("words a problem's data leaves to its sentence", () => {
  const endpoints = (data: ProblemData) => describeProblem(makeProblem("noCallableInterface", "/url", data));

  it("counts the other uncallable endpoints", () => {
    expect(endpoints({ url: "{BASE_URL}/a2a", otherEndpoints: 0 })).toContain("not an absolute URL (or host:port for gRPC). Nothing");
    expect(endpoints({ url: "{BASE_URL}/a2a", otherEndpoints: 1 })).toContain("(or host:port for gRPC), and so is the other endpoint it lists. Nothing");
    expect(endpoints({ url: "{BASE_URL}/a2a", otherEndpoints: 3 })).toContain(", and so are the 3 other endpoints it lists. Nothing");
  });

  it("says how a mode that is not a media type is read, or that it cannot be", () => {
    expect(describeProblem(makeProblem("nonMimeMode", "/defaultInputModes/0", { mode: "text", reading: "text/plain" }))).toContain("Parley reads it as text/plain (");
    expect(describeProblem(makeProblem("nonMimeMode", "/defaultInputModes/0", { mode: "voice" }))).toContain("Parley reads it as a media type it cannot match (");
  });

  it("reads a record whose data holds the words as it was written", () => {
    expect(endpoints({ url: "{BASE_URL}/a2a", others: ", and so is the other endpoint it lists" })).toContain(", and so is the other endpoint it lists. Nothing");
    expect(describeProblem(makeProblem("nonMimeMode", "/defaultInputModes/0", { mode: "voice", reading: "a media type it cannot match" }))).toContain("reads it as a media type it cannot match (");
  });
});
