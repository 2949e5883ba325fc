import { describe, expect, it } from "vitest";
import { explainFinding } from "../../explain/findings";
import { NORTHWIND, type ClientProfile } from "../../profile";
import { testInvariant } from "../rule-tester";
import { makeCard, outputModes as modes } from "../test-card";
import { runCheck } from "../test-helpers";
import { outputModes as inv } from "./index";

const textOnly: ClientProfile = { ...NORTHWIND, acceptedOutputModes: ["text/plain", "application/json"] };
const mp3 = makeCard({ defaultOutputModes: modes("audio/mpeg") });
const mixed = makeCard({
  defaultOutputModes: modes("text/plain"),
  skills: [
    { id: "read-aloud", outputModes: ["audio/mpeg"], pointer: "/skills/0" },
    { id: "answer", pointer: "/skills/1" },
  ],
});

testInvariant(inv, {
  taskClass: "request-response",
  valid: [
    { name: "the card emits a mode the client accepts", profile: textOnly, messageId: "outputAccepted", data: { modes: ["text/plain"] } },
    {
      name: "many skills emit the same modes: each readable mode is shown where it is first emitted",
      card: makeCard({
        defaultOutputModes: modes("audio/mpeg"),
        skills: Array.from({ length: 30 }, (_, i) => ({ id: `s${i}`, outputModes: i === 2 ? ["TEXT/plain", "application/json"] : ["text/plain"], pointer: `/skills/${i}` })),
      }),
      profile: textOnly,
      messageId: "outputAccepted",
      data: { modes: ["text/plain", "application/json"] },
      evidence: { card: ["/skills/0/outputModes/0", "/skills/2/outputModes/1"], profile: ["/acceptedOutputModes"] },
    },
    // A2A: acceptedOutputModes left out = any.
    { name: "acceptedOutputModes left out: any", card: mp3, profile: { ...NORTHWIND, acceptedOutputModes: undefined }, messageId: "acceptsAny" },
    { name: "a wildcard the client accepts (audio/*)", card: mp3, profile: { ...NORTHWIND, acceptedOutputModes: ["audio/*"] }, messageId: "outputAccepted" },
    { name: "aimed at a skill whose output is readable (the unreadable one does not matter)", card: mixed, profile: textOnly, skill: "answer", messageId: "outputAccepted" },
    { name: "fire-and-forget awaits no output", card: mp3, profile: textOnly, taskClass: "fire-and-forget", status: "not-applicable", messageId: "notConcerned" },
    { name: "a class waiting for JSON, from a client that accepts any: the card emits it", card: makeCard({ defaultOutputModes: modes("text/plain", "application/json") }), profile: { ...NORTHWIND, acceptedOutputModes: undefined }, classFields: { outputModes: ["application/json"] }, messageId: "outputAccepted", data: { modes: ["application/json"] }, evidence: { "task-class": ["/outputModes"], profile: ["/acceptedOutputModes"] } },
  ],
  invalid: [
    { name: "a class waiting for audio from a text-only client", profile: textOnly, classFields: { outputModes: ["audio/*"] }, messageId: "classModesNotAccepted", cuts: { kind: "output", modes: ["audio/*"], reachable: [] }, cause: { acquirable: ["encoding"], cardClaim: undefined }, data: { classModes: ["audio/*"], accepted: ["text/plain", "application/json"] } },
    { name: "a class waiting for JSON from a text-only card (the client accepts any)", profile: { ...NORTHWIND, acceptedOutputModes: undefined }, classFields: { outputModes: ["application/json"] }, messageId: "classModesNotEmitted", cuts: { kind: "output", modes: ["text/plain"], reachable: [] }, data: { accepted: ["application/json"], modes: ["text/plain"] } },
    { name: "aimed at the skill whose output is unreadable", card: mixed, profile: textOnly, skill: "read-aloud", messageId: "noAcceptedOutput", cuts: { kind: "output", modes: ["audio/mpeg"], reachable: [] } },
    { name: "aimed at a skill the card does not have", card: mixed, profile: textOnly, skill: "translate", messageId: "skillNotOnCard", cuts: { kind: "output", modes: [], reachable: [] } },
    {
      name: "the card's only output is audio/mpeg, the client reads text",
      card: mp3,
      profile: textOnly,
      messageId: "noAcceptedOutput",
      cuts: { kind: "output", modes: ["audio/mpeg"], reachable: [] },
      cause: { acquirable: ["encoding"], cardClaim: "declarations" },
      data: { modes: ["audio/mpeg"], accepted: ["text/plain", "application/json"] },
    },
    {
      name: "one skill answers only in audio: tasks aimed there are lost, the rest read",
      card: mixed,
      profile: textOnly,
      messageId: "someSkillsUnreadable",
      cuts: { kind: "output", modes: ["audio/mpeg"], reachable: ["text/plain"] },
      data: { skills: ["read-aloud"], defaults: false },
    },
  ],
});

describe("the sentence for skills whose output the client cannot read", () => {
  const explain = (card: ReturnType<typeof makeCard>) => explainFinding(runCheck(inv, card, textOnly, "request-response"));

  it("reads right for one skill and for several", () => {
    expect(explain(mixed)).toBe(
      "The output of skill read-aloud is only audio/mpeg, which the client does not accept: tasks aimed there give no readable answer. Others emit text/plain.",
    );
    const twoAudioSkills = makeCard({
      defaultOutputModes: modes("text/plain"),
      skills: [
        { id: "read-aloud", outputModes: ["audio/mpeg"], pointer: "/skills/0" },
        { id: "sing", outputModes: ["audio/mpeg"], pointer: "/skills/1" },
        { id: "answer", pointer: "/skills/2" },
      ],
    });
    expect(explain(twoAudioSkills)).toMatch(/^The output of skill read-aloud and skill sing is only audio\/mpeg, /);
  });
});
