/**
 * Arrow-key movement in the matrix grid (one tab stop; arrows, Home/End and Page Up/Down move
 * focus, Enter or Space selects). Row 0 is the header row; column 0 the task class, column 1 the
 * decision, then one column per invariant. In the stacked layout (narrow screens) each task class
 * is a block read top to bottom, so Up and Down follow that reading order and the header row,
 * which is not shown there, is skipped.
 */
export interface GridPosition {
  row: number;
  col: number;
}

export type GridLayout = "table" | "stacked";

export function moveInGrid(
  from: GridPosition,
  key: string,
  grid: { rows: number; cols: number; layout: GridLayout; ctrl: boolean },
): GridPosition | undefined {
  const firstRow = grid.layout === "stacked" ? 1 : 0;
  const lastRow = grid.rows - 1;
  const lastCol = grid.cols - 1;
  const clampRow = (row: number) => Math.max(firstRow, Math.min(lastRow, row));
  const at = { row: clampRow(from.row), col: Math.max(0, Math.min(lastCol, from.col)) };
  switch (key) {
    case "ArrowRight":
      return { row: at.row, col: Math.min(lastCol, at.col + 1) };
    case "ArrowLeft":
      return { row: at.row, col: Math.max(0, at.col - 1) };
    case "ArrowDown":
      if (grid.layout === "stacked") {
        if (at.col < lastCol) return { row: at.row, col: at.col + 1 };
        return at.row < lastRow ? { row: at.row + 1, col: 0 } : at;
      }
      return { row: clampRow(at.row + 1), col: at.col };
    case "ArrowUp":
      if (grid.layout === "stacked") {
        if (at.col > 0) return { row: at.row, col: at.col - 1 };
        return at.row > firstRow ? { row: at.row - 1, col: lastCol } : at;
      }
      return { row: clampRow(at.row - 1), col: at.col };
    case "Home":
      return grid.ctrl ? { row: firstRow, col: 0 } : { row: at.row, col: 0 };
    case "End":
      return grid.ctrl ? { row: lastRow, col: lastCol } : { row: at.row, col: lastCol };
    case "PageUp":
      return { row: Math.max(firstRow, 1), col: at.col };
    case "PageDown":
      return { row: lastRow, col: at.col };
    default:
      return undefined;
  }
}
