import { describe, expect, it } from "vitest";
import { CONTOSO } from "../examples/incidents";
import { ARRAY_CHUNK, findIssuesInChunks, longArrayKeys } from "./chunked-issues";
import { detectShape } from "./detect-shape";
import { loadCard } from "./load";
import { CARD_SCHEMAS } from "./schemas";
import { zodIssueFinder } from "./validate";

// Long arrays are validated a chunk at a time; the issues a caller reads must be the ones zod
// reports for the whole card, in the same order, with the same paths.
const contoso = JSON.parse(CONTOSO.text) as Record<string, unknown>;
const schemasOf = (card: Record<string, unknown>) => CARD_SCHEMAS[detectShape(card)];
const plain = (issues: readonly { code: string; path: PropertyKey[] }[]) => issues.map((i) => `${i.code} ${i.path.join("/")}`);

describe("findIssuesInChunks", () => {
  it("reports what zod reports for the whole card when there are fewer issues than the limit", () => {
    const skills = Array.from({ length: ARRAY_CHUNK * 3 + 7 }, (_, i) => ({ id: `s${i}`, name: "s", description: "d", tags: ["t"] }));
    // A few bad skills in later chunks, and bad fields before and after the skills.
    skills[ARRAY_CHUNK + 5] = { id: "x", name: 1 } as never;
    skills[ARRAY_CHUNK * 3 + 2] = {} as never;
    skills[ARRAY_CHUNK * 2 + 1] = 3 as never;
    skills[ARRAY_CHUNK + 9] = { id: "y", name: "y", description: "d", tags: ["t"], inputModes: "text/plain" } as never;
    const card = { ...contoso, description: 5, skills, documentationUrl: 7 };
    for (const tier of ["critical", "required", "spec"] as const) {
      const schema = schemasOf(card)[tier];
      const whole = zodIssueFinder(schema, card);
      expect(whole.length).toBeGreaterThan(0);
      expect(plain(findIssuesInChunks(zodIssueFinder, schema, card, 200, longArrayKeys(card)))).toEqual(plain(whole));
    }
  });

  it("gives the same first issues as the whole card's, and stops reading an array once it has the limit", () => {
    const card = { ...contoso, description: 5, skills: Array.from({ length: ARRAY_CHUNK * 4 }, () => ({})) };
    // Empty skills lack the fields their version REQUIRES: the required tier reports them.
    const schema = schemasOf(card).required;
    const whole = zodIssueFinder(schema, card);
    const chunked = findIssuesInChunks(zodIssueFinder, schema, card, 200, longArrayKeys(card));
    expect(plain(chunked.slice(0, 200))).toEqual(plain(whole.slice(0, 200)));
    expect(chunked.length).toBeLessThan(whole.length);
  });

  it("reviews 1 MiB of empty skills as missing required fields (an invalid card), not as a card nested too deeply", () => {
    const text = JSON.stringify({ ...contoso, skills: Array.from({ length: 349_000 }, () => ({})) });
    const { validity } = loadCard(text);
    expect(validity.problems.map((p) => p.code)).not.toContain("tooDeep");
    expect(validity.valid).toBe(false);
    expect(validity.problems.filter((p) => p.code === "missingRequiredField").length).toBeGreaterThan(0);
  });
});
