import { describe, expect, it } from "vitest";
import type { NormalizedCard } from "./card/model";
import type { ValidityReport } from "./card/validity";
import type { ReviewContext } from "./context";
import { decide, moreSevere } from "./decide";
import { DECISIONS, type DecisionKind } from "./decision-types";
import { INVARIANTS } from "./invariants";
import { inputModes, makeCard, outputModes, push, requirement, scheme, streaming, testInterface } from "./invariants/test-card";
import { taskClass } from "./invariants/test-helpers";
import { NORTHWIND, type ClientProfile } from "./profile";
import { newReviewScope, type ReviewScope } from "./review-scope";

const VALID: ValidityReport = { valid: true, shape: "1.0", problems: [] };

function decideFor(card: NormalizedCard, profile: ClientProfile, classId: string, context: ReviewContext = {}, validity = VALID, scope?: ReviewScope) {
  const tc = taskClass(classId);
  const findings = INVARIANTS.map((inv) => inv.check({ card, profile, context, taskClass: tc, scope }));
  return decide({ taskClass: tc, findings, profile, context, validity, card, scope });
}

// Incident cards as normalized models.
const liveAudio = makeCard({ streaming: streaming(false), defaultInputModes: inputModes("text/plain", "audio/pcm") });
const pushMtls = makeCard({
  streaming: streaming(true),
  pushNotifications: push(true, "contosoMtls"),
  securitySchemes: [scheme("contosoMtls", true)],
  securityRequirements: [requirement(0, "contosoMtls")],
});
const resubAudio = makeCard({
  defaultOutputModes: outputModes("text/plain", "audio/pcm"),
  resubscribeOnlyOutputModes: { value: ["audio/pcm"], pointer: "/resubscribeOnlyOutputModes" },
});
const grpcOnly = makeCard({ interfaces: [testInterface("GRPC", 0, "https://a.example")] });

const cannotPoll: ClientProfile = { ...NORTHWIND, canPoll: false };
const pollUnknown: ClientProfile = { ...NORTHWIND, canPoll: undefined };

