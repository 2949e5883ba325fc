"use client";

import type { ReactNode } from "react";

/**
 * A section whose content can be folded away. Until the user folds or unfolds it (`open`
 * undefined), the screen decides, in CSS: folded on a narrow screen (under the verdict and the
 * matrix, each with a one-line summary of what it holds), open on a wide one — right from the
 * server's HTML, with no script deciding after the page has loaded. The heading stays a heading
 * (for navigation by headings); the button beside it says what it does.
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
  /** undefined: as suits the screen; then as the user set it. */
  open: boolean | undefined;
  onToggle: (open: boolean) => void;
  /** Shown while folded: what the section holds, in a few words. */
  summary?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const byScreen = open === undefined;
  const toggle = (expanded: boolean, className = "") => (
    <button
      type="button"
      aria-expanded={expanded}
      aria-controls={`${id}-body`}
      aria-label={`${expanded ? "Fold" : "Unfold"} ${title}`}
      className={`flex h-6 w-6 shrink-0 items-center justify-center rounded border border-slate-300 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-sky-600 ${className}`}
      onClick={() => onToggle(!expanded)}
    >
      <span aria-hidden="true" className={`inline-block transition-transform ${expanded ? "rotate-90" : ""}`}>
        ▸
      </span>
    </button>
  );
  return (
    // content-visibility: an input section out of view is not laid out or painted until it nears the
    // viewport (on a phone, all of them at first), which keeps the first load's main thread short.
    <section
      aria-labelledby={id}
      data-section={id}
      className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm [contain-intrinsic-size:auto_30rem] [content-visibility:auto]"
    >
      <div className={`flex flex-wrap items-center justify-between gap-2 ${open === false ? "" : byScreen ? "lg:mb-2" : "mb-2"}`}>
        <div className="flex min-w-0 items-center gap-2">
          {/* One button per screen width while the screen decides: each says the state it shows. */}
          {byScreen ? (
            <>
              {toggle(false, "lg:hidden")}
              {toggle(true, "max-lg:hidden")}
            </>
          ) : (
            toggle(open)
          )}
          <h2 id={id} className="text-sm font-semibold tracking-wide text-slate-700 uppercase">
            {title}
          </h2>
          {open !== true && summary && (
            <span className={`min-w-0 truncate text-xs text-slate-600 ${byScreen ? "lg:hidden" : ""}`}>{summary}</span>
          )}
        </div>
        {open !== false && <div className={byScreen ? "max-lg:hidden" : ""}>{actions}</div>}
      </div>
      <div id={`${id}-body`} hidden={open === false} className={byScreen ? "max-lg:hidden" : ""}>
        {children}
      </div>
    </section>
  );
}
