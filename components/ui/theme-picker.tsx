"use client";

import { useId, useState } from "react";
import { applyTheme, readTheme, type Theme } from "./theme";

const LABELS: Record<Theme, string> = { system: "System", light: "Light", dark: "Dark" };

/** Light, dark, or as the system says; the choice is remembered (see theme.ts). */
export function ThemePicker({ initial }: { initial: Theme }) {
  const id = useId();
  const [theme, setTheme] = useState(initial);
  return (
    <span className="flex items-center gap-1 text-sm">
      <label htmlFor={id} className="text-slate-600">
        Theme
      </label>
      <select
        id={id}
        data-testid="theme-picker"
        className="rounded border border-slate-300 bg-white px-1 py-0.5 text-sm"
        value={theme}
        onChange={(event) => {
          const next = readTheme(event.target.value);
          setTheme(next);
          applyTheme(next);
        }}
      >
        {(Object.keys(LABELS) as Theme[]).map((value) => (
          <option key={value} value={value}>
            {LABELS[value]}
          </option>
        ))}
      </select>
    </span>
  );
}
