import { describe, expect, it } from "vitest";
import { NORTHWIND, type ClientProfile } from "../../profile";
import { testInvariant } from "../rule-tester";
import { inputModes, makeCard, streaming } from "../test-card";
import { runCheck, omitFields } from "../test-helpers";
import { liveInputNeedsStreaming as inv } from "./index";

// Rule, invariant 1: "capabilities.streaming: false" with input modes the client has only live.
const audioCard = makeCard({ streaming: streaming(false), defaultInputModes: inputModes("text/plain", "audio/pcm") });
const buffering: ClientProfile = { ...NORTHWIND, bufferableInputModes: ["audio/pcm"] };
const liveUnknown = omitFields(NORTHWIND, "liveOnlyInputModes");
const bufferUnknown = omitFields(NORTHWIND, "bufferableInputModes");

testInvariant(inv, {
  taskClass: "live-input",
  valid: [
    // Issue 28: a live-only mode only a skill lists is refused by the server (it checks
    // defaultInputModes), so it is not an input path invariant 1 could cut; input-modes says so.
    { name: "a live-only mode declared by a skill only is not the card's input", card: makeCard({ skills: [{ id: "talk", inputModes: ["text/plain", "audio/pcm"], pointer: "/skills/0" }] }), messageId: "noLiveOnlyModes" },
    { name: "aimed at a text skill of a card whose defaults take audio: no live-only mode", card: makeCard({ defaultInputModes: inputModes("text/plain", "audio/pcm"), skills: [{ id: "write", inputModes: ["text/plain"], pointer: "/skills/0" }] }), skill: "write", messageId: "noLiveOnlyModes" },
    { name: "card streams", card: makeCard({ streaming: streaming(true), defaultInputModes: inputModes("audio/pcm") }), messageId: "cardStreams", evidence: { card: ["/capabilities/streaming"] } },
    { name: "no live-only mode on the card", card: makeCard({ defaultInputModes: inputModes("text/plain") }), messageId: "noLiveOnlyModes" },
    { name: "the client has no live-only modes (declared empty)", card: audioCard, profile: { ...NORTHWIND, liveOnlyInputModes: [] }, messageId: "noLiveOnlyModes" },
    // Rule: "The rule does not hold when the client is itself capable of buffering."
    { name: "exception: the client buffers the mode", card: audioCard, profile: buffering, messageId: "clientBuffers", exception: "client-buffers", data: { modes: ["audio/pcm"] } },
    { name: "a wildcard bufferable mode covers it", card: audioCard, profile: { ...NORTHWIND, bufferableInputModes: ["audio/*"] }, messageId: "clientBuffers", exception: "client-buffers" },
    { name: "does not concern whole input", card: audioCard, taskClass: "request-response", status: "not-applicable", messageId: "notConcerned" },
  ],
  invalid: [
    {
      name: "incident 1: live-only audio, no streaming, no buffering",
      card: audioCard,
      messageId: "liveOnlyModesUnservable",
      cuts: { kind: "input", modes: ["audio/pcm"] },
      cause: { acquirable: ["buffering"], cardClaim: "capabilities", contradiction: true },
      evidence: { card: ["/capabilities/streaming", "/defaultInputModes/1"], profile: ["/liveOnlyInputModes", "/bufferableInputModes"] },
    },
    { name: "mode spelled in upper case (shown as the card writes it)", card: makeCard({ defaultInputModes: inputModes("AUDIO/PCM") }), messageId: "liveOnlyModesUnservable", cuts: { kind: "input", modes: ["AUDIO/PCM"] } },
    // Media types ignore parameters for matching: the incident card is not rescued by writing its
    // rate, and the parameters are shown.
    { name: "mode with parameters (audio/pcm;rate=16000)", card: makeCard({ defaultInputModes: inputModes("text/plain", "audio/pcm;rate=16000") }), messageId: "liveOnlyModesUnservable", cuts: { kind: "input", modes: ["audio/pcm;rate=16000"] } },
    { name: "a wildcard card mode (audio/*) takes the live audio", card: makeCard({ defaultInputModes: inputModes("audio/*") }), messageId: "liveOnlyModesUnservable", cuts: { kind: "input", modes: ["audio/pcm"] } },
    // Issue 28: the same skill-aware modes as input-modes: aimed at a skill, its modes within the defaults.
    { name: "aimed at a skill that takes the live-only mode the defaults take", card: makeCard({ defaultInputModes: inputModes("text/plain", "audio/pcm"), skills: [{ id: "talk", inputModes: ["audio/pcm"], pointer: "/skills/0" }] }), skill: "talk", messageId: "liveOnlyModesUnservable", cuts: { kind: "input", modes: ["audio/pcm"] }, evidence: { card: ["/capabilities/streaming", "/skills/0/inputModes/0"] } },
    { name: "one of two live modes buffered: the other is cut", card: makeCard({ defaultInputModes: inputModes("audio/pcm", "video/h264") }), profile: { ...buffering, liveOnlyInputModes: ["audio/pcm", "video/h264"] }, messageId: "liveOnlyModesUnservable", cuts: { kind: "input", modes: ["video/h264"] } },
  ],
  unknown: [
    // Rule: the rule holds only for "a fixed, known transport profile": unknown is not "none".
    { name: "live-only modes left out of the profile", card: audioCard, profile: liveUnknown, messageId: "liveOnlyUnknown", missing: ["/liveOnlyInputModes"] },
    { name: "buffering left out of the profile", card: audioCard, profile: bufferUnknown, messageId: "bufferingUnknown", missing: ["/bufferableInputModes"], atStake: { kind: "input", modes: ["audio/pcm"] } },
  ],
});

describe("live-input-needs-streaming, streaming direction", () => {
  it("does not claim a streaming card takes input chunk by chunk (A2A streams run server to client)", () => {
    const f = runCheck(inv, makeCard({ streaming: streaming(true) }), NORTHWIND, "live-input");
    expect(inv.meta.messages[f.messageId as "cardStreams"]).not.toMatch(/chunk by chunk/);
    expect(inv.meta.messages.cardStreams).toMatch(/server to client/);
  });
});
