import { describe, expect, it } from "vitest";
import { CONTOSO } from "../examples/incidents";
import { NORTHWIND } from "../profile";
import { review } from "../review";
import { evidenceValueText } from "./evidence";

describe("evidenceValueText", () => {
  it("shows the value as JSON, cut to the length asked for", () => {
    expect(evidenceValueText({ source: "card", pointer: "/capabilities/streaming", value: false })).toBe(" = false");
    expect(evidenceValueText({ source: "card", pointer: "/url", value: "x".repeat(100) }, 10)).toBe(` = "xxxxxxxx…`);
    expect(evidenceValueText({ source: "card", pointer: "/skills" })).toBe("");
  });

  it("says when the value is Parley's reading of a field the card leaves out", () => {
    expect(evidenceValueText({ source: "card", pointer: "/capabilities/pushNotifications", value: false, absent: true })).toBe(
      " = false (the card states no valid value: read as this)",
    );
  });

  it("a card that leaves out capabilities.streaming: the review's evidence says so, one that states it does not", () => {
    const card = JSON.parse(CONTOSO.text) as { capabilities: Record<string, unknown> };
    const stated = review(JSON.stringify(card), NORTHWIND);
    delete card.capabilities.streaming;
    const left = review(JSON.stringify(card), NORTHWIND);
    const streamingRef = (r: typeof stated) =>
      r.decisions.find((d) => d.taskClass === "streaming-output")!.findings.flatMap((f) => f.evidence).find((e) => e.pointer === "/capabilities/streaming")!;
    expect(streamingRef(stated)).toEqual({ source: "card", pointer: "/capabilities/streaming", value: false });
    expect(streamingRef(left)).toEqual({ source: "card", pointer: "/capabilities/streaming", value: false, absent: true });
  });
});
