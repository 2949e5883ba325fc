import { describe, expect, it } from "vitest";
import { corpusCardNames, readCorpusCard } from "@/fixtures/corpus";
import { cardEnd, cardTextAt, findCardStart } from "./card-span";

/**
 * The scan batch uses to find a line's card without reading the line (card-span.ts). What a user
 * would see if it broke: a line answered for a card it does not hold, or a broken line answered as
 * if it were whole. So every answer is held against JSON.parse of the same line.
 */
const cards = corpusCardNames().map((name) => JSON.stringify(JSON.parse(readCorpusCard(name)) as unknown));

/** Lines as producers write them: fields in several orders, spacing, ids of each kind, card as JSON or as text. */
function linesFor(card: string): string[] {
  const text = JSON.stringify(card);
  return [
    `{"id":1,"card":${card},"profile":"northwind"}`,
    `{"id":"a \\"quoted\\" id","card":${card},"profile":"northwind"}`,
    `{ "id" : 2 , "profile" : {"name":"p","liveOnlyInputModes":["a/b"]} , "card" : ${card} }`,
    `{"id":[1,{"x":"}"}],"cardText":${text},"profile":"text-only"}`,
    `\t{"id":3,"taskClasses":["live-input"],"card":${card}}  `,
  ];
}

describe("finding a line's card", () => {
  it("finds exactly the card JSON.parse reads, on every corpus card in every line shape", () => {
    let checked = 0;
    for (const card of cards) {
      for (const line of linesFor(card)) {
        const parsed = JSON.parse(line) as Record<string, unknown>;
        const at = findCardStart(line);
        expect(at, line.slice(0, 80)).toBeDefined();
        const end = cardEnd(line, at!.start);
        expect(end).toBeGreaterThan(at!.start);
        expect(JSON.parse(line.slice(at!.start, end))).toEqual(parsed[at!.field]);
        expect(cardTextAt(line, at!.start, line.slice(at!.start, end))).toBe(true);
        checked++;
      }
    }
    expect(checked).toBe(cards.length * 5);
  });

  it.each([
    ["a key spelled with an escape, which JSON reads as card", `{"id":1,"c\\u0061rd":{"name":"x"},"card":{"name":"y"},"profile":"p"}`],
    ["an earlier key with an escape", `{"i\\u0064":1,"card":{"name":"y"},"profile":"p"}`],
    ["not an object", `[{"card":{"name":"y"}}]`],
    ["an object without a card", `{"id":1,"profile":"p"}`],
    ["an empty object", `{}`],
    ["a key that never closes", `{"id`],
  ])("gives no place for %s", (_what, line) => {
    const at = findCardStart(line);
    if (at) {
      // Only the escaped spelling after the card can reach here: the end is then refused.
      expect(cardEnd(line, at.start)).toBe(-1);
    } else expect(at).toBeUndefined();
  });

  it.each([
    ["the same field again after it (JSON keeps the last)", `{"id":1,"card":{"name":"x"},"card":{"name":"y"},"profile":"p"}`],
    ["the other card field after it", `{"id":1,"card":{"name":"x"},"cardText":"{}","profile":"p"}`],
    ["an escape after it (a key could spell card)", `{"id":1,"card":{"name":"x"},"c\\u0061rd":{"name":"y"}}`],
    ["a card that never closes", `{"id":1,"card":{"name":"x"`],
  ])("refuses the card's end when the line holds %s", (_what, line) => {
    const at = findCardStart(line)!;
    expect(at.field).toBe("card");
    expect(cardEnd(line, at.start)).toBe(-1);
  });

  it("keeps the place of a card followed by a profile that names cardPaths and quotes with escapes", () => {
    const line = `{"id":1,"card":{"name":"x"},"profile":{"name":"a \\"quoted\\" client","cardPaths":["/.well-known/agent.json"]}}`;
    const at = findCardStart(line)!;
    expect(line.slice(at.start, cardEnd(line, at.start))).toBe(`{"name":"x"}`);
  });

  it("matches a known card only where it is the whole value, followed by the line's own comma or brace", () => {
    const known = `{"name":"x"}`;
    const line = (card: string, rest = `,"profile":"p"}`) => `{"id":1,"card":${card}${rest}`;
    expect(cardTextAt(line(known), findCardStart(line(known))!.start, known)).toBe(true);
    expect(cardTextAt(line(known, ` }`), findCardStart(line(known, ` }`))!.start, known)).toBe(true);
    // Another card that starts like it, and a card followed by something that is not JSON.
    expect(cardTextAt(line(`{"name":"xy"}`), findCardStart(line(`{"name":"xy"}`))!.start, known)).toBe(false);
    expect(cardTextAt(line(known, `x}`), findCardStart(line(known, `x}`))!.start, known)).toBe(false);
    // The same card, then a second card field: JSON would keep the second.
    const twice = line(known, `,"card":{"name":"y"}}`);
    expect(cardTextAt(twice, findCardStart(twice)!.start, known)).toBe(false);
  });

  it("reads a line with null in the card's place exactly as the whole line, on 6,000 mangled lines (or both fail)", () => {
    // The batch hit path: the known card's text found at the card's start, the rest parsed alone.
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const alphabet = ['"', "\\", "{", "}", "[", "]", ",", ":", " ", "a", "1", "card", '"card"', "null"];
    let hits = 0;
    let agreed = 0;
    for (let i = 0; i < 6000; i++) {
      const card = cards[i % cards.length]!;
      let line = linesFor(card)[i % 5]!;
      const at0 = findCardStart(line)!;
      const known = at0.field === "cardText" ? JSON.stringify(card) : card;
      // One to three edits anywhere but inside the card itself.
      for (let e = 1 + random(3); e > 0; e--) {
        const outside = random(2) === 0 ? random(at0.start + 1) : at0.start + known.length + random(line.length - at0.start - known.length + 1);
        const cut = random(3);
        line = line.slice(0, outside) + alphabet[random(alphabet.length)] + line.slice(outside + cut);
      }
      const at = findCardStart(line);
      if (!at || !cardTextAt(line, at.start, known)) continue;
      hits++;
      let whole: unknown;
      let rest: unknown;
      try {
        whole = JSON.parse(line);
      } catch {
        whole = "fails";
      }
      try {
        rest = JSON.parse(line.slice(0, at.start) + "null" + line.slice(at.start + known.length));
        (rest as Record<string, unknown>)[at.field] = JSON.parse(known);
      } catch {
        rest = "fails";
      }
      expect(rest, line.slice(0, 120)).toEqual(whole);
      agreed++;
    }
    expect(hits).toBeGreaterThan(700);
    expect(agreed).toBe(hits);
  });
});
