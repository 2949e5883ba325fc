"use client";

import { memo, useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { type Finding, type InvariantMeta, outcomeOf, type Review, type TaskClassDecision } from "@/lib/negotiation";
import { DecisionBadge } from "@/components/ui/decision-badge";
import { STATUS_STYLE } from "@/components/ui/decision-style";
import { describeCut, describeMissing } from "@/lib/negotiation/explain";
import { moveInGrid, type GridLayout, type GridPosition } from "./grid-keys";
import { MatrixLegend } from "./matrix-legend";
import type { MatrixSelection } from "@/components/session/selection";
import type { ClassObservation, LiveView } from "@/components/session/live-observations";
import { ObservedCell } from "./observed-cell";
import type { ClassAcknowledgement } from "@/lib/negotiation";


/** The table's fixed columns (rem): task class and decision. The invariant columns share the rest. */
const TASK_COLUMN_REM = 6.75;
const DECISION_COLUMN_REM = 6.5;
/** After a live check: the observed column, beside the decision. */
const OBSERVED_COLUMN_REM = 6.5;
/**
 * Narrower invariant columns than this are compact: a cell shows its status symbol alone (the word
 * stays for screen readers and in the legend) and headers run upwards.
 */
const ROOMY_COLUMN_REM = 3.75;
/** Narrower than this, the table gives way to the stacked layout. */
const MIN_COLUMN_REM = 1.75;

type Fit = { layout: GridLayout; compact: boolean };

const CELL =
  "cursor-pointer align-top outline-offset-[-3px] focus-visible:outline-3 focus-visible:outline-dashed focus-visible:outline-slate-900 aria-selected:bg-sky-100 aria-selected:shadow-[inset_0_0_0_2px_var(--color-sky-700)] hover:bg-slate-100 aria-selected:hover:bg-sky-100";

/**
 * The task class × invariant matrix as one ARIA grid: one tab stop, arrow keys between cells,
 * Enter or Space (or a click) selects a cell for the explanation. Focus (a dashed outline) and
 * selection (a filled cell with a solid inner border) look different. Columns come from the
 * invariant registry and rows from the review, so the grid grows with the engine. Wide, it is a
 * table with short column headers (the full title on hover and focus); narrow (or when the columns
 * would not fit), each task class is a block of labelled cells, with no page-level scrolling.
 * Memoized: a keystroke's urgent render (the review not yet redone) leaves it alone.
 */
export const ReviewMatrix = memo(function ReviewMatrix({
  review,
  invariants,
  revision,
  selection,
  onSelect,
  live = null,
  acknowledged,
}: {
  review: Review;
  invariants: readonly InvariantMeta[];
  /** Which edit this review reflects: lets tests and the bench wait for exactly this update. */
  revision: number;
  selection: MatrixSelection | null;
  onSelect: (selection: MatrixSelection) => void;
  /** The last live check: an observed column beside the decisions. */
  live?: LiveView | null;
  /** Imported acknowledgements, per task class they bear on: marked on the row, its decision unchanged. */
  acknowledged?: ReadonlyMap<string, ClassAcknowledgement>;
}) {
  const gridId = useId();
  const wrapRef = useRef<HTMLDivElement>(null);
  const gridRef = useRef<HTMLTableElement>(null);
  const invalid = !review.validity.valid;
  const rows = review.decisions;
  const observed = live !== null;
  // Column 2 is the observed column when there is one; the invariants follow it.
  const first = observed ? 3 : 2;
  const cols = invariants.length + first;
  const selected = positionOf(selection, rows, invariants, first);
  const [active, setActive] = useState<GridPosition>(selected ?? { row: 1, col: 1 });
  // Focus follows a selection made elsewhere (the verdict's links), and stays inside a grid that shrank.
  const [lastSelected, setLastSelected] = useState(selected);
  if (selected && (selected.row !== lastSelected?.row || selected.col !== lastSelected.col)) {
    setLastSelected(selected);
    setActive(selected);
  }
  const current = { row: Math.min(active.row, rows.length), col: Math.min(active.col, cols - 1) };

  // The table layout needs room for every column; below that, the stacked layout (no page scroll).
  // How the columns fit the width there is: roomy (symbol and word), compact (symbol), or not at all (stacked).
  const columns = invariants.length;
  const [fit, setFit] = useState<Fit | undefined>(undefined);
  useEffect(() => {
    const wrap = wrapRef.current;
    if (!wrap || typeof ResizeObserver === "undefined") return;
    const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
    const observer = new ResizeObserver(() => {
      const perColumn = (wrap.clientWidth / rem - TASK_COLUMN_REM - DECISION_COLUMN_REM - (observed ? OBSERVED_COLUMN_REM : 0)) / Math.max(1, columns);
      const next: Fit = perColumn < MIN_COLUMN_REM ? { layout: "stacked", compact: false } : { layout: "table", compact: perColumn < ROOMY_COLUMN_REM };
      setFit((prev) => (prev?.layout === next.layout && prev.compact === next.compact ? prev : next));
    });
    observer.observe(wrap);
    return () => observer.disconnect();
  }, [columns, observed]);

  const focusCell = (position: GridPosition) => {
    setActive(position);
    gridRef.current?.querySelector<HTMLElement>(`[data-pos="${position.row}:${position.col}"]`)?.focus();
  };
  const selectAt = (position: GridPosition) => {
    const decision = rows[position.row - 1];
    if (decision) onSelect(selectionAt(decision.taskClass, position.col, invariants, first));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    if (event.key === "Enter" || event.key === " ") {
      if (current.row === 0) return;
      event.preventDefault();
      selectAt(current);
      return;
    }
    const layout = fit?.layout ?? layoutOf(gridRef.current);
    const next = moveInGrid(current, event.key, { rows: rows.length + 1, cols, layout, ctrl: event.ctrlKey || event.metaKey });
    if (!next) return;
    event.preventDefault();
    focusCell(next);
  };
  // Stable, so a row whose cells did not change skips the render a keystroke's new review causes.
  const onCellFocus = useCallback((row: number, col: number) => {
    setActive((prev) => (prev.row === row && prev.col === col ? prev : { row, col }));
  }, []);
  const latest = useRef({ rows, invariants, onSelect, first });
  useEffect(() => {
    latest.current = { rows, invariants, onSelect, first };
  });
  const onRowSelect = useCallback((row: number, col: number) => {
    setActive({ row, col });
    const { rows: now, invariants: columnsNow, onSelect: select, first: firstNow } = latest.current;
    const decision = now[row - 1];
    if (decision) select(selectionAt(decision.taskClass, col, columnsNow, firstNow));
  }, []);

  return (
    <div className="flex flex-col gap-2">
      <div
        ref={wrapRef}
        className="parley-matrix-wrap overflow-x-auto"
        data-matrix-fit={fit?.layout}
        data-density={fit?.layout === "table" ? (fit.compact ? "compact" : "roomy") : undefined}
      >
        <table
          ref={gridRef}
          role="grid"
          id={gridId}
          data-testid="review-matrix"
          data-review-revision={revision}
          aria-rowcount={rows.length + 1}
          aria-colcount={cols}
          aria-describedby="matrix-legend"
          className="parley-matrix w-full table-fixed border-collapse text-sm stacked:block"
          onKeyDown={onKeyDown}
        >
          <colgroup className="stacked:hidden">
            <col className="w-[6.75rem]" />
            <col className="w-[6.5rem]" />
            {observed && <col className="w-[6.5rem]" />}
            {invariants.map((meta) => (
              <col key={meta.id} />
            ))}
          </colgroup>
          <caption className="sr-only">
            Decisions per task class{observed ? ", what the live agent was observed doing," : ""} and findings per invariant. Arrow keys move between cells;
            Enter selects a cell for its explanation.
          </caption>
          <MatrixHeader invariants={invariants} observed={observed} activeCol={current.row === 0 ? current.col : undefined} onCellFocus={onCellFocus} />
          <tbody className="stacked:flex stacked:flex-col stacked:gap-2">
            {rows.map((decision, r) => (
              <MatrixRow
                key={decision.taskClass}
                rowIndex={r + 1}
                decision={decision}
                fingerprint={fingerprintOf(decision)}
                title={review.taskClasses.find((t) => t.id === decision.taskClass)?.title ?? decision.taskClass}
                invariants={invariants}
                invalid={invalid}
                live={live === null ? undefined : { observation: live.classes.get(decision.taskClass), stale: live.stale !== null }}
                observationKey={live === null ? "" : observationKeyOf(live.classes.get(decision.taskClass), live.stale !== null)}
                acknowledgement={acknowledged?.get(decision.taskClass)}
                acknowledgementKey={acknowledgementKeyOf(acknowledged?.get(decision.taskClass))}
                selectedInvariant={
                  selection?.taskClass === decision.taskClass ? (selection.live && observed ? OBSERVED_CELL : (selection.invariant ?? DECISION_CELL)) : undefined
                }
                activeCol={current.row === r + 1 ? current.col : undefined}
                onCellFocus={onCellFocus}
                onSelect={onRowSelect}
              />
            ))}
          </tbody>
        </table>
      </div>
      <Legend />
    </div>
  );
});

type CellProps = (row: number, col: number) => { "data-pos": string; tabIndex: number; onFocus: () => void };

/** The one tab stop of the grid, and a cell's focus reported back: what every cell carries. */
function focusProps(row: number, col: number, active: GridPosition, onCellFocus: (row: number, col: number) => void) {
  return {
    "data-pos": `${row}:${col}`,
    tabIndex: row === active.row && col === active.col ? 0 : -1,
    onFocus: () => onCellFocus(row, col),
  };
}

/** A row's selection when its decision cell is the selected one. */
const DECISION_CELL = "";
/** A row's selection when its observed cell is the selected one (no invariant id has a space). */
const OBSERVED_CELL = " observed";

/** The selection a cell of a row makes: the decision, the observed cell, or an invariant's finding. */
function selectionAt(taskClass: string, col: number, invariants: readonly InvariantMeta[], first: number): MatrixSelection {
  if (first === 3 && col === 2) return { taskClass, live: true };
  const meta = col >= first ? invariants[col - first] : undefined;
  return meta ? { taskClass, invariant: meta.id } : { taskClass };
}

/** What a row's observed cell shows, as a string (the observation objects are remade with each check). */
function observationKeyOf(observation: ClassObservation | undefined, stale: boolean): string {
  return observation ? `${observation.observed}|${observation.agreement}|${observation.how}|${observation.said}|${stale}` : `none|${stale}`;
}

/** What a row shows, as a string: two reviews whose row reads the same skip its render. */
function fingerprintOf(decision: TaskClassDecision): string {
  let text = `${decision.decision}|${decision.target ?? ""}`;
  for (const f of decision.findings) text += `|${f.invariant}:${f.status}:${f.exception ?? ""}:${f.cuts ? JSON.stringify(f.cuts) : ""}`;
  return text;
}

/**
 * The header row. Memoized: a keystroke's new review changes the rows, not the columns, so the
 * headers (and their tooltips) stay as they are unless the tab stop moves among them.
 */
const MatrixHeader = memo(function MatrixHeader({
  invariants,
  observed,
  activeCol,
  onCellFocus,
}: {
  invariants: readonly InvariantMeta[];
  /** A live check is on screen: its column follows the decision. */
  observed: boolean;
  /** The grid's tab stop, when it is in the header row. */
  activeCol: number | undefined;
  onCellFocus: (row: number, col: number) => void;
}) {
  const active = { row: activeCol === undefined ? -1 : 0, col: activeCol ?? -1 };
  const cellProps: CellProps = (row, col) => focusProps(row, col, active, onCellFocus);
  return (
    <thead className="stacked:sr-only">
      <tr role="row" aria-rowindex={1} className="border-b border-slate-300 text-left align-bottom text-xs text-slate-700">
        <th role="columnheader" scope="col" className="p-1 font-semibold outline-offset-[-3px] focus-visible:outline-3 focus-visible:outline-dashed" {...cellProps(0, 0)}>
          Task class
        </th>
        <th role="columnheader" scope="col" className="p-1 font-semibold outline-offset-[-3px] focus-visible:outline-3 focus-visible:outline-dashed" {...cellProps(0, 1)}>
          Decision
        </th>
        {observed && (
          <th role="columnheader" scope="col" data-testid="observed-header" className="p-1 font-semibold outline-offset-[-3px] focus-visible:outline-3 focus-visible:outline-dashed" {...cellProps(0, 2)}>
            Observed <span className="font-normal">(live agent)</span>
          </th>
        )}
        {invariants.map((meta, i) => (
          <ColumnHeader key={meta.id} meta={meta} alignRight={i >= invariants.length / 2} {...cellProps(0, i + (observed ? 3 : 2))} />
        ))}
      </tr>
    </thead>
  );
});

/** The legend never changes: one element, so the matrix's renders skip it. */
const Legend = memo(MatrixLegend);

function ColumnHeader({
  meta,
  alignRight,
  ...focus
}: { meta: InvariantMeta; alignRight: boolean } & ReturnType<CellProps>) {
  const tipId = useId();
  return (
    <th
      role="columnheader"
      scope="col"
      data-invariant-header={meta.id}
      aria-describedby={tipId}
      className="group relative px-0.5 py-1 text-center text-[10px] leading-tight font-medium tracking-tight outline-offset-[-3px] focus-visible:outline-3 focus-visible:outline-dashed compact:align-bottom"
      {...focus}
    >
      <span className="inline-block max-w-full overflow-hidden underline decoration-slate-500 decoration-dotted underline-offset-2 compact:max-h-32 compact:rotate-180 compact:text-left compact:whitespace-nowrap compact:[writing-mode:vertical-rl]">
        {meta.shortTitle}
      </span>
      <span
        id={tipId}
        role="tooltip"
        className={`pointer-events-none absolute top-full z-20 mt-1 hidden w-60 rounded bg-slate-900 p-2 text-left text-xs font-normal text-white shadow-lg group-hover:block group-focus-visible:block ${alignRight ? "right-0" : "left-0"}`}
      >
        <span className="block font-semibold">{meta.title}</span>
        {meta.description}
      </span>
    </th>
  );
}

const MatrixRow = memo(
  function MatrixRow({
    rowIndex,
    decision,
    title,
    invariants,
    invalid,
    live,
    acknowledgement,
    selectedInvariant,
    activeCol,
    onCellFocus,
    onSelect: onSelectCell,
  }: {
    rowIndex: number;
    decision: TaskClassDecision;
    /** fingerprintOf(decision): what the row shows, compared instead of the decision object. */
    fingerprint: string;
    title: string;
    invariants: readonly InvariantMeta[];
    invalid: boolean;
    /** After a live check: this row's observation (none: the check did not cover the class), and whether it is stale. */
    live: { observation: ClassObservation | undefined; stale: boolean } | undefined;
    /** observationKeyOf(live): compared instead of the observation object. */
    observationKey: string;
    /** What imported acknowledgements say of this row, if anything. */
    acknowledgement: ClassAcknowledgement | undefined;
    /** acknowledgementKeyOf(acknowledgement): compared instead of the entry object. */
    acknowledgementKey: string;
    /** The selected cell's invariant when the selection is in this row (DECISION_CELL: the decision). */
    selectedInvariant: string | undefined;
    /** The grid's tab stop, when it is in this row. */
    activeCol: number | undefined;
    onCellFocus: (row: number, col: number) => void;
    onSelect: (row: number, col: number) => void;
  }) {
  const active = { row: activeCol === undefined ? -1 : rowIndex, col: activeCol ?? -1 };
  const cellProps: CellProps = (row, col) => focusProps(row, col, active, onCellFocus);
  const onSelect = (col: number) => onSelectCell(rowIndex, col);
  const selection = selectedInvariant === undefined ? null : { invariant: selectedInvariant === DECISION_CELL ? undefined : selectedInvariant };
  const decisionSelected = selection !== null && selection.invariant === undefined;
  const first = live ? 3 : 2;
  // A fresh observation that contradicts the prediction changes what the row says (the prediction stays, struck).
  const overruled = live && !live.stale && live.observation?.agreement === "disagrees" ? live.observation.observed : undefined;
  return (
    <tr
      role="row"
      aria-rowindex={rowIndex + 1}
      data-task-class={decision.taskClass}
      className="border-b border-slate-200 align-top last:border-b-0 stacked:grid stacked:grid-cols-2 stacked:rounded-lg stacked:border stacked:border-slate-300 stacked:last:border-b"
    >
      <th
        role="rowheader"
        scope="row"
        className={`p-1.5 text-left text-xs font-semibold ${CELL}`}
        aria-selected={decisionSelected}
        onClick={() => onSelect(0)}
        {...cellProps(rowIndex, 0)}
      >
        {title}
        <span className="block font-mono text-[10px] font-normal text-slate-600">{decision.taskClass}</span>
      </th>
      <td
        role="gridcell"
        data-testid={`decision-${decision.taskClass}`}
        data-decision={decision.decision}
        data-outcome={outcomeOf(decision)}
        data-observed-outcome={overruled}
        aria-selected={decisionSelected}
        className={`p-1.5 ${CELL} stacked:text-right`}
        onClick={() => onSelect(1)}
        {...cellProps(rowIndex, 1)}
      >
        {overruled ? (
          <>
            <span className="sr-only">Predicted </span>
            <DecisionBadge decision={outcomeOf(decision)} struck />
            {/* What the live agent did wins over the prediction on this row, marked as observed. */}
            <span data-testid={`decision-observed-${decision.taskClass}`} className="mt-0.5 block text-[10px] font-semibold text-rose-900">
              observed: {OVERRULED_WORD[overruled]}, not as predicted
            </span>
          </>
        ) : (
          <DecisionBadge decision={outcomeOf(decision)} />
        )}
        {acknowledgement && <AcknowledgementMark taskClass={decision.taskClass} entry={acknowledgement} />}
        {decision.target === "card" && <span className="block text-[10px] text-slate-700">the card, not the server</span>}
        {decision.target === "client" && <span className="block text-[10px] text-slate-700">the client&rsquo;s own limits, not the card</span>}
      </td>
      {live && (
        <ObservedCell
          taskClass={decision.taskClass}
          observation={live.observation}
          stale={live.stale}
          selected={selection?.invariant === OBSERVED_CELL}
          onSelect={() => onSelect(2)}
          className={CELL}
          {...cellProps(rowIndex, 2)}
        />
      )}
      {invariants.map((meta, i) => (
        <FindingCell
          key={meta.id}
          meta={meta}
          finding={decision.findings.find((f) => f.invariant === meta.id)}
          invalid={invalid}
          acknowledged={acknowledgementOf(acknowledgement, meta.id)}
          selected={selection?.invariant === meta.id}
          onSelect={() => onSelect(i + first)}
          {...cellProps(rowIndex, i + first)}
        />
      ))}
    </tr>
  );
},
  (a, b) =>
    a.fingerprint === b.fingerprint &&
    a.rowIndex === b.rowIndex &&
    a.title === b.title &&
    a.invariants === b.invariants &&
    a.invalid === b.invalid &&
    (a.live === undefined) === (b.live === undefined) &&
    a.observationKey === b.observationKey &&
    a.acknowledgementKey === b.acknowledgementKey &&
    a.selectedInvariant === b.selectedInvariant &&
    a.activeCol === b.activeCol &&
    a.onCellFocus === b.onCellFocus &&
    a.onSelect === b.onSelect,
);

function FindingCell({
  meta,
  finding,
  invalid,
  acknowledged,
  selected,
  onSelect,
  ...focus
}: {
  meta: InvariantMeta;
  finding: Finding | undefined;
  invalid: boolean;
  /** An imported acknowledgement covers this finding ("in force") or did until it expired. */
  acknowledged: "in force" | "expired" | undefined;
  selected: boolean;
  onSelect: () => void;
} & ReturnType<CellProps>) {
  // An invalid card's findings read a card that matches no A2A shape: they do not count, and say so.
  const status = invalid || !finding ? "not-evaluated" : finding.status;
  const style = STATUS_STYLE[status];
  const cut = !invalid && finding?.status === "violated" && finding.cuts ? describeCut(finding.cuts) : undefined;
  const waitsFor = !invalid && finding?.status === "not-evaluated" && finding.missing && finding.missing.length > 0 ? describeMissing(finding.missing) : undefined;
  const found = invalid ? "invalid card" : (cut ?? waitsFor ?? (finding?.exception ? `exception: ${finding.exception}` : undefined));
  const ack = acknowledged === "in force" ? "acknowledged" : acknowledged === "expired" ? "acknowledgement expired" : undefined;
  const note = found && ack ? `${found}; ${ack}` : (found ?? ack);
  return (
    <td
      role="gridcell"
      data-invariant={meta.id}
      data-status={status}
      data-reason={invalid ? "invalid-card" : undefined}
      data-acknowledged={acknowledged}
      aria-selected={selected}
      title={`${meta.title}: ${style.label}${note ? ` (${note})` : ""}`}
      className={`px-0.5 py-1 text-center text-[11px] leading-tight ${CELL} ${style.className} stacked:grid stacked:grid-cols-[minmax(0,1fr)_auto] stacked:items-baseline stacked:gap-x-2 stacked:text-left`}
      onClick={onSelect}
      {...focus}
    >
      <span aria-hidden="true" className="hidden min-w-0 truncate font-medium text-slate-800 stacked:inline">
        {meta.shortTitle}
      </span>
      <span className="stacked:text-right">
        <span aria-hidden="true" className="block compact:text-sm stacked:inline">
          {style.symbol}{" "}
        </span>
        <span className="compact:sr-only">{style.label}</span>
        {note && <span className="sr-only stacked:hidden">, {note}</span>}
        {/* In words, not only a colour: the table's cells are narrow, so a short word (the whole note is read out and in the title). */}
        {ack && (
          <span aria-hidden="true" className="block text-[9px] font-semibold text-slate-800 italic stacked:hidden dark:text-slate-200">
            {acknowledged === "in force" ? "ack'd" : "ack expired"}
          </span>
        )}
      </span>
      {note && (
        <span aria-hidden="true" className="hidden text-[10px] font-normal text-slate-700 stacked:col-span-2 stacked:block">
          {note}
        </span>
      )}
    </td>
  );
}

function positionOf(selection: MatrixSelection | null, rows: readonly TaskClassDecision[], invariants: readonly InvariantMeta[], first: number): GridPosition | null {
  if (!selection) return null;
  const row = rows.findIndex((d) => d.taskClass === selection.taskClass);
  if (row < 0) return null;
  // The observed cell, while there is an observed column; without one, its row's decision.
  if (selection.live) return { row: row + 1, col: first === 3 ? 2 : 1 };
  if (selection.invariant === undefined) return { row: row + 1, col: 1 };
  const col = invariants.findIndex((m) => m.id === selection.invariant);
  return col < 0 ? { row: row + 1, col: 1 } : { row: row + 1, col: col + first };
}

/** Before the first measurement, the layout the CSS chose (the container query) decides. */
function layoutOf(grid: HTMLElement | null): GridLayout {
  if (!grid) return "table";
  return getComputedStyle(grid).getPropertyValue("--matrix-layout").trim() === "stacked" ? "stacked" : "table";
}

/** The row's word when the live agent did not do what was predicted. */
const OVERRULED_WORD: Record<ClassObservation["observed"], string> = {
  completed: "completed",
  "completed-fallback": "completed by a fallback",
  failed: "failed",
  hung: "hung",
  skipped: "not sent",
};

/** What a class's acknowledgements say, compared instead of the entry object. */
function acknowledgementKeyOf(entry: ClassAcknowledgement | undefined): string {
  if (!entry) return "";
  const rules = (list: ClassAcknowledgement["applied"]) => list.map((a) => a.invariant).join(",");
  return `${entry.acknowledged}|${rules(entry.applied)}|${rules(entry.expired)}`;
}

/** Whether an acknowledgement covers a rule's finding in this row, in force or expired. */
function acknowledgementOf(entry: ClassAcknowledgement | undefined, invariant: string): "in force" | "expired" | undefined {
  if (!entry) return undefined;
  if (entry.applied.some((a) => a.invariant === invariant)) return "in force";
  if (entry.expired.some((a) => a.invariant === invariant)) return "expired";
  return undefined;
}

/**
 * Under the decision (which stays as it is): "acknowledged" when every finding behind it is, else
 * which part is, and an expired acknowledgement said as expired.
 */
function AcknowledgementMark({ taskClass, entry }: { taskClass: string; entry: ClassAcknowledgement }) {
  const words = entry.acknowledged ? "acknowledged" : entry.applied.length > 0 ? "partly acknowledged" : undefined;
  return (
    <span data-testid={`acknowledged-${taskClass}`} data-acknowledged={entry.acknowledged ? "true" : "false"} className="mt-0.5 block text-[10px] font-semibold text-slate-800 dark:text-slate-200">
      {words && <span className="block">{words}</span>}
      {entry.expired.length > 0 && <span className="block text-amber-900 dark:text-amber-200">acknowledgement expired</span>}
    </span>
  );
}
