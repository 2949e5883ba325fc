import { describe, expect, it } from "vitest";
import { explainFinding } from "../../explain/findings";
import { NORTHWIND, type ClientProfile } from "../../profile";
import { testInvariant } from "../rule-tester";
import { inputModes as modes, makeCard } from "../test-card";
import { omitFields, runCheck } from "../test-helpers";
import { inputModes as inv } from "./index";

const talkSkill = { id: "talk", name: "Talk", inputModes: ["audio/pcm"], pointer: "/skills/0" };
const textSkill = { id: "write", name: "Write", pointer: "/skills/1" };
const voicemail = makeCard({ defaultInputModes: modes("audio/mpeg") });
const buffering: ClientProfile = { ...NORTHWIND, bufferableInputModes: ["audio/pcm"] };
const INPUT_NONE = { kind: "input" as const, modes: [] as string[] };
/**
 * A card with empty defaultInputModes (no gate: the A2A JS SDK server checks nothing then), with
 * `count` skills s0, s1 … that take text/plain: the skills' modes are all the card says.
 */
const NO_DEFAULTS = { value: [] as string[], pointer: "/defaultInputModes" };
const textSkills = (count: number, inputModes = ["text/plain"]) =>
  makeCard({ defaultInputModes: NO_DEFAULTS, skills: Array.from({ length: count }, (_, i) => ({ id: `s${i}`, inputModes, pointer: `/skills/${i}` })) });

