import { describe, expect, it } from "vitest";
import { moveInGrid } from "./grid-keys";

// 1 header row + 5 task classes; task class, decision and 11 invariants.
const table = { rows: 6, cols: 13, layout: "table" as const, ctrl: false };
const stacked = { ...table, layout: "stacked" as const };

describe("moveInGrid, table layout", () => {
  it.each([
    ["ArrowRight moves one cell right", { row: 2, col: 1 }, "ArrowRight", { row: 2, col: 2 }],
    ["ArrowRight stops at the last column", { row: 2, col: 12 }, "ArrowRight", { row: 2, col: 12 }],
    ["ArrowLeft stops at the task class", { row: 2, col: 0 }, "ArrowLeft", { row: 2, col: 0 }],
    ["ArrowDown moves to the next task class, same column", { row: 2, col: 5 }, "ArrowDown", { row: 3, col: 5 }],
    ["ArrowUp reaches the column headers", { row: 1, col: 5 }, "ArrowUp", { row: 0, col: 5 }],
    ["ArrowDown stops at the last task class", { row: 5, col: 5 }, "ArrowDown", { row: 5, col: 5 }],
    ["Home goes to the row's start", { row: 3, col: 7 }, "Home", { row: 3, col: 0 }],
    ["End goes to the row's end", { row: 3, col: 7 }, "End", { row: 3, col: 12 }],
    ["PageUp goes to the first task class", { row: 4, col: 7 }, "PageUp", { row: 1, col: 7 }],
    ["PageDown goes to the last task class", { row: 1, col: 7 }, "PageDown", { row: 5, col: 7 }],
  ])("%s", (_name, from, key, to) => {
    expect(moveInGrid(from, key, table)).toEqual(to);
  });

  it("Ctrl+Home and Ctrl+End go to the grid's first and last cells", () => {
    expect(moveInGrid({ row: 3, col: 4 }, "Home", { ...table, ctrl: true })).toEqual({ row: 0, col: 0 });
    expect(moveInGrid({ row: 3, col: 4 }, "End", { ...table, ctrl: true })).toEqual({ row: 5, col: 12 });
  });

  it("ignores keys that are not for moving", () => {
    expect(moveInGrid({ row: 1, col: 1 }, "a", table)).toBeUndefined();
    expect(moveInGrid({ row: 1, col: 1 }, "Enter", table)).toBeUndefined();
  });

  it("brings a position left over from a larger grid back inside", () => {
    expect(moveInGrid({ row: 9, col: 20 }, "ArrowLeft", table)).toEqual({ row: 5, col: 11 });
  });
});

describe("moveInGrid, stacked layout (each task class a block)", () => {
  it.each([
    ["ArrowDown reads on within the block", { row: 2, col: 3 }, "ArrowDown", { row: 2, col: 4 }],
    ["ArrowDown from a block's last cell starts the next block", { row: 2, col: 12 }, "ArrowDown", { row: 3, col: 0 }],
    ["ArrowUp from a block's first cell ends the previous block", { row: 3, col: 0 }, "ArrowUp", { row: 2, col: 12 }],
    ["ArrowUp stops at the first block: no hidden header row", { row: 1, col: 0 }, "ArrowUp", { row: 1, col: 0 }],
    ["ArrowDown stops at the end of the last block", { row: 5, col: 12 }, "ArrowDown", { row: 5, col: 12 }],
    ["a header position is moved into the first block", { row: 0, col: 4 }, "ArrowRight", { row: 1, col: 5 }],
  ])("%s", (_name, from, key, to) => {
    expect(moveInGrid(from, key, stacked)).toEqual(to);
  });

  it("Ctrl+Home goes to the first block, not the hidden headers", () => {
    expect(moveInGrid({ row: 4, col: 4 }, "Home", { ...stacked, ctrl: true })).toEqual({ row: 1, col: 0 });
  });
});
