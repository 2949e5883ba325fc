"use client";

import { memo, useId, useRef, useState, useSyncExternalStore } from "react";
import { CollapsibleSection } from "@/components/ui/collapsible-section";
import { BUILT_IN_TASK_CLASSES, type TaskClass } from "@/lib/negotiation";
import { TaskClassEditor } from "./task-class-editor";
import {
  forgetTaskClassForm,
  readKeptTaskClassForm,
  readKeptTaskClassFormOnServer,
  subscribeKeptTaskClassForm,
} from "./task-class-form-store";
import { deleteSavedTaskClass, getSavedTaskClasses, getServerSavedTaskClasses, saveTaskClass, subscribeSavedTaskClasses } from "./saved-task-classes";
import { aimAll, commonSkill, includeClass, isBuiltIn, type SkillChoice } from "./task-class-selection";
import { describeTaskClass } from "./describe-task-class";
import { MAX_TASK_CLASS_FILE_BYTES, readTaskClassesFile, taskClassesFileText } from "./task-class-files";
import { downloadText } from "@/components/ui/download";
import { JsonFilePicker } from "@/components/ui/json-file-picker";

/** How many of a search's matches the picker offers at once. */
const MAX_MATCHES = 50;

/**
 * Which task classes the review decides: the built-in ones (each can be left out), the user's own
 * (made here, kept in this browser, carried in review links), and the skill they are aimed at.
 */
