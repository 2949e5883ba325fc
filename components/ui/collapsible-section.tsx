"use client";

import type { ReactNode } from "react";

/**
 * A section whose content can be folded away: on a narrow screen the inputs start folded, below
 * the verdict and the matrix, each with a one-line summary of what it holds. The heading stays a
 * heading (for navigation by headings); the button beside it says what it does.
 */
export function CollapsibleSection({
  title,
  id,
  open,
  onToggle,
  summary,
  actions,
  children,
}: {
  title: string;
  id: string;
  open: boolean;
  onToggle: (open: boolean) => void;
  /** Shown while folded: what the section holds, in a few words. */
  summary?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} data-section={id} className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
      <div className={`flex flex-wrap items-center justify-between gap-2 ${open ? "mb-2" : ""}`}>
        <div className="flex min-w-0 items-center gap-2">
          <button
            type="button"
            aria-expanded={open}
            aria-controls={`${id}-body`}
            aria-label={`${open ? "Fold" : "Unfold"} ${title}`}
            className="flex h-6 w-6 shrink-0 items-center justify-center rounded border border-slate-300 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-sky-600"
            onClick={() => onToggle(!open)}
          >
            <span aria-hidden="true" className={`inline-block transition-transform ${open ? "rotate-90" : ""}`}>
              ▸
            </span>
          </button>
          <h2 id={id} className="text-sm font-semibold tracking-wide text-slate-700 uppercase">
            {title}
          </h2>
          {!open && summary && <span className="min-w-0 truncate text-xs text-slate-600">{summary}</span>}
        </div>
        {open && actions}
      </div>
      <div id={`${id}-body`} hidden={!open}>
        {children}
      </div>
    </section>
  );
}
