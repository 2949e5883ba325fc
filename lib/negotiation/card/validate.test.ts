import { describe, expect, it } from "vitest";
import { validateCardValue } from "./validate";
import { PROBLEM_CODES } from "./problem-codes";

const base10 = () => ({
  name: "Echo",
  description: "Echoes text.",
  version: "1.0.0",
  supportedInterfaces: [{ url: "https://echo.example/a2a", protocolBinding: "JSONRPC", protocolVersion: "1.0" }] as Record<string, unknown>[],
  capabilities: { streaming: true } as Record<string, unknown>,
  securitySchemes: { m: { mtlsSecurityScheme: {} } } as Record<string, unknown>,
  defaultInputModes: ["text/plain"] as unknown,
  defaultOutputModes: ["text/plain"] as unknown,
  skills: [{ id: "echo", name: "Echo", description: "Echo", tags: ["echo"] }] as Record<string, unknown>[],
});

const base03 = () => ({
  name: "Echo",
  description: "Echoes text.",
  version: "1.0.0",
  protocolVersion: "0.3.0",
  url: "https://echo.example/a2a",
  preferredTransport: "JSONRPC",
  capabilities: { streaming: true } as Record<string, unknown>,
  defaultInputModes: ["text/plain"],
  defaultOutputModes: ["text/plain"],
  skills: [{ id: "echo", name: "Echo", description: "Echo", tags: ["echo"] }] as Record<string, unknown>[],
});

type Card = Record<string, unknown>;
const edit10 = (change: (card: ReturnType<typeof base10>) => void): Card => {
  const card = base10();
  change(card);
  return card;
};
const edit03 = (change: (card: ReturnType<typeof base03>) => void): Card => {
  const card = base03();
  change(card);
  return card;
};

const tags = (card: Card) => validateCardValue(card).problems.map((p) => `${p.severity}:${p.code}@${p.pointer}`);

describe("clean cards", () => {
  it.each([
    ["1.0", base10()],
    ["0.3", base03()],
    ["1.0 with the rule's push object form", edit10((c) => (c.capabilities.pushNotifications = { supported: true, securityScheme: "m" }))],
    ["1.0 with a boolean push flag", edit10((c) => (c.capabilities.pushNotifications = false))],
    ["1.0 with resubscribeOnlyOutputModes", edit10((c) => Object.assign(c, { resubscribeOnlyOutputModes: ["audio/pcm"] }))],
    ["media types with parameters and wildcards", edit10((c) => (c.defaultInputModes = ["text/plain; charset=utf-8", "image/*", "*/*"]))],
    ["a gRPC interface at host:port", edit10((c) => c.supportedInterfaces.push({ url: "echo.example:443", protocolBinding: "GRPC", protocolVersion: "1.0" }))],
    ["a custom URI binding", edit10((c) => c.supportedInterfaces.push({ url: "wss://echo.example/ws", protocolBinding: "https://example.com/bindings/websocket/v1", protocolVersion: "1.0" }))],
    ["hybrid carrying both security and securityRequirements", edit10((c) => Object.assign(c, { url: "https://echo.example/a2a", protocolVersion: "0.3.0", security: [{ m: [] }], securityRequirements: [{ schemes: { m: { list: [] } } }] }))],
    ["0.3 in ProtoJSON encoding", edit03((c) => Object.assign(c, { securitySchemes: { k: { apiKeySecurityScheme: { location: "header", name: "X" } } }, security: [{ schemes: { k: { list: [] } } }] }))],
  ])("%s has no problems", (_label, card) => {
    expect(tags(card)).toEqual([]);
  });
});

