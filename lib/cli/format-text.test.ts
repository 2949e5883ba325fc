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

describe("an invalid card's text", () => {
  const card = JSON.stringify({
    name: "Unversioned",
    description: "No version, a skill without tags.",
    supportedInterfaces: [{ url: "https://agent.example/a2a", protocolBinding: "JSONRPC", protocolVersion: "1.0" }],
    capabilities: {},
    defaultInputModes: ["text/plain"],
    defaultOutputModes: ["text/plain"],
    skills: [{ id: "s", name: "S", description: "d" }],
  });
  const result = review(card, { ...findPreset("a2a-js")!, validatesRequiredFields: true });
  const out = formatReviewText(result, toReviewJson(result), { text: card, source: "unversioned.json" });
  const lines = out.split("\n");

  it("says why every class is rejected once, above the table, and then only each class's decision", () => {
    expect(lines.filter((line) => line.includes("The card is not valid")).length).toBe(1);
    const said = lines.findIndex((line) => line.startsWith("Every task class is rejected. The card is not valid (a missing required field)"));
    const table = lines.findIndex((line) => line.startsWith("TASK CLASS"));
    expect(said).toBeGreaterThan(0);
    expect(table).toBeGreaterThan(said);
    const rows = lines.slice(table + 1).filter((line) => /^\S+\s+\S/.test(line) && !line.startsWith("Rejected"));
    expect(rows.length).toBe(result.decisions.length);
    for (const row of rows) expect(row).toMatch(/^\S+\s+reject$/);
    expect(out).not.toMatch(/^\S+: reject$/m);
    expect(out).not.toContain("  why: ");
  });
});
