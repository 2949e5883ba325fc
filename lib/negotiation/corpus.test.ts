import { describe, expect, it } from "vitest";
import { corpusCardNames, readCorpusCard } from "@/fixtures/corpus";
import { loadCard } from "./card/load";
import type { CardShape, NormalizedCard } from "./card/model";
import { INCIDENT_CARDS, CONTOSO, CONTOSO_RESUBSCRIBE_ONLY } from "./examples/incidents";


interface Expected {
  shape: CardShape;
  valid: boolean;
  /** Exactly these errors, as `code@pointer`. */
  errors?: string[];
  /** At least these warnings, as `code@pointer`. */
  warnings?: string[];
  /** Exactly these warnings (when the card should be clean apart from them). */
  onlyWarnings?: string[];
  card?: (card: NormalizedCard) => void;
}

const bindings = (card: NormalizedCard) => card.interfaces.map((i) => i.binding);
const requirementSets = (card: NormalizedCard) => card.securityRequirements.map((r) => r.schemes);

/**
 * Written by hand from reading each file (see MANIFEST.tsv for provenance). Where Parley's shape
 * differs from the manifest's `shape_group` guess, the comment says why.
 */
const EXPECTED: Record<string, Expected> = {
  // No protocolVersion, url only: 0.2.x (the manifest agrees).
  "a2a-docs-v0.3.0-extensions-magic8ball.json": {
    shape: "0.2",
    valid: true,
    onlyWarnings: [],
    card: (c) => {
      expect(c.advisory).toBe(true);
      // No protocolVersion on a 0.2-shaped card: read as 0.3, as the A2A SDKs convert it.
      // No preferredTransport either: JSON-RPC, the 0.x default, marked as not written.
      expect(c.interfaces).toEqual([
        {
          url: "https://example.com/agents/eightball",
          binding: "JSONRPC",
          callable: true,
          speaks: "0.3",
          bindingFrom: { pointer: "/preferredTransport", value: "JSONRPC", absent: true },
          pointer: "/url",
        },
      ]);
      expect(c.extensions).toEqual([
        { uri: "https://example.com/ext/konami-code/v1", required: false, description: "Provide cheat codes to unlock new fortunes", pointer: "/capabilities/extensions/0" },
      ]);
    },
  },
  "a2a-go-compat-v03-oldcard.json": {
    shape: "0.3",
    valid: true,
    onlyWarnings: ["undeclaredSecurityScheme@/skills/0/security/0/example"],
    card: (c) => {
      // The main url repeats in additionalInterfaces; one entry per (url, binding).
      expect(bindings(c)).toEqual(["JSONRPC", "GRPC", "HTTP+JSON"]);
      expect(c.pushNotifications.value).toEqual({ supported: true });
      expect(requirementSets(c)).toEqual([["google"]]);
    },
  },
  // Issue 28: 1.0 REQUIRES protocolVersion on every interface, so a conforming client refuses it.
  "a2a-java-jsonmessages-v1-missing-protocolVersion.json": {
    shape: "1.0",
    valid: false,
    errors: [0, 1, 2].map((i) => `interfaceMissingProtocolVersion@/supportedInterfaces/${i}`),
    onlyWarnings: [],
    card: (c) => {
      // No protocolVersion on any interface and none at card level: the 1.0 spec reads that as 0.3,
      // so the card is outside the rule (advisory), and says which version it read.
      expect(c.advisory).toBe(true);
      expect(c.advisoryVersion).toEqual({ version: "0.3", via: "interfaces" });
      expect(c.interfaces.map((i) => i.tenant)).toEqual([undefined, undefined, undefined]); // tenant "" = none
      expect(c.securitySchemes).toEqual([{ name: "google", kind: "openIdConnect", pointer: "/securitySchemes/google" }]);
    },
  },
  // Issue 28: its interfaces write 0.3's transport for 1.0's REQUIRED protocolBinding, and no protocolVersion.
  "a2a-pr1323-cli-full-hybrid.json": {
    shape: "hybrid",
    valid: false,
    errors: [
      "transportInsteadOfProtocolBinding@/supportedInterfaces/0/transport",
      "interfaceMissingProtocolVersion@/supportedInterfaces/0",
      "transportInsteadOfProtocolBinding@/supportedInterfaces/1/transport",
      "interfaceMissingProtocolVersion@/supportedInterfaces/1",
    ],
    warnings: [
      "bindingNotUppercase@/supportedInterfaces/0/transport",
      "bindingNotUppercase@/supportedInterfaces/1/transport",
      "cardLevelProtocolVersion@/protocolVersion",
      "legacySecurityField@/security",
      "draftFieldName@/supportsExtendedAgentCard",
    ],
    card: (c) => {
      expect(c.advisory).toBe(false);
      expect(bindings(c)).toEqual(["JSONRPC", "GRPC"]);
      expect(requirementSets(c)).toEqual([["bearerAuth"]]);
      expect(c.securitySchemes.map((s) => s.kind)).toEqual(["http", "apiKey"]);
    },
  },
  "a2a-pr1323-cli-invalid-format.json": {
    shape: "1.0",
    valid: false,
    errors: [
      "wrongType@/name",
      "wrongType@/capabilities",
      "missingField@",
      "wrongType@/defaultInputModes",
      // 1.0's REQUIRED skill fields (id, description, tags) and non-empty output modes.
      "missingRequiredField@/skills/0",
      "missingRequiredField@/skills/0",
      "missingRequiredField@/skills/0",
      "emptyRequiredList@/defaultOutputModes",
    ],
    warnings: ["ignoredWrongType@/protocolVersion"],
    card: (c) => {
      expect(c.name).toBeUndefined();
      expect(c.streaming).toEqual({ value: false, pointer: "/capabilities/streaming", defaulted: true });
    },
  },
  // Card-level 1.0 but no endpoint at all: a 1.0 card lacking its required supportedInterfaces.
  "a2a-pr1323-cli-minimal.json": {
    shape: "1.0",
    valid: false,
    errors: ["missingField@", "missingRequiredField@/skills/0"],
    warnings: ["cardLevelProtocolVersion@/protocolVersion"],
  },
  "a2a-pr1592-aiar-invoice-signed.json": { shape: "1.0", valid: true, onlyWarnings: [] },
  "a2a-pr1592-aiar-invoice.json": {
    shape: "1.0",
    valid: true,
    onlyWarnings: [],
    card: (c) => expect(c.interfaces[0]?.protocolVersion).toBe("0.3"),
  },
  "a2a-pr1915-expense-approval-required-ext.json": {
    shape: "1.0",
    valid: true,
    onlyWarnings: [],
    card: (c) => {
      expect(c.extensions.map((e) => e.required)).toEqual([true]);
      expect(bindings(c)).toEqual(["HTTP+JSON"]);
    },
  },
  // Its only endpoint is an empty url: nothing can be sent, so the card is invalid (fix at source).
  "a2a-pr300-hyperwhales-wellknown.json": {
    shape: "0.1",
    valid: false,
    errors: ["noCallableInterface@/url"],
    onlyWarnings: ["urlNotAbsolute@/url", "missingSpecField@/authentication"],
  },
  "a2a-pr385-google-maps-prerelease.json": {
    shape: "0.1",
    valid: true,
    onlyWarnings: ["ignoredWrongType@/authentication/schemes"],
  },
  // Manifest says 0.1-era, but nothing in it is 0.1-only (no `authentication`): read as 0.2.
  "a2a-pr553-reimbursement-string-booleans.json": {
    shape: "0.2",
    valid: true,
    onlyWarnings: [
      "nonMimeMode@/defaultInputModes/0",
      "nonMimeMode@/defaultOutputModes/0",
      "stringBoolean@/capabilities/streaming",
      "stringBoolean@/capabilities/pushNotifications",
      "stringBoolean@/capabilities/stateTransitionHistory",
    ],
    card: (c) => {
      expect(c.streaming).toEqual({ value: true, pointer: "/capabilities/streaming" });
      expect(c.pushNotifications.value.supported).toBe(false);
      expect(c.defaultInputModes.value).toEqual(["text", "text/plain"]);
    },
  },
  "a2a-pr635-a2a-mcp-air-ticketing.json": {
    shape: "0.1",
    valid: true,
    warnings: [
      "nullValue@/provider",
      "nullValue@/skills/0/inputModes",
      "nonMimeMode@/defaultInputModes/0",
      "stringBoolean@/capabilities/streaming",
      "stringBoolean@/capabilities/pushNotifications",
    ],
    card: (c) => {
      expect(c.pushNotifications.value.supported).toBe(true);
      expect(c.skills[0]?.inputModes).toBeUndefined();
      expect(c.securitySchemes).toEqual([]); // "public" means no authentication
    },
  },
  "a2a-python-test-complex-030-mtls-oauth2.json": {
    shape: "0.3",
    valid: true,
    onlyWarnings: [],
    card: (c) => {
      expect(bindings(c)).toEqual(["HTTP+JSON", "GRPC", "JSONRPC"]);
      expect(c.interfaces[0]).toEqual({
        url: "http://complex.agent.example.com/api",
        binding: "HTTP+JSON",
        protocolVersion: "0.3.0",
        callable: true,
        speaks: "0.3",
        // A 0.3 card's interfaces speak the card-level version.
        speaksFrom: { pointer: "/protocolVersion", value: "0.3.0" },
        bindingFrom: { pointer: "/preferredTransport", value: "HTTP+JSON" },
        pointer: "/url",
      });
      const mtls = c.securitySchemes.filter((s) => s.kind === "mutualTLS").map((s) => [s.name, s.kind]);
      expect(mtls).toEqual([["test_mtls", "mutualTLS"]]);
      expect(requirementSets(c)).toEqual([["test_oauth", "test_api_key"], ["test_http"], ["test_oidc"], ["test_mtls"]]);
    },
  },
  "a2a-python-test-typical-030-oauth2.json": {
    shape: "0.3",
    valid: true,
    onlyWarnings: [],
    card: (c) => expect(bindings(c)).toEqual(["JSONRPC", "GRPC"]),
  },
  // Declares the never-released 0.2.9 but carries 0.3's `signatures`: read as 0.3.
  "a2a-spec-draft-0.2.9-geospatial-signed.json": {
    shape: "0.3",
    valid: true,
    onlyWarnings: ["unknownProtocolVersion@/protocolVersion"],
  },
  // The draft moved versions to a card-level list; 1.0 REQUIRES one on each interface (issue 28: invalid).
  "a2a-spec-draft-protocolVersions-geospatial.json": {
    shape: "1.0",
    valid: false,
    errors: [0, 1, 2].map((i) => `interfaceMissingProtocolVersion@/supportedInterfaces/${i}`),
    warnings: [
      "draftProtocolVersions@/protocolVersions",
      "legacySecurityScheme@/securitySchemes/google",
      "legacySecurityField@/security",
      "draftFieldName@/supportsExtendedAgentCard",
    ],
    card: (c) => expect(requirementSets(c)).toEqual([["google"]]),
  },
  "a2a-spec-main-geospatial.json": {
    shape: "1.0",
    valid: true,
    onlyWarnings: [],
    card: (c) => {
      expect(c.protocolVersion).toBe("1.0");
      expect(c.url).toBe("https://georoute-agent.example.com/a2a/v1");
      expect(requirementSets(c)).toEqual([["google"]]);
      expect(c.securityRequirements[0]?.pointer).toBe("/securityRequirements/0");
    },
  },
  "a2a-spec-v0.1.0-geospatial.json": {
    shape: "0.1",
    valid: true,
    onlyWarnings: [],
    card: (c) => {
      expect(c.securitySchemes).toEqual([{ name: "OAuth2", kind: "oauth2", pointer: "/authentication/schemes/0" }]);
      expect(c.advisory).toBe(true);
    },
  },
  "a2a-spec-v0.2.5-geospatial.json": {
    shape: "0.2",
    valid: true,
    onlyWarnings: ["unknownProtocolVersion@/protocolVersion"],
  },
  "a2a-spec-v0.3.0-geospatial.json": {
    shape: "0.3",
    valid: true,
    onlyWarnings: ["unknownProtocolVersion@/protocolVersion"],
  },
  // A fragment: no interfaces, no modes, no version, empty skills.
  "a2a-spec-v1.0.1-canonicalization-example.json": {
    shape: "1.0",
    valid: false,
    // The spec's own example: no version, and "skills": [] where 1.0 requires at least one.
    errors: ["missingField@", "missingField@", "missingField@", "missingRequiredField@", "emptyRequiredList@/skills"],
  },
  "a2a-spec-v1.0.1-geospatial-stale-security.json": {
    shape: "1.0",
    valid: true,
    onlyWarnings: ["legacySecurityField@/security"],
    card: (c) => expect(requirementSets(c)).toEqual([["google"]]),
  },
  "samples-a2a-mcp-orchestrator.json": {
    shape: "0.2",
    valid: true,
    onlyWarnings: ["nonMimeMode@/defaultInputModes/0", "nonMimeMode@/defaultOutputModes/0"],
    card: (c) => expect(c.pushNotifications.value.supported).toBe(true),
  },
  "samples-adk-currency-0.3.json": {
    shape: "0.3",
    valid: true,
    onlyWarnings: ["nonMimeMode@/defaultInputModes/0", "nonMimeMode@/defaultOutputModes/0"],
  },
  "samples-adk-skills-dual-version.json": {
    shape: "1.0",
    valid: true,
    onlyWarnings: ["nonMimeMode@/defaultInputModes/0", "nonMimeMode@/defaultOutputModes/0"],
    card: (c) => expect(c.interfaces.map((i) => [i.binding, i.protocolVersion])).toEqual([["JSONRPC", "1.0"], ["JSONRPC", "0.3"]]),
  },
  "samples-pr277-adk-facts.json": {
    shape: "0.2",
    valid: true,
    onlyWarnings: [],
    card: (c) => expect(c.streaming.defaulted).toBe(true),
  },
  "samples-pr482-oixa-marketplace.json": {
    shape: "0.1",
    valid: true,
    onlyWarnings: [],
    card: (c) => expect(c.securityRequirements).toEqual([]), // schemes: ["none"]
  },
  // Claims protocolVersion 1.0 but is written the 0.3 way (top-level url, no interfaces).
  "wild-agent-leash-reference.json": {
    shape: "0.3",
    valid: true,
    onlyWarnings: ["protocolVersionShapeMismatch@/protocolVersion", "nullValue@/signature"],
  },
  "wild-ahp-NOT-A2A.json": {
    shape: "unknown",
    valid: false,
    errors: ["notAnAgentCard@", "wrongType@/capabilities", "missingField@", "missingField@", "missingField@"],
  },
  "wild-csoai-accounting-generated.json": { shape: "0.3", valid: true, onlyWarnings: [] },
  "wild-ethersphere-swarm-docs.json": { shape: "0.2", valid: true, onlyWarnings: [] },
  // 0.2's schema requires a provider's organization (issue 28: invalid); the warning says what it wrote instead.
  "wild-laisky-blog-provider-name.json": {
    shape: "0.2",
    valid: false,
    errors: ["missingRequiredField@/provider"],
    onlyWarnings: ["providerNameInsteadOfOrganization@/provider/name"],
  },
  "wild-langdock-statista-bearer.json": {
    shape: "0.3",
    valid: true,
    onlyWarnings: [],
    card: (c) => expect(c.securitySchemes.map((s) => [s.name, s.kind])).toEqual([["bearerAuth", "http"]]),
  },
  // The published card is a template (<LOOKER_URL>): no endpoint to call until someone fills it in.
  "wild-looker-placeholder-bearer-jwt.json": {
    shape: "0.2",
    valid: false,
    errors: ["noCallableInterface@/url"],
    onlyWarnings: ["urlPlaceholder@/url"],
  },
  "wild-ms365-dad-joke-hybrid.json": {
    shape: "hybrid",
    valid: false,
    errors: ["interfaceMissingProtocolVersion@/supportedInterfaces/0", "noCallableInterface@/supportedInterfaces/0/url"],
    warnings: [
      "urlPlaceholder@/supportedInterfaces/0/url",
      "cardLevelProtocolVersion@/protocolVersion",
      "draftFieldName@/supportsExtendedAgentCard",
    ],
    card: (c) => {
      expect(c.advisory).toBe(false);
      expect(c.securityRequirements).toEqual([]);
    },
  },
  "wild-orbiads-placeholder-url.json": { shape: "0.3", valid: false, errors: ["noCallableInterface@/url"], onlyWarnings: ["urlNotAbsolute@/url"] },
  "wild-party-store-a2ui-extension.json": {
    shape: "0.3",
    valid: true,
    onlyWarnings: [],
    card: (c) => expect(bindings(c)).toEqual(["HTTP+JSON"]),
  },
  "wild-pubnub-wordle-NOT-A2A.json": {
    shape: "unknown",
    valid: false,
    errors: ["notAnAgentCard@", "missingField@", "missingField@", "missingField@"],
  },
  "wild-sigstore-test-v1-shape-v03-interface.json": { shape: "1.0", valid: true, onlyWarnings: [] },
  "wild-songgen-adk-to-a2a.json": { shape: "0.3", valid: true, onlyWarnings: [] },
  // Manifest calls it 0.3-shaped; nothing in it is 0.3-only (no protocolVersion or transports): 0.2.
  // Its skills have no id, description or tags, which 0.2's schema requires (issue 28: invalid).
  "wild-yoai-data-steward-extended.json": {
    shape: "0.2",
    valid: false,
    errors: [0, 1, 2, 3, 4].flatMap((i) => Array.from({ length: 3 }, () => `missingRequiredField@/skills/${i}`)),
    onlyWarnings: [],
    card: (c) => expect(c.skills.map((s) => s.id)).toEqual([undefined, undefined, undefined, undefined, undefined]),
  },
  // Manifest calls it 1.0; its card-level protocolVersion is a 0.3 marker next to supportedInterfaces.
  // No version, and skills without the fields 1.0 requires (issue 28: invalid).
  "wild-yoai-data-steward-public.json": {
    shape: "hybrid",
    valid: false,
    errors: ["missingRequiredField@", ...[0, 1, 2, 3, 4].map((i) => `missingRequiredField@/skills/${i}`)],
    warnings: [
      "versionPatchDigits@/protocolVersion",
      "legacySecurityScheme@/securitySchemes/yo-ai",
      "legacySecurityField@/security",
    ],
    card: (c) => expect(c.securitySchemes.map((s) => s.kind)).toEqual(["apiKey"]),
  },
};

