import { describe, expect, it } from "vitest";
import { paceRows, rowsPerFrame, sameCells, sameDrawing, type RowResults } from "./row-pacing";

type R = RowResults<{ v: string }, string>;
const cell = (v: string) => ({ v });

describe("paceRows", () => {
  const a1 = cell("a1");
  const b1 = cell("b1");
  const drawnPending: R = { cells: [undefined, undefined], extra: "pending" };

  it("shows rows not drawn before, and rows whose results did not change, as they are", () => {
    const fresh: R = { cells: [a1, b1], extra: "worst" };
    const same: R = { cells: [a1, b1], extra: "worst" };
    const drawn = new Map<string, R>([["same", { cells: [a1, b1], extra: "worst" }]]);
    const { shown, behind } = paceRows([{ key: "new", results: fresh }, { key: "same", results: same }], drawn, 0);
    expect(shown).toEqual([fresh, same]);
    expect(behind).toBe(false);
  });

  it("lets `budget` changed rows take their new results, in order, and keeps the rest as drawn", () => {
    const rows = ["r0", "r1", "r2", "r3"].map((key) => ({ key, results: { cells: [cell(`${key}a`), cell(`${key}b`)], extra: "done" } as R }));
    const drawn = new Map<string, R>(rows.map((row) => [row.key, drawnPending]));
    const { shown, behind } = paceRows(rows, drawn, 2);
    expect(shown.slice(0, 2)).toEqual([rows[0]!.results, rows[1]!.results]);
    expect(shown.slice(2)).toEqual([drawnPending, drawnPending]);
    expect(behind).toBe(true);
  });

  it("catches up once every changed row had its turn", () => {
    const rows = ["r0", "r1"].map((key) => ({ key, results: { cells: [cell(key)], extra: "done" } as R }));
    let drawn = new Map<string, R>(rows.map((row) => [row.key, { cells: [undefined], extra: "pending" }]));
    const first = paceRows(rows, drawn, 1);
    drawn = new Map(rows.map((row, i) => [row.key, first.shown[i]!]));
    const second = paceRows(rows, drawn, 1);
    expect(second.shown).toEqual(rows.map((row) => row.results));
    expect(second.behind).toBe(false);
  });
});

describe("rowsPerFrame and sameCells", () => {
  it("turns over about the same number of cells a frame whatever the number of profiles, at least one row", () => {
    expect(rowsPerFrame(10)).toBe(4);
    expect(rowsPerFrame(1)).toBe(40);
    expect(rowsPerFrame(100)).toBe(1);
    expect(rowsPerFrame(0)).toBe(40);
  });

  it("compares cells by identity", () => {
    const c = cell("x");
    expect(sameCells([c, undefined], [c, undefined])).toBe(true);
    expect(sameCells([c], [cell("x")])).toBe(false);
    expect(sameCells([c], [c, c])).toBe(false);
  });
});

describe("sameDrawing", () => {
  const c = { v: "c" };
  const same = (x: string, y: string) => x === y;
  it("holds when the same rows show the same cells and extras", () => {
    const a = new Map<string, R>([["r", { cells: [c], extra: "x" }]]);
    expect(sameDrawing(a, new Map([["r", { cells: [c], extra: "x" }]]), same)).toBe(true);
    expect(sameDrawing(a, new Map([["r", { cells: [c], extra: "y" }]]), same)).toBe(false);
    expect(sameDrawing(a, new Map([["s", { cells: [c], extra: "x" }]]), same)).toBe(false);
    expect(sameDrawing(a, new Map([["r", { cells: [undefined], extra: "x" }]]), same)).toBe(false);
    expect(sameDrawing(a, new Map(), same)).toBe(false);
  });
});
