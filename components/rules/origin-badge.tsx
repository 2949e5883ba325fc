/** Whether an invariant is one of the rule's three or one of Parley's own baseline checks. */
export function OriginBadge({ source }: { source: "rule" | "parley" }) {
  return source === "rule" ? (
    <span className="rounded bg-indigo-100 px-2 py-0.5 text-xs font-semibold text-indigo-900 ring-1 ring-indigo-600 ring-inset">
      from the rule
    </span>
  ) : (
    <span className="rounded bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800 ring-1 ring-slate-500 ring-inset">
      Parley baseline
    </span>
  );
}
