"use client";

import { useId } from "react";

/** A boolean the user may also leave out: left out means *unknown*, not *no* (DESIGN.md rule 8). */
export function TriStateSelect({
  field,
  label,
  hint,
  value,
  onChange,
  yes = "yes",
  no = "no",
}: {
  /** The profile field (JSON pointer) this edits: an explanation's evidence link highlights it. */
  field?: string;
  label: string;
  hint?: string;
  value: boolean | undefined;
  onChange: (value: boolean | undefined) => void;
  yes?: string;
  no?: string;
}) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1" data-profile-field={field}>
      <label htmlFor={id} className="text-sm">
        {label}
        {hint && <span className="block text-xs text-slate-500">{hint}</span>}
      </label>
      <select
        id={id}
        className="rounded border border-slate-300 bg-white px-1.5 py-0.5 text-sm"
        value={value === undefined ? "" : value ? "yes" : "no"}
        onChange={(event) => {
          const v = event.target.value;
          onChange(v === "" ? undefined : v === "yes");
        }}
      >
        <option value="">unknown (left out)</option>
        <option value="yes">{yes}</option>
        <option value="no">{no}</option>
      </select>
    </div>
  );
}