export const TaskClassPanel = memo(function TaskClassPanel({
  classes,
  onChange,
  skills,
  skillTotal = skills.length,
  searchSkills,
  open,
  onToggle,
}: {
  classes: readonly TaskClass[];
  onChange: (classes: TaskClass[]) => void;
  /** The card's skills (with an id): the picker offers them. */
  skills: readonly SkillChoice[];
  /** How many skills with an id the card lists: more than `skills` holds when the list is capped. */
  skillTotal?: number;
  /** The card's skills whose id or name contains the text (at most `limit`), over every skill. */
  searchSkills?: (text: string, limit: number) => SkillChoice[];
  open: boolean | undefined;
  onToggle: (open: boolean) => void;
}) {
  const saved = useSyncExternalStore(subscribeSavedTaskClasses, getSavedTaskClasses, getServerSavedTaskClasses);
  // A form left unfinished before a reload opens again as it was, until it is saved or cancelled.
  const kept = useSyncExternalStore(subscribeKeptTaskClassForm, readKeptTaskClassForm, readKeptTaskClassFormOnServer);
  const [chosenEditing, setEditing] = useState<{ id: string | null } | null>(null);
  const [keptSettled, setKeptSettled] = useState(false);
  const restoring = chosenEditing === null && !keptSettled && kept !== null;
  const editing = restoring ? { id: kept.editingId } : chosenEditing;
  const [status, setStatus] = useState("");
  // User classes left out of the review that this browser does not keep: still listed, to take back.
  const [setAside, setSetAside] = useState<TaskClass[]>([]);
  const skillId = useId();
  const [skillQuery, setSkillQuery] = useState("");
  const capped = skillTotal > skills.length && searchSkills !== undefined;
  const query = capped ? skillQuery.trim() : "";
  const offered = query === "" || !searchSkills ? skills : searchSkills(query, MAX_MATCHES);
  const common = commonSkill(classes);
  const userClasses = classes.filter((t) => !isBuiltIn(t.id));
  const offSaved = saved.filter((t) => !classes.some((c) => c.id === t.id));
  const offHere = setAside.filter((t) => !classes.some((c) => c.id === t.id) && !saved.some((s) => s.id === t.id));
  const summary = `${classes.length} decided${common ? `, aimed at ${common}` : ""}`;

  const setIncluded = (taskClass: TaskClass, on: boolean) => {
    if (on) {
      // A class joining the review is aimed like the others when they share a skill.
      const aimed = common ? { ...taskClass, skill: common } : taskClass;
      onChange(includeClass(classes, aimed));
    } else {
      onChange(classes.filter((t) => t.id !== taskClass.id));
      if (!isBuiltIn(taskClass.id)) setSetAside((list) => [...list.filter((t) => t.id !== taskClass.id), taskClass]);
    }
    setStatus(`${taskClass.title} ${on ? "is decided again" : "is left out of the review"}.`);
  };
  const onAim = (value: string) => {
    onChange(aimAll(classes, value === "" ? undefined : value));
    setStatus(value === "" ? "Task classes are aimed at no skill." : `Every task class is aimed at skill ${value}.`);
  };
  const newButtonRef = useRef<HTMLButtonElement>(null);
  // Closing the editor hands the keyboard back to the button that opens it, not to the page.
  const closeEditor = () => {
    setEditing(null);
    setKeptSettled(true);
    forgetTaskClassForm();
    requestAnimationFrame(() => newButtonRef.current?.focus());
  };
  const onSave = (taskClass: TaskClass, keep: boolean) => {
    const at = editing?.id ? classes.findIndex((t) => t.id === editing.id) : -1;
    onChange(at === -1 ? [...classes, taskClass] : classes.map((t, i) => (i === at ? taskClass : t)));
    let kept = true;
    if (keep) kept = saveTaskClass(taskClass);
    if (editing?.id && editing.id !== taskClass.id && saved.some((t) => t.id === editing.id)) deleteSavedTaskClass(editing.id);
    closeEditor();
    setStatus(
      `${taskClass.title} ${at === -1 ? "is added to the review" : "is changed"}${keep ? (kept ? " and kept in this browser" : "; this browser would not keep it (storage full or off)") : ""}.`,
    );
  };
  const skillOnCard = common === undefined || common === "" || skills.some((s) => s.id === common);
  const editingClass = editing?.id ? classes.find((t) => t.id === editing.id) : undefined;

  return (
    <CollapsibleSection title="Task classes" id="task-classes-heading" open={open} onToggle={onToggle} summary={summary}>
      <div className="flex flex-col gap-3" data-testid="task-class-panel">
        <div className="flex flex-col gap-1">
          <label htmlFor={skillId} className="text-sm font-medium">
            Aim the task classes at a skill
          </label>
          {capped && (
            <div className="flex flex-col gap-0.5">
              <label htmlFor={`${skillId}-search`} className="text-xs text-slate-700">
                This card lists {skillTotal.toLocaleString("en-US")} skills; the list below holds the first {skills.length}. Search them all by id or name:
              </label>
              <input
                id={`${skillId}-search`}
                type="search"
                data-testid="skill-search"
                className="rounded border border-slate-300 px-2 py-1 text-sm"
                value={skillQuery}
                onChange={(event) => setSkillQuery(event.target.value)}
              />
              {query !== "" && (
                <p role="status" className="text-xs text-slate-600" data-testid="skill-search-status">
                  {offered.length === 0
                    ? `No skill's id or name contains "${query}".`
                    : offered.length >= MAX_MATCHES
                      ? `The first ${MAX_MATCHES} skills that match "${query}" are in the list: type more to narrow it.`
                      : `${offered.length} skill${offered.length === 1 ? "" : "s"} match "${query}": pick one in the list.`}
                </p>
              )}
            </div>
          )}
          <select
            id={skillId}
            data-testid="skill-picker"
            className="rounded border border-slate-300 px-2 py-1 text-sm"
            value={common ?? "\u0000mixed"}
            aria-describedby={`${skillId}-hint`}
            onChange={(event) => onAim(event.target.value)}
          >
            <option value="">Any skill (the card&apos;s defaults and every skill)</option>
            {offered.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name && s.name !== s.id ? `${s.id} — ${s.name}` : s.id}
              </option>
            ))}
            {!skillOnCard && common && !offered.some((s) => s.id === common) && (
              <option value={common}>{capped ? common : `${common} (not on this card)`}</option>
            )}
            {common === undefined && (
              <option value={"\u0000mixed"} disabled>
                Several skills (set per task class)
              </option>
            )}
          </select>
          <p id={`${skillId}-hint`} className="text-xs text-slate-500">
            {skills.length === 0
              ? "The card lists no skills with an id: its default modes and security apply."
              : "A skill's own input and output modes and security replace the card's defaults for tasks aimed at it."}
          </p>
        </div>

        <fieldset className="flex flex-col gap-1">
          <legend className="text-sm font-medium">Decided by this review</legend>
          <ul className="flex flex-col gap-1">
            {BUILT_IN_TASK_CLASSES.map((builtIn) => {
              const current = classes.find((t) => t.id === builtIn.id);
              return (
                <ClassRow
                  key={builtIn.id}
                  taskClass={current ?? builtIn}
                  included={current !== undefined}
                  last={current !== undefined && classes.length === 1}
                  onInclude={(on) => setIncluded(current ?? builtIn, on)}
                />
              );
            })}
            {userClasses.map((t) => (
              <ClassRow
                key={t.id}
                taskClass={t}
                included
                last={classes.length === 1}
                onInclude={(on) => setIncluded(t, on)}
                onEdit={() => {
                  setKeptSettled(true);
                  setEditing({ id: t.id });
                }}
                savedHere={saved.some((s) => s.id === t.id)}
              />
            ))}
            {offHere.map((t) => (
              <ClassRow key={t.id} taskClass={t} included={false} last={false} onInclude={(on) => setIncluded(t, on)} />
            ))}
            {offSaved.map((t) => (
              <ClassRow
                key={t.id}
                taskClass={t}
                included={false}
                last={false}
                onInclude={(on) => setIncluded(t, on)}
                savedHere
                onForget={() => {
                  deleteSavedTaskClass(t.id);
                  setStatus(`${t.title} is no longer kept in this browser.`);
                }}
              />
            ))}
          </ul>
        </fieldset>

        {editing ? (
          <TaskClassEditor
            key={editing.id ?? "new"}
            initial={editingClass}
            others={[...classes, ...offSaved, ...offHere].filter((t) => t.id !== editing.id)}
            skills={skills}
            keptHere={editingClass ? saved.some((s) => s.id === editingClass.id) : true}
            restored={restoring ? kept : undefined}
            onSave={onSave}
            onCancel={closeEditor}
          />
        ) : (
          <button
            ref={newButtonRef}
            type="button"
            data-testid="new-task-class"
            className="self-start rounded border border-slate-300 px-2 py-1 text-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-sky-600"
            onClick={() => {
              setKeptSettled(true);
              setEditing({ id: null });
            }}
          >
            New task class…
          </button>
        )}
        <ClassFiles saved={saved} onStatus={setStatus} />
        <p role="status" className="text-xs text-slate-600" data-testid="task-class-status">
          {status}
        </p>
      </div>
    </CollapsibleSection>
  );
});