describe("problems per field", () => {
  it.each<[string, Card, string]>([
    // Errors: negotiation reads these fields.
    ["capabilities missing", edit10((c) => delete (c as Partial<Card>).capabilities), "error:missingField@"],
    ["capabilities an array", edit10((c) => Object.assign(c, { capabilities: [] })), "error:wrongType@/capabilities"],
    ["streaming a number", edit10((c) => (c.capabilities.streaming = 1)), "error:wrongType@/capabilities/streaming"],
    ["pushNotifications a string", edit10((c) => (c.capabilities.pushNotifications = "yes")), "error:wrongType@/capabilities/pushNotifications"],
    ["push supported not boolean", edit10((c) => (c.capabilities.pushNotifications = { supported: "yes" })), "error:wrongType@/capabilities/pushNotifications/supported"],
    ["push securityScheme not a string", edit10((c) => (c.capabilities.pushNotifications = { supported: true, securityScheme: ["m"] })), "error:wrongType@/capabilities/pushNotifications/securityScheme"],
    ["extension required not boolean", edit10((c) => (c.capabilities.extensions = [{ uri: "u", required: "yes" }])), "error:wrongType@/capabilities/extensions/0/required"],
    ["defaultInputModes a string", edit10((c) => (c.defaultInputModes = "text/plain")), "error:wrongType@/defaultInputModes"],
    ["1.0 securityRequirements written the 0.3 way", edit10((c) => Object.assign(c, { securityRequirements: [{ m: [] }] })), "warning:legacyRequirementShape@/securityRequirements/0"],
    ["every endpoint a placeholder", edit10((c) => (c.supportedInterfaces[0]!.url = "{BASE_URL}/a2a")), "error:noCallableInterface@/supportedInterfaces/0/url"],
    ["skill inputModes a string", edit10((c) => (c.skills[0]!.inputModes = "text/plain")), "error:wrongType@/skills/0/inputModes"],
    ["skills not an array", edit10((c) => Object.assign(c, { skills: {} })), "error:wrongType@/skills"],
    ["resubscribeOnlyOutputModes of numbers", edit10((c) => Object.assign(c, { resubscribeOnlyOutputModes: [1] })), "error:wrongType@/resubscribeOnlyOutputModes/0"],
    ["securitySchemes an array", edit10((c) => Object.assign(c, { securitySchemes: [] })), "error:wrongType@/securitySchemes"],
    ["supportedInterfaces entry without binding", edit10((c) => (c.supportedInterfaces[0] = { url: "https://e.example", protocolVersion: "1.0" })), "error:missingBinding@/supportedInterfaces/0"],
    ["protocolBinding a number", edit10((c) => (c.supportedInterfaces[0]!.protocolBinding = 5)), "error:wrongType@/supportedInterfaces/0/protocolBinding"],
    ["interface url missing", edit10((c) => delete c.supportedInterfaces[0]!.url), "error:missingField@/supportedInterfaces/0"],
    ["0.1 card without url", { name: "A", capabilities: {}, skills: [], authentication: { schemes: ["Bearer"] } }, "error:missingField@"],
    ["0.3 url a number", edit03((c) => Object.assign(c, { url: 42 })), "error:wrongType@/url"],
    ["0.3 additional interface without transport", edit03((c) => Object.assign(c, { additionalInterfaces: [{ url: "https://e.example" }] })), "error:missingField@/additionalInterfaces/0"],
    // Errors: what the card's A2A version REQUIRES (a conforming client refuses the card).
    // 1.0 (a2a.proto v1.0.1 field_behavior = REQUIRED; required arrays non-empty, §5.7).
    ["1.0 card without version", edit10((c) => delete (c as Partial<Card>).version), "error:missingRequiredField@"],
    ["1.0 card without description", edit10((c) => delete (c as Partial<Card>).description), "error:missingRequiredField@"],
    ["1.0 version a number", edit10((c) => Object.assign(c, { version: 1 })), "error:requiredFieldWrongType@/version"],
    ["1.0 skill without id", edit10((c) => delete c.skills[0]!.id), "error:missingRequiredField@/skills/0"],
    ["1.0 skill without name", edit10((c) => delete c.skills[0]!.name), "error:missingRequiredField@/skills/0"],
    ["1.0 skill without description", edit10((c) => delete c.skills[0]!.description), "error:missingRequiredField@/skills/0"],
    ["1.0 skill without tags", edit10((c) => delete c.skills[0]!.tags), "error:missingRequiredField@/skills/0"],
    ["1.0 skill with empty tags", edit10((c) => (c.skills[0]!.tags = [])), "error:emptyRequiredList@/skills/0/tags"],
    ["1.0 card with no skills", edit10((c) => (c.skills = [])), "error:emptyRequiredList@/skills"],
    ["1.0 empty defaultInputModes", edit10((c) => (c.defaultInputModes = [])), "error:emptyRequiredList@/defaultInputModes"],
    ["1.0 empty defaultOutputModes", edit10((c) => (c.defaultOutputModes = [])), "error:emptyRequiredList@/defaultOutputModes"],
    ["1.0 interface without protocolVersion", edit10((c) => delete c.supportedInterfaces[0]!.protocolVersion), "error:interfaceMissingProtocolVersion@/supportedInterfaces/0"],
    ["1.0 interface protocolVersion a number", edit10((c) => (c.supportedInterfaces[0]!.protocolVersion = 1)), "error:requiredFieldWrongType@/supportedInterfaces/0/protocolVersion"],
    ["1.0 interface with transport, not protocolBinding", edit10((c) => (c.supportedInterfaces[0] = { url: "https://e.example", transport: "JSONRPC", protocolVersion: "1.0" })), "error:transportInsteadOfProtocolBinding@/supportedInterfaces/0/transport"],
    ["1.0 JSON-RPC interface at ftp://", edit10((c) => (c.supportedInterfaces[0]!.url = "ftp://echo.example/a2a")), "error:urlNotHttp@/supportedInterfaces/0/url"],
    ["1.0 HTTP+JSON interface at ws:// beside a good one", edit10((c) => c.supportedInterfaces.push({ url: "ws://echo.example/rest", protocolBinding: "HTTP+JSON", protocolVersion: "1.0" })), "error:urlNotHttp@/supportedInterfaces/1/url"],
    ["1.0 streaming the string \"true\"", edit10((c) => (c.capabilities.streaming = "true")), "error:booleanAsString@/capabilities/streaming"],
    ["1.0 pushNotifications the string \"False\"", edit10((c) => (c.capabilities.pushNotifications = "False")), "error:booleanAsString@/capabilities/pushNotifications"],
    ["1.0 extendedAgentCard the string \"true\"", edit10((c) => (c.capabilities.extendedAgentCard = "true")), "error:booleanAsString@/capabilities/extendedAgentCard"],
    ["1.0 extension required the string \"true\"", edit10((c) => (c.capabilities.extensions = [{ uri: "https://x.example/ext/v1", required: "true" }])), "error:booleanAsString@/capabilities/extensions/0/required"],
    ["1.0 required extension without uri", edit10((c) => (c.capabilities.extensions = [{ description: "case numbers", required: true }])), "error:requiredExtensionWithoutUri@/capabilities/extensions/0"],
    ["1.0 scheme of an unknown wrapper key", edit10((c) => (c.securitySchemes = { k: { kerberos: { realm: "EXAMPLE" } } })), "warning:unknownSecuritySchemeKind@/securitySchemes/k/kerberos"],
    ["1.0 scheme of an unknown *SecurityScheme key", edit10((c) => (c.securitySchemes = { k: { kerberosSecurityScheme: {} } })), "warning:unknownSecuritySchemeKind@/securitySchemes/k/kerberosSecurityScheme"],
    ["type-style scheme of an unknown type", edit10((c) => (c.securitySchemes = { k: { type: "kerberos" } })), "warning:unknownSecuritySchemeKind@/securitySchemes/k/type"],
    ["the SDK's own scheme shape of an unknown $case", edit10((c) => (c.securitySchemes = { k: { scheme: { $case: "kerberosSecurityScheme", value: {} } } })), "warning:unknownSecuritySchemeKind@/securitySchemes/k/scheme/$case"],
    ["1.0 apiKey location body", edit10((c) => (c.securitySchemes = { k: { apiKeySecurityScheme: { location: "body", name: "X" } } })), "error:unknownApiKeyLocation@/securitySchemes/k/apiKeySecurityScheme/location"],
    ["1.0 apiKey without location", edit10((c) => (c.securitySchemes = { k: { apiKeySecurityScheme: { name: "X" } } })), "error:missingRequiredField@/securitySchemes/k/apiKeySecurityScheme"],
    ["1.0 http scheme without scheme", edit10((c) => (c.securitySchemes = { k: { httpAuthSecurityScheme: { bearerFormat: "JWT" } } })), "error:missingRequiredField@/securitySchemes/k/httpAuthSecurityScheme"],
    ["1.0 oauth2 without flows", edit10((c) => (c.securitySchemes = { o: { oauth2SecurityScheme: {} } })), "error:missingRequiredField@/securitySchemes/o/oauth2SecurityScheme"],
    ["1.0 oauth2 of an unknown flow", edit10((c) => (c.securitySchemes = { o: { oauth2SecurityScheme: { flows: { magicLink: { tokenUrl: "https://t.example" } } } } })), "error:unknownOAuthFlow@/securitySchemes/o/oauth2SecurityScheme/flows/magicLink"],
    ["1.0 clientCredentials flow without tokenUrl", edit10((c) => (c.securitySchemes = { o: { oauth2SecurityScheme: { flows: { clientCredentials: { scopes: {} } } } } })), "error:missingRequiredField@/securitySchemes/o/oauth2SecurityScheme/flows/clientCredentials"],
    ["1.0 openIdConnect without its url", edit10((c) => (c.securitySchemes = { k: { openIdConnectSecurityScheme: {} } })), "error:missingRequiredField@/securitySchemes/k/openIdConnectSecurityScheme"],
    // 0.x: what that version's JSON Schema requires (which the 0.x Python SDK's models enforce).
    ["0.3 card without version", edit03((c) => delete (c as Partial<ReturnType<typeof base03>>).version), "error:missingRequiredField@"],
    ["0.3 card without description", edit03((c) => delete (c as Partial<ReturnType<typeof base03>>).description), "error:missingRequiredField@"],
    ["0.3 skill without tags", edit03((c) => delete c.skills[0]!.tags), "error:missingRequiredField@/skills/0"],
    ["0.3 extension without uri", edit03((c) => Object.assign(c.capabilities, { extensions: [{ description: "optional" }] })), "error:missingRequiredField@/capabilities/extensions/0"],
    ["0.3 apiKey in body", edit03((c) => Object.assign(c, { securitySchemes: { k: { type: "apiKey", in: "body", name: "X" } } })), "error:unknownApiKeyLocation@/securitySchemes/k/in"],
    ["0.3 apiKey without name", edit03((c) => Object.assign(c, { securitySchemes: { k: { type: "apiKey", in: "header" } } })), "error:missingRequiredField@/securitySchemes/k"],
    ["0.3 scheme of an unknown type", edit03((c) => Object.assign(c, { securitySchemes: { k: { type: "kerberos" } } })), "warning:unknownSecuritySchemeKind@/securitySchemes/k/type"],
    ["0.1 skill without name", { name: "A", version: "1", url: "https://a.example", capabilities: {}, skills: [{ id: "s" }], authentication: { schemes: ["Bearer"] } }, "error:missingRequiredField@/skills/0"],
    // Warnings: still usable.
    // 0.x: what its schema does not require or check stays a warning.
    ["0.3 empty defaultOutputModes", edit03((c) => (c.defaultOutputModes = [])), "warning:emptyModeList@/defaultOutputModes"],
    ["0.3 streaming the string False", edit03((c) => (c.capabilities.streaming = "False")), "warning:stringBoolean@/capabilities/streaming"],
    ["0.3 url at ftp:// beside a callable interface", edit03((c) => Object.assign(c, { url: "ftp://echo.example/a2a", additionalInterfaces: [{ url: "https://echo.example/a2a", transport: "JSONRPC" }] })), "warning:legacyUrlNotHttp@/url"],
    // The 0.x schemas allow keys beside their four flows: nothing to say.
    ["0.3 oauth2 with a flow the 0.x schema does not name", edit03((c) => Object.assign(c, { securitySchemes: { o: { type: "oauth2", flows: { magicLink: {} } } } })), "none"],
    // 1.0: fields 1.0 does not define (legacy or removed) keep the warning for a string boolean.
    ["1.0 removed stateTransitionHistory the string True", edit10((c) => (c.capabilities.stateTransitionHistory = "True")), "warning:stringBoolean@/capabilities/stateTransitionHistory"],
    ["1.0 optional extension without uri", edit10((c) => (c.capabilities.extensions = [{ description: "optional" }])), "none"],
    ["1.0 interface at ftp:// for a custom binding", edit10((c) => (c.supportedInterfaces[0] = { url: "ftp://echo.example/a2a", protocolBinding: "https://example.com/bindings/ftp/v1", protocolVersion: "1.0" })), "none"],
    ["a non-MIME mode", edit10((c) => (c.defaultInputModes = ["data"])), "warning:nonMimeMode@/defaultInputModes/0"],
    ["a non-MIME skill mode", edit10((c) => (c.skills[0]!.outputModes = ["text"])), "warning:nonMimeMode@/skills/0/outputModes/0"],
    ["interface version with patch digits", edit10((c) => (c.supportedInterfaces[0]!.protocolVersion = "1.0.0")), "warning:interfaceVersionPatchDigits@/supportedInterfaces/0/protocolVersion"],
    ["lowercase binding", edit10((c) => (c.supportedInterfaces[0]!.protocolBinding = "http+json")), "warning:bindingNotUppercase@/supportedInterfaces/0/protocolBinding"],
    ["placeholder interface url", edit10((c) => (c.supportedInterfaces[0]!.url = "{BASE_URL}/a2a")), "warning:urlPlaceholder@/supportedInterfaces/0/url"],
    ["JSON-RPC at host:port", edit10((c) => (c.supportedInterfaces[0]!.url = "echo.example:443")), "warning:urlNotAbsolute@/supportedInterfaces/0/url"],
    ["0.3 security in a 1.0 card", edit10((c) => Object.assign(c, { security: [{ m: [] }] })), "warning:legacySecurityField@/security"],
    ["type-style scheme in a 1.0 card", edit10((c) => (c.securitySchemes = { k: { type: "apiKey", in: "header", name: "X" } })), "warning:legacySecurityScheme@/securitySchemes/k"],
    ["scheme of no known form", edit10((c) => (c.securitySchemes = { k: { description: "?" } })), "warning:unknownSecuritySchemeShape@/securitySchemes/k"],
    ["undeclared scheme in securityRequirements", edit10((c) => Object.assign(c, { securityRequirements: [{ schemes: { ghost: { list: [] } } }] })), "warning:undeclaredSecurityScheme@/securityRequirements/0/schemes/ghost"],
    ["undeclared push scheme", edit10((c) => (c.capabilities.pushNotifications = { supported: true, securityScheme: "ghost" })), "warning:undeclaredSecurityScheme@/capabilities/pushNotifications/securityScheme"],
    ["provider.name for organization", edit10((c) => Object.assign(c, { provider: { name: "P", url: "https://p.example" } })), "warning:providerNameInsteadOfOrganization@/provider/name"],
    ["draft protocolVersions", edit10((c) => Object.assign(c, { protocolVersions: ["1.0"] })), "warning:draftProtocolVersions@/protocolVersions"],
    ["draft supportsExtendedAgentCard", edit10((c) => Object.assign(c, { supportsExtendedAgentCard: true })), "warning:draftFieldName@/supportsExtendedAgentCard"],
    ["removed stateTransitionHistory", edit10((c) => (c.capabilities.stateTransitionHistory = false)), "warning:removedField@/capabilities/stateTransitionHistory"],
    ["null where a value belongs", edit10((c) => Object.assign(c, { documentationUrl: null })), "warning:nullValue@/documentationUrl"],
    ["second interface with a lowercase binding", edit10((c) => c.supportedInterfaces.push({ url: "https://e.example/g", protocolBinding: "grpc", protocolVersion: "1.0" })), "warning:bindingNotUppercase@/supportedInterfaces/1/protocolBinding"],
    ["second interface at a placeholder", edit10((c) => c.supportedInterfaces.push({ url: "<AGENT_URL>", protocolBinding: "GRPC", protocolVersion: "1.0" })), "warning:urlPlaceholder@/supportedInterfaces/1/url"],
    ["second interface with an unreleased version", edit10((c) => c.supportedInterfaces.push({ url: "https://e.example/2", protocolBinding: "GRPC", protocolVersion: "0.9" })), "warning:unknownProtocolVersion@/supportedInterfaces/1/protocolVersion"],
    ["0.3 additional interface with a lowercase transport", edit03((c) => Object.assign(c, { additionalInterfaces: [{ url: "https://e.example", transport: "JSONRPC" }, { url: "https://e.example/h", transport: "http+json" }] })), "warning:bindingNotUppercase@/additionalInterfaces/1/transport"],
    ["0.3 additional interface at a relative url", edit03((c) => Object.assign(c, { additionalInterfaces: [{ url: "/a2a", transport: "GRPC" }] })), "warning:urlNotAbsolute@/additionalInterfaces/0/url"],
    ["0.3 lowercase preferredTransport", edit03((c) => (c.preferredTransport = "jsonrpc")), "warning:bindingNotUppercase@/preferredTransport"],
    ["0.3 placeholder url", edit03((c) => (c.url = "https://<HOST>/a2a")), "warning:urlPlaceholder@/url"],
    ["0.3 unreleased version", edit03((c) => (c.protocolVersion = "0.2.9")), "warning:unknownProtocolVersion@/protocolVersion"],
    ["0.3 shape claiming 1.0", edit03((c) => (c.protocolVersion = "1.0")), "warning:protocolVersionShapeMismatch@/protocolVersion"],
    ["0.3 undeclared scheme in skill security", edit03((c) => (c.skills[0]!.security = [{ example: [] }])), "warning:undeclaredSecurityScheme@/skills/0/security/0/example"],
    ["0.3 scopes that are not a list", edit03((c) => Object.assign(c, { securitySchemes: { k: { type: "apiKey" } }, security: [{ k: "all" }] })), "warning:ignoredWrongType@/security/0/k"],
  ])("%s → %s", (_label, card, expected) => {
    const found = tags(card);
    if (expected === "none") {
      expect(found).toEqual([]);
      return;
    }
    expect(found).toContain(expected);
    const severity = expected.split(":")[0];
    // Severity follows the single code table, and `valid` follows severity.
    expect(validateCardValue(card).valid).toBe(severity === "warning" ? !found.some((t) => t.startsWith("error:")) : false);
  });

  it("reports a null where the negotiation needs a value as one error, not also as 'read as absent'", () => {
    const found = tags(edit10((c) => Object.assign(c, { capabilities: null })));
    expect(found).toContain("error:wrongType@/capabilities");
    expect(found).not.toContain("warning:nullValue@/capabilities");
  });

  it("takes every problem's severity from the code table", () => {
    const card = edit10((c) => Object.assign(c, { capabilities: [], security: [{ ghost: [] }], defaultInputModes: ["text"] }));
    for (const problem of validateCardValue(card).problems) {
      expect(problem.severity).toBe(PROBLEM_CODES[problem.code as keyof typeof PROBLEM_CODES]);
    }
  });

  it("is valid with warnings only, invalid with one error", () => {
    expect(validateCardValue(edit10((c) => (c.defaultInputModes = ["text"])))).toMatchObject({ valid: true, shape: "1.0" });
    expect(validateCardValue(edit10((c) => (c.defaultInputModes = "text")))).toMatchObject({ valid: false, shape: "1.0" });
  });

  it("caps the problems a hostile card can produce", () => {
    const card = edit10((c) => (c.skills = Array.from({ length: 50_000 }, () => ({ inputModes: 1 }))));
    const report = validateCardValue(card);
    expect(report.valid).toBe(false);
    expect(report.problems.length).toBeLessThanOrEqual(500);
  });
});

