import { describe, expect, it } from "vitest";
import { moveInGrid, scrollToRow, visibleRange } from "./grid-keys";

const grid = { rows: 50, cols: 5, page: 10, ctrl: false };

describe("moveInGrid", () => {
  it("moves one cell with the arrows, stopping at the edges", () => {
    expect(moveInGrid({ row: 0, col: 0 }, "ArrowRight", grid)).toEqual({ row: 0, col: 1 });
    expect(moveInGrid({ row: 0, col: 0 }, "ArrowLeft", grid)).toEqual({ row: 0, col: 0 });
    expect(moveInGrid({ row: 49, col: 4 }, "ArrowDown", grid)).toEqual({ row: 49, col: 4 });
    expect(moveInGrid({ row: 3, col: 2 }, "ArrowUp", grid)).toEqual({ row: 2, col: 2 });
  });

  it("jumps with Home/End (the grid's corners with Ctrl) and a page at a time", () => {
    expect(moveInGrid({ row: 7, col: 3 }, "Home", grid)).toEqual({ row: 7, col: 0 });
    expect(moveInGrid({ row: 7, col: 1 }, "End", grid)).toEqual({ row: 7, col: 4 });
    expect(moveInGrid({ row: 7, col: 3 }, "Home", { ...grid, ctrl: true })).toEqual({ row: 0, col: 0 });
    expect(moveInGrid({ row: 7, col: 3 }, "End", { ...grid, ctrl: true })).toEqual({ row: 49, col: 4 });
    expect(moveInGrid({ row: 45, col: 2 }, "PageDown", grid)).toEqual({ row: 49, col: 2 });
    expect(moveInGrid({ row: 15, col: 2 }, "PageUp", grid)).toEqual({ row: 5, col: 2 });
  });

  it("keeps a position from before a filter shrank the grid inside it, and ignores other keys", () => {
    expect(moveInGrid({ row: 80, col: 9 }, "ArrowLeft", grid)).toEqual({ row: 49, col: 3 });
    expect(moveInGrid({ row: 0, col: 0 }, "a", grid)).toBeUndefined();
    expect(moveInGrid({ row: 0, col: 0 }, "ArrowDown", { ...grid, rows: 0 })).toBeUndefined();
  });
});

describe("row windowing", () => {
  it("renders the rows in view and a margin around them", () => {
    expect(visibleRange(0, 400, 40, 500, 5)).toEqual({ start: 0, end: 16 });
    expect(visibleRange(4000, 400, 40, 500, 5)).toEqual({ start: 95, end: 116 });
    expect(visibleRange(19_800, 400, 40, 500, 5)).toEqual({ start: 490, end: 500 });
  });

  it("scrolls just enough to bring a row into view, under the sticky header", () => {
    expect(scrollToRow(5, 0, 400, 40, 80)).toBeUndefined();
    expect(scrollToRow(20, 0, 400, 40, 80)).toBe(840 - 320);
    expect(scrollToRow(2, 400, 400, 40, 80)).toBe(80);
  });
});