testInvariant(inv, {
  taskClass: "request-response",
  valid: [
    { name: "text both ways", messageId: "inputModeShared", data: { modes: ["text/plain"], defaults: true, skills: [], moreSkills: 0 }, evidence: { card: ["/defaultInputModes/0"], profile: ["/inputModes"] } },
    { name: "a wildcard the card takes (text/*)", card: makeCard({ defaultInputModes: modes("text/*") }), messageId: "inputModeShared", data: { modes: ["text/plain"] } },
    { name: "parameters do not matter (text/plain;charset=utf-8)", card: makeCard({ defaultInputModes: modes("text/plain;charset=utf-8") }), messageId: "inputModeShared" },
    { name: "no defaults (no gate): a skill offers it, and the explanation says which", card: makeCard({ defaultInputModes: NO_DEFAULTS, skills: [{ id: "notes", inputModes: ["text/plain"], pointer: "/skills/0" }] }), messageId: "inputModeShared", data: { defaults: false, skills: ["notes"], moreSkills: 0 } },
    // Issue 28: a targeted skill narrows the defaults (its modes within them).
    { name: "aimed at a skill: its modes within the defaults", card: makeCard({ defaultInputModes: modes("text/plain", "application/json"), skills: [{ id: "notes", inputModes: ["text/plain", "image/png"], pointer: "/skills/0" }] }), skill: "notes", messageId: "inputModeShared", data: { modes: ["text/plain"], skills: ["notes"] } },
    {
      name: "many skills offer it: the first five are named, then how many more",
      card: textSkills(12, ["text/plain", "text/plain"]),
      messageId: "inputModeShared",
      data: { skills: ["s0", "s1", "s2", "s3", "s4"], moreSkills: 7 },
      evidence: { card: ["/skills/0/inputModes/0"] },
    },
    {
      name: "thousands of skills offer it: the count of the others has its thousands separator",
      card: textSkills(1209),
      messageId: "inputModeShared",
      data: { skills: ["s0", "s1", "s2", "s3", "s4"], moreSkills: 1204 },
    },
    {
      name: "one more skill than are named",
      card: textSkills(6),
      messageId: "inputModeShared",
      data: { skills: ["s0", "s1", "s2", "s3", "s4"], moreSkills: 1 },
    },
    { name: "a live mode the client buffers can go whole", card: makeCard({ defaultInputModes: modes("audio/pcm") }), profile: buffering, messageId: "inputModeShared", data: { modes: ["audio/pcm"] } },
    { name: "live input: the card takes the client's live mode", card: makeCard({ defaultInputModes: modes("text/plain", "audio/pcm") }), taskClass: "live-input", messageId: "liveModeShared", data: { modes: ["audio/pcm"] } },
    { name: "live input aimed at a skill that takes it", card: makeCard({ defaultInputModes: modes("text/plain", "audio/pcm"), skills: [talkSkill, textSkill] }), taskClass: "live-input", skill: "talk", messageId: "liveModeShared", data: { skills: ["talk"] } },
    // A class that sends JSON counts only the client's JSON, as the class spells it.
    { name: "a class's own modes narrow what the client sends (application/* → application/json)", card: makeCard({ defaultInputModes: modes("text/plain", "application/json") }), profile: { ...NORTHWIND, inputModes: ["text/plain", "application/*"] }, classFields: { inputModes: ["application/json"] }, messageId: "inputModeShared", data: { modes: ["application/json"] }, evidence: { "task-class": ["/inputModes"], profile: ["/inputModes"] } },
    { name: "a live class whose own modes are audio: the client's live audio counts", card: makeCard({ defaultInputModes: modes("text/plain", "audio/pcm") }), taskClass: "live-input", classFields: { inputModes: ["audio/*"] }, messageId: "liveModeShared", data: { modes: ["audio/pcm"] } },
  ],
  invalid: [
    {
      name: "the card takes only a mode the client does not send",
      card: voicemail,
      messageId: "noSharedInputMode",
      cuts: INPUT_NONE,
      cause: { acquirable: ["encoding"], cardClaim: "declarations", contradiction: undefined },
      data: { cardModes: ["audio/mpeg"], clientModes: ["text/plain", "audio/pcm"] },
    },
    // Rule, invariant 1's reasoning for whole input: live audio sent whole is not supporting it.
    { name: "the only shared mode is one the client has only live", card: makeCard({ defaultInputModes: modes("audio/pcm") }), messageId: "onlyLiveModesShared", cuts: { kind: "input", modes: ["audio/pcm"] }, cause: { acquirable: ["buffering", "encoding"] } },
    // Issue 28: no encoding the client acquires makes a text-only card take live audio: renegotiation cannot reopen it.
    { name: "live input on a text-only card: no live path at all", taskClass: "live-input", messageId: "noLiveInputMode", cuts: INPUT_NONE, cause: { acquirable: [], cardClaim: "declarations" }, data: { cardModes: ["text/plain"], clientModes: ["audio/pcm"] } },
    // Nothing the card could say gives a client with no live mode a live input path.
    {
      name: "live input for a client with no live mode at all: the profile's fields are the evidence",
      taskClass: "live-input",
      profile: { ...NORTHWIND, liveOnlyInputModes: [], bufferableInputModes: [] },
      messageId: "clientHasNoLiveMode",
      cuts: INPUT_NONE,
      cause: { acquirable: [], cardClaim: undefined },
      data: { cardModes: ["text/plain"] },
      evidence: { card: [], profile: ["/liveOnlyInputModes", "/bufferableInputModes"] },
    },
    // Issue 28: a request cannot name a skill, and the SDK server checks parts against
    // defaultInputModes only: a mode only a skill lists is refused, not a reachable path.
    {
      name: "a mode only a skill lists is not reachable (aimed at no skill)",
      card: makeCard({ defaultInputModes: modes("audio/mpeg"), skills: [{ id: "notes", inputModes: ["text/plain"], pointer: "/skills/0" }] }),
      messageId: "noSharedInputMode",
      cuts: INPUT_NONE,
      data: { cardModes: ["audio/mpeg"] },
    },
    {
      name: "aimed at a skill whose modes are all outside the defaults",
      card: makeCard({ defaultInputModes: modes("text/plain"), skills: [talkSkill] }),
      skill: "talk",
      taskClass: "live-input",
      messageId: "skillModesOutsideDefaults",
      cuts: INPUT_NONE,
      cause: { acquirable: [], cardClaim: "declarations" },
      data: { skill: "talk", modes: ["audio/pcm"] },
      evidence: { card: ["/skills/0/inputModes", "/defaultInputModes"] },
    },
    { name: "aimed at a skill the card does not have", skill: "translate", card: makeCard({ skills: [textSkill] }), messageId: "skillNotOnCard", cuts: INPUT_NONE, data: { skill: "translate" } },
    // The card takes text, which the client sends, but tasks of this class send images.
    { name: "the class sends a mode the client does not send at all", classFields: { inputModes: ["image/png"] }, messageId: "classModesNotSent", cuts: INPUT_NONE, cause: { acquirable: ["encoding"], cardClaim: undefined }, data: { classModes: ["image/png"], clientModes: ["text/plain", "audio/pcm"] }, evidence: { "task-class": ["/inputModes"] } },
    { name: "the class's mode is one the client sends, but the card takes only text", classFields: { inputModes: ["audio/*"] }, profile: buffering, messageId: "noSharedInputMode", cuts: INPUT_NONE, cause: { acquirable: [], cardClaim: "declarations" }, data: { cardModes: ["text/plain"], clientModes: ["audio/pcm"] } },
    { name: "a live class sending video: the client has only live audio", taskClass: "live-input", classFields: { inputModes: ["video/*"] }, card: makeCard({ defaultInputModes: modes("video/mp4", "audio/pcm") }), messageId: "classModesNotLive", cuts: INPUT_NONE, data: { classModes: ["video/*"], clientModes: ["audio/pcm"] } },
    { name: "a text class on an audio-only card: the client's text counts, its audio does not", classFields: { inputModes: ["text/plain"] }, card: makeCard({ defaultInputModes: modes("audio/pcm") }), profile: buffering, messageId: "noSharedInputMode", cuts: INPUT_NONE, data: { cardModes: ["audio/pcm"], clientModes: ["text/plain"] } },
  ],
  unknown: [
    { name: "input modes left out of the profile", profile: omitFields(NORTHWIND, "inputModes"), messageId: "inputModesUnknown", missing: ["/inputModes"], atStake: INPUT_NONE },
    { name: "live modes left out, none shared otherwise", taskClass: "live-input", profile: omitFields(NORTHWIND, "liveOnlyInputModes", "bufferableInputModes"), messageId: "liveModesUnknown", missing: ["/liveOnlyInputModes", "/bufferableInputModes"] },
  ],
});

