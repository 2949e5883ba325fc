/**
 * Arrow-key movement in the triage grid: one tab stop, arrows move between cells, Home/End to the
 * row's first and last cell (with Ctrl: the grid's), Page Up/Down by a screenful of rows. Rows are
 * the cards shown (0-based); column 0 is the card, 1 its worst decision, then one per profile.
 */
export interface GridPosition {
  row: number;
  col: number;
}

export function moveInGrid(from: GridPosition, key: string, grid: { rows: number; cols: number; page: number; ctrl: boolean }): GridPosition | undefined {
  if (grid.rows === 0 || grid.cols === 0) return undefined;
  const lastRow = grid.rows - 1;
  const lastCol = grid.cols - 1;
  const row = Math.max(0, Math.min(lastRow, from.row));
  const col = Math.max(0, Math.min(lastCol, from.col));
  const page = Math.max(1, grid.page);
  switch (key) {
    case "ArrowRight":
      return { row, col: Math.min(lastCol, col + 1) };
    case "ArrowLeft":
      return { row, col: Math.max(0, col - 1) };
    case "ArrowDown":
      return { row: Math.min(lastRow, row + 1), col };
    case "ArrowUp":
      return { row: Math.max(0, row - 1), col };
    case "Home":
      return grid.ctrl ? { row: 0, col: 0 } : { row, col: 0 };
    case "End":
      return grid.ctrl ? { row: lastRow, col: lastCol } : { row, col: lastCol };
    case "PageDown":
      return { row: Math.min(lastRow, row + page), col };
    case "PageUp":
      return { row: Math.max(0, row - page), col };
    default:
      return undefined;
  }
}

/** Rows to render for a scroll position: those in view and `overscan` more on each side. */
export function visibleRange(scrollTop: number, viewHeight: number, rowHeight: number, rows: number, overscan: number): { start: number; end: number } {
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const count = Math.ceil(Math.max(viewHeight, rowHeight) / rowHeight) + 1;
  return { start: Math.max(0, first - overscan), end: Math.min(rows, first + count + overscan) };
}

/** The scroll position that brings `row` into view, or undefined when it already is. */
export function scrollToRow(row: number, scrollTop: number, viewHeight: number, rowHeight: number, headerHeight: number): number | undefined {
  const top = row * rowHeight;
  const bottom = top + rowHeight;
  const visibleHeight = viewHeight - headerHeight;
  if (top < scrollTop) return top;
  if (bottom > scrollTop + visibleHeight) return bottom - visibleHeight;
  return undefined;
}
