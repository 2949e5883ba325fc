import { describe, expect, it } from "vitest";
import type { NormalizedCard } from "../card/model";
import type { ReviewContext } from "../context";
import { NORTHWIND, type ClientProfile } from "../profile";
import type { FindingStatus, RuleException } from "./types";
import { resubscribeOnlyOutput as inv } from "./resubscribe-only-output";
import { makeCard, outputModes, streaming } from "./test-card";
import { pointers, runCheck } from "./test-helpers";

const resubOnly = (...modes: string[]) => ({ value: modes, pointer: "/resubscribeOnlyOutputModes" });
// Invariant 3's card: audio/pcm only on tasks/resubscribe, streaming off.
const incident = makeCard({
  streaming: streaming(false),
  defaultOutputModes: outputModes("text/plain", "audio/pcm"),
  resubscribeOnlyOutputModes: resubOnly("audio/pcm"),
});
const textOnly: ClientProfile = { ...NORTHWIND, acceptedOutputModes: ["text/plain"] };
const audioOnly: ClientProfile = { ...NORTHWIND, acceptedOutputModes: ["audio/*"] };
const acceptsAny: ClientProfile = { ...NORTHWIND, acceptedOutputModes: undefined };

interface Case {
  name: string;
  card: NormalizedCard;
  profile: ClientProfile;
  context?: ReviewContext;
  status: FindingStatus;
  messageId: string;
  exception?: RuleException;
  cuts?: string[];
  reachable?: string[];
}

describe("resubscribe-only-output", () => {
  const cases: Case[] = [
    { name: "no resubscribe-only modes anywhere", card: makeCard(), profile: NORTHWIND, status: "holds", messageId: "noResubscribeOnlyModes" },
    { name: "resubscribe-only mode not declared as output", card: makeCard({ resubscribeOnlyOutputModes: resubOnly("video/mp4") }), profile: NORTHWIND, status: "holds", messageId: "resubscribeOnlyNotDeclared" },
    { name: "card streams: resubscribe reaches it", card: { ...incident, streaming: streaming(true) }, profile: NORTHWIND, status: "holds", messageId: "resubscribeAvailable" },
    { name: "exception: documented fallback reaches it", card: incident, profile: NORTHWIND, context: { documentedFallbackOutputModes: ["audio/pcm"] }, status: "holds", messageId: "documentedFallback", exception: "documented-fallback" },
    { name: "client does not accept the unreachable mode", card: incident, profile: textOnly, status: "holds", messageId: "unreachableNotAccepted" },
    { name: "invariant 3: accepted mode unreachable, another reachable", card: incident, profile: NORTHWIND, status: "violated", messageId: "unreachableOutput", cuts: ["audio/pcm"], reachable: ["text/plain"] },
    { name: "acceptedOutputModes absent = accepts any", card: incident, profile: acceptsAny, status: "violated", messageId: "unreachableOutput", cuts: ["audio/pcm"], reachable: ["text/plain"] },
    { name: "wildcard accepted mode, nothing else reachable", card: incident, profile: audioOnly, status: "violated", messageId: "unreachableOutput", cuts: ["audio/pcm"], reachable: [] },
    { name: "resubscribe-only known from the server's docs (context)", card: { ...incident, resubscribeOnlyOutputModes: resubOnly() }, profile: NORTHWIND, context: { resubscribeOnlyOutputModes: ["audio/pcm"] }, status: "violated", messageId: "unreachableOutput", cuts: ["audio/pcm"], reachable: ["text/plain"] },
    { name: "card streams but the client cannot consume streams", card: { ...incident, streaming: streaming(true) }, profile: { ...NORTHWIND, streaming: false }, status: "violated", messageId: "unreachableOutputClientCannotStream", cuts: ["audio/pcm"], reachable: ["text/plain"] },
  ];

  it.each(cases)("$name → $status ($messageId)", (c) => {
    const f = runCheck(inv, c.card, c.profile, "request-response", c.context);
    expect(f.status).toBe(c.status);
    expect(f.messageId).toBe(c.messageId);
    expect(f.exception).toBe(c.exception);
    if (c.cuts) {
      expect(f.cuts).toEqual({ kind: "output", modes: c.cuts });
      expect(f.data.reachable).toEqual(c.reachable);
    } else expect(f.cuts).toBeUndefined();
  });

  it("points at the card's field, the stranded mode, the streaming flag and the accepted modes", () => {
    const f = runCheck(inv, incident, NORTHWIND, "async-completion");
    expect(pointers(f, "card")).toEqual(["/resubscribeOnlyOutputModes", "/defaultOutputModes/1", "/capabilities/streaming"]);
    expect(pointers(f, "profile")).toEqual(["/acceptedOutputModes"]);
  });

  it("points at the context when the docs, not the card, say it", () => {
    const card = { ...incident, resubscribeOnlyOutputModes: resubOnly() };
    const f = runCheck(inv, card, NORTHWIND, "request-response", { resubscribeOnlyOutputModes: ["audio/pcm"] });
    expect(pointers(f, "context")).toEqual(["/resubscribeOnlyOutputModes"]);
  });

  it("does not concern fire-and-forget (no output awaited)", () => {
    expect(runCheck(inv, incident, NORTHWIND, "fire-and-forget").status).toBe("not-applicable");
  });
});
