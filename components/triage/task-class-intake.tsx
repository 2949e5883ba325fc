"use client";

import { memo, useSyncExternalStore } from "react";
import { BUILT_IN_TASK_CLASSES, type TaskClass } from "@/lib/negotiation";
import { describeTaskClass } from "@/components/task-classes/describe-task-class";
import { getSavedTaskClasses, getServerSavedTaskClasses, subscribeSavedTaskClasses } from "@/components/task-classes/saved-task-classes";
import { classesOf, includeClass, sameClass, selectionOf } from "@/components/task-classes/task-class-selection";
import type { TaskClassSelection } from "@/components/session/workspace-review";
import { HINT, LABEL } from "@/components/ui/form-styles";

interface TaskClassIntakeProps {
  /** The triage's task classes; undefined: the five built-in ones. */
  selection: TaskClassSelection | undefined;
  onChange: (next: TaskClassSelection | undefined) => void;
}

/**
 * Which task classes every pair is decided for: the built-in ones, the triage's own (from a review
 * link or a triage file), and the classes this browser keeps from the workspace's editor. A change
 * reviews every pair again.
 */
export const TaskClassIntake = memo(function TaskClassIntake({ selection, onChange }: TaskClassIntakeProps) {
  const saved = useSyncExternalStore(subscribeSavedTaskClasses, getSavedTaskClasses, getServerSavedTaskClasses);
  const classes = classesOf(selection);
  const builtInIds = new Set(BUILT_IN_TASK_CLASSES.map((t) => t.id));
  // A class kept in this browser stays in its list, ticked or not; the triage's own are the others
  // (from a link or a file). One the triage holds under a kept class's id, but changed, is the triage's.
  const own = classes.filter((t) => !builtInIds.has(t.id) && !saved.some((s) => sameClass(s, t)));
  const offered = saved.filter((t) => !own.some((o) => o.id === t.id));

  const toggle = (taskClass: TaskClass, on: boolean) => {
    const next = on ? includeClass(classes, taskClass) : classes.filter((t) => t.id !== taskClass.id);
    if (next.length > 0) onChange(selectionOf(next));
  };
  const row = (taskClass: TaskClass, note?: string) => {
    const included = classes.some((t) => t.id === taskClass.id);
    const last = included && classes.length === 1;
    return (
      <li key={taskClass.id} data-task-class={taskClass.id}>
        <label className="flex items-start gap-1.5 text-sm">
          <input type="checkbox" className="mt-1" checked={included} disabled={last} onChange={(event) => toggle(taskClass, event.target.checked)} />
          <span>
            {taskClass.title}
            <span className={`block ${HINT}`}>
              {describeTaskClass(taskClass)}
              {note}
              {last && " Every pair needs at least one task class."}
            </span>
          </span>
        </label>
      </li>
    );
  };

  return (
    <div className="flex flex-col gap-3" data-testid="triage-task-classes">
      <fieldset>
        <legend className={LABEL}>Built in</legend>
        <ul className="mt-1 flex flex-col gap-1">{BUILT_IN_TASK_CLASSES.map((t) => row(classes.find((c) => c.id === t.id) ?? t))}</ul>
      </fieldset>
      {own.length > 0 && (
        <fieldset>
          <legend className={LABEL}>This triage&apos;s own</legend>
          <ul className="mt-1 flex flex-col gap-1">
            {own.map((t) => {
              const keptCopy = saved.find((s) => s.id === t.id);
              return row(t, keptCopy && !sameClass(keptCopy, t) ? " (differs from the class of this id kept in this browser)" : undefined);
            })}
          </ul>
        </fieldset>
      )}
      {offered.length > 0 ? (
        <fieldset data-testid="triage-saved-task-classes">
          <legend className={LABEL}>Kept in this browser</legend>
          <ul className="mt-1 flex flex-col gap-1">{offered.map((t) => row(t))}</ul>
        </fieldset>
      ) : (
        <p className={HINT}>No task classes of your own kept in this browser (make one in the workspace&apos;s Task classes section).</p>
      )}
    </div>
  );
});
