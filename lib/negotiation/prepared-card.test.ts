import { beforeAll, describe, expect, it } from "vitest";
import { corpusCardNames, readCorpusCard } from "@/fixtures/corpus";
import { INCIDENT_CARDS } from "./examples/incidents";
import { NORTHWIND, PRESETS } from "./profile";
import { PreparedCard, review } from "./review";
import { makeTestKey, signCard, UNSIGNED_TEST_CARD } from "./signatures/test-sign";
import { verifyCardSignatures } from "./signatures/verify";

/**
 * A card prepared once (PreparedCard, as batch reads a card it meets again) reviews, against every
 * profile in turn, byte for byte as the card itself does: reading it once changes no decision, no
 * finding and no word of a review, whatever profile came before.
 */
const cards = [...INCIDENT_CARDS.map((c) => [`example ${c.id}`, c.text] as const), ...corpusCardNames().map((name) => [name, readCorpusCard(name)] as const)];

describe("a prepared card", () => {
  it("covers the examples and the corpus", () => expect(cards.length).toBeGreaterThan(40));

  it.each(cards)("%s: as text and as JSON, every preset's review is the card's own, twice over", (_name, text) => {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    for (const input of json === undefined ? [text] : [text, json]) {
      const prepared = new PreparedCard(input);
      for (let pass = 0; pass < 2; pass++) {
        for (const profile of PRESETS) expect(JSON.stringify(review(prepared, profile))).toBe(JSON.stringify(review(input, profile)));
      }
    }
  });

  describe("of a signed card", () => {
    let signedText: string;
    beforeAll(async () => {
      signedText = JSON.stringify(await signCard(UNSIGNED_TEST_CARD, await makeTestKey("contoso-2026")));
    });

    it("carries each review's own signature report, never the one an earlier review was given", async () => {
      const prepared = new PreparedCard(signedText);
      const checked = await verifyCardSignatures(signedText);
      const first = review(prepared, NORTHWIND, { signatures: checked });
      const second = review(prepared, NORTHWIND);
      expect(JSON.stringify(first)).toBe(JSON.stringify(review(signedText, NORTHWIND, { signatures: checked })));
      expect(JSON.stringify(second)).toBe(JSON.stringify(review(signedText, NORTHWIND)));
      expect(first.card?.signature).toBe(checked);
      expect(second.card?.signature).not.toBe(checked);
    });
  });
});
