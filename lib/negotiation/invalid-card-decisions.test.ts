import { describe, expect, it } from "vitest";
import { review } from "./review";
import { explainReason } from "./explain";
import { PRESETS, type ClientProfile } from "./profile";

/**
 * Issue 28: REQUIRED means invalid, and invalid never ends in accept. Each card breaks one thing
 * its A2A version requires; every preset rejects it for every built-in class, aimed at the card,
 * with the reason that says so. And a card that does not tell which input it takes is deferred,
 * never confidently accepted.
 */
const good10 = () => ({
  name: "Echo",
  description: "Echoes text.",
  version: "1.0.0",
  supportedInterfaces: [{ url: "https://echo.example/a2a", protocolBinding: "JSONRPC", protocolVersion: "1.0" }] as Record<string, unknown>[],
  capabilities: { streaming: true, pushNotifications: false } as Record<string, unknown>,
  defaultInputModes: ["text/plain"] as unknown[],
  defaultOutputModes: ["text/plain"] as unknown[],
  skills: [{ id: "echo", name: "Echo", description: "Echo", tags: ["echo"] }] as Record<string, unknown>[],
});
type Card10 = ReturnType<typeof good10>;
const edit = (change: (c: Card10) => void) => {
  const card = good10();
  change(card);
  return card;
};

const INVALID: Array<[string, unknown, string]> = [
  ["no card version", edit((c) => delete (c as Partial<Card10>).version), "missingRequiredField"],
  ["a skill without description and tags", edit((c) => (c.skills = [{ id: "s", name: "S" }])), "missingRequiredField"],
  ["an interface without protocolVersion", edit((c) => delete c.supportedInterfaces[0]!.protocolVersion), "interfaceMissingProtocolVersion"],
  ["no skills", edit((c) => (c.skills = [])), "emptyRequiredList"],
  ["empty defaultInputModes", edit((c) => (c.defaultInputModes = [])), "emptyRequiredList"],
  ["empty defaultOutputModes", edit((c) => (c.defaultOutputModes = [])), "emptyRequiredList"],
  ["an ftp:// endpoint", edit((c) => (c.supportedInterfaces[0]!.url = "ftp://echo.example/a2a")), "urlNotHttp"],
  ['streaming "true"', edit((c) => (c.capabilities.streaming = "true")), "booleanAsString"],
  ["a required extension without uri", edit((c) => (c.capabilities.extensions = [{ required: true }])), "requiredExtensionWithoutUri"],
  ["a kerberos scheme", edit((c) => Object.assign(c, { securitySchemes: { k: { kerberos: {} } }, securityRequirements: [{ schemes: { k: { list: [] } } }] })), "unknownSecuritySchemeKind"],
  ["an API key in the body", edit((c) => Object.assign(c, { securitySchemes: { k: { apiKeySecurityScheme: { location: "body", name: "X" } } } })), "unknownApiKeyLocation"],
  ["an unknown OAuth flow", edit((c) => Object.assign(c, { securitySchemes: { o: { oauth2SecurityScheme: { flows: { magicLink: {} } } } } })), "unknownOAuthFlow"],
];

describe("an invalid card is never accepted, by any preset, for any class", () => {
  it.each(INVALID)("%s", (_label, card, code) => {
    for (const profile of PRESETS) {
      const r = review(JSON.stringify(card), profile);
      expect(r.validity.valid, profile.name).toBe(false);
      expect(r.validity.problems.map((p) => p.code)).toContain(code);
      expect(r.decisions.length).toBeGreaterThan(0);
      for (const d of r.decisions) {
        expect(d.decision, `${profile.name} / ${d.taskClass}`).toBe("reject");
        expect(d.target).toBe("card");
        expect(d.reasons.map((x) => x.reason)).toEqual(["invalidCard"]);
        expect(explainReason(d.reasons[0]!)).toMatch(/^The card is not valid \(.+\), so nothing can be accepted on it: reject the card\.$/);
      }
    }
  });

  it("the same cards with the field put right are valid, so the rejection is theirs alone", () => {
    expect(review(JSON.stringify(good10()), PRESETS[0]!).validity).toMatchObject({ valid: true, problems: [] });
  });
});

describe("a card that does not tell which input it takes", () => {
  // A 0.3 card may list no input modes (its schema sets no minimum): valid, and silent on input.
  const silent03 = {
    name: "Quiet",
    description: "Lists no input modes.",
    version: "1",
    protocolVersion: "0.3.0",
    url: "https://quiet.example/a2a",
    capabilities: {},
    defaultInputModes: [],
    defaultOutputModes: ["text/plain"],
    skills: [{ id: "s", name: "S", description: "d", tags: ["t"] }],
  };
  const decisionsFor = (profile: ClientProfile) => review(JSON.stringify(silent03), profile).decisions;

  it("is valid, with a warning", () => {
    const r = review(JSON.stringify(silent03), PRESETS[0]!);
    expect(r.validity.valid).toBe(true);
    expect(r.validity.problems.map((p) => p.code)).toContain("emptyModeList");
  });

  it("is deferred (the card does not tell), never confidently accepted, for every class that sends input", () => {
    for (const profile of PRESETS) {
      for (const d of decisionsFor(profile)) {
        expect(["accept", "accept-degraded"], `${profile.name} / ${d.taskClass}`).not.toContain(d.decision);
        const input = d.reasons.find((r) => r.invariant === "input-modes");
        if (d.decision === "defer") {
          expect(input?.reason, `${profile.name} / ${d.taskClass}`).toBe("cardUnclear");
          expect(input?.data.unclear).toEqual(["/defaultInputModes"]);
        }
      }
    }
  });

  it("says so in the same words for every class, the first and the ones after it", () => {
    const texts = decisionsFor(PRESETS[0]!)
      .map((d) => d.reasons.find((r) => r.invariant === "input-modes"))
      .filter((r) => r !== undefined)
      .map((r) => explainReason(r).replace(/\b(request-response|live-input|async-completion|fire-and-forget|streaming-output)\b/g, "<class>"));
    expect(texts.length).toBeGreaterThan(1);
    expect(new Set(texts).size).toBe(1);
    expect(texts[0]).toContain("The card does not say");
    expect(texts[0]).not.toContain("The profile leaves out");
  });
});