describe("decide: required vs optional paths", () => {
  const cases: Array<{
    name: string;
    card: NormalizedCard;
    profile: ClientProfile;
    taskClass: string;
    decision: DecisionKind;
    reason: string;
  }> = [
    { name: "nothing cut", card: makeCard(), profile: NORTHWIND, taskClass: "request-response", decision: "accept", reason: "noViolation" },
    { name: "input path cut (live audio, no streaming)", card: liveAudio, profile: NORTHWIND, taskClass: "live-input", decision: "reject", reason: "requiredPathCut" },
    { name: "the same card is fine for whole text input", card: liveAudio, profile: NORTHWIND, taskClass: "request-response", decision: "accept", reason: "noViolation" },
    { name: "no shared transport", card: grpcOnly, profile: NORTHWIND, taskClass: "request-response", decision: "reject", reason: "requiredPathCut" },
    { name: "stream cut for a stream class", card: makeCard(), profile: NORTHWIND, taskClass: "streaming-output", decision: "reject", reason: "requiredPathCut" },
    { name: "push cut, client polls → degrade to polling", card: pushMtls, profile: NORTHWIND, taskClass: "async-completion", decision: "accept-degraded", reason: "optionalPathCut" },
    { name: "push cut, client cannot poll → push was the only path", card: pushMtls, profile: cannotPoll, taskClass: "async-completion", decision: "reject", reason: "requiredPathCut" },
    // DESIGN 8: unknown is not "cannot" — whether push was the only path depends on canPoll, so defer.
    { name: "push cut, canPoll unknown → defer until declared, not a guessed reject or degrade", card: pushMtls, profile: pollUnknown, taskClass: "async-completion", decision: "defer", reason: "profileUnknown" },
    { name: "point 11: no push offered, client polls → plain accept", card: makeCard(), profile: NORTHWIND, taskClass: "async-completion", decision: "accept", reason: "noViolation" },
    { name: "no push offered, client cannot poll → no completion path", card: makeCard(), profile: cannotPoll, taskClass: "async-completion", decision: "reject", reason: "requiredPathCut" },
    { name: "one accepted output lost, another reachable → degrade", card: resubAudio, profile: NORTHWIND, taskClass: "request-response", decision: "accept-degraded", reason: "optionalPathCut" },
    { name: "every accepted output cut → reject", card: resubAudio, profile: { ...NORTHWIND, acceptedOutputModes: ["audio/pcm"] }, taskClass: "request-response", decision: "reject", reason: "requiredPathCut" },
    { name: "fire-and-forget: push does not bind", card: pushMtls, profile: cannotPoll, taskClass: "fire-and-forget", decision: "accept", reason: "noViolation" },
  ];

  it.each(cases)("$name → $decision", (c) => {
    const d = decideFor(c.card, c.profile, c.taskClass);
    expect(d.decision).toBe(c.decision);
    expect(d.reasons.map((r) => r.reason)).toEqual([c.reason]);
    expect(d.taskClass).toBe(c.taskClass);
    expect(d.target).toBe(c.decision === "reject" ? "server" : undefined);
    expect(d.degradations.length > 0).toBe(c.decision === "accept-degraded");
  });

  it("records what push → polling gives up", () => {
    const d = decideFor(pushMtls, NORTHWIND, "async-completion");
    expect(d.degradations).toEqual([
      {
        taskClass: "async-completion",
        invariant: "push-callback-mtls",
        path: { kind: "completion", channel: "push" },
        lost: ["push"],
        fallback: ["polling"],
      },
    ]);
  });

  it("names canPoll as the field to declare when push is cut and polling is unknown", () => {
    expect(decideFor(pushMtls, pollUnknown, "async-completion").reasons[0]?.data.missing).toEqual(["/canPoll"]);
  });

  it("records the output modes lost and the one kept", () => {
    const d = decideFor(resubAudio, NORTHWIND, "async-completion");
    expect(d.degradations[0]).toMatchObject({ lost: ["audio/pcm"], fallback: ["text/plain"] });
  });

  it("defers, naming the field, when an invariant could not be evaluated on a required path", () => {
    const d = decideFor(makeCard(), pollUnknown, "async-completion");
    expect(d.decision).toBe("defer");
    expect(d.reasons).toEqual([
      expect.objectContaining({ reason: "profileUnknown", outcome: "defer", invariant: "completion-channel-available", data: expect.objectContaining({ missing: ["/canPoll"] }) }),
    ]);
  });

  it("an accept says what makes it work: the binding, the endpoint and the completion path", () => {
    const d = decideFor(makeCard(), NORTHWIND, "async-completion");
    expect(d.reasons[0]?.data).toMatchObject({ bindings: ["JSONRPC"], url: "https://agent.example/a2a", completion: "notification", channels: ["polling"] });
  });

  it("keeps one finding per invariant, in registry order", () => {
    const d = decideFor(liveAudio, NORTHWIND, "live-input");
    expect(d.findings.map((f) => f.invariant)).toEqual(INVARIANTS.map((i) => i.meta.id));
  });
});

describe("decide: the rule's exceptions are not violations", () => {
  it.each([
    { name: "client buffers the live mode", card: liveAudio, profile: { ...NORTHWIND, bufferableInputModes: ["audio/pcm"] }, taskClass: "live-input" },
    { name: "client can turn mTLS on itself (even without polling)", card: pushMtls, profile: { ...cannotPoll, callback: { supported: true, mtls: false, mtlsConfigurable: true } }, taskClass: "async-completion" },
    { name: "listener already does mTLS", card: pushMtls, profile: { ...cannotPoll, callback: { supported: true, mtls: true } }, taskClass: "async-completion" },
  ])("$name → accept", (c) => {
    expect(decideFor(c.card, c.profile, c.taskClass).decision).toBe("accept");
  });

  it("documented fallback reaches the resubscribe-only mode → accept", () => {
    const context = { documentedFallbackOutputModes: ["audio/pcm"] };
    expect(decideFor(resubAudio, { ...NORTHWIND, acceptedOutputModes: ["audio/pcm"] }, "request-response", context).decision).toBe("accept");
  });
});

/**
 * Conditions of validity change a would-be rejection per finding, and only the findings they can
 * change (DESIGN 6, docs/rule.md "When the rule binds"). One scenario per kind of cut, each against
 * every condition: the outcome says whether the condition applied or could not.
 */
