/**
 * While a run streams results in, the rows in view take them up a few at a time. A flush of
 * results can turn every visible cell from "not reviewed yet" into a cell of badges at once, and
 * laying out and painting all of them was one frame of about 85 ms (CPU) on the bench's 500 × 10
 * triage; a few rows per frame keep every frame short, and the rows in view catch up within a few
 * frames. Rows are compared by their results only: the same cell objects mean nothing new arrived.
 */
export interface RowResults<Cell, Extra> {
  cells: ReadonlyArray<Cell | undefined>;
  /** What is shown beside the cells and comes from the same results (the row's worst, validity). */
  extra: Extra;
}

/** Cells a frame may turn over, whatever the number of profiles: each row costs one cell per profile. */
export const CELLS_PER_FRAME = 40;

export function rowsPerFrame(profiles: number): number {
  return Math.max(1, Math.floor(CELLS_PER_FRAME / Math.max(1, profiles)));
}

export function sameCells<Cell>(a: ReadonlyArray<Cell | undefined>, b: ReadonlyArray<Cell | undefined>): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * What each row shows this frame: its current results, or, past `budget` rows whose results changed
 * since they were last drawn, what they showed then. A row not drawn before (just mounted) shows its
 * current results. `behind` says some row still waits: render again next frame.
 */
export function paceRows<Cell, Extra>(
  rows: ReadonlyArray<{ key: string; results: RowResults<Cell, Extra> }>,
  drawn: ReadonlyMap<string, RowResults<Cell, Extra>>,
  budget: number,
): { shown: RowResults<Cell, Extra>[]; behind: boolean } {
  let left = budget;
  let behind = false;
  const shown = rows.map(({ key, results }) => {
    const before = drawn.get(key);
    if (!before || sameCells(before.cells, results.cells)) return results;
    if (left > 0) {
      left--;
      return results;
    }
    behind = true;
    return before;
  });
  return { shown, behind };
}

/** Do two drawings hold the same rows with the same results? (Nothing to note after a frame that changed nothing.) */
export function sameDrawing<Cell, Extra>(
  a: ReadonlyMap<string, RowResults<Cell, Extra>>,
  b: ReadonlyMap<string, RowResults<Cell, Extra>>,
  sameExtra: (x: Extra, y: Extra) => boolean,
): boolean {
  if (a.size !== b.size) return false;
  for (const [key, row] of a) {
    const other = b.get(key);
    if (!other || !sameCells(row.cells, other.cells) || !sameExtra(row.extra, other.extra)) return false;
  }
  return true;
}
