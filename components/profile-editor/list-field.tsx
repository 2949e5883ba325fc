"use client";

import { useId, useState } from "react";
import { nonMimeReading } from "@/lib/negotiation/card";

export const COMMON_MODES = ["text/plain", "application/json", "audio/pcm", "image/png", "video/mp4"] as const;

/** A mode is a media type or range (`type/subtype`, `type/*`, parameters after `;`) or one of A2A's older tokens (text, data, file). */
export function checkMediaType(value: string): string | undefined {
  if (/^[\w.+-]+\/[\w.+*-]+(\s*;.*)?$/.test(value) || value === "*/*" || nonMimeReading(value) !== undefined) return undefined;
  return `"${value}" is not a media type: write type/subtype, e.g. audio/wav or audio/*.`;
}

/**
 * A list a profile may also leave out (unknown). Common values are checkboxes; when `other` is
 * given, any other value can be added by name (checked by `other.check`, which returns why a value
 * is refused), so profiles are not limited to what this page knows.
 */
export function ListField({
  field,
  label,
  hint,
  value,
  onChange,
  options = COMMON_MODES,
  other = { placeholder: "other/mode", what: "mode", check: checkMediaType },
  declaredLabel = "Declared (unchecked: unknown, left out of the profile)",
  problem,
}: {
  /** The profile field (JSON pointer) this edits: an explanation's evidence link highlights it. */
  field?: string;
  label: string;
  hint: string;
  value: string[] | undefined;
  onChange: (value: string[] | undefined) => void;
  options?: readonly string[];
  other?: { placeholder: string; what: string; check?: (value: string) => string | undefined } | null;
  /** What checking "declared" means for this list (and what leaving it unchecked means). */
  declaredLabel?: string;
  /** What is wrong with the list as it stands, said inside the group (and read with it). */
  problem?: string;
}) {
  const groupId = useId();
  const addId = useId();
  const [extra, setExtra] = useState("");
  const [refusal, setRefusal] = useState<string | undefined>();
  const declared = value !== undefined;
  const shown = [...new Set([...options, ...(value ?? [])])];
  const addExtra = () => {
    const candidate = extra.trim();
    if (!candidate || !value) return;
    const why = other?.check?.(candidate);
    setRefusal(why);
    if (why) return;
    if (!value.includes(candidate)) toggle(candidate, true);
    setExtra("");
  };
  const toggle = (mode: string, on: boolean) => {
    const current = value ?? [];
    onChange(on ? [...current, mode] : current.filter((m) => m !== mode));
  };
  return (
    <fieldset
      className="rounded border border-slate-200 p-2"
      aria-describedby={`${groupId}-hint${problem ? ` ${groupId}-problem` : ""}`}
      data-profile-field={field}
    >
      <legend className="px-1 text-sm font-medium">{label}</legend>
      <p id={`${groupId}-hint`} className="mb-1 text-xs text-slate-500">
        {hint}
      </p>
      <label className="mb-1 flex items-center gap-1.5 text-xs">
        <input type="checkbox" checked={declared} onChange={(event) => onChange(event.target.checked ? [] : undefined)} />
        {declaredLabel}
      </label>
      {declared && (
        <>
          <div className="flex flex-wrap gap-x-3 gap-y-1">
            {shown.map((mode) => (
              <label key={mode} className="flex items-center gap-1 font-mono text-xs">
                <input type="checkbox" checked={value.includes(mode)} onChange={(event) => toggle(mode, event.target.checked)} />
                {mode}
              </label>
            ))}
          </div>
          {other && (
            <div className="mt-1 flex flex-col gap-0.5">
              <div className="flex gap-1">
                <label htmlFor={addId} className="sr-only">
                  Add another {other.what} to {label}
                </label>
                <input
                  id={addId}
                  className="min-w-0 flex-1 rounded border border-slate-300 px-1.5 py-0.5 font-mono text-xs aria-invalid:border-rose-600"
                  placeholder={other.placeholder}
                  value={extra}
                  aria-invalid={refusal ? true : undefined}
                  aria-describedby={refusal ? `${addId}-refusal` : undefined}
                  onChange={(event) => {
                    setExtra(event.target.value);
                    setRefusal(undefined);
                  }}
                  onKeyDown={(event) => {
                    if (event.key === "Enter") {
                      event.preventDefault();
                      addExtra();
                    }
                  }}
                />
                <button type="button" className="rounded border border-slate-300 px-2 text-xs hover:bg-slate-100" onClick={addExtra}>
                  Add
                </button>
              </div>
              {refusal && (
                <p id={`${addId}-refusal`} className="text-xs text-rose-700">
                  {refusal}
                </p>
              )}
            </div>
          )}
        </>
      )}
      {problem && (
        <p id={`${groupId}-problem`} className="mt-1 text-xs text-rose-700">
          {problem}
        </p>
      )}
    </fieldset>
  );
}
