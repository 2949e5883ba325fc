import { DECISION_STYLE } from "@/components/ui/decision-style";
import { OUTCOMES } from "@/lib/negotiation";
import type { GridTaskClass } from "./triage-grid";

/** How to read a cell: the task classes in the order their symbols appear, and what each symbol means. */
export function TriageLegend({ taskClasses }: { taskClasses: readonly GridTaskClass[] }) {
  return (
    <div className="flex flex-col gap-1 text-xs text-slate-700" data-testid="triage-legend">
      <p>
        <span className="font-semibold">Each cell, left to right:</span>{" "}
        {taskClasses.map((t, i) => (
          <span key={t.id}>
            {i > 0 && <span aria-hidden="true"> · </span>}
            <span title={t.title} className="font-mono">
              {t.id}
            </span>
          </span>
        ))}
      </p>
      <ul className="flex flex-wrap gap-x-3 gap-y-1" aria-label="Decisions">
        {OUTCOMES.map((decision) => {
          const style = DECISION_STYLE[decision];
          return (
            <li key={decision} className="flex items-center gap-1">
              <span aria-hidden="true" className={`inline-flex h-5 w-5 items-center justify-center rounded-sm text-[11px] font-bold ring-1 ring-inset ${style.className}`}>
                {style.symbol}
              </span>
              {style.label}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
