import { describe, expect, it } from "vitest";
import type { NormalizedCard } from "../card/model";
import { NORTHWIND, type ClientProfile } from "../profile";
import type { FindingStatus, RuleException } from "./types";
import { liveInputNeedsStreaming as inv } from "./live-input-needs-streaming";
import { inputModes, makeCard, streaming } from "./test-card";
import { BARE_PROFILE, pointers, runCheck } from "./test-helpers";

const audioCard = makeCard({ streaming: streaming(false), defaultInputModes: inputModes("text/plain", "audio/pcm") });
const buffering: ClientProfile = { ...NORTHWIND, bufferableInputModes: ["audio/pcm"] };

interface Case {
  name: string;
  card: NormalizedCard;
  profile: ClientProfile;
  status: FindingStatus;
  messageId: string;
  exception?: RuleException;
  cuts?: string[];
}

describe("live-input-needs-streaming", () => {
  const cases: Case[] = [
    { name: "card streams", card: makeCard({ streaming: streaming(true), defaultInputModes: inputModes("audio/pcm") }), profile: NORTHWIND, status: "holds", messageId: "cardStreams" },
    { name: "no live-only mode on the card", card: makeCard({ defaultInputModes: inputModes("text/plain") }), profile: NORTHWIND, status: "holds", messageId: "noLiveOnlyModes" },
    { name: "profile declares no live-only modes (rule default)", card: audioCard, profile: BARE_PROFILE, status: "holds", messageId: "noLiveOnlyModes" },
    { name: "exception: the client buffers the mode", card: audioCard, profile: buffering, status: "holds", messageId: "clientBuffers", exception: "client-buffers" },
    { name: "incident 1: live-only audio, no streaming, no buffering", card: audioCard, profile: NORTHWIND, status: "violated", messageId: "liveOnlyModesUnservable", cuts: ["audio/pcm"] },
    { name: "mode spelled differently (case-insensitive)", card: makeCard({ defaultInputModes: inputModes("AUDIO/PCM") }), profile: NORTHWIND, status: "violated", messageId: "liveOnlyModesUnservable", cuts: ["AUDIO/PCM"] },
    { name: "live-only mode declared by a skill only", card: makeCard({ skills: [{ id: "talk", inputModes: ["audio/pcm"], pointer: "/skills/0" }] }), profile: NORTHWIND, status: "violated", messageId: "liveOnlyModesUnservable", cuts: ["audio/pcm"] },
    { name: "one of two live modes buffered: the other is cut", card: makeCard({ defaultInputModes: inputModes("audio/pcm", "video/h264") }), profile: { ...buffering, liveOnlyInputModes: ["audio/pcm", "video/h264"] }, status: "violated", messageId: "liveOnlyModesUnservable", cuts: ["video/h264"] },
  ];

  it.each(cases)("$name → $status ($messageId)", (c) => {
    const f = runCheck(inv, c.card, c.profile, "live-input");
    expect(f.status).toBe(c.status);
    expect(f.messageId).toBe(c.messageId);
    expect(f.exception).toBe(c.exception);
    if (c.cuts) expect(f.cuts).toEqual({ kind: "input", modes: c.cuts });
    else expect(f.cuts).toBeUndefined();
  });

  it("points at the streaming flag, the offending card mode and the profile's lists", () => {
    const f = runCheck(inv, audioCard, NORTHWIND, "live-input");
    expect(pointers(f, "card")).toEqual(["/capabilities/streaming", "/defaultInputModes/1"]);
    expect(pointers(f, "profile")).toEqual(["/liveOnlyInputModes", "/bufferableInputModes"]);
  });

  it("points into the skill that declares the mode", () => {
    const card = makeCard({ skills: [{ id: "talk", inputModes: ["text/plain", "audio/pcm"], pointer: "/skills/0" }] });
    expect(pointers(runCheck(inv, card, NORTHWIND, "live-input"), "card")).toContain("/skills/0/inputModes/1");
  });

  it.each(["request-response", "async-completion", "fire-and-forget", "streaming-output"])(
    "does not concern %s (whole input)",
    (id) => {
      const f = runCheck(inv, audioCard, NORTHWIND, id);
      expect(f.status).toBe("not-applicable");
      expect(f.taskClass).toBe(id);
    },
  );
});
