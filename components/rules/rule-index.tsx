import { BUILT_IN_TASK_CLASSES, docsPath, getInvariant, INVARIANT_IDS } from "@/lib/negotiation";
import { listConcernedTaskClasses, RULE_DOCS } from "@/lib/negotiation/rule-docs";
import { OriginBadge } from "./origin-badge";

/** Every invariant: title, one-line description, the task classes it concerns. */
export function RuleIndex() {
  return (
    <ul className="flex flex-col gap-3" data-testid="rule-index">
      {INVARIANT_IDS.map((id) => {
        const meta = getInvariant(id)?.meta;
        if (!meta) return null;
        const concerns = listConcernedTaskClasses(meta);
        return (
          <li key={id} data-rule={id} className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
            <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
              <h2 className="text-base font-semibold">
                <a href={docsPath(id)} className="text-sky-800 underline-offset-2 hover:underline">
                  {meta.title}
                </a>
              </h2>
              <code className="text-xs text-slate-600">{id}</code>
              <OriginBadge source={RULE_DOCS[id].why.source} />
            </div>
            <p className="mt-1 text-sm">{meta.description}.</p>
            <p className="mt-1 text-xs text-slate-600">
              Concerns:{" "}
              {concerns.length === BUILT_IN_TASK_CLASSES.length ? (
                "every task class"
              ) : (
                concerns.map((tc, i) => (
                  <span key={tc.id}>
                    {i > 0 && ", "}
                    <code>{tc.id}</code>
                  </span>
                ))
              )}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
