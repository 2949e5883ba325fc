"use client";

import { memo, useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { DecisionBadge } from "@/components/ui/decision-badge";
import { DECISION_STYLE } from "@/components/ui/decision-style";
import { describeProblem, type Outcome, OUTCOME_LABELS, worstOutcome } from "@/lib/negotiation";
import { cellOutcome, type TriageCell, type TriageProfile } from "@/lib/triage/triage";
import { cellKey, type OutcomeCounts, type TriageView, type TriageViewRow } from "@/lib/triage/view";
import { moveInGrid, scrollToRow, visibleRange, type GridPosition } from "./grid-keys";
import { paceRows, rowsPerFrame, sameDrawing, type RowResults } from "./row-pacing";

export interface GridTaskClass {
  id: string;
  title: string;
}

interface TriageGridProps {
  view: TriageView;
  profiles: readonly TriageProfile[];
  labels: ReadonlyMap<string, string>;
  taskClasses: readonly GridTaskClass[];
  /** Pairs whose review failed, by cell key, with why. */
  failures: ReadonlyMap<string, string>;
  onOpen: (row: TriageViewRow, profileIndex: number) => void;
}

/** Every row is this tall, so the grid can render only the rows in view (500 cards stay light). */
const ROW_HEIGHT = 40;
const OVERSCAN = 4;
/** Rows added per frame when the grid first fills: the first frame stays short whatever the screen holds. */
const ROWS_PER_FRAME = 10;
/** Column widths in rem: fixed, so a cell that changes never makes the table measure every row again. */
const CARD_REM = 14;
const WORST_REM = 8.5;
const PROFILE_REM = 7.5;
const FIRST_PROFILE_COL = 2;

/**
 * Cards × profiles. Each cell shows the decision of every task class as a symbol on its colour (the
 * workspace's vocabulary), in the legend's order; the row's and the column's worst are summarised.
 * One tab stop: arrows, Home/End and Page Up/Down move between cells, Enter opens the pair's review
 * in the workspace in a new tab (so does a click). Screen readers read each cell as words.
 */
export function TriageGrid({ view, profiles, labels, taskClasses, failures, onOpen }: TriageGridProps) {
  const hintId = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  const headRef = useRef<HTMLTableSectionElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewHeight, setViewHeight] = useState(600);
  const [active, setActive] = useState<GridPosition>({ row: 0, col: FIRST_PROFILE_COL });
  const wantFocus = useRef(false);
  const rowCount = view.rows.length;
  const colCount = profiles.length + FIRST_PROFILE_COL;
  const at = { row: Math.min(active.row, Math.max(0, rowCount - 1)), col: Math.min(active.col, colCount - 1) };

  useEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    // The observer reports the first size once the grid is laid out: reading clientHeight here
    // would lay out the whole page inside the task that mounts the grid.
    const observer = new ResizeObserver(() => setViewHeight(element.clientHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const { start, end: windowEnd } = visibleRange(scrollTop, viewHeight, ROW_HEIGHT, rowCount, OVERSCAN);
  const [mounted, setMounted] = useState(ROWS_PER_FRAME);
  const windowSize = windowEnd - start;
  useEffect(() => {
    if (mounted >= windowSize) return;
    const frame = requestAnimationFrame(() => setMounted((n) => n + ROWS_PER_FRAME));
    return () => cancelAnimationFrame(frame);
  }, [mounted, windowSize]);
  const end = Math.min(windowEnd, start + mounted);
  // The tab stop is the active cell when it is rendered, else the same column in the first row rendered.
  const tabRow = at.row >= start && at.row < end ? at.row : start;

  useEffect(() => {
    if (!wantFocus.current) return;
    const cell = scrollRef.current?.querySelector<HTMLElement>(`[data-row="${at.row}"][data-col="${at.col}"]`);
    if (cell) {
      wantFocus.current = false;
      cell.focus({ preventScroll: true });
    }
  });

  const moveTo = useCallback(
    (next: GridPosition) => {
      const element = scrollRef.current;
      if (element) {
        const headerHeight = headRef.current?.offsetHeight ?? 0;
        const target = scrollToRow(next.row, element.scrollTop, element.clientHeight, ROW_HEIGHT, headerHeight);
        if (target !== undefined) {
          element.scrollTop = target;
          setScrollTop(target);
        }
      }
      wantFocus.current = true;
      setActive(next);
    },
    [],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const target = (event.target as HTMLElement).closest<HTMLElement>("[data-row]");
    if (!target) return;
    const from = { row: Number(target.dataset.row), col: Number(target.dataset.col) };
    if ((event.key === "Enter" || event.key === " ") && from.col >= FIRST_PROFILE_COL) {
      event.preventDefault();
      const row = view.rows[from.row];
      if (row) onOpen(row, from.col - FIRST_PROFILE_COL);
      return;
    }
    const page = Math.max(1, Math.floor((viewHeight - (headRef.current?.offsetHeight ?? 0)) / ROW_HEIGHT) - 1);
    const next = moveInGrid(from, event.key, { rows: rowCount, cols: colCount, page, ctrl: event.ctrlKey || event.metaKey });
    if (!next) return;
    event.preventDefault();
    moveTo(next);
  };

  const rows = view.rows.slice(start, end);
  // Rows whose results changed take them up a few a frame (see row-pacing.ts): what the rendered
  // rows show becomes what they have drawn at the next frame, and the rows still behind move on.
  const [drawn, setDrawn] = useState<ReadonlyMap<string, RowResults<TriageCell, RowExtra>>>(() => new Map());
  const { shown } = paceRows(
    rows.map((row) => ({ key: row.card.id, results: { cells: row.cells, extra: { worst: row.worst, valid: row.valid, problems: row.problems } } })),
    drawn,
    rowsPerFrame(profiles.length),
  );
  useEffect(() => {
    const next = new Map(rows.map((row, i) => [row.card.id, shown[i]!]));
    if (sameDrawing(next, drawn, sameExtra)) return;
    const frame = requestAnimationFrame(() => setDrawn(next));
    return () => cancelAnimationFrame(frame);
  });
  return (
    <div>
      <p id={hintId} className="mb-1 text-xs text-slate-600">
        Arrow keys move between cells; Enter (or a click) opens the pair&apos;s full review in the workspace, in a new tab.
      </p>
      <div
        ref={scrollRef}
        data-testid="triage-grid-scroll"
        className="max-h-[70vh] overflow-auto rounded-md border border-slate-200 bg-white [contain:content]"
        onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
      >
        <table
          role="grid"
          aria-label="Triage: cards down, client profiles across"
          aria-describedby={hintId}
          aria-rowcount={rowCount + 2}
          aria-colcount={colCount}
          data-testid="triage-grid"
          data-rows={rowCount}
          className="table-fixed border-separate border-spacing-0 text-sm"
          // The whole width the page gives: what the fixed columns leave goes to the card's names.
          style={{ width: "100%", minWidth: `${CARD_REM + WORST_REM + PROFILE_REM * profiles.length}rem` }}
          onKeyDown={onKeyDown}
          onFocus={(event) => {
            const cell = (event.target as HTMLElement).closest<HTMLElement>("[data-row]");
            if (cell) setActive({ row: Number(cell.dataset.row), col: Number(cell.dataset.col) });
          }}
          onClick={(event) => {
            const cell = (event.target as HTMLElement).closest<HTMLElement>("[data-row]");
            const col = Number(cell?.dataset.col);
            const row = view.rows[Number(cell?.dataset.row)];
            if (row && col >= FIRST_PROFILE_COL) onOpen(row, col - FIRST_PROFILE_COL);
          }}
        >
          <thead ref={headRef} className="sticky top-0 z-20 bg-white">
            <tr aria-rowindex={1}>
              <th scope="col" className={`${STICKY_COL} z-30 ${HEAD} text-left`}>
                Card
              </th>
              <th scope="col" className={`${HEAD} text-left`} style={{ width: `${WORST_REM}rem` }}>
                Worst
              </th>
              {profiles.map((profile) => {
                const label = labels.get(profile.id) ?? profile.profile.name;
                return (
                  <th key={profile.id} scope="col" title={label} className={`${HEAD} text-left`} style={{ width: `${PROFILE_REM}rem` }} data-testid="triage-profile-heading">
                    <span className="line-clamp-3 break-words">{label}</span>
                  </th>
                );
              })}
            </tr>
            <tr aria-rowindex={2}>
              <th scope="row" className={`${STICKY_COL} z-30 ${SUMMARY} text-left font-medium text-slate-700`}>
                Cards per worst decision <span className="font-normal text-slate-500">(every card)</span>
              </th>
              <td className={SUMMARY}>
                <WorstBadge decision={worstOfAll(view.columnWorst)} />
              </td>
              {view.columnWorst.map((decision, i) => (
                <td key={profiles[i]!.id} className={SUMMARY} data-testid="triage-column-worst" data-worst={decision ?? ""}>
                  <OutcomeCountList counts={view.columnCounts[i] ?? {}} />
                </td>
              ))}
            </tr>
          </thead>
          <tbody>
            {start > 0 && <tr aria-hidden="true" style={{ height: start * ROW_HEIGHT }} />}
            {rows.map((row, offset) => {
              const index = start + offset;
              const tab = (col: number) => (index === tabRow && col === at.col ? 0 : -1);
              const { cells, extra } = shown[offset]!;
              return (
                <tr key={row.card.id} aria-rowindex={index + 3} data-testid="triage-row" data-card={row.card.label} style={{ height: ROW_HEIGHT }}>
                  <th
                    scope="row"
                    role="rowheader"
                    tabIndex={tab(0)}
                    data-row={index}
                    data-col={0}
                    title={row.card.source && row.card.source !== row.card.label ? `${row.card.label}\n${row.card.source}` : row.card.label}
                    className={`${STICKY_COL} z-10 ${CELL} overflow-hidden bg-white text-left font-normal`}
                  >
                    <CardHeading label={row.card.label} valid={extra.valid} problems={extra.problems} />
                  </th>
                  <td role="gridcell" tabIndex={tab(1)} data-row={index} data-col={1} className={`${CELL} overflow-hidden`} data-testid="triage-row-worst" data-worst={extra.worst ?? ""}>
                    <WorstBadge decision={extra.worst} />
                  </td>
                  {cells.map((cell, i) => (
                    <PairCell
                      key={profiles[i]!.id}
                      cell={cell}
                      matches={row.matches[i] ?? false}
                      filtered={view.filtered}
                      failure={failures.get(cellKey(row.card.id, profiles[i]!.id))}
                      taskClasses={taskClasses}
                      profileLabel={labels.get(profiles[i]!.id) ?? ""}
                      tabIndex={tab(i + FIRST_PROFILE_COL)}
                      row={index}
                      col={i + FIRST_PROFILE_COL}
                    />
                  ))}
                </tr>
              );
            })}
            {end < rowCount && <tr aria-hidden="true" style={{ height: (rowCount - end) * ROW_HEIGHT }} />}
          </tbody>
        </table>
        {rowCount === 0 && (
          <p className="p-4 text-sm text-slate-600" data-testid="triage-empty">
            {view.filtered ? "No card matches the filter." : "No cards yet."}
          </p>
        )}
      </div>
    </div>
  );
}

const HEAD = "border-b border-slate-200 px-2 py-1.5 align-bottom text-xs font-semibold text-slate-700";
const SUMMARY = "border-b-2 border-slate-300 bg-slate-50 px-2 py-1 text-xs";
const CELL =
  "border-b border-slate-100 px-1.5 py-1 align-middle whitespace-nowrap focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-sky-600";
const STICKY_COL = "sticky left-0 border-r border-slate-200";

function worstOfAll(decisions: ReadonlyArray<Outcome | undefined>): Outcome | undefined {
  return worstOutcome(decisions.filter((d): d is Outcome => d !== undefined));
}

/** What a row shows beside its cells from the same results. */
interface RowExtra {
  worst: Outcome | undefined;
  valid: boolean | undefined;
  problems: TriageViewRow["problems"];
}

function sameExtra(a: RowExtra, b: RowExtra): boolean {
  return a.worst === b.worst && a.valid === b.valid && a.problems === b.problems;
}

function CardHeading({ label, valid, problems }: { label: string; valid: boolean | undefined; problems: TriageViewRow["problems"] }) {
  const problem = problems?.[0];
  return (
    <span className="flex min-w-0 items-center gap-1.5">
      <span className="min-w-0 truncate">{label}</span>
      {valid === false && (
        <span
          className="shrink-0 rounded bg-rose-100 px-1 text-[11px] font-semibold text-rose-900 ring-1 ring-rose-600 ring-inset"
          title={problem ? describeProblem(problem) : undefined}
          data-testid="triage-invalid"
        >
          invalid
          {problem && <span className="sr-only">: {describeProblem(problem)}</span>}
        </span>
      )}
    </span>
  );
}

export function WorstBadge({ decision }: { decision: Outcome | undefined }): ReactNode {
  if (!decision) return <span className="text-slate-500">…<span className="sr-only"> not reviewed yet</span></span>;
  // Fits its fixed column: a long word ("accept-degraded", "not for this client") is cut with an
  // ellipsis (the whole word in its title and in the cell's text), never drawn over the next column.
  return (
    <span className="block max-w-full truncate" title={DECISION_STYLE[decision].label}>
      <DecisionBadge decision={decision} compact />
    </span>
  );
}

/** Worst first, as the legend orders them: the outcomes a profile's pairs came to, each with how many. */
const COUNT_ORDER: readonly Outcome[] = ["reject", "escalate", "defer", "accept-degraded", "accept", "not-for-client"];

/**
 * A profile's header: how many cards come out at each worst decision ("✗ 3 ◐ 2 ✓ 9"), so a column
 * whose worst is reject still says whether that is one card or all of them.
 */
function OutcomeCountList({ counts }: { counts: OutcomeCounts }): ReactNode {
  const present = COUNT_ORDER.filter((o) => (counts[o] ?? 0) > 0);
  if (present.length === 0) return <span className="text-slate-500">…<span className="sr-only"> not reviewed yet</span></span>;
  return (
    <ul className="flex flex-wrap gap-0.5" data-testid="triage-column-counts">
      {present.map((o) => (
        <li key={o} data-outcome={o} data-count={counts[o]} title={`${counts[o]} ${counts[o] === 1 ? "card" : "cards"}: ${DECISION_STYLE[o].label}`} className={`rounded-sm px-1 text-[11px] font-semibold ring-1 ring-inset ${DECISION_STYLE[o].className}`}>
          <span aria-hidden="true">{DECISION_STYLE[o].symbol} </span>
          {counts[o]}
          <span className="sr-only"> {DECISION_STYLE[o].label}</span>
        </li>
      ))}
    </ul>
  );
}

/** Memoised: while a run streams results, only the cells whose result arrived render again. */
const PairCell = memo(function PairCell({
  cell,
  matches,
  filtered,
  failure,
  taskClasses,
  profileLabel,
  tabIndex,
  row,
  col,
}: {
  cell: TriageCell | undefined;
  matches: boolean;
  filtered: boolean;
  failure: string | undefined;
  taskClasses: readonly GridTaskClass[];
  profileLabel: string;
  tabIndex: number;
  row: number;
  col: number;
}) {
  const common = { role: "gridcell", tabIndex, "data-row": row, "data-col": col, "data-testid": "triage-cell", "data-profile": profileLabel };
  if (!cell) {
    return (
      <td {...common} data-state={failure ? "failed" : "pending"} className={`${CELL} cursor-pointer text-slate-500`}>
        {failure ? (
          <span className="text-rose-800" title={failure}>
            ! <span className="sr-only">could not be reviewed: {failure}</span>
          </span>
        ) : (
          <>
            <span aria-hidden="true">…</span>
            <span className="sr-only">not reviewed yet</span>
          </>
        )}
      </td>
    );
  }
  const words = taskClasses.map((t) => {
    const d = cell.decisions[t.id];
    return d ? `${t.id} ${OUTCOME_LABELS[cellOutcome(d)]}${d.rules.length > 0 && d.decision !== "accept" ? ` (${d.rules.join(", ")})` : ""}` : `${t.id} not decided`;
  });
  const dim = filtered && !matches;
  // The words go in the cell's name, not in hidden text: one element fewer per cell, in a grid
  // whose size is what a frame costs to lay out.
  const label = `${words.join("; ")}${dim ? " (does not match the filter)" : ""}`;
  return (
    <td
      {...common}
      aria-label={label}
      data-state="reviewed"
      data-worst={cell.worst}
      data-matches={matches ? "true" : "false"}
      data-decisions={taskClasses.map((t) => `${t.id}=${cell.decisions[t.id] ? cellOutcome(cell.decisions[t.id]!) : ""}`).join(";")}
      className={`${CELL} cursor-pointer hover:bg-slate-50 ${dim ? "opacity-30" : ""}`}
    >
      {taskClasses.map((t) => {
        const d = cell.decisions[t.id];
        if (!d) return <span key={t.id} aria-hidden="true" className={`${MINI} border-slate-300 text-slate-400`}>·</span>;
        const outcome = cellOutcome(d);
        const style = DECISION_STYLE[outcome];
        const rules = d.rules.length > 0 && d.decision !== "accept" ? ` (${d.rules.join(", ")})` : "";
        return (
          <span key={t.id} aria-hidden="true" className={`${MINI} ${style.className} ${MINI_BORDER[outcome]}`} title={`${t.title}: ${OUTCOME_LABELS[outcome]}${rules}`}>
            {style.symbol}
          </span>
        );
      })}
    </td>
  );
});

// A border, not a ring (a box shadow): the same line as the workspace's badges (decision-style.ts),
// cheaper to paint hundreds of times.
const MINI_BORDER: Record<Outcome, string> = {
  accept: "border-emerald-600",
  "accept-degraded": "border-amber-600",
  defer: "border-sky-600",
  escalate: "border-violet-600",
  reject: "border-rose-600",
  "not-for-client": "border-slate-500",
};
const MINI = "mr-0.5 inline-block h-5 w-5 rounded-sm border text-center align-middle text-[11px] leading-[18px] font-bold last:mr-0";
