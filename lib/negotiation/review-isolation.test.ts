import { describe, expect, it, vi } from "vitest";
import { corpusCardNames, readCorpusCard } from "@/fixtures/corpus";
import { INCIDENT_CARDS } from "./examples/incidents";
import type { ReviewOptions } from "./review";

/**
 * review() keeps nothing of one call for the next (review-scope.ts holds what a review shares
 * between its task classes, and goes with it): a card's review reads the same, byte for byte,
 * whatever card was reviewed before it. A "fresh" review here is the first one of an engine
 * imported anew, so nothing at all came before it.
 */

type Engine = typeof import("./index");

const cards: Array<{ name: string; text: string }> = [
  ...INCIDENT_CARDS.map((example) => ({ name: `example ${example.id}`, text: example.text })),
  ...corpusCardNames().map((name) => ({ name, text: readCorpusCard(name) })),
];

/** The review's options for a card: the built-in classes, plus one aimed at the card's first skill (the answers a review keeps per skill). */
function optionsFor(text: string, engine: Engine): ReviewOptions {
  let skill: unknown;
  try {
    skill = (JSON.parse(text) as { skills?: Array<{ id?: unknown }> }).skills?.[0]?.id;
  } catch {
    skill = undefined;
  }
  const aimed = typeof skill === "string" && skill.trim() !== "" ? [{ ...engine.BUILT_IN_TASK_CLASSES[0]!, id: "aimed", skill: skill.slice(0, 200) }] : [];
  return { taskClasses: [...engine.BUILT_IN_TASK_CLASSES, ...aimed] };
}

function reviewed(engine: Engine, text: string, preset: number): string {
  return JSON.stringify(engine.review(text, engine.PRESETS[preset]!, optionsFor(text, engine)));
}

async function freshEngine(): Promise<Engine> {
  vi.resetModules();
  return import("./index");
}

// Each card's first review under every preset, each card in an engine of its own (before the tests run: no timeout applies).
const fresh = new Map<string, string[]>();
for (const card of cards) {
  const engine = await freshEngine();
  fresh.set(card.name, engine.PRESETS.map((_, p) => reviewed(engine, card.text, p)));
}
const engine = await freshEngine();

describe("a review keeps no state between calls", () => {
  it("reviews the examples and the corpus", () => {
    expect(cards.length).toBeGreaterThan(40);
    expect(engine.PRESETS.length).toBeGreaterThan(5);
  });

  // Every ordered pair of cards, under a preset that turns with the pair (each card meets every preset).
  it.each(cards.map((card, i) => [card.name, i] as const))("%s reads the same after any other card, and any other card after it", (_name, i) => {
    const x = cards[i]!;
    cards.forEach((y, j) => {
      if (j === i) return;
      const p = (i + j) % engine.PRESETS.length;
      // Y then X: X as fresh; X then Y: Y as fresh.
      reviewed(engine, y.text, p);
      expect(reviewed(engine, x.text, p) === fresh.get(x.name)![p], `${x.name} after ${y.name}, preset ${p}`).toBe(true);
      expect(reviewed(engine, y.text, p) === fresh.get(y.name)![p], `${y.name} after ${x.name}, preset ${p}`).toBe(true);
    });
  });
});
