import { describe, expect, it } from "vitest";
import { detailOf, diffCards, diffJson, isWorse, orderDecisionChanges, restsOn, type DecisionChange } from "./diff";
import { CONTOSO, CONTOSO_LIVE_AUDIO } from "./examples/incidents";
import { LIVE_AUDIO_STREAMING } from "./examples/rule-page-cards";
import { findPreset, NORTHWIND } from "./profile";

interface EditableCard {
  capabilities: Record<string, unknown>;
  defaultOutputModes: string[];
  skills: Array<{ outputModes?: string[] }>;
}
const edit = (text: string, change: (card: EditableCard) => void) => {
  const card = JSON.parse(text) as EditableCard;
  change(card);
  return JSON.stringify(card, null, 2);
};

describe("diffJson", () => {
  it("lists added, removed and changed fields as JSON pointers with before and after", () => {
    const { changes, truncated } = diffJson(
      { name: "A", capabilities: { streaming: false }, modes: ["text/plain"], "a/b": 1 },
      { name: "A", capabilities: { streaming: true, pushNotifications: true }, modes: [], "a/b": 2 },
    );
    expect(truncated).toBe(false);
    expect(changes).toEqual([
      { pointer: "/capabilities/streaming", kind: "changed", before: false, after: true },
      { pointer: "/capabilities/pushNotifications", kind: "added", after: true },
      { pointer: "/modes/0", kind: "removed", before: "text/plain" },
      { pointer: "/a~1b", kind: "changed", before: 1, after: 2 },
    ]);
  });

  it("reports nothing for equal documents, and a type change as one change", () => {
    expect(diffJson({ a: [1, { b: null }] }, { a: [1, { b: null }] }).changes).toEqual([]);
    expect(diffJson({ a: [1] }, { a: { 0: 1 } }).changes).toEqual([{ pointer: "/a", kind: "changed", before: [1], after: { 0: 1 } }]);
  });

  it("stops at its bound and says so (hostile cards with thousands of skills)", () => {
    const before = { skills: Array.from({ length: 2000 }, (_, i) => ({ id: `s${i}` })) };
    const after = { skills: Array.from({ length: 2000 }, (_, i) => ({ id: `t${i}` })) };
    const { changes, truncated } = diffJson(before, after, 100);
    expect(changes).toHaveLength(100);
    expect(truncated).toBe(true);
  });
});

