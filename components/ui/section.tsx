import type { ReactNode } from "react";

export function Section({
  title,
  id,
  actions,
  children,
  className,
}: {
  title: string;
  id: string;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby={id} className={`rounded-lg border border-slate-200 bg-white p-3 shadow-sm ${className ?? ""}`}>
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        {/* Focusable by script only: "show the explanation" moves the reader here. */}
        <h2 id={id} tabIndex={-1} className="text-sm font-semibold tracking-wide text-slate-700 uppercase">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