describe("input-modes, aimed at a skill", () => {
  const card = makeCard({ defaultInputModes: modes("text/plain", "audio/pcm"), skills: [talkSkill, textSkill] });
  it("narrows the defaults to the skill's own modes", () => {
    const f = inv.check({ card, profile: NORTHWIND, context: {}, taskClass: { id: "talk-whole", title: "T", description: "", input: "whole", completion: "response", output: "required", skill: "talk" } });
    expect(f.messageId).toBe("onlyLiveModesShared");
  });
  it("falls back to the defaults for a skill without its own list", () => {
    const f = inv.check({ card, profile: NORTHWIND, context: {}, taskClass: { id: "write-whole", title: "W", description: "", input: "whole", completion: "response", output: "required", skill: "write" } });
    expect(f.messageId).toBe("inputModeShared");
  });
  it("reports a card that lists no input modes as not evaluated, on the card's side", () => {
    const f = runCheck(inv, makeCard({ defaultInputModes: { value: [], pointer: "/defaultInputModes" } }), NORTHWIND, "request-response");
    expect(f.status).toBe("not-evaluated");
    expect(f.messageId).toBe("cardModesUnknown");
    // No profile field would settle it: the card leaves its input modes unclear, and the input is at stake.
    expect(f.missing).toEqual([]);
    expect(f.unclear).toEqual(["/defaultInputModes"]);
    expect(f.cuts).toEqual({ kind: "input", modes: [] });
  });
});

describe("who offers a shared mode, in the message", () => {
  const say = (card: ReturnType<typeof makeCard>, profile: ClientProfile = NORTHWIND) => explainFinding(runCheck(inv, card, profile, "request-response"));

  it("words the defaults, the skills by name and how many more", () => {
    expect(say(makeCard())).toBe("The client can send text/plain whole, which the card takes (its default input modes).");
    expect(say(textSkills(12))).toBe("The client can send text/plain whole, which the card takes (skill s0, skill s1, skill s2, skill s3, skill s4 and 7 more skills).");
    expect(say(textSkills(1209))).toContain("skill s4 and 1,204 more skills).");
  });

  it("gives several shared modes' count of more skills as a lower bound", () => {
    const both = makeCard({ defaultInputModes: NO_DEFAULTS, skills: Array.from({ length: 7 }, (_, i) => ({ id: `s${i}`, inputModes: ["text/plain", "audio/pcm"], pointer: `/skills/${i}` })) });
    expect(say(both, buffering)).toContain("(skill s0, skill s1, skill s2, skill s3, skill s4 and at least 2 more skills).");
  });

  it("names a skill whose id is 'defaults' as that skill, and a skill without id or name by its pointer", () => {
    const odd = makeCard({ defaultInputModes: NO_DEFAULTS, skills: [{ id: "defaults", inputModes: ["text/plain"], pointer: "/skills/0" }, { inputModes: ["text/plain"], pointer: "/skills/1" }] });
    expect(say(odd)).toBe("The client can send text/plain whole, which the card takes (skill defaults and skill /skills/1).");
  });

  it("reads a record whose data holds the words as it was written", () => {
    const old = { invariant: "input-modes" as const, taskClass: "request-response", status: "holds" as const, messageId: "inputModeShared", data: { modes: ["text/plain"], offeredBy: ["skill notes"] }, evidence: [] };
    expect(explainFinding(old)).toBe("The client can send text/plain whole, which the card takes (skill notes).");
  });
});