/**
 * The kept classes as a file (the format of the CLI's --task-class-file), and classes read from
 * one: a teammate's, or the file a CI job uses. Imported classes are kept and offered unticked.
 */
function ClassFiles({ saved, onStatus }: { saved: readonly TaskClass[]; onStatus: (text: string) => void }) {
  const importFile = async (file: File) => {
    if (file.size > MAX_TASK_CLASS_FILE_BYTES) {
      onStatus(`${file.name} is ${Math.round(file.size / 1024)} KB; a task classes file is at most 1 MB. Nothing was imported.`);
      return;
    }
    const reading = readTaskClassesFile(await file.text());
    const parts: string[] = [];
    const kept: string[] = [];
    const replaced: string[] = [];
    for (const taskClass of reading.classes) {
      const had = saved.some((t) => t.id === taskClass.id);
      if (!saveTaskClass(taskClass)) {
        parts.push(`This browser would not keep ${taskClass.title} (storage full or off).`);
        continue;
      }
      (had ? replaced : kept).push(taskClass.id);
    }
    if (kept.length + replaced.length > 0) {
      parts.unshift(
        `Imported from ${file.name}: ${[...kept, ...replaced.map((id) => `${id} (replacing the kept one)`)].join(", ")}. Tick a class to decide it.`,
      );
    }
    for (const p of reading.problems) parts.push(p.entry === 0 ? `${file.name}: ${p.message}` : `Entry ${p.entry} was not imported: ${p.message}`);
    onStatus(parts.join(" "));
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <button
        type="button"
        className="rounded border border-slate-300 px-2 py-0.5 text-xs hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-sky-600 disabled:opacity-50"
        disabled={saved.length === 0}
        title={saved.length === 0 ? "No task class of your own is kept in this browser yet." : undefined}
        onClick={() => {
          downloadText("task-classes.parley-task-classes.json", taskClassesFileText(saved), "application/json");
          onStatus(`Exported ${saved.length} kept task class${saved.length === 1 ? "" : "es"}: the file works as the CLI's --task-class-file.`);
        }}
      >
        Export kept classes
      </button>
      <JsonFilePicker label="Import classes from a file…" className="rounded border border-slate-300 px-2 py-0.5 text-xs hover:bg-slate-100" onFile={(file) => void importFile(file)} />
    </div>
  );
}

function ClassRow({
  taskClass,
  included,
  last,
  onInclude,
  onEdit,
  onForget,
  savedHere,
}: {
  taskClass: TaskClass;
  included: boolean;
  /** The only class left: the review needs one, so it cannot be left out. */
  last: boolean;
  onInclude: (on: boolean) => void;
  onEdit?: () => void;
  onForget?: () => void;
  savedHere?: boolean;
}) {
  const id = useId();
  return (
    <li className="flex items-start gap-2 text-sm" data-task-class={taskClass.id}>
      <input
        id={id}
        type="checkbox"
        className="mt-1"
        checked={included}
        disabled={last}
        aria-describedby={`${id}-about`}
        onChange={(event) => onInclude(event.target.checked)}
      />
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="font-medium">
          {taskClass.title} <code className="text-xs font-normal text-slate-600">{taskClass.id}</code>
        </label>
        <p id={`${id}-about`} className="text-xs text-slate-600">
          {describeTaskClass(taskClass)}
          {last && " The review needs at least one task class."}
          {savedHere && " Kept in this browser."}
        </p>
      </div>
      {onEdit && (
        <button type="button" className="rounded border border-slate-300 px-1.5 text-xs hover:bg-slate-100" onClick={onEdit} aria-label={`Edit ${taskClass.title}`}>
          Edit
        </button>
      )}
      {onForget && (
        <button type="button" className="rounded border border-slate-300 px-1.5 text-xs hover:bg-slate-100" onClick={onForget} aria-label={`Forget ${taskClass.title} in this browser`}>
          Forget
        </button>
      )}
    </li>
  );
}
