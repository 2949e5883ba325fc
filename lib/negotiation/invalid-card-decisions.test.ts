import { describe, expect, it } from "vitest";
import { review } from "./review";
import { explainReason } from "./explain";
import { findPreset, PRESETS, type ClientProfile } from "./profile";

/**
 * Issue 28: REQUIRED means invalid. Issue 39: what that does to a decision is the client's. A card
 * broken where negotiation reads it, or on a path a call uses, is rejected by every client, aimed
 * at the card; a card missing only REQUIRED fields no path reads is rejected by a client that
 * validates them and decided on its paths for one that does not. And a card that does not tell
 * which input it takes is deferred, never confidently accepted.
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

/** Errors on what negotiation reads, or on a path a call uses: every client refuses the card. */
const INVALID: Array<[string, unknown, string]> = [
  ["an interface without protocolVersion", edit((c) => delete c.supportedInterfaces[0]!.protocolVersion), "interfaceMissingProtocolVersion"],
  ["an ftp:// endpoint", edit((c) => (c.supportedInterfaces[0]!.url = "ftp://echo.example/a2a")), "urlNotHttp"],
  ['streaming "true"', edit((c) => (c.capabilities.streaming = "true")), "booleanAsString"],
  ["a required extension without uri", edit((c) => (c.capabilities.extensions = [{ required: true }])), "requiredExtensionWithoutUri"],
  ["an API key in the body", edit((c) => Object.assign(c, { securitySchemes: { k: { apiKeySecurityScheme: { location: "body", name: "X" } } } })), "unknownApiKeyLocation"],
  ["an API key scheme without its name", edit((c) => Object.assign(c, { securitySchemes: { k: { apiKeySecurityScheme: { location: "header" } } } })), "missingRequiredField"],
  ["an unknown OAuth flow", edit((c) => Object.assign(c, { securitySchemes: { o: { oauth2SecurityScheme: { flows: { magicLink: {} } } } } })), "unknownOAuthFlow"],
];

/**
 * Issue 39: REQUIRED fields no path reads. Real cards miss them (Reactive Agents' card builder
 * leaves out provider.url, a spec proposal's skill has no tags, the Python SDK's own test card has
 * no skills) and no SDK client validates them: the validity error stays, for the card's author, and
 * the decision is the client's.
 */
const REQUIRED_ONLY: Array<[string, unknown, string]> = [
  ["no card version", edit((c) => delete (c as Partial<Card10>).version), "missingRequiredField"],
  ["a skill without description and tags", edit((c) => (c.skills = [{ id: "s", name: "S" }])), "missingRequiredField"],
  ["a provider without url", edit((c) => Object.assign(c, { provider: { organization: "Reactive" } })), "missingRequiredField"],
  ["no skills", edit((c) => (c.skills = [])), "emptyRequiredList"],
  ["empty defaultOutputModes", edit((c) => (c.defaultOutputModes = [])), "emptyRequiredList"],
];

const a2aJs = findPreset("a2a-js")!;
const validating: ClientProfile = { ...a2aJs, name: "JS SDK app that validates cards", validatesRequiredFields: true };
const VALIDATING = [validating, findPreset("text-only")!];
const NOT_VALIDATING = PRESETS.filter((p) => p.validatesRequiredFields !== true);

function expectCardRejected(card: unknown, code: string, profile: ClientProfile) {
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

describe("a card broken where negotiation reads is never accepted, by any preset, for any class", () => {
  it.each(INVALID)("%s", (_label, card, code) => {
    for (const profile of [...PRESETS, validating]) expectCardRejected(card, code, profile);
  });

  it("the same cards with the field put right are valid, so the rejection is theirs alone", () => {
    expect(review(JSON.stringify(good10()), PRESETS[0]!).validity).toMatchObject({ valid: true, problems: [] });
  });
});

describe("a card missing only REQUIRED fields no path reads: invalid for its author, decided per client", () => {
  it.each(REQUIRED_ONLY)("%s: a client that validates REQUIRED fields rejects the card", (_label, card, code) => {
    for (const profile of VALIDATING) expectCardRejected(card, code, profile);
  });

  it.each(REQUIRED_ONLY)("%s: a client that does not validate gets the decisions its paths give", (_label, card, code) => {
    for (const profile of NOT_VALIDATING) {
      const r = review(JSON.stringify(card), profile);
      expect(r.validity.valid, profile.name).toBe(false);
      expect(r.validity.problems.map((p) => p.code)).toContain(code);
      const fixed = review(JSON.stringify(good10()), profile);
      expect(r.decisions.map((d) => [d.taskClass, d.decision]), profile.name).toEqual(fixed.decisions.map((d) => [d.taskClass, d.decision]));
      for (const d of r.decisions) expect(d.reasons.map((x) => x.reason)).not.toContain("invalidCard");
    }
    expect(review(JSON.stringify(card), a2aJs).decisions.find((d) => d.taskClass === "request-response")?.decision).toBe("accept");
  });

  it("empty defaultInputModes: the card does not say which input it takes, so a non-validating client defers", () => {
    const card = edit((c) => (c.defaultInputModes = []));
    for (const d of review(JSON.stringify(card), a2aJs).decisions) {
      expect(d.decision, d.taskClass).toBe("defer");
      expect(d.reasons.map((x) => x.reason)).toContain("cardUnclear");
    }
    expectCardRejected(card, "emptyRequiredList", validating);
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
