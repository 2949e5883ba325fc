import { describe, expect, it } from "vitest";
import { CONTOSO } from "../lib/negotiation/examples/incidents";
import { NORTHWIND, review, type Review } from "../lib/negotiation";
import { collectOnLaterTurns } from "./collect";

/**
 * A review the caller lets go must leave nothing of itself reachable from the engine. Memos the
 * engine keeps per review (the modes each class asks of the card, an invalid card's summary) once
 * pinned the last card until the next review: with a 10,000-skill card, the collector then copied
 * the old card's skills while the next review ran, and that review took twice as long.
 */
async function collectedSoon(ref: WeakRef<object>): Promise<boolean> {
  await collectOnLaterTurns();
  return ref.deref() === undefined;
}

function reviewAndLetGo(text: string, pick: (r: Review) => object | undefined): WeakRef<object> {
  const result = review(text, NORTHWIND);
  const part = pick(result);
  if (!part) throw new Error("the review has no such part");
  return new WeakRef(part);
}

describe("what the engine keeps of a review once the caller drops it", () => {
  it("a valid card: nothing (its normalized card, read by every class's mode questions, is collected)", async () => {
    const ref = reviewAndLetGo(CONTOSO.text, (r) => {
      expect(r.validity.valid).toBe(true);
      return r.card;
    });
    expect(await collectedSoon(ref)).toBe(true);
  });

  it("an invalid card: nothing (the summary its rejections share is collected with its report)", async () => {
    const broken = JSON.stringify({ ...JSON.parse(CONTOSO.text), skills: "not a list" });
    const ref = reviewAndLetGo(broken, (r) => {
      expect(r.validity.valid).toBe(false);
      expect(r.decisions.every((d) => d.decision === "reject")).toBe(true);
      return r.validity;
    });
    expect(await collectedSoon(ref)).toBe(true);
  });

  it("the check itself can see a kept result (so a pass above is not the collector failing to run)", async () => {
    const held = review(CONTOSO.text, NORTHWIND);
    const ref = new WeakRef(held.card!);
    expect(await collectedSoon(ref)).toBe(false);
    expect(held.decisions).toHaveLength(5);
  });
});
