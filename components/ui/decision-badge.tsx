import type { DecisionKind } from "@/lib/negotiation/decision-types";
import { DECISION_STYLE } from "./decision-style";

export function DecisionBadge({ decision }: { decision: DecisionKind }) {
  const style = DECISION_STYLE[decision];
  return (
    <span className={`inline-flex items-center gap-1 rounded px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${style.className}`}>
      <span aria-hidden="true">{style.symbol}</span>
      {style.label}
    </span>
  );
}