describe("decide: every condition × every kind of cut", () => {
  const fixedNo: ClientProfile = { ...NORTHWIND, fixed: false };
  const streamsButClientCannot = makeCard({ streaming: streaming(true) });
  const scenarios: Record<string, { card: NormalizedCard; profile: ClientProfile; taskClass: string; invariant: string }> = {
    // Rule invariants: contradictions in the card, resting on its capabilities.
    "live-input (client could buffer)": { card: liveAudio, profile: NORTHWIND, taskClass: "live-input", invariant: "live-input-needs-streaming" },
    "push mTLS (client could get an mTLS listener)": { card: pushMtls, profile: cannotPoll, taskClass: "async-completion", invariant: "push-callback-mtls" },
    "resubscribe-only output, card does not stream": { card: resubAudio, profile: { ...NORTHWIND, acceptedOutputModes: ["audio/pcm"] }, taskClass: "request-response", invariant: "resubscribe-only-output" },
    // Baselines: no contradiction in the card.
    "no shared binding": { card: grpcOnly, profile: NORTHWIND, taskClass: "request-response", invariant: "shared-transport" },
    "card does not stream": { card: makeCard(), profile: NORTHWIND, taskClass: "streaming-output", invariant: "stream-channel-available" },
    "client cannot consume streams": { card: streamsButClientCannot, profile: { ...NORTHWIND, streaming: false }, taskClass: "streaming-output", invariant: "stream-channel-available" },
    "no completion channel, card offers no push": { card: makeCard(), profile: cannotPoll, taskClass: "async-completion", invariant: "completion-channel-available" },
  };
  type Scenario = keyof typeof scenarios;
  const conditions: Record<string, { profile?: (p: ClientProfile) => ClientProfile; context?: (invariant: string) => ReviewContext }> = {
    renegotiable: { profile: (p) => ({ ...p, fixed: false }) },
    "extension resolving this invariant": { context: (inv) => ({ honoredExtensions: [{ uri: "urn:ext", resolves: [inv] }] }) },
    "extension resolving another invariant": { context: () => ({ honoredExtensions: [{ uri: "urn:ext", resolves: ["some-other-invariant"] }] }) },
    "bare extension URI": { context: () => ({ honoredExtensions: ["urn:ext"] }) },
    "out-of-band exchange": { context: () => ({ outOfBandCapabilityExchange: true }) },
    "prior task history": { context: () => ({ priorTaskHistory: true }) },
    "stale card, good server": { context: () => ({ cardKnownStale: true, serverKnownGood: true }) },
    "0.x card": {},
    "extended card, client authenticates": { profile: (p) => ({ ...p, authenticated: true }) },
  };
  type Condition = keyof typeof conditions;
  // [decision, reason] per scenario × condition. "reject" without a reason = requiredPathCut, server.
  const R = ["reject", "requiredPathCut"] as const;
  const expected: Record<Scenario, Record<Condition, readonly [DecisionKind, string]>> = {
    "live-input (client could buffer)": {
      renegotiable: ["defer", "renegotiableClient"],
      "extension resolving this invariant": ["escalate", "honoredExtension"],
      "extension resolving another invariant": R,
      "bare extension URI": R,
      "out-of-band exchange": ["defer", "otherDiscoveryChannel"],
      "prior task history": ["defer", "otherDiscoveryChannel"],
      "stale card, good server": ["reject", "staleCard"],
      "0.x card": ["defer", "zeroXAdvisory"],
      "extended card, client authenticates": ["defer", "extendedCard"],
    },
    "push mTLS (client could get an mTLS listener)": {
      renegotiable: ["defer", "renegotiableClient"],
      "extension resolving this invariant": ["escalate", "honoredExtension"],
      "extension resolving another invariant": R,
      "bare extension URI": R,
      "out-of-band exchange": ["defer", "otherDiscoveryChannel"],
      "prior task history": ["defer", "otherDiscoveryChannel"],
      "stale card, good server": ["reject", "staleCard"],
      "0.x card": ["defer", "zeroXAdvisory"],
      "extended card, client authenticates": ["defer", "extendedCard"],
    },
    "resubscribe-only output, card does not stream": {
      // The client cannot make the server stream.
      renegotiable: R,
      "extension resolving this invariant": ["escalate", "honoredExtension"],
      "extension resolving another invariant": R,
      "bare extension URI": R,
      "out-of-band exchange": ["defer", "otherDiscoveryChannel"],
      "prior task history": ["defer", "otherDiscoveryChannel"],
      "stale card, good server": ["reject", "staleCard"],
      "0.x card": ["defer", "zeroXAdvisory"],
      "extended card, client authenticates": ["defer", "extendedCard"],
    },
    "no shared binding": {
      renegotiable: R,
      "extension resolving this invariant": R,
      "extension resolving another invariant": R,
      "bare extension URI": R,
      "out-of-band exchange": ["defer", "otherDiscoveryChannel"],
      "prior task history": ["defer", "otherDiscoveryChannel"],
      "stale card, good server": ["reject", "staleCard"],
      "0.x card": R,
      // The extended card is fetched over a shared interface: with none, the client cannot fetch it.
      "extended card, client authenticates": R,
    },
    "card does not stream": {
      renegotiable: R,
      "extension resolving this invariant": R,
      "extension resolving another invariant": R,
      "bare extension URI": R,
      "out-of-band exchange": ["defer", "otherDiscoveryChannel"],
      "prior task history": ["defer", "otherDiscoveryChannel"],
      "stale card, good server": ["reject", "staleCard"],
      "0.x card": R,
      "extended card, client authenticates": ["defer", "extendedCard"],
    },
    "client cannot consume streams": {
      renegotiable: ["defer", "renegotiableClient"],
      "extension resolving this invariant": R,
      "extension resolving another invariant": R,
      "bare extension URI": R,
      // A client that cannot consume streams cannot, whatever its history.
      "out-of-band exchange": R,
      "prior task history": R,
      "stale card, good server": R,
      "0.x card": R,
      "extended card, client authenticates": R,
    },
    "no completion channel, card offers no push": {
      renegotiable: R,
      "extension resolving this invariant": R,
      "extension resolving another invariant": R,
      "bare extension URI": R,
      "out-of-band exchange": ["defer", "otherDiscoveryChannel"],
      "prior task history": ["defer", "otherDiscoveryChannel"],
      "stale card, good server": ["reject", "staleCard"],
      "0.x card": R,
      "extended card, client authenticates": ["defer", "extendedCard"],
    },
  };

  const rows = (Object.keys(scenarios) as Scenario[]).flatMap((scenario) =>
    (Object.keys(conditions) as Condition[]).map((condition) => [scenario, condition] as const),
  );

  it.each(rows)("%s under %s", (scenario, condition) => {
    const s = scenarios[scenario]!;
    const c = conditions[condition]!;
    const card =
      condition === "0.x card"
        ? { ...s.card, shape: "0.3" as const, advisory: true, advisoryVersion: { version: "0.3.0", via: "shape" as const } }
        : condition === "extended card, client authenticates"
          ? { ...s.card, extendedCard: { value: true, pointer: "/capabilities/extendedAgentCard" } }
          : s.card;
    const baseline = decideFor(s.card, s.profile, s.taskClass);
    expect(baseline.decision, "the scenario alone rejects").toBe("reject");
    const d = decideFor(card, c.profile?.(s.profile) ?? s.profile, s.taskClass, c.context?.(s.invariant) ?? {});
    const [decision, reason] = expected[scenario]![condition]!;
    expect(d.decision).toBe(decision);
    const own = d.reasons.find((r) => r.invariant === s.invariant);
    expect(own?.reason).toBe(reason);
    // A client that cannot read streams rejects itself, not the card ("not for this client").
    const clientOwn = scenario === "client cannot consume streams";
    expect(d.target).toBe(decision !== "reject" ? undefined : reason === "staleCard" ? "card" : clientOwn ? "client" : "server");
    // A condition that could not change the finding says so, by name.
    if (reason === "requiredPathCut" && condition !== "bare extension URI" && condition !== "extension resolving another invariant") {
      expect(own?.data.notApplied).toEqual([
        {
          renegotiable: "renegotiableClient",
          "extension resolving this invariant": "honoredExtension",
          "out-of-band exchange": "otherDiscoveryChannel",
          "prior task history": "otherDiscoveryChannel",
          "stale card, good server": "staleCard",
          "0.x card": "zeroXAdvisory",
          "extended card, client authenticates": "extendedCard",
        }[condition],
      ]);
    }
  });

  it("an extended card needs a client that can authenticate", () => {
    const card = { ...liveAudio, extendedCard: { value: true, pointer: "/capabilities/extendedAgentCard" } };
    expect(decideFor(card, { ...NORTHWIND, authenticated: false }, "live-input").decision).toBe("reject");
    const d = decideFor(card, { ...NORTHWIND, authenticated: true }, "live-input");
    expect(d.reasons[0]?.data.fetchedBy).toMatch(/GetExtendedAgentCard/);
  });

  it("a bare extension URI (old form) still parses and changes nothing", () => {
    const d = decideFor(liveAudio, NORTHWIND, "live-input", { honoredExtensions: ["urn:ext"] });
    expect(d.decision).toBe("reject");
    expect(d.reasons[0]?.data.notApplied).toEqual(["honoredExtension"]);
  });

  it("escalate outranks defer when both can apply, and names the other", () => {
    const d = decideFor(liveAudio, fixedNo, "live-input", { honoredExtensions: [{ uri: "urn:x", resolves: ["live-input-needs-streaming"] }], outOfBandCapabilityExchange: true });
    expect(d.decision).toBe("escalate");
    expect(d.reasons[0]?.data.otherConditions).toEqual(["renegotiableClient", "otherDiscoveryChannel"]);
  });

  it("says which resolving extensions the card itself declares", () => {
    const withExtension = { ...liveAudio, extensions: [{ uri: "https://contoso.example/ext/chunked-pcm", required: false, pointer: "/capabilities/extensions/0" }] };
    const d = decideFor(withExtension, NORTHWIND, "live-input", {
      honoredExtensions: [
        { uri: "https://contoso.example/ext/chunked-pcm", resolves: ["live-input-needs-streaming"] },
        { uri: "urn:other", resolves: ["live-input-needs-streaming"] },
      ],
    });
    expect(d.reasons[0]?.data).toMatchObject({ declaredOnCard: ["https://contoso.example/ext/chunked-pcm"], notOnCard: ["urn:other"] });
  });

  it("stale card or good server alone changes nothing", () => {
    expect(decideFor(liveAudio, NORTHWIND, "live-input", { cardKnownStale: true }).target).toBe("server");
    expect(decideFor(liveAudio, NORTHWIND, "live-input", { serverKnownGood: true }).target).toBe("server");
  });

  it("does not touch optional cuts: push → polling stays a degradation under every condition", () => {
    const d = decideFor(pushMtls, fixedNo, "async-completion", { priorTaskHistory: true });
    expect(d.decision).toBe("accept-degraded");
  });

  it("a safe degradation on a 0.x card stays accept-degraded", () => {
    const card = { ...pushMtls, shape: "0.3" as const, advisory: true };
    expect(decideFor(card, NORTHWIND, "async-completion").decision).toBe("accept-degraded");
  });

  it("does not touch accepted classes", () => {
    expect(decideFor(liveAudio, fixedNo, "request-response").decision).toBe("accept");
  });
});

