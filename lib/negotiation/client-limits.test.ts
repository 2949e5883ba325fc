import { describe, expect, it } from "vitest";
import type { NormalizedCard } from "./card/model";
import type { ValidityReport } from "./card/validity";
import { clientLimitMessageIds, isClientLimit } from "./client-limits";
import { decide, outcomeOf, worstOutcome } from "./decide";
import { getInvariant, INVARIANTS } from "./invariants";
import { inputModes, makeCard, outputModes, push, streaming, testInterface } from "./invariants/test-card";
import { taskClass as builtIn } from "./invariants/test-helpers";
import { findPreset, NORTHWIND, type ClientProfile } from "./profile";
import type { TaskClass } from "./task-classes";

const VALID: ValidityReport = { valid: true, shape: "1.0", problems: [] };

function decideFor(card: NormalizedCard, profile: ClientProfile, tc: TaskClass) {
  const findings = INVARIANTS.map((inv) => inv.check({ card, profile, context: {}, taskClass: tc }));
  return decide({ taskClass: tc, findings, profile, context: {}, validity: VALID, card });
}

/** Cards that say everything a client could hope for, and the opposite: "whatever the card says". */
const EVERY_MODE = ["text/plain", "application/json", "audio/pcm", "video/mp4", "image/png"];
const CARDS: Record<string, NormalizedCard> = {
  "streams, pushes, every mode": makeCard({ streaming: streaming(true), pushNotifications: push(true), defaultInputModes: inputModes(...EVERY_MODE), defaultOutputModes: outputModes(...EVERY_MODE) }),
  "streams, no push, every mode": makeCard({ streaming: streaming(true), defaultInputModes: inputModes(...EVERY_MODE), defaultOutputModes: outputModes(...EVERY_MODE) }),
  "no stream, pushes, every mode": makeCard({ pushNotifications: push(true), defaultInputModes: inputModes(...EVERY_MODE), defaultOutputModes: outputModes(...EVERY_MODE) }),
  "the minimal text card": makeCard(),
};

const live = (modes?: string[]): TaskClass => ({ ...builtIn("live-input"), id: "live-custom", ...(modes ? { inputModes: modes } : {}) });
const js = findPreset("a2a-js")!;
const textOnly = findPreset("text-only")!;

/** One row per (invariant, message id) of the table: a profile and class that meet it. */
const ROWS: Array<{ id: string; profile: ClientProfile; taskClass: TaskClass }> = [
  { id: "input-modes/clientHasNoLiveMode", profile: js, taskClass: builtIn("live-input") },
  { id: "input-modes/classModesNotLive", profile: { ...js, liveOnlyInputModes: ["audio/pcm"] }, taskClass: live(["video/mp4"]) },
  { id: "input-modes/classModesNotSent", profile: js, taskClass: { ...builtIn("request-response"), id: "send-images", inputModes: ["image/png"] } },
  { id: "output-modes/classModesNotAccepted", profile: textOnly, taskClass: { ...builtIn("request-response"), id: "get-audio", outputModes: ["audio/pcm"] } },
  { id: "stream-channel-available/clientDoesNotStream", profile: textOnly, taskClass: builtIn("streaming-output") },
  { id: "stream-channel-available/neitherStreams", profile: textOnly, taskClass: builtIn("streaming-output") },
  { id: "completion-channel-available/pushOnlyNoListener", profile: js, taskClass: { ...builtIn("async-completion"), id: "push-only", completion: "push" } },
  { id: "completion-channel-available/pushOnlyNotOffered", profile: js, taskClass: { ...builtIn("async-completion"), id: "push-only", completion: "push" } },
  { id: "completion-channel-available/pollingOnlyNoPolling", profile: { ...js, canPoll: false }, taskClass: { ...builtIn("async-completion"), id: "polling-only", completion: "polling" } },
  { id: "completion-channel-available/noChannelNoListener", profile: { ...js, canPoll: false }, taskClass: builtIn("async-completion") },
  { id: "completion-channel-available/noChannelPushNotOffered", profile: { ...js, canPoll: false }, taskClass: builtIn("async-completion") },
];

