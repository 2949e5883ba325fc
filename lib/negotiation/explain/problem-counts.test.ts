import { describe, expect, it } from "vitest";
import { loadCard } from "../card/load";
import { describeProblemCounts } from "./problem-counts";

// The counts beside a card's validity are the card's, not the list's: a report lists at most 20
// warnings of a kind, and a count of the list would tell a user with 140,000 warnings there are 22.
const card = (inputModes: string[]) =>
  JSON.stringify({
    name: "Flood",
    description: "d",
    version: "1",
    protocolVersion: "0.3.0",
    url: "https://flood.example/a2a",
    defaultInputModes: inputModes,
    defaultOutputModes: ["text/plain"],
    capabilities: {},
    skills: [],
  });

const countsOf = (text: string) => describeProblemCounts(loadCard(text).validity.problems);

describe("describeProblemCounts", () => {
  it("counts every warning of a flood, and says how many are not listed", () => {
    const { validity } = loadCard(card(Array.from({ length: 140_000 }, () => "text")));
    expect(validity.problems.length).toBeLessThan(30);
    expect(describeProblemCounts(validity.problems)).toBe("0 errors, 140,000 warnings: 20 of each kind shown, and 139,980 more");
  });

  it("adds up the floods of two kinds", () => {
    const modes = Array.from({ length: 30 }, () => "text");
    const skills = Array.from({ length: 25 }, (_, i) => ({ id: `s${i}`, name: "s", description: "d", tags: [], note: null }));
    const text = JSON.stringify({ ...JSON.parse(card(modes)), skills });
    // 30 modes that are not media types (10 not listed) and 25 null values (5 not listed).
    expect(countsOf(text)).toBe("0 errors, 55 warnings: 20 of each kind shown, and 15 more");
  });

  it("says the plain counts when every problem is listed", () => {
    expect(countsOf(card(["text/plain"]))).toBe("0 errors, 0 warnings");
    expect(countsOf(card(["text"]))).toBe("0 errors, 1 warning");
    expect(countsOf("{}")).toMatch(/^\d+ errors?, \d+ warnings?$/);
    expect(countsOf("{}")).not.toMatch(/^0 errors/);
  });
});
