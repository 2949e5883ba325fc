"use client";

import { useId, useState } from "react";

const COMMON_MODES = ["text/plain", "application/json", "audio/pcm", "image/png", "video/mp4"] as const;

/**
 * A list of MIME modes that may also be left out (unknown). Common modes are checkboxes; any other
 * mode can be added by name so profiles are not limited to what this page knows.
 */
export function ModeListField({
  field,
  label,
  hint,
  value,
  onChange,
}: {
  /** The profile field (JSON pointer) this edits: an explanation's evidence link highlights it. */
  field: string;
  label: string;
  hint: string;
  value: string[] | undefined;
  onChange: (value: string[] | undefined) => void;
}) {
  const groupId = useId();
  const addId = useId();
  const [extra, setExtra] = useState("");
  const declared = value !== undefined;
  const options = [...new Set([...COMMON_MODES, ...(value ?? [])])];
  const toggle = (mode: string, on: boolean) => {
    const current = value ?? [];
    onChange(on ? [...current, mode] : current.filter((m) => m !== mode));
  };
  return (
    <fieldset className="rounded border border-slate-200 p-2" aria-describedby={`${groupId}-hint`} data-profile-field={field}>
      <legend className="px-1 text-sm font-medium">{label}</legend>
      <p id={`${groupId}-hint`} className="mb-1 text-xs text-slate-500">
        {hint}
      </p>
      <label className="mb-1 flex items-center gap-1.5 text-xs">
        <input type="checkbox" checked={declared} onChange={(event) => onChange(event.target.checked ? [] : undefined)} />
        Declared (unchecked: unknown, left out of the profile)
      </label>
      {declared && (
        <>
          <div className="flex flex-wrap gap-x-3 gap-y-1">
            {options.map((mode) => (
              <label key={mode} className="flex items-center gap-1 font-mono text-xs">
                <input type="checkbox" checked={value.includes(mode)} onChange={(event) => toggle(mode, event.target.checked)} />
                {mode}
              </label>
            ))}
          </div>
          <div className="mt-1 flex gap-1">
            <label htmlFor={addId} className="sr-only">
              Add another mode to {label}
            </label>
            <input
              id={addId}
              className="min-w-0 flex-1 rounded border border-slate-300 px-1.5 py-0.5 font-mono text-xs"
              placeholder="other/mode"
              value={extra}
              onChange={(event) => setExtra(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === "Enter") {
                  event.preventDefault();
                  if (extra.trim()) toggle(extra.trim(), true);
                  setExtra("");
                }
              }}
            />
            <button
              type="button"
              className="rounded border border-slate-300 px-2 text-xs hover:bg-slate-100"
              onClick={() => {
                if (extra.trim() && !value.includes(extra.trim())) toggle(extra.trim(), true);
                setExtra("");
              }}
            >
              Add
            </button>
          </div>
        </>
      )}
    </fieldset>
  );
}