describe("the client's own limits: not for this client, whatever the card says", () => {
  it("every listed message id is one its invariant still has, and has a row here", () => {
    const ids = clientLimitMessageIds().map(({ invariant, messageId }) => {
      expect(Object.keys(getInvariant(invariant)!.meta.messages), invariant).toContain(messageId);
      return `${invariant}/${messageId}`;
    });
    expect(ROWS.map((r) => r.id).sort()).toEqual([...ids].sort());
  });

  it.each(ROWS)("$id: rejected, aimed at the client, on every card", ({ id, profile, taskClass }) => {
    const [invariant, messageId] = id.split("/");
    let met = false;
    for (const [name, card] of Object.entries(CARDS)) {
      const d = decideFor(card, profile, taskClass);
      expect([d.decision, d.target], name).toEqual(["reject", "client"]);
      expect(outcomeOf(d)).toBe("not-for-client");
      if (d.findings.some((f) => f.invariant === invariant && f.messageId === messageId && f.status === "violated")) met = true;
    }
    expect(met, `some card meets ${id}`).toBe(true);
  });

  it("a cut that the card makes stays a rejection of the server", () => {
    const cases: Array<[string, NormalizedCard, ClientProfile, TaskClass]> = [
      // (An SDK client with streamingFallback sends a blocking request instead: degraded, not rejected.)
      ["card does not stream, client does and has no blocking fallback", makeCard(), { ...js, streamingFallback: false }, builtIn("streaming-output")],
      ["card takes no mode the client sends", makeCard({ defaultInputModes: inputModes("audio/pcm") }), js, builtIn("request-response")],
      ["card emits no mode the client accepts", makeCard({ defaultOutputModes: outputModes("audio/pcm") }), textOnly, builtIn("request-response")],
      ["no shared binding", makeCard({ interfaces: [testInterface("GRPC")] }), js, builtIn("request-response")],
      ["live audio to a card that does not stream (the rule's invariant 1)", makeCard({ defaultInputModes: inputModes("text/plain", "audio/pcm") }), NORTHWIND, builtIn("live-input")],
      ["push-only class, card offers no push, client listens", makeCard(), { ...NORTHWIND, callback: { supported: true, mtls: false, mtlsConfigurable: false } }, { ...builtIn("async-completion"), id: "push-only", completion: "push" }],
    ];
    for (const [name, card, profile, tc] of cases) {
      const d = decideFor(card, profile, tc);
      expect([d.decision, d.target, outcomeOf(d)], name).toEqual(["reject", "server", "reject"]);
    }
  });

  it("a client limit beside a server cut: the class is still not for this client", () => {
    const d = decideFor(makeCard({ interfaces: [testInterface("GRPC")] }), textOnly, builtIn("streaming-output"));
    expect(d.reasons.filter((r) => r.outcome === "reject").map((r) => r.invariant)).toEqual(expect.arrayContaining(["shared-transport", "stream-channel-available"]));
    expect(d.target).toBe("client");
  });

  it("a client that can acquire the capability defers, as before; one that cannot acquire it is still not for it", () => {
    const renegotiable = { ...textOnly, fixed: false };
    expect(decideFor(CARDS["streams, pushes, every mode"]!, renegotiable, builtIn("streaming-output")).decision).toBe("defer");
    const d = decideFor(CARDS["streams, pushes, every mode"]!, { ...js, fixed: false }, builtIn("live-input"));
    expect([d.decision, d.target]).toEqual(["reject", "client"]);
  });

  it("an invalid card is rejected as the card, even for a class the client cannot perform (validity first)", () => {
    const card = makeCard();
    const tc = builtIn("live-input");
    const findings = INVARIANTS.map((inv) => inv.check({ card, profile: js, context: {}, taskClass: tc }));
    const d = decide({ taskClass: tc, findings, profile: js, context: {}, card, validity: { valid: false, shape: "unknown", problems: [{ severity: "error", code: "notAnObject", pointer: "", data: {} } as never] } });
    expect([d.decision, d.target, outcomeOf(d)]).toEqual(["reject", "card", "reject"]);
  });

  it("isClientLimit reads only violated findings", () => {
    expect(isClientLimit({ invariant: "input-modes", messageId: "clientHasNoLiveMode", status: "holds" }, js)).toBe(false);
    expect(isClientLimit({ invariant: "input-modes", messageId: "clientHasNoLiveMode", status: "violated", cause: { acquirable: [] } }, js)).toBe(true);
    expect(isClientLimit({ invariant: "completion-channel-available", messageId: "pushOnlyNotOffered", status: "violated", cause: { acquirable: [], cardClaim: "capabilities" } }, NORTHWIND)).toBe(NORTHWIND.callback?.supported === false);
  });

  it("a worst outcome never picks not-for-client over a decision about the card", () => {
    expect(worstOutcome(["not-for-client", "accept"])).toBe("accept");
    expect(worstOutcome(["accept-degraded", "not-for-client", "reject"])).toBe("reject");
    expect(worstOutcome(["not-for-client", "not-for-client"])).toBe("not-for-client");
    expect(worstOutcome([])).toBeUndefined();
  });
});
