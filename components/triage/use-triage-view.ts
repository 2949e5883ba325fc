"use client";

import { useDeferredValue, useMemo, useState } from "react";
import { BUILT_IN_TASK_CLASSES, BUILT_IN_TASK_CLASS_IDS } from "@/lib/negotiation/task-classes";
import { profileLabels, type TriageInputs } from "@/lib/triage/inputs";
import type { TriageFilter } from "@/lib/triage/triage";
import { buildTriageView, type TriageSort } from "@/lib/triage/view";
import type { TriageResults } from "./results-store";
import type { GridTaskClass } from "./triage-grid";

/**
 * What the grid shows: the filter and sort the user set, and one view built from the inputs and
 * the results so far, which the grid, the toolbar and the exports all read. The filter is
 * deferred, so typing in it stays urgent on a large triage.
 */
export function useTriageView(inputs: TriageInputs, snapshot: ReturnType<TriageResults["getSnapshot"]>) {
  const [filter, setFilter] = useState<TriageFilter>({});
  const [sort, setSort] = useState<TriageSort>("added");
  const deferredFilter = useDeferredValue(filter);
  const view = useMemo(
    () => buildTriageView({ cards: inputs.cards, profiles: inputs.profiles, cells: snapshot.cells, filter: deferredFilter, sort }),
    // `snapshot` is new whenever its cells changed (the map itself is updated in place).
    [inputs, deferredFilter, sort, snapshot],
  );
  const labels = useMemo(() => profileLabels(inputs.profiles), [inputs.profiles]);
  const taskClasses = useMemo<GridTaskClass[]>(
    () =>
      (inputs.taskClasses ?? BUILT_IN_TASK_CLASS_IDS).map((t) =>
        typeof t === "string" ? { id: t, title: BUILT_IN_TASK_CLASSES.find((b) => b.id === t)?.title ?? t } : { id: t.id, title: t.title },
      ),
    [inputs.taskClasses],
  );

  return { filter, setFilter, sort, setSort, view, labels, taskClasses };
}
