"use client";

import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { ListField } from "@/components/profile-editor/list-field";
import type { TaskClass } from "@/lib/negotiation";
import { COMPLETION_CHOICES } from "./describe-task-class";
import { checkClass, idFromTitle, type ClassProblem, type SkillChoice } from "./task-class-selection";
import { keepTaskClassForm, type TaskClassFormFields } from "./task-class-form-store";

/** The form's fields; `idTouched`: the id follows the title until the user types one. */
type Draft = TaskClassFormFields;

function draftOf(t: TaskClass | undefined): Draft {
  return {
    title: t?.title ?? "",
    id: t?.id ?? "",
    idTouched: t !== undefined,
    description: t?.description ?? "",
    input: t?.input ?? "whole",
    inputModes: t?.inputModes,
    completion: t?.completion ?? "response",
    output: t?.output ?? "required",
    outputModes: t?.outputModes,
    skill: t?.skill ?? "",
  };
}

function candidateOf(d: Draft): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: d.id.trim(),
    title: d.title.trim(),
    description: d.description.trim(),
    input: d.input,
    completion: d.completion,
    output: d.output,
  };
  if (d.skill.trim() !== "") out.skill = d.skill.trim();
  if (d.inputModes !== undefined) out.inputModes = d.inputModes;
  if (d.output === "required" && d.outputModes !== undefined) out.outputModes = d.outputModes;
  return out;
}

const FIELD_LABELS: Record<string, string> = {
  "/title": "Name",
  "/id": "Id",
  "/description": "Description",
  "/inputModes": "Input modes",
  "/outputModes": "Output modes",
  "/skill": "Skill",
};

/**
 * A user-defined task class, new or edited: what its tasks send and how, how the client learns they
 * completed, whether it waits for output (and of which kind), and the skill they are aimed at.
 * Checked against the task class schema and the other classes before it joins the review; each
 * problem is shown at its field.
 */