describe("long skill lists (the skills are walked once, then again only where a check has something to report)", () => {
  const clean = (i: number) => ({ id: `s${i}`, name: `Skill ${i}`, description: "d", tags: ["t"], inputModes: ["text/plain"], outputModes: ["application/json", "image/*"] });
  const longCard = (change: (skills: Record<string, unknown>[]) => void, shape: "1.0" | "0.3" = "1.0"): Card => {
    const card = shape === "1.0" ? base10() : base03();
    card.skills = Array.from({ length: 400 }, (_, i) => clean(i));
    change(card.skills);
    return card;
  };
  const skillTags = (card: Card) => tags(card).filter((t) => t.includes("/skills/"));

  it("finds a null, a non-MIME mode and a skill-level security list deep in the list, at the right skill", () => {
    const card = longCard((skills) => {
      skills[397]!.examples = null;
      skills[398]!.outputModes = ["application/json", "text"];
      skills[399]!.securityRequirements = [{ schemes: { ghost: { list: [] } } }];
    });
    expect(skillTags(card)).toEqual([
      "warning:nullValue@/skills/397/examples",
      "warning:nonMimeMode@/skills/398/outputModes/1",
      "warning:undeclaredSecurityScheme@/skills/399/securityRequirements/0/schemes/ghost",
    ]);
  });

  it("reports each kind in skill order, whichever skill set the walk off", () => {
    const card = longCard((skills) => {
      skills[5]!.inputModes = ["Text"];
      skills[350]!.inputModes = ["audio/pcm", "data"];
      skills[351]!.examples = null;
      skills[10]!.tags = null;
    });
    expect(skillTags(card)).toEqual([
      // The schema's wrong type for tags first (REQUIRED in 1.0: an error); the null is not reported again as "read as absent".
      "error:requiredFieldWrongType@/skills/10/tags",
      "warning:nullValue@/skills/351/examples",
      // Issue 28: audio/pcm is a skill's input mode the defaults (text/plain) leave out: refused.
      "warning:skillOnlyInputMode@/skills/350/inputModes/0",
      "warning:nonMimeMode@/skills/5/inputModes/0",
      "warning:nonMimeMode@/skills/350/inputModes/1",
    ]);
  });

  it("flags a 0.3 `security` key on a skill of a 1.0 card, and checks a 0.3 card's skill security", () => {
    expect(skillTags(longCard((skills) => (skills[300]!.security = [{ m: [] }])))).toEqual([
      "warning:legacySecurityField@/skills/300/security",
    ]);
    expect(skillTags(longCard((skills) => (skills[300]!.security = [{ ghost: [] }]), "0.3"))).toEqual([
      "warning:undeclaredSecurityScheme@/skills/300/security/0/ghost",
    ]);
  });

  it("has nothing to say about a clean long list", () => {
    expect(tags(longCard(() => {}))).toEqual([]);
  });
});

describe("media types", () => {
  const nonMime = (mode: string) => tags(edit10((c) => (c.defaultInputModes = [mode]))).includes("warning:nonMimeMode@/defaultInputModes/0");

  it.each([
    "text/plain", "*/*", "image/*", "application/vnd.api+json", "audio/pcm;rate=16000", "text/plain ; charset=utf-8",
    "text/plain\t", "text/plain\u00a0", "text/plain;", "x!#$&^-._+/y!#$&^-._+", "text/plain\ufeff",
  ])("%j is a media type", (mode) => {
    expect(nonMime(mode)).toBe(false);
  });

  it.each([
    "text", "data", "file", "", "/", "text/", "/plain", "*", "*/plain", "text/*x", "_x/y", "x/_y", "a/b/c", " text/plain",
    "text/pl ain", "text/plain\u200b", "tëxt/plain", "text/plain x", "text/plain;a\nb",
  ])("%j is not a media type", (mode) => {
    expect(nonMime(mode)).toBe(true);
  });
});
