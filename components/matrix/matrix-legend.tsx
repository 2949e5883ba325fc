import { DecisionBadge } from "@/components/ui/decision-badge";
import { STATUS_STYLE } from "@/components/ui/decision-style";
import { DECISIONS_BY_SEVERITY } from "@/lib/negotiation/explain";
import { type FindingStatus, OUTCOME_MEANINGS, STATUS_MEANINGS } from "@/lib/negotiation";

const STATUSES: readonly FindingStatus[] = ["holds", "not-applicable", "not-evaluated", "violated"];

/** What the cells and decisions mean: the grid's description (aria-describedby="matrix-legend"). */
export function MatrixLegend() {
  return (
    <div id="matrix-legend" className="rounded border border-slate-200 bg-slate-50 p-2 text-xs text-slate-700">
      <p className="sr-only">Legend.</p>
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-2">
        {STATUSES.map((status) => (
          <div key={status} className="flex gap-1.5">
            <dt className={`shrink-0 rounded px-1 font-semibold ${STATUS_STYLE[status].className}`}>
              <span aria-hidden="true">{STATUS_STYLE[status].symbol} </span>
              {STATUS_STYLE[status].label}
            </dt>
            <dd>{STATUS_MEANINGS[status]}</dd>
          </div>
        ))}
        {DECISIONS_BY_SEVERITY.map((decision) => (
          <div key={decision} className="flex gap-1.5">
            <dt className="shrink-0">
              <DecisionBadge decision={decision} />
            </dt>
            <dd>{OUTCOME_MEANINGS[decision]}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-1 text-slate-600">
        Column headers are short names: point at one, or move to it with the arrow keys, for the invariant&rsquo;s full title.
      </p>
    </div>
  );
}
