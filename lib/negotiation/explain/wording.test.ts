import { describe, expect, it } from "vitest";
import type { Finding, MessageData } from "../invariants/types";
import { explainFinding, findingWords, whatWouldChange } from "./findings";

const finding = (invariant: Finding["invariant"], messageId: string, data: MessageData): Finding => ({
  invariant,
  taskClass: "request-response",
  status: "violated",
  messageId,
  data,
  evidence: [],
});

/**
 * Findings name things in their data (skills by id, the card's defaults as a flag, an extension's
 * own description) and the messages word them. A decision record written by an engine that put
 * the words in the data itself must still read as it did: its words win.
 */
describe("worded placeholders", () => {
  it("words the skills and the defaults whose output the client cannot read", () => {
    const now = finding("output-modes", "someSkillsUnreadable", { skills: ["search", "/skills/4"], defaults: true, modes: ["application/json"], reachable: ["text/plain"] });
    expect(explainFinding(now)).toBe(
      "The output of the card's defaults, skill search and skill /skills/4 is only application/json, which the client does not accept: tasks aimed there give no readable answer. Others emit text/plain.",
    );
  });

  it("reads a record whose data holds the words as it was written", () => {
    const old = finding("output-modes", "someSkillsUnreadable", { skills: ["skill search"], modes: ["application/json"], reachable: ["text/plain"] });
    expect(explainFinding(old)).toMatch(/^The output of skill search is only application\/json, /);
    const oldSkill = finding("security-satisfiable", "noSatisfiableRequirement", { clientKinds: ["http"], lacking: ["cert (mutualTLS)"], forSkill: " for skill billing" });
    expect(explainFinding(oldSkill)).toContain("every security alternative of the card for skill billing needs");
    const oldAbout = finding("required-extensions", "requiredExtensionUnsupported", { extensions: ["https://x.example/ext"], about: " (Case numbers.)" });
    expect(explainFinding(oldAbout)).toContain("The card requires https://x.example/ext (Case numbers.), which");
  });

  it("words a skill's own requirements and an extension's description from their names", () => {
    const skill = finding("security-satisfiable", "noSatisfiableRequirement", { clientKinds: ["http"], lacking: ["cert (mutualTLS)"], skill: "billing" });
    expect(explainFinding(skill)).toContain("every security alternative of the card for skill billing needs");
    const card = finding("security-satisfiable", "noSatisfiableRequirement", { clientKinds: ["http"], lacking: ["cert (mutualTLS)"] });
    expect(explainFinding(card)).toContain("every security alternative of the card needs");
    const about = finding("required-extensions", "requiredExtensionUnsupported", { extensions: ["https://x.example/ext"], description: "Case numbers." });
    expect(explainFinding(about)).toContain("The card requires https://x.example/ext (Case numbers.), which");
  });

  it("gives fixes the same words as the message", () => {
    const about = finding("required-extensions", "requiredExtensionUnsupported", { extensions: ["https://x.example/ext"], description: "Case numbers." });
    expect(findingWords(about)).toMatchObject({ taskClass: "request-response", extensions: ["https://x.example/ext"], about: " (Case numbers.)" });
    expect(whatWouldChange(about)[0]).toBe("Profile: add https://x.example/ext to supportedExtensions once the client implements it (see its URI for the spec).");
  });
});
