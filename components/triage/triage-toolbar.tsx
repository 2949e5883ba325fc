"use client";

import { useId } from "react";
import { type Outcome, OUTCOME_LABELS, OUTCOMES } from "@/lib/negotiation";
import type { TriageFilter } from "@/lib/triage/triage";
import type { TriageSort, TriageView } from "@/lib/triage/view";
import { BUTTON, FIELD, LABEL } from "@/components/ui/form-styles";
import type { GridTaskClass } from "./triage-grid";
import { count, plural } from "@/components/ui/file-words";

const SORT_LABELS: Record<TriageSort, string> = { added: "order added", name: "card name", worst: "worst decision first" };

/** Search by card name, "pairs where <task class> is <decision>", invalid cards only, and the sort. */
export function TriageToolbar({
  filter,
  sort,
  view,
  cards,
  taskClasses,
  onFilter,
  onSort,
}: {
  filter: TriageFilter;
  sort: TriageSort;
  view: TriageView;
  cards: number;
  taskClasses: readonly GridTaskClass[];
  onFilter: (filter: TriageFilter) => void;
  onSort: (sort: TriageSort) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2" role="search" aria-label="Filter the triage">
      <div className="flex flex-wrap items-end gap-x-3 gap-y-2">
        <div className="flex flex-col">
          <label htmlFor={`${id}-search`} className={LABEL}>
            Search cards
          </label>
          <input
            id={`${id}-search`}
            type="search"
            value={filter.search ?? ""}
            onChange={(event) => onFilter({ ...filter, search: event.target.value })}
            placeholder="file name or card name"
            className={`${FIELD} w-48`}
          />
        </div>
        <div className="flex flex-col">
          <span className={LABEL} id={`${id}-where`}>
            Pairs where
          </span>
          <div className="flex items-center gap-1" role="group" aria-labelledby={`${id}-where`}>
            <select
              aria-label="Task class"
              value={filter.taskClass ?? ""}
              onChange={(event) => onFilter({ ...filter, taskClass: event.target.value || undefined })}
              className={`${FIELD} w-auto`}
            >
              <option value="">any task class</option>
              {taskClasses.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.id}
                </option>
              ))}
            </select>
            <span className="text-sm">is</span>
            <select
              aria-label="Decision"
              value={filter.decision ?? ""}
              onChange={(event) => onFilter({ ...filter, decision: (event.target.value || undefined) as Outcome | undefined })}
              className={`${FIELD} w-auto`}
            >
              <option value="">any decision</option>
              {/* Severity order, most severe first; not for this client (no fault of the card) last. */}
              {[...OUTCOMES].reverse().map((d) => (
                <option key={d} value={d}>
                  {OUTCOME_LABELS[d]}
                </option>
              ))}
            </select>
          </div>
        </div>
        <label className="flex items-center gap-1.5 pb-1 text-sm">
          <input type="checkbox" checked={filter.invalidOnly ?? false} onChange={(event) => onFilter({ ...filter, invalidOnly: event.target.checked || undefined })} />
          Invalid cards only
        </label>
        <div className="flex flex-col">
          <label htmlFor={`${id}-sort`} className={LABEL}>
            Sort by
          </label>
          <select id={`${id}-sort`} value={sort} onChange={(event) => onSort(event.target.value as TriageSort)} className={`${FIELD} w-auto`}>
            {(Object.keys(SORT_LABELS) as TriageSort[]).map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        {view.filtered && (
          <button type="button" className={BUTTON} onClick={() => onFilter({})}>
            Clear filter
          </button>
        )}
      </div>
      <p className="text-xs text-slate-700" role="status" aria-live="polite" data-testid="triage-counts">
        {view.filtered
          ? `${plural(view.rows.length, "card")} of ${count(cards)} shown; ${plural(view.matchingPairs, "pair")} match.`
          : `${plural(cards, "card")}.`}
        {filter.decision && !filter.taskClass ? ` (A pair matches when any task class is ${OUTCOME_LABELS[filter.decision]}.)` : ""}
        {filter.taskClass && !filter.decision ? " Choose a decision too, to filter by the task class." : ""}
      </p>
    </div>
  );
}
