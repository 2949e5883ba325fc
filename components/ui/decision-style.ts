import type { FindingStatus, Outcome } from "@/lib/negotiation";

/** Colour is a second channel only: every decision and status also carries a word and a symbol. */
/** Keyed by outcome: a rejection aimed at the client ("not for this client") has a look of its own, not the card's red. */
export const DECISION_STYLE: Record<Outcome, { label: string; symbol: string; className: string }> = {
  accept: { label: "accept", symbol: "✓", className: "bg-emerald-100 text-emerald-900 ring-emerald-600" },
  "accept-degraded": { label: "accept-degraded", symbol: "◐", className: "bg-amber-100 text-amber-900 ring-amber-600" },
  defer: { label: "defer", symbol: "↷", className: "bg-sky-100 text-sky-900 ring-sky-600" },
  escalate: { label: "escalate", symbol: "⇡", className: "bg-violet-100 text-violet-900 ring-violet-600" },
  reject: { label: "reject", symbol: "✗", className: "bg-rose-100 text-rose-900 ring-rose-600" },
  "not-for-client": { label: "not for this client", symbol: "⊘", className: "bg-slate-100 text-slate-800 ring-slate-500" },
};

export const STATUS_STYLE: Record<FindingStatus, { label: string; symbol: string; className: string }> = {
  "not-applicable": { label: "n/a", symbol: "·", className: "text-slate-500" },
  holds: { label: "holds", symbol: "✓", className: "text-emerald-800" },
  violated: { label: "violated", symbol: "✗", className: "bg-rose-50 text-rose-800 font-semibold" },
  "not-evaluated": { label: "not evaluated", symbol: "?", className: "bg-amber-50 text-amber-900" },
};
