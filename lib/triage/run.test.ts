import { describe, expect, it } from "vitest";
import { CONTOSO } from "../negotiation/examples/incidents";
import { findPreset, NORTHWIND } from "../negotiation";
import { runTriage, type TriageBatch } from "./run";
import { triagePair, type TriageCard, type TriageProfile } from "./triage";

const cards: TriageCard[] = Array.from({ length: 6 }, (_, i) => ({ id: `c${i}`, label: `card ${i}`, text: CONTOSO.text }));
const profiles: TriageProfile[] = [
  { id: "p1", profile: NORTHWIND },
  { id: "p2", profile: findPreset("a2a-python")! },
];
const pairs = cards.flatMap((card) => profiles.map((profile) => ({ cardId: card.id, profileId: profile.id })));

describe("runTriage", () => {
  it("reviews every pair, in order, handing back batches that close after batchMs of work", async () => {
    let clock = 0;
    const batches: TriageBatch[] = [];
    // Each review "takes" one tick of the fake clock; a batch closes after 5.
    await runTriage({ cards, profiles, pairs }, { batchMs: 5, now: () => clock++, onBatch: (b) => batches.push(b) });
    const cells = batches.flatMap((b) => b.cells);
    expect(cells.map((c) => `${c.cardId}/${c.profileId}`)).toEqual(pairs.map((p) => `${p.cardId}/${p.profileId}`));
    expect(cells[0]).toEqual(triagePair(cards[0]!, profiles[0]!));
    expect(batches.length).toBeGreaterThan(2);
    expect(batches.at(-1)).toMatchObject({ done: pairs.length, total: pairs.length });
    expect(batches.map((b) => b.done)).toEqual([...batches.map((b) => b.done)].sort((a, b) => a - b));
  });

  it("passes the run's task classes to every review", async () => {
    const batches: TriageBatch[] = [];
    await runTriage({ cards, profiles, pairs: pairs.slice(0, 2), taskClasses: ["live-input"] }, { batchMs: 1000, onBatch: (b) => batches.push(b) });
    expect(batches.flatMap((b) => b.cells).map((c) => Object.keys(c.decisions))).toEqual([["live-input"], ["live-input"]]);
  });

  it("stops between pairs when asked, and gives the page its turn between batches", async () => {
    let reviewed = 0;
    let pauses = 0;
    let clock = 0;
    await runTriage(
      { cards, profiles, pairs },
      {
        batchMs: 2,
        now: () => clock++,
        onBatch: (b) => (reviewed = b.done),
        pause: async () => void pauses++,
        stopped: () => pauses >= 2,
      },
    );
    expect(pauses).toBe(2);
    expect(reviewed).toBeLessThan(pairs.length);
  });

  it("reports a pair whose card or profile is missing instead of dropping it", async () => {
    const batches: TriageBatch[] = [];
    await runTriage({ cards, profiles, pairs: [{ cardId: "gone", profileId: "p1" }] }, { batchMs: 1000, onBatch: (b) => batches.push(b) });
    expect(batches[0]!.failures).toEqual([{ cardId: "gone", profileId: "p1", message: "the card is not part of this run" }]);
  });
});