describe("decide: combining findings (severity order)", () => {
  it("orders reject > escalate > defer > accept-degraded > accept", () => {
    const order: DecisionKind[] = ["accept", "accept-degraded", "defer", "escalate", "reject"];
    expect([...DECISIONS]).toEqual(order);
    for (let i = 0; i < order.length; i++) {
      for (let j = 0; j < order.length; j++) {
        expect(moreSevere(order[i]!, order[j]!)).toBe(order[Math.max(i, j)]);
      }
    }
  });

  // A card that both cuts an optional path (output) and a required one (no completion channel).
  const both = { ...resubAudio, pushNotifications: push(false) };
  const combos: Array<{ name: string; context: ReviewContext; profile: ClientProfile; decision: DecisionKind }> = [
    { name: "required cut + optional cut → reject", context: {}, profile: cannotPoll, decision: "reject" },
    { name: "deferred cut + optional cut → defer", context: { priorTaskHistory: true }, profile: cannotPoll, decision: "defer" },
    { name: "optional cut only → accept-degraded", context: {}, profile: NORTHWIND, decision: "accept-degraded" },
  ];
  it.each(combos)("$name", (c) => {
    const d = decideFor(both, c.profile, "async-completion", c.context);
    expect(d.decision).toBe(c.decision);
    expect(d.degradations.map((g) => g.invariant)).toEqual(["resubscribe-only-output"]);
  });

  it("two rejecting findings: both reasons kept", () => {
    const d = decideFor({ ...liveAudio, interfaces: grpcOnly.interfaces }, NORTHWIND, "live-input");
    expect(d.decision).toBe("reject");
    expect(d.reasons.map((r) => r.invariant)).toEqual(["live-input-needs-streaming", "shared-transport"]);
  });
});