const corpusFiles = corpusCardNames();
const tag = (p: { code: string; pointer: string }) => `${p.code}@${p.pointer}`;

describe("the card corpus", () => {
  it("has an expectation for every card file and a file for every expectation", () => {
    expect(corpusFiles.length).toBeGreaterThan(40);
    expect([...corpusFiles].sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(corpusFiles)("%s loads as expected", (file) => {
    const text = readCorpusCard(file);
    const expected = EXPECTED[file];
    if (!expected) throw new Error(`no expectation for ${file}`);
    const result = loadCard(text);
    const { validity } = result;
    expect(validity.shape).toBe(expected.shape);
    expect(validity.valid).toBe(expected.valid);
    const errors = validity.problems.filter((p) => p.severity === "error").map(tag);
    const warnings = validity.problems.filter((p) => p.severity === "warning").map(tag);
    expect(errors.sort()).toEqual([...(expected.errors ?? [])].sort());
    if (expected.onlyWarnings) expect(warnings.sort()).toEqual([...expected.onlyWarnings].sort());
    for (const warning of expected.warnings ?? []) expect(warnings).toContain(warning);
    // Every object document gets a best-effort card, even an invalid one.
    expect(result.card?.shape).toBe(expected.shape);
    if (result.card && expected.card) expected.card(result.card);
  });

  it("names the missing fields of documents that are not A2A cards", () => {
    const pubnub = loadCard(readCorpusCard("wild-pubnub-wordle-NOT-A2A.json"));
    const missing = pubnub.validity.problems.filter((p) => p.code === "missingField").map((p) => p.data.field);
    expect(missing.sort()).toEqual(["defaultInputModes", "defaultOutputModes", "name"]);
    const ahp = loadCard(readCorpusCard("wild-ahp-NOT-A2A.json"));
    const capabilities = ahp.validity.problems.find((p) => p.pointer === "/capabilities");
    expect(capabilities?.data).toEqual({ field: "capabilities", expected: "object", found: "array" });
  });
});

describe("the rule's incident cards", () => {
  it.each(INCIDENT_CARDS.map((c) => [c.id, c.text] as const))("%s is a clean, valid 1.0 card", (_id, text) => {
    const { validity, card } = loadCard(text);
    expect(validity).toEqual({ valid: true, shape: "1.0", problems: [] });
    expect(card?.advisory).toBe(false);
  });

  it("reads Contoso's push object form and its mTLS scheme", () => {
    const card = loadCard(CONTOSO.text).card!;
    expect(card.streaming).toEqual({ value: false, pointer: "/capabilities/streaming" });
    expect(card.pushNotifications).toEqual({
      value: { supported: true, securityScheme: { value: "contosoMtls", pointer: "/capabilities/pushNotifications/securityScheme" } },
      pointer: "/capabilities/pushNotifications",
    });
    expect(card.securitySchemes).toEqual([{ name: "contosoMtls", kind: "mutualTLS", pointer: "/securitySchemes/contosoMtls" }]);
    expect(requirementSets(card)).toEqual([["contosoMtls"]]);
    expect(card.defaultInputModes.value).toEqual(["text/plain", "audio/pcm"]);
  });

  it("reads resubscribeOnlyOutputModes where the card says it", () => {
    const card = loadCard(CONTOSO_RESUBSCRIBE_ONLY.text).card!;
    expect(card.resubscribeOnlyOutputModes).toEqual({ value: ["audio/pcm"], pointer: "/resubscribeOnlyOutputModes" });
    const contoso = loadCard(CONTOSO.text).card!;
    expect(contoso.resubscribeOnlyOutputModes).toEqual({ value: [], pointer: "/resubscribeOnlyOutputModes", defaulted: true });
  });
});
