import { describe, expect, it } from "vitest";
import { CONTOSO } from "../negotiation/examples/incidents";
import { findPreset, NORTHWIND } from "../negotiation/profile";
import { cellOutcome, triagePair, type TriageCard, type TriageCell, type TriageProfile } from "./triage";
import { toCsv, toMarkdown } from "../report/triage";
import { badnessOf, buildTriageView, cellKey, compareBadness, pendingPairs, shownCells } from "./view";

const streaming = JSON.stringify({ ...(JSON.parse(CONTOSO.text) as object), name: "Alpha streaming", capabilities: { streaming: true, pushNotifications: false } }, null, 2);
const cards: TriageCard[] = [
  { id: "c1", label: "zulu-contoso.json", text: CONTOSO.text },
  { id: "c2", label: "broken.json", text: "{ not json" },
  { id: "c3", label: "alpha.json", text: streaming },
];
const profiles: TriageProfile[] = [
  { id: "p1", profile: NORTHWIND },
  { id: "p2", profile: findPreset("a2a-python")! },
];
const all = new Map<string, TriageCell>();
for (const card of cards) for (const profile of profiles) all.set(cellKey(card.id, profile.id), triagePair(card, profile));

describe("buildTriageView", () => {
  it("shows every card, worst per row and per column, with nothing filtered", () => {
    const view = buildTriageView({ cards, profiles, cells: all, filter: {}, sort: "added" });
    expect(view.rows.map((r) => r.card.id)).toEqual(["c1", "c2", "c3"]);
    expect(view.rows[0]!.worst).toBe("reject");
    expect(view.rows[0]!.name).toBe("Contoso Voice Desk");
    expect(view.rows[1]!.valid).toBe(false);
    expect(view.rows[1]!.problems?.[0]?.code).toBe("notJson");
    // The broken card is rejected for every profile, so every column's worst is reject.
    expect(view.columnWorst).toEqual(["reject", "reject"]);
    expect(view).toMatchObject({ reviewedPairs: 6, totalPairs: 6, matchingPairs: 6, filtered: false });
  });

  it("keeps only the cards with a pair that passes the filter, and marks which cells do", () => {
    const view = buildTriageView({ cards, profiles, cells: all, filter: { taskClass: "live-input", decision: "reject" }, sort: "added" });
    // "reject" is a rejection of the card or the server: a class that is not for this client is not one.
    const rejects = (cell: TriageCell | undefined) => cell?.decisions["live-input"] !== undefined && cellOutcome(cell.decisions["live-input"]) === "reject";
    const expected = cards.filter((card) => profiles.some((p) => rejects(all.get(cellKey(card.id, p.id)))));
    expect(view.rows.map((r) => r.card.id)).toEqual(expected.map((c) => c.id));
    for (const row of view.rows) {
      row.cells.forEach((cell, i) => expect(row.matches[i]).toBe(rejects(cell)));
    }
    expect(shownCells(view).every(rejects)).toBe(true);
    expect(view.matchingPairs).toBe(shownCells(view).length);
    expect(view.filtered).toBe(true);
  });

  it("finds invalid cards, and cards by file name or by the card's own name", () => {
    expect(buildTriageView({ cards, profiles, cells: all, filter: { invalidOnly: true }, sort: "added" }).rows.map((r) => r.card.id)).toEqual(["c2"]);
    expect(buildTriageView({ cards, profiles, cells: all, filter: { search: "VOICE" }, sort: "added" }).rows.map((r) => r.card.id)).toEqual(["c1"]);
    expect(buildTriageView({ cards, profiles, cells: all, filter: { search: "alpha" }, sort: "added" }).rows.map((r) => r.card.id)).toEqual(["c3"]);
  });

  it("sorts by name (file name, numbers in order) and by worst decision, ties in the order added", () => {
    expect(buildTriageView({ cards, profiles, cells: all, filter: {}, sort: "name" }).rows.map((r) => r.card.label)).toEqual([
      "alpha.json",
      "broken.json",
      "zulu-contoso.json",
    ]);
    const worst = buildTriageView({ cards, profiles, cells: all, filter: {}, sort: "worst" }).rows;
    const severity = ["not-for-client", "accept", "accept-degraded", "defer", "escalate", "reject"];
    const ranks = worst.map((r) => severity.indexOf(r.worst!));
    expect([...ranks].sort((a, b) => b - a)).toEqual(ranks);
    const numbered = ["card 10", "card 9", "card 1"].map((label, i) => ({ id: `n${i}`, label, text: "{}" }));
    expect(buildTriageView({ cards: numbered, profiles, cells: new Map(), filter: {}, sort: "name" }).rows.map((r) => r.card.label)).toEqual([
      "card 1",
      "card 9",
      "card 10",
    ]);
  });

  it("shows pairs not reviewed yet as pending, last when sorted by worst, and lists them as what is left to do", () => {
    const partial = new Map([...all].filter(([key]) => !key.startsWith("c3\n")));
    partial.delete(cellKey("c1", "p2"));
    const view = buildTriageView({ cards, profiles, cells: partial, filter: {}, sort: "worst" });
    expect(view.rows.at(-1)!.card.id).toBe("c3");
    expect(view.rows.at(-1)!.worst).toBeUndefined();
    expect(view.rows.find((r) => r.card.id === "c1")!.cells[1]).toBeUndefined();
    expect(view.reviewedPairs).toBe(3);
    expect(pendingPairs(cards, profiles, partial)).toEqual([
      { cardId: "c1", profileId: "p2" },
      { cardId: "c3", profileId: "p1" },
      { cardId: "c3", profileId: "p2" },
    ]);
    // A decision filter needs a reviewed pair; a name search does not.
    expect(buildTriageView({ cards, profiles, cells: partial, filter: { decision: "accept" }, sort: "added" }).rows.some((r) => r.card.id === "c3")).toBe(false);
    expect(buildTriageView({ cards, profiles, cells: partial, filter: { search: "alpha" }, sort: "added" }).rows.map((r) => r.card.id)).toEqual(["c3"]);
  });

  describe("classes that are not for this client (an SDK client has no live mode)", () => {
    const js = findPreset("a2a-js")!;
    const sdk: TriageProfile[] = [{ id: "js", profile: js }];
    const textCard = JSON.stringify({ ...(JSON.parse(CONTOSO.text) as Record<string, unknown>), name: "Text desk", capabilities: { streaming: true }, securitySchemes: {}, securityRequirements: [], defaultInputModes: ["text/plain"] });
    const sdkCards: TriageCard[] = [
      { id: "broken", label: "broken.json", text: "{ not json" },
      { id: "text", label: "text.json", text: textCard },
    ];
    const cells = new Map<string, TriageCell>();
    for (const card of sdkCards) cells.set(cellKey(card.id, "js"), triagePair(card, sdk[0]!));
    const good = cells.get(cellKey("text", "js"))!;

    it("the cell keeps the rejection aimed at the client, and its worst is what the card does", () => {
      expect(good.decisions["live-input"]).toMatchObject({ decision: "reject", target: "client" });
      expect(cellOutcome(good.decisions["live-input"]!)).toBe("not-for-client");
      expect(good.worst).toBe("accept");
    });

    it("the worst-decision sort puts the card that fails first, and the filter tells the two apart", () => {
      const view = buildTriageView({ cards: [...sdkCards].reverse(), profiles: sdk, cells, filter: {}, sort: "worst" });
      expect(view.rows.map((r) => [r.card.id, r.worst])).toEqual([
        ["broken", "reject"],
        ["text", "accept"],
      ]);
      const notForClient = buildTriageView({ cards: sdkCards, profiles: sdk, cells, filter: { taskClass: "live-input", decision: "not-for-client" }, sort: "added" });
      expect(notForClient.rows.map((r) => r.card.id)).toEqual(["text"]);
      const rejected = buildTriageView({ cards: sdkCards, profiles: sdk, cells, filter: { taskClass: "live-input", decision: "reject" }, sort: "added" });
      expect(rejected.rows.map((r) => r.card.id)).toEqual(["broken"]);
    });

    it("a row whose every class is not for this client says so, rather than accept", () => {
      const liveOnly = triagePair(sdkCards[1]!, sdk[0]!, { taskClasses: ["live-input"] });
      expect(liveOnly.worst).toBe("not-for-client");
      const view = buildTriageView({ cards: [sdkCards[1]!], profiles: sdk, cells: new Map([[cellKey("text", "js"), liveOnly]]), filter: {}, sort: "worst" });
      expect(view.rows[0]!.worst).toBe("not-for-client");
      expect(view.columnWorst).toEqual(["not-for-client"]);
    });

    it("exports say not for this client, apart from reject", () => {
      const csv = toCsv([good], sdkCards, sdk, ["request-response", "live-input"]);
      expect(csv.split("\n")[1]).toBe("text.json,Text desk,,A2A JS SDK client (Node),yes,accept,accept,not-for-client,,input-modes");
      expect(toMarkdown([good], sdkCards, sdk, ["live-input"])).toMatch(/\| text\.json \| not for this client \(input-modes\) \|/);
    });
  });
});

