import { beforeAll, describe, expect, it } from "vitest";
import { corpusCardNames, readCorpusCard } from "@/fixtures/corpus";
import { INCIDENT_CARDS } from "../negotiation/examples/incidents";
import { PRESETS, review } from "../negotiation";
import { PreparedCard } from "../negotiation/review";
import { makeTestKey, signCard, UNSIGNED_TEST_CARD } from "../negotiation/signatures/test-sign";
import { verifyCardSignatures } from "../negotiation/signatures/verify";
import { explainReason } from "../negotiation/explain";
import { batchLineText, cardLineParts, MESSAGES_OPTIONS, toReviewJson } from "./review-json";

/**
 * Batch writes the parts of a line that depend on the card alone (validity, shape, advisory,
 * signature) once per card, from the first review of that card, and every later line of the card
 * reuses them, whatever its profile. A user would see a wrong validity or advisory on a line if
 * they ever depended on the profile: every line stays byte for byte what the whole review says.
 */
const cards = [...INCIDENT_CARDS.map((c) => [`example ${c.id}`, c.text] as const), ...corpusCardNames().map((name) => [name, readCorpusCard(name)] as const)];

describe("a batch line's card parts", () => {
  it("covers the examples and the corpus", () => expect(cards.length).toBeGreaterThan(40));

  it.each(cards)("%s: parts from the first profile's review make every profile's line, both message modes", (_name, text) => {
    const prepared = new PreparedCard(text);
    for (const messages of MESSAGES_OPTIONS) {
      const parts = cardLineParts(review(prepared, PRESETS[0]!), messages);
      for (const profile of PRESETS) {
        const r = review(prepared, profile);
        expect(batchLineText(r, "id-1", messages, parts)).toBe(JSON.stringify(toReviewJson(r, { detail: "compact", messages, id: "id-1" })));
      }
    }
  });

  it("word every class's reasons as the engine words that class's own, where classes share a reason too", () => {
    let shared = 0;
    for (const [, text] of cards) {
      for (const profile of PRESETS) {
        const r = review(text, profile);
        const line = JSON.parse(batchLineText(r, 1, "text")) as { decisions: Record<string, { reasons: Array<{ message: string }> }> };
        const seen = new Set<object>();
        for (const d of r.decisions) {
          d.reasons.forEach((reason, i) => {
            if (seen.has(reason.data)) shared++;
            seen.add(reason.data);
            const own = explainReason(reason, d.decision === reason.outcome ? { omitNotApplied: true } : { omitNotApplied: true, decision: d.decision });
            expect(line.decisions[d.taskClass]!.reasons[i]!.message).toBe(own);
          });
        }
      }
    }
    expect(shared).toBeGreaterThan(100);
  });

  describe("of a signed card", () => {
    let signedText: string;
    beforeAll(async () => {
      signedText = JSON.stringify(await signCard(UNSIGNED_TEST_CARD, await makeTestKey("contoso-2026")));
    });

    it("carry the signature report the line's card was verified with", async () => {
      const prepared = new PreparedCard(signedText);
      const checked = await verifyCardSignatures(signedText);
      for (const messages of MESSAGES_OPTIONS) {
        const parts = cardLineParts(review(prepared, PRESETS[0]!, { signatures: checked }), messages);
        expect(parts.tail).toContain(`"signature":`);
        for (const profile of PRESETS) {
          const r = review(prepared, profile, { signatures: checked });
          expect(batchLineText(r, 7, messages, parts)).toBe(JSON.stringify(toReviewJson(r, { detail: "compact", messages, id: 7 })));
        }
      }
    });
  });
});
