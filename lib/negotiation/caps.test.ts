import { describe, expect, it } from "vitest";
import { capList, capPerKind, LIST_CAP } from "./caps";
import { describeUnlisted } from "./explain";

// Every list a card can grow goes through these two: a card's length must not become an output's.
describe("capList", () => {
  it("keeps a list within the cap as it is, with nothing left out", () => {
    const list = Array.from({ length: LIST_CAP }, (_, i) => i);
    const capped = capList(list);
    expect(capped.items).toBe(list);
    expect(capped).toMatchObject({ total: LIST_CAP, more: 0 });
  });

  it("keeps the first items of a long list and says how many there were", () => {
    const capped = capList(Array.from({ length: 40_001 }, (_, i) => i));
    expect(capped.items).toEqual(Array.from({ length: LIST_CAP }, (_, i) => i));
    expect(capped.total).toBe(40_001);
    expect(capped.more).toBe(40_001 - LIST_CAP);
  });
});

describe("capPerKind", () => {
  const counted = (first: string, more: number) => `${first}+${more}`;

  it("cuts each kind on its own and leaves items of no kind alone", () => {
    const list = [...Array.from({ length: 5 }, (_, i) => `a${i}`), "x", ...Array.from({ length: 3 }, (_, i) => `b${i}`), "y"];
    const out = capPerKind(list, (s) => (s.length === 1 ? undefined : s[0]), counted, 2);
    expect(out).toEqual(["a0", "a1", "a2+3", "x", "b0", "b1", "b2+1", "y"]);
  });

  it("returns the list itself when no kind is over the cap", () => {
    const list = ["a0", "b0", "a1", "b1"];
    expect(capPerKind(list, (s) => s[0], counted, 2)).toBe(list);
  });
});

describe("describeUnlisted", () => {
  it("says the total left out once, or nothing", () => {
    expect(describeUnlisted(39_981)).toBe("…and 39,981 more");
    expect(describeUnlisted(0)).toBe("");
  });
});