describe("decide: validity first", () => {
  const invalid: ValidityReport = {
    valid: false,
    shape: "unknown",
    problems: [
      { severity: "error", code: "wrongType", pointer: "/capabilities/streaming", data: {} },
      { severity: "warning", code: "nonMimeMode", pointer: "/defaultInputModes/0", data: {} },
    ],
  };
  it.each([
    { name: "findings alone would accept", profile: NORTHWIND, context: {} },
    { name: "a renegotiable client would defer", profile: { ...NORTHWIND, fixed: false }, context: {} },
    { name: "an honored extension would escalate", profile: NORTHWIND, context: { honoredExtensions: [{ uri: "urn:x", resolves: ["live-input-needs-streaming"] }] } },
  ])("an invalid card is rejected (target card) even when $name", (c) => {
    const d = decideFor(makeCard(), c.profile, "request-response", c.context, invalid);
    expect(d.decision).toBe("reject");
    expect(d.target).toBe("card");
    expect(d.reasons).toEqual([
      { reason: "invalidCard", outcome: "reject", data: { errorCount: 1, codes: ["wrongType"], pointers: ["/capabilities/streaming"] } },
    ]);
    expect(d.degradations).toEqual([]);
  });

  it("sums an invalid card up the same way for every class: its error count, each code once, its first 20 distinct pointers", () => {
    const problems: ValidityReport["problems"] = [];
    for (let i = 0; i < 30; i++) {
      problems.push({ severity: "error", code: i % 2 === 0 ? "wrongType" : "missingField", pointer: `/skills/${i}`, data: {} });
      problems.push({ severity: "error", code: "wrongType", pointer: `/skills/${i}`, data: {} });
      problems.push({ severity: "warning", code: "nonMimeMode", pointer: `/skills/${i}/inputModes/0`, data: {} });
    }
    const many: ValidityReport = { valid: false, shape: "1.0", problems };
    const scope = newReviewScope();
    const decisions = ["request-response", "live-input", "async-completion"].map((id) => decideFor(makeCard(), NORTHWIND, id, {}, many, scope));
    const expected = { errorCount: 60, codes: ["wrongType", "missingField"], pointers: Array.from({ length: 20 }, (_, i) => `/skills/${i}`) };
    for (const d of decisions) expect(d.reasons).toEqual([{ reason: "invalidCard", outcome: "reject", data: expected }]);
    // One summary per review (its scope), which no consumer may change under the other classes.
    const data = decisions[0]!.reasons[0]!.data;
    expect(decisions[2]!.reasons[0]!.data).toBe(data);
    expect(Object.isFrozen(data) && Object.isFrozen(data.pointers)).toBe(true);
  });

  it("sums up again a report that gained an error since it was last decided on (outside one review, nothing is shared)", () => {
    const growing: ValidityReport = { valid: false, shape: "1.0", problems: [{ severity: "error", code: "wrongType", pointer: "/name", data: {} }] };
    expect(decideFor(makeCard(), NORTHWIND, "request-response", {}, growing).reasons[0]!.data).toEqual({ errorCount: 1, codes: ["wrongType"], pointers: ["/name"] });
    growing.problems.push({ severity: "error", code: "missingField", pointer: "", data: {} });
    expect(decideFor(makeCard(), NORTHWIND, "live-input", {}, growing).reasons[0]!.data).toEqual({ errorCount: 2, codes: ["wrongType", "missingField"], pointers: ["/name", ""] });
  });
});
