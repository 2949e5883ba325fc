import type { Agreement, ClassObservation } from "@/components/session/live-observations";
import type { Observation } from "@/lib/probe/types";

/** Colour is a second channel only: every observation carries a symbol and a word, every agreement a word. */
const OBSERVED_STYLE: Record<Observation, { symbol: string; label: string }> = {
  completed: { symbol: "✓", label: "completed" },
  "completed-fallback": { symbol: "◐", label: "completed-fallback" },
  failed: { symbol: "✗", label: "failed" },
  hung: { symbol: "⧗", label: "hung" },
  skipped: { symbol: "–", label: "not sent" },
};

const AGREEMENT_STYLE: Record<Agreement, { mark: string; label: string; more?: string; className: string }> = {
  disagrees: { mark: "≠", label: "disagrees", more: " with the prediction", className: "bg-rose-100 text-rose-900 ring-1 ring-inset ring-rose-600 font-semibold" },
  agrees: { mark: "=", label: "agrees", className: "text-emerald-800" },
  "no-claim": { mark: "", label: "the prediction makes no claim", className: "text-slate-600" },
  clear: { mark: "", label: "no contradiction", className: "text-slate-600" },
  unknown: { mark: "?", label: "not asked", className: "text-amber-900" },
};

/**
 * A row's observed cell: what the live agent did (or what the check's calls tell of it), how that
 * stands to the prediction beside it, and what the server said (in full in the explanation).
 */
export function ObservedCell({
  taskClass,
  observation,
  stale,
  selected,
  onSelect,
  className,
  ...focus
}: {
  taskClass: string;
  observation: ClassObservation | undefined;
  stale: boolean;
  selected: boolean;
  onSelect: () => void;
  className: string;
  "data-pos": string;
  tabIndex: number;
  onFocus: () => void;
}) {
  const style = observation ? OBSERVED_STYLE[observation.observed] : undefined;
  const agreement = observation ? AGREEMENT_STYLE[observation.agreement] : undefined;
  const by = observation && observation.how === "checked" && observation.observed !== "skipped" ? "by the check, no task sent" : undefined;
  return (
    <td
      role="gridcell"
      data-testid={`observed-${taskClass}`}
      data-observed={observation?.observed ?? "none"}
      data-agreement={observation?.agreement}
      data-stale={stale || undefined}
      aria-selected={selected}
      title={observation?.said || undefined}
      className={`p-1.5 text-[11px] leading-tight ${className} ${stale ? "text-slate-500" : ""} stacked:text-right`}
      onClick={onSelect}
      {...focus}
    >
      <span className="sr-only">Observed on the live agent: </span>
      {/* Stacked (narrow), each cell is labelled where it stands, like the invariants' cells. */}
      <span aria-hidden="true" className="hidden text-left font-medium text-slate-800 stacked:block">
        Observed (live agent)
      </span>
      {!observation || !style || !agreement ? (
        <span className="text-slate-600">not checked</span>
      ) : (
        <>
          <span className="font-semibold">
            <span aria-hidden="true">{style.symbol} </span>
            {style.label}
          </span>
          {by && <span className="block text-[10px] text-slate-600">{by}</span>}
          {stale ? (
            <span className="mt-0.5 block text-[10px] font-semibold text-amber-900">stale: check again</span>
          ) : (
            <span className={`mt-0.5 inline-block rounded px-1 text-[10px] ${agreement.className}`}>
              {agreement.mark && <span aria-hidden="true">{agreement.mark} </span>}
              {agreement.label}
              {agreement.more && <span className="sr-only">{agreement.more}</span>}
            </span>
          )}
          {observation.said && observation.observed !== "skipped" && (
            <span className="mt-0.5 line-clamp-2 text-[10px] break-words text-slate-700">
              <span className="sr-only">The server said: </span>
              {observation.said}
            </span>
          )}
        </>
      )}
    </td>
  );
}
