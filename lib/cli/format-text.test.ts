import { describe, expect, it } from "vitest";
import { readCorpusCard } from "@/fixtures/corpus";
import { findPreset, review } from "../negotiation";
import { formatReviewText } from "./format-text";
import { toReviewJson } from "./review-json";

const textOf = (cardName: string, preset: string) => {
  const text = readCorpusCard(cardName);
  const result = review(text, findPreset(preset)!);
  return formatReviewText(result, toReviewJson(result), { text, source: cardName });
};

describe("check text output", () => {
  it("lists each piece of evidence once, though every interface of the card cites the same field", () => {
    const out = textOf("a2a-go-compat-v03-oldcard.json", "a2a-js");
    const evidence = out.split("\n").filter((line) => line.trim().startsWith("evidence:"));
    expect(evidence.some((line) => line.includes("card /protocolVersion"))).toBe(true);
    for (const line of evidence) {
      const items = line.trim().slice("evidence: ".length).split("; ");
      expect(new Set(items).size, line).toBe(items.length);
    }
  });

  it("says what a finding cuts in full: a cut of the whole input path names no modes and leaves nothing dangling", () => {
    const out = textOf("samples-adk-currency-0.3.json", "a2a-python");
    const cuts = out.split("\n").filter((line) => /^\s+cuts /.test(line));
    expect(cuts.length).toBeGreaterThan(0);
    for (const line of cuts) expect(line).not.toMatch(/\s$/);
    expect(cuts).toContain("      cuts the input path");
  });
});