describe("worst first: how bad a card's pairs are", () => {
  const trio: TriageProfile[] = ["a", "b", "c"].map((id) => ({ id, profile: NORTHWIND }));
  /** A cell from its classes' outcomes, as the engine would give it ("client": a rejection aimed at the client). */
  function cell(cardId: string, profileId: string, outcomes: string[]): TriageCell {
    const decisions: TriageCell["decisions"] = {};
    outcomes.forEach((o, i) => {
      decisions[`class-${i}`] = o === "client" ? { decision: "reject", target: "client", rules: [] } : { decision: o as "reject", rules: [] };
    });
    return { cardId, profileId, valid: true, shape: "1.0", decisions, worst: worstOfOutcomes(Object.values(decisions).map(cellOutcome)) };
  }
  function worstOfOutcomes(list: ReturnType<typeof cellOutcome>[]) {
    const order = ["not-for-client", "accept", "accept-degraded", "defer", "escalate", "reject"];
    return list.reduce((w, o) => (order.indexOf(o) > order.indexOf(w) ? o : w), list[0]!);
  }
  // Each card: its three pairs' class outcomes, in the order added (none of them sorted by badness).
  const table: Array<[string, string[][]]> = [
    ["degraded-twice", [["accept-degraded", "accept-degraded"], ["accept", "accept"], ["accept", "accept"]]],
    ["rejected-for-one", [["reject", "accept"], ["accept", "accept"], ["accept", "accept"]]],
    ["deferred-twice", [["defer", "defer"], ["accept", "accept"], ["accept", "accept"]]],
    ["rejected-for-all", [["reject", "accept"], ["reject", "accept"], ["reject", "accept"]]],
    ["not-for-client", [["client", "client"], ["client", "client"], ["client", "client"]]],
    ["rejected-twice-for-one", [["reject", "reject"], ["accept", "accept"], ["accept", "accept"]]],
    ["rejected-for-two-and-degraded", [["reject", "accept-degraded"], ["reject", "accept"], ["accept", "accept"]]],
    ["rejected-for-two", [["reject", "accept"], ["reject", "accept"], ["accept", "accept"]]],
    ["all-accept", [["accept", "accept"], ["accept", "accept"], ["accept", "accept"]]],
    ["degraded-and-deferred", [["accept-degraded", "defer"], ["accept", "accept"], ["accept", "accept"]]],
  ];
  const rankedCards: TriageCard[] = table.map(([id]) => ({ id, label: `${id}.json`, text: "{}" }));
  const rankedCells = new Map<string, TriageCell>();
  for (const [id, pairs] of table) pairs.forEach((outcomes, i) => rankedCells.set(cellKey(id, trio[i]!.id), cell(id, trio[i]!.id, outcomes)));

  it("ranks by for how many clients something is rejected, then how much, then escalated, deferred, degraded", () => {
    const view = buildTriageView({ cards: rankedCards, profiles: trio, cells: rankedCells, filter: {}, sort: "worst" });
    expect(view.rows.map((r) => r.card.id)).toEqual([
      "rejected-for-all",
      "rejected-for-two-and-degraded",
      "rejected-for-two",
      "rejected-twice-for-one",
      "rejected-for-one",
      "deferred-twice",
      "degraded-and-deferred",
      "degraded-twice",
      "all-accept",
      "not-for-client",
    ]);
  });

  it("counts each profile's pairs by their worst outcome, for the header", () => {
    const view = buildTriageView({ cards: rankedCards, profiles: trio, cells: rankedCells, filter: {}, sort: "added" });
    expect(view.columnCounts[0]).toEqual({ reject: 5, "accept-degraded": 1, defer: 2, accept: 1, "not-for-client": 1 });
    expect(view.columnCounts[2]).toEqual({ reject: 1, accept: 8, "not-for-client": 1 });
  });

  it("a card not reviewed yet is less bad than any reviewed one", () => {
    expect(badnessOf([undefined, undefined])).toEqual([]);
    expect(compareBadness([], badnessOf([cell("x", "a", ["accept"])]))).toBeLessThan(0);
    expect(compareBadness(badnessOf([cell("x", "a", ["client"])]), [])).toBeGreaterThan(0);
  });
});
