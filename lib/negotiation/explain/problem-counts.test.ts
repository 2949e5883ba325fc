import { describe, expect, it } from "vitest";
import { loadCard } from "../card/load";
import { describeIssueCuts, describeProblemCounts } from "./problem-counts";
import { CONTOSO } from "../examples/incidents";

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

// A tier's issues past the 200 a report reads are not problems: the report says so, so a list of
// 200 is not read as the card's count.
describe("describeIssueCuts", () => {
  const contoso = JSON.parse(CONTOSO.text) as Record<string, unknown>;

  it("says a long array's later issues were not counted, and how many were found before stopping", () => {
    const { validity } = loadCard(JSON.stringify({ ...contoso, skills: Array.from({ length: 5_000 }, () => ({})) }));
    expect(validity.truncated).toEqual([{ tier: "required", found: expect.any(Number), atLeast: true, read: 200 }]);
    const found = validity.truncated![0]!.found;
    expect(found).toBeGreaterThanOrEqual(200);
    expect(found).toBeLessThan(5_000 * 4);
    expect(describeIssueCuts(validity.truncated)).toEqual([
      `The checks of what the card's A2A version requires found at least ${found.toLocaleString("en-US")} issues; Parley reads the first 200 and did not count the rest.`,
    ]);
  });

  it("gives the exact count when every issue was looked for", () => {
    // 300 skills, each without its REQUIRED fields: fewer than a chunk, so all are read.
    const { validity } = loadCard(JSON.stringify({ ...contoso, skills: Array.from({ length: 300 }, () => ({ id: "s" })) }));
    const cut = validity.truncated?.find((c) => c.tier === "required");
    expect(cut).toEqual({ tier: "required", found: expect.any(Number), atLeast: false, read: 200 });
    expect(cut!.found).toBeGreaterThanOrEqual(600);
    expect(describeIssueCuts([cut!])[0]).toBe(`The checks of what the card's A2A version requires found ${cut!.found.toLocaleString("en-US")} issues; Parley reads the first 200.`);
  });

  it("says nothing for a card within the limit", () => {
    const { validity } = loadCard(CONTOSO.text);
    expect(validity.truncated).toBeUndefined();
    expect(describeIssueCuts(validity.truncated)).toEqual([]);
  });
});
