import { describe, expect, it } from "vitest";
import { INCIDENT_CARDS } from "@/lib/negotiation/examples/incidents";
import { readCorpusCard } from "@/fixtures/corpus";
import { INCIDENT_ENTRIES } from "./incident-entries";
import { REAL_CARDS } from "./real-cards";
import { EXAMPLE_GROUPS, LARGE_CARD_ID, loadExampleText } from "./index";

describe("built-in examples", () => {
  const ids = EXAMPLE_GROUPS.flatMap((group) => group.cards.map((card) => card.id));

  it("have unique ids", () => {
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each(ids)("%s loads as JSON text", async (id) => {
    const text = await loadExampleText(id);
    expect(text).toBeTypeOf("string");
    expect(() => JSON.parse(text!)).not.toThrow();
  });

  it("the large card has 200 skills", async () => {
    const card = JSON.parse((await loadExampleText(LARGE_CARD_ID))!) as { skills: unknown[] };
    expect(card.skills).toHaveLength(200);
  });

  it("list every incident card of the core, with its title, and load its exact text", async () => {
    expect(INCIDENT_ENTRIES).toEqual(INCIDENT_CARDS.map(({ id, title, description }) => ({ id, title, description })));
    for (const card of INCIDENT_CARDS) expect(await loadExampleText(card.id)).toBe(card.text);
  });

  it("an unknown id loads nothing", async () => {
    expect(await loadExampleText("no-such-card")).toBeUndefined();
  });
});

describe("real-card examples", () => {
  it.each(REAL_CARDS.map((entry) => [entry.id, entry.description] as const))(
    "%s is byte for byte its fixture file (%s)",
    async (id, description) => {
      const file = description.replace(/^fixtures\/cards\//, "");
      expect(file).not.toBe(description);
      expect(await loadExampleText(id)).toBe(readCorpusCard(file));
    },
  );
});
