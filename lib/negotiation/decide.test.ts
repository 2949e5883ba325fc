import { describe, expect, it } from "vitest";
import type { NormalizedCard } from "./card/model";
import type { ValidityReport } from "./card/validity";
import type { ReviewContext } from "./context";
import { decide, moreSevere } from "./decide";
import { DECISIONS, type DecisionKind } from "./decision-types";
import { INVARIANTS } from "./invariants";
import { inputModes, makeCard, outputModes, push, requirement, scheme, streaming } from "./invariants/test-card";
import { taskClass } from "./invariants/test-helpers";
import { NORTHWIND, type ClientProfile } from "./profile";

const VALID: ValidityReport = { valid: true, shape: "1.0", problems: [] };

function decideFor(card: NormalizedCard, profile: ClientProfile, classId: string, context: ReviewContext = {}, validity = VALID) {
  const tc = taskClass(classId);
  const findings = INVARIANTS.map((inv) => inv.check({ card, profile, context, taskClass: tc }));
  return decide({ taskClass: tc, findings, profile, context, validity, card });
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
const grpcOnly = makeCard({ interfaces: [{ url: "https://a.example", binding: "GRPC", pointer: "/supportedInterfaces/0" }] });

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
    { name: "push cut, canPoll unknown → degrade, not a guessed reject", card: pushMtls, profile: pollUnknown, taskClass: "async-completion", decision: "accept-degraded", reason: "optionalPathCut" },
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
    expect(d.reasons[0]?.data.canPollUnknown).toBe(false);
  });

  it("says canPoll should be declared when it degrades on an unknown canPoll", () => {
    expect(decideFor(pushMtls, pollUnknown, "async-completion").reasons[0]?.data.canPollUnknown).toBe(true);
  });

  it("records the output modes lost and the one kept", () => {
    const d = decideFor(resubAudio, NORTHWIND, "async-completion");
    expect(d.degradations[0]).toMatchObject({ lost: ["audio/pcm"], fallback: ["text/plain"] });
  });

  it("accepts with a note when an invariant could not be evaluated, instead of guessing", () => {
    const d = decideFor(makeCard(), pollUnknown, "async-completion");
    expect(d.decision).toBe("accept");
    expect(d.reasons[0]?.data).toMatchObject({ notEvaluated: ["completion-channel-available"], missing: ["/canPoll"] });
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

describe("decide: conditions of validity turn a would-be rejection", () => {
  const withExtension = { ...liveAudio, extensions: [{ uri: "https://contoso.example/ext/chunked-pcm", required: false, pointer: "/capabilities/extensions/0" }] };
  const cases: Array<{ name: string; profile?: ClientProfile; context: ReviewContext; decision: DecisionKind; reason: string; target?: string }> = [
    { name: "renegotiable client → defer", profile: { ...NORTHWIND, fixed: false }, context: {}, decision: "defer", reason: "renegotiableClient" },
    { name: "server honors an extension → escalate", context: { honoredExtensions: ["https://contoso.example/ext/chunked-pcm"] }, decision: "escalate", reason: "honoredExtension" },
    { name: "out-of-band capability exchange → defer", context: { outOfBandCapabilityExchange: true }, decision: "defer", reason: "otherDiscoveryChannel" },
    { name: "prior task history → defer", context: { priorTaskHistory: true }, decision: "defer", reason: "otherDiscoveryChannel" },
    { name: "stale card, good server → reject the card", context: { cardKnownStale: true, serverKnownGood: true }, decision: "reject", reason: "staleCard", target: "card" },
    { name: "stale card alone → reject the server", context: { cardKnownStale: true }, decision: "reject", reason: "requiredPathCut", target: "server" },
    { name: "good server alone → reject the server", context: { serverKnownGood: true }, decision: "reject", reason: "requiredPathCut", target: "server" },
    { name: "escalate and defer both apply → escalate wins", profile: { ...NORTHWIND, fixed: false }, context: { honoredExtensions: ["urn:x"], priorTaskHistory: true }, decision: "escalate", reason: "honoredExtension" },
  ];

  it.each(cases)("$name", (c) => {
    const d = decideFor(withExtension, c.profile ?? NORTHWIND, "live-input", c.context);
    expect(d.decision).toBe(c.decision);
    expect(d.reasons.map((r) => r.reason)).toEqual([c.reason]);
    expect(d.reasons[0]?.invariant).toBe("live-input-needs-streaming");
    expect(d.target).toBe(c.target);
  });

  it("names the conditions that also applied when escalate wins", () => {
    const d = decideFor(liveAudio, { ...NORTHWIND, fixed: false }, "live-input", { honoredExtensions: ["urn:x"], outOfBandCapabilityExchange: true });
    expect(d.reasons[0]?.data.otherConditions).toEqual(["renegotiableClient", "otherDiscoveryChannel"]);
  });

  it("says which honored extensions the card declares", () => {
    const d = decideFor(withExtension, NORTHWIND, "live-input", { honoredExtensions: ["https://contoso.example/ext/chunked-pcm", "urn:other"] });
    expect(d.reasons[0]?.data).toMatchObject({
      declaredOnCard: ["https://contoso.example/ext/chunked-pcm"],
      notOnCard: ["urn:other"],
    });
  });

  it("does not touch optional cuts: a renegotiable client still degrades push → polling", () => {
    const d = decideFor(pushMtls, { ...NORTHWIND, fixed: false }, "async-completion", { priorTaskHistory: true });
    expect(d.decision).toBe("accept-degraded");
  });

  it("does not touch accepted classes", () => {
    expect(decideFor(liveAudio, { ...NORTHWIND, fixed: false }, "request-response").decision).toBe("accept");
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
    { name: "escalated cut + optional cut → escalate", context: { honoredExtensions: ["urn:x"] }, profile: cannotPoll, decision: "escalate" },
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
    { name: "an honored extension would escalate", profile: NORTHWIND, context: { honoredExtensions: ["urn:x"] } },
  ])("an invalid card is rejected (target card) even when $name", (c) => {
    const d = decideFor(makeCard(), c.profile, "request-response", c.context, invalid);
    expect(d.decision).toBe("reject");
    expect(d.target).toBe("card");
    expect(d.reasons).toEqual([
      { reason: "invalidCard", outcome: "reject", data: { errorCount: 1, codes: ["wrongType"], pointers: ["/capabilities/streaming"] } },
    ]);
    expect(d.degradations).toEqual([]);
  });
});