export function TaskClassEditor({
  initial,
  others,
  skills,
  keptHere,
  restored,
  onSave,
  onCancel,
}: {
  initial: TaskClass | undefined;
  /** The unfinished form this browser kept (a reload): it starts from there, not from `initial`. */
  restored?: { fields: TaskClassFormFields; keep: boolean };
  others: readonly TaskClass[];
  skills: readonly SkillChoice[];
  /** Whether "keep in this browser" starts checked. */
  keptHere: boolean;
  onSave: (taskClass: TaskClass, keep: boolean) => void;
  onCancel: () => void;
}) {
  const uid = useId();
  const [draft, setDraft] = useState<Draft>(() => restored?.fields ?? draftOf(initial));
  const [keep, setKeep] = useState(restored?.keep ?? keptHere);
  // Nothing lost: once the form differs from where it started, a reload brings it back.
  const [start] = useState(draft);
  const editingId = initial?.id ?? null;
  useEffect(() => {
    if (draft === start && restored === undefined) return;
    keepTaskClassForm({ editingId, fields: draft, keep });
  }, [draft, keep, start, editingId, restored]);
  const [problems, setProblems] = useState<ClassProblem[]>([]);
  const summaryRef = useRef<HTMLDivElement>(null);
  const titleRef = useRef<HTMLInputElement>(null);
  // Opening the editor moves the keyboard into it (and Escape then closes it); a form brought back
  // by a reload leaves the keyboard where the page puts it.
  const [focusOnOpen] = useState(restored === undefined);
  useEffect(() => {
    if (focusOnOpen) titleRef.current?.focus();
  }, [focusOnOpen]);
  const set = (patch: Partial<Draft>) => {
    setDraft((d) => {
      const next = { ...d, ...patch };
      if (patch.title !== undefined && !next.idTouched) next.id = idFromTitle(patch.title);
      return next;
    });
    setProblems([]);
  };
  const problemOf = (field: string) => problems.find((p) => p.field === field)?.message;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = checkClass(candidateOf(draft), others);
    if ("problems" in result) {
      setProblems(result.problems);
      requestAnimationFrame(() => summaryRef.current?.focus());
      return;
    }
    onSave(result.taskClass, keep);
  };
  const text = (field: "title" | "id" | "description", label: string, hint?: string) => {
    const id = `${uid}${field}`;
    const problem = problemOf(`/${field}`);
    return (
      <div className="flex flex-col gap-0.5">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <input
          ref={field === "title" ? titleRef : undefined}
          id={id}
          name={field}
          className="rounded border border-slate-300 px-2 py-1 text-sm aria-invalid:border-rose-600"
          value={draft[field]}
          aria-invalid={problem ? true : undefined}
          aria-describedby={[hint ? `${id}-hint` : "", problem ? `${id}-problem` : ""].filter(Boolean).join(" ") || undefined}
          onChange={(event) => set(field === "id" ? { id: event.target.value, idTouched: true } : { [field]: event.target.value })}
        />
        {hint && (
          <p id={`${id}-hint`} className="text-xs text-slate-500">
            {hint}
          </p>
        )}
        {problem && (
          <p id={`${id}-problem`} className="text-xs text-rose-700">
            {problem}
          </p>
        )}
      </div>
    );
  };

  return (
    <form
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.preventDefault();
          onCancel();
        }
      }}
      className="flex flex-col gap-2 rounded border border-sky-300 p-2" aria-labelledby={`${uid}heading`} data-testid="task-class-editor">
      <h3 id={`${uid}heading`} className="text-sm font-semibold">
        {initial ? `Edit ${initial.title}` : "New task class"}
      </h3>
      {problems.length > 0 && (
        <div ref={summaryRef} tabIndex={-1} role="alert" className="rounded border border-rose-300 bg-rose-50 p-2 text-xs text-rose-900">
          This task class cannot be used yet:
          <ul className="list-disc pl-4">
            {problems.map((p, i) => (
              <li key={i}>
                {FIELD_LABELS[p.field] ?? p.field}: {p.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      {text("title", "Name")}
      {text("id", "Id", "kebab-case; it names the class in links, logs and the CLI")}
      {text("description", "Description")}

      <fieldset className="flex flex-col gap-1 rounded border border-slate-200 p-2">
        <legend className="px-1 text-sm font-medium">Input</legend>
        {(["whole", "live"] as const).map((value) => (
          <label key={value} className="flex items-center gap-1.5 text-sm">
            <input type="radio" name={`${uid}input`} value={value} checked={draft.input === value} onChange={() => set({ input: value })} />
            {value === "whole" ? "Whole: one message, sent once it is complete" : "Live: chunk by chunk as it is produced (a microphone, a camera)"}
          </label>
        ))}
      </fieldset>
      <ListField
        label="Input modes its tasks send"
        hint="Only the client's modes that overlap these count for this class."
        value={draft.inputModes}
        onChange={(inputModes) => set({ inputModes })}
        declaredLabel="Only these (unchecked: any mode the client sends)"
        problem={problemOf("/inputModes")}
      />

      <div className="flex flex-col gap-0.5">
        <label htmlFor={`${uid}completion`} className="text-sm font-medium">
          How the client learns the task completed
        </label>
        <select
          id={`${uid}completion`}
          className="rounded border border-slate-300 px-2 py-1 text-sm"
          value={draft.completion}
          onChange={(event) => set({ completion: event.target.value as TaskClass["completion"] })}
        >
          {COMPLETION_CHOICES.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </div>

      <label className="flex items-center gap-1.5 text-sm">
        <input type="checkbox" checked={draft.output === "required"} onChange={(event) => set({ output: event.target.checked ? "required" : "none" })} />
        It waits for output
      </label>
      {draft.output === "required" && (
        <ListField
          label="Output modes it waits for"
          hint="Only accepted output modes that overlap these count for this class."
          value={draft.outputModes}
          onChange={(outputModes) => set({ outputModes })}
          declaredLabel="Only these (unchecked: any mode the client accepts)"
          problem={problemOf("/outputModes")}
        />
      )}

      <div className="flex flex-col gap-0.5">
        <label htmlFor={`${uid}skill`} className="text-sm font-medium">
          Skill its tasks are aimed at
        </label>
        <input
          id={`${uid}skill`}
          list={`${uid}skills`}
          className="rounded border border-slate-300 px-2 py-1 font-mono text-xs aria-invalid:border-rose-600"
          placeholder="none: the card's defaults and every skill"
          value={draft.skill}
          aria-invalid={problemOf("/skill") ? true : undefined}
          aria-describedby={`${uid}skill-hint`}
          onChange={(event) => set({ skill: event.target.value })}
        />
        <datalist id={`${uid}skills`}>
          {skills.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name ?? s.id}
            </option>
          ))}
        </datalist>
        <p id={`${uid}skill-hint`} className="text-xs text-slate-500">
          {problemOf("/skill") ??
            (draft.skill.trim() !== "" && !skills.some((s) => s.id === draft.skill.trim())
              ? `This card has no skill "${draft.skill.trim()}": the class will be rejected here (another card may have it).`
              : "A skill id of the card (its own modes and security apply), or empty.")}
        </p>
      </div>

      <label className="flex items-center gap-1.5 text-sm">
        <input type="checkbox" checked={keep} onChange={(event) => setKeep(event.target.checked)} />
        Keep it in this browser (offered again here and in triage)
      </label>
      <div className="flex gap-2">
        <button type="submit" className="rounded bg-sky-700 px-3 py-1 text-sm font-medium text-white hover:bg-sky-800 focus-visible:outline-2 focus-visible:outline-sky-600">
          {initial ? "Save changes" : "Add to the review"}
        </button>
        <button type="button" className="rounded border border-slate-300 px-3 py-1 text-sm hover:bg-slate-100" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
