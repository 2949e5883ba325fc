import type { DecisionKind } from "@/lib/negotiation";
import { DECISION_STYLE } from "./decision-style";

/** A decision as its symbol and word on its colour; `compact` for dense grids. */
export function DecisionBadge({ decision, compact = false }: { decision: DecisionKind; compact?: boolean }) {
  const style = DECISION_STYLE[decision];
  return (
    <span className={`inline-flex items-center gap-1 rounded ${compact ? "px-1.5" : "px-2"} py-0.5 text-xs font-semibold ring-1 ring-inset ${style.className}`}>
      <span aria-hidden="true">{style.symbol}</span>
      {style.label}
    </span>
  );
}