describe("diffCards", () => {
  it("says which decisions moved and which findings changed to cause it", () => {
    // Incident 1's card with streaming turned on: live input opens.
    const streaming = edit(CONTOSO_LIVE_AUDIO.text, (card) => (card.capabilities.streaming = true));
    const diff = diffCards(CONTOSO_LIVE_AUDIO.text, streaming, [NORTHWIND]);
    expect(diff.fieldChanges).toEqual([{ pointer: "/capabilities/streaming", kind: "changed", before: false, after: true }]);
    const live = diff.decisionChanges.find((c) => c.taskClass === "live-input");
    expect(live).toMatchObject({ profile: NORTHWIND.name, before: "reject", after: "accept", worse: false });
    expect(live?.findings).toContainEqual({
      invariant: "live-input-needs-streaming",
      before: { status: "violated", messageId: "liveOnlyModesUnservable" },
      after: { status: "holds", messageId: "cardStreams" },
    });
  });

  it("lists a decision that stays the same but rests on other findings, apart from the decisions that moved", () => {
    // Streaming turned on (live input no longer needs it) while the outputs become audio/mpeg only.
    const after = edit(CONTOSO_LIVE_AUDIO.text, (card) => {
      card.capabilities.streaming = true;
      card.defaultOutputModes = ["audio/mpeg"];
      for (const skill of card.skills) skill.outputModes = ["audio/mpeg"];
    });
    const diff = diffCards(CONTOSO_LIVE_AUDIO.text, after, [NORTHWIND]);
    expect(diff.decisionChanges.map((c) => `${c.taskClass}: ${c.before} → ${c.after}`)).toEqual(["request-response: accept → reject", "async-completion: accept → reject"]);
    expect(diff.reasonChanges.map((c) => c.taskClass)).toEqual(["live-input", "streaming-output"]);
    const live = diff.reasonChanges[0]!;
    expect(live).toMatchObject({ profile: NORTHWIND.name, before: "reject", after: "reject", worse: false });
    expect(live.findings.map((f) => `${f.invariant}: ${f.before.status} → ${f.after.status}`)).toEqual([
      "live-input-needs-streaming: violated → holds",
      "output-modes: holds → violated",
    ]);
    expect(restsOn(diff, live, "before")).toEqual(["live-input-needs-streaming"]);
    expect(restsOn(diff, live)).toEqual(["output-modes"]);
  });

  it("lists no other reasons for an edit no decision rests on", () => {
    const reworded = edit(CONTOSO.text, (card) => ((card as unknown as { description: string }).description = "Same card, new words."));
    const diff = diffCards(CONTOSO.text, reworded, [NORTHWIND, findPreset("a2a-python")!]);
    expect(diff.decisionChanges).toEqual([]);
    expect(diff.reasonChanges).toEqual([]);
  });

  it("lists the other reasons of a version that was not JSON, with no finding to compare", () => {
    const diff = diffCards("{", CONTOSO.text, [NORTHWIND]);
    const rejected = diff.reasonChanges.map((c) => `${c.taskClass}: ${restsOn(diff, c, "before").join()} → ${restsOn(diff, c).join()}`);
    expect(rejected).toEqual(["live-input: invalidCard → live-input-needs-streaming", "streaming-output: invalidCard → stream-channel-available"]);
    expect(diff.reasonChanges.every((c) => c.findings.length === 0)).toBe(true);
  });

  it("marks a decision that got worse, per profile", () => {
    const noText = edit(CONTOSO.text, (card) => {
      card.defaultOutputModes = ["audio/mpeg"];
      for (const skill of card.skills) skill.outputModes = ["audio/mpeg"];
    });
    const diff = diffCards(CONTOSO.text, noText, [NORTHWIND, findPreset("a2a-python")!]);
    const worse = diff.decisionChanges.filter((c) => c.worse);
    expect(worse.map((c) => `${c.profile}:${c.taskClass}`)).toContain(`${NORTHWIND.name}:request-response`);
    // The Python client accepts any output: its decisions do not move.
    expect(diff.decisionChanges.filter((c) => c.profile === "A2A Python SDK client")).toEqual([]);
  });

  it("still compares decisions when one version is not JSON", () => {
    const diff = diffCards(CONTOSO.text, "{ broken", [NORTHWIND]);
    expect(diff.unparseable).toEqual({ before: false, after: true });
    expect(diff.fieldChanges).toEqual([]);
    expect(diff.decisionChanges.every((c) => c.after === "reject")).toBe(true);
  });

  it("orders severity as the decision model does", () => {
    expect(isWorse("accept", "accept-degraded")).toBe(true);
    expect(isWorse("defer", "escalate")).toBe(true);
    expect(isWorse("reject", "defer")).toBe(false);
    expect(isWorse("defer", "defer")).toBe(false);
  });
});

describe("reading a diff", () => {
  it("puts the decisions that got worse first, then the most severe outcome", () => {
    const change = (taskClass: string, before: DecisionChange["before"], after: DecisionChange["after"]): DecisionChange => ({
      profile: "p",
      taskClass,
      before,
      after,
      worse: isWorse(before, after),
      findings: [],
    });
    const ordered = orderDecisionChanges([change("a", "reject", "accept"), change("b", "accept", "defer"), change("c", "accept", "reject"), change("d", "reject", "defer")]);
    expect(ordered.map((c) => c.taskClass)).toEqual(["c", "b", "d", "a"]);
  });

  it("hands back both decisions and both findings of a change, for their explanations", () => {
    const streaming = edit(CONTOSO_LIVE_AUDIO.text, (card) => (card.capabilities.streaming = true));
    const diff = diffCards(CONTOSO_LIVE_AUDIO.text, streaming, [NORTHWIND]);
    const live = diff.decisionChanges.find((c) => c.taskClass === "live-input")!;
    const detail = detailOf(diff, live);
    expect(detail.before?.decision).toBe("reject");
    expect(detail.after?.decision).toBe("accept");
    const finding = detail.findings.find((f) => f.invariant === "live-input-needs-streaming")!;
    expect(finding.before).toMatchObject({ status: "violated", messageId: "liveOnlyModesUnservable", taskClass: "live-input" });
    expect(finding.after).toMatchObject({ status: "holds", messageId: "cardStreams" });
  });
});

describe("diffCards: not for this client", () => {
  it("a rejection of an invalid card that becomes the client's own limit is a change, and not a worse one", () => {
    const js = findPreset("a2a-js")!;
    const diff = diffCards('{"name": 12}', LIVE_AUDIO_STREAMING, [js], { taskClasses: ["live-input"] });
    expect(diff.decisionChanges.map((c) => [c.taskClass, c.before, c.after, c.worse])).toEqual([["live-input", "reject", "not-for-client", false]]);
    expect(isWorse("not-for-client", "reject")).toBe(true);
    expect(isWorse("accept", "not-for-client")).toBe(false);
  });
});
