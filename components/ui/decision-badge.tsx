import type { Outcome } from "@/lib/negotiation";
import { DECISION_STYLE } from "./decision-style";

/** A decision as its symbol and word on its colour (an outcome: "not for this client" too); `compact` for dense grids. */
/** `struck`: a prediction the live agent contradicted (the row says what was observed under it). */
export function DecisionBadge({ decision, compact = false, struck = false }: { decision: Outcome; compact?: boolean; struck?: boolean }) {
  const style = DECISION_STYLE[decision];
  return (
    <span className={`inline-flex items-center gap-1 rounded ${compact ? "px-1.5" : "px-2"} py-0.5 text-xs font-semibold ring-1 ring-inset ${style.className}`}>
      <span aria-hidden="true">{style.symbol}</span>
      <span className={struck ? "line-through decoration-2" : undefined}>{style.label}</span>
    </span>
  );
}
