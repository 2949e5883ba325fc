import { DecisionBadge } from "@/components/ui/decision-badge";
import { explainDecision } from "@/lib/negotiation/explain";
import type { RulePage } from "@/lib/negotiation/rule-docs";
import { buildExampleHref } from "./example-link";

/**
 * What the failing example's decision becomes under each condition of validity, and which
 * conditions cannot reach this invariant's cut (they leave the rejection as it was, and the
 * explanation says why). Every decision here is review()'s, run on the example with that one
 * thing changed.
 */
export function ConditionsList({ page }: { page: RulePage }) {
  return (
    <ul className="flex flex-col gap-2" data-testid="conditions">
      {page.conditions.map((row) => {
        const otherClass = row.after.taskClass !== row.before.taskClass;
        const href = buildExampleHref(page.doc.failing.cardText, row.inputs.profile, row.inputs.context, row.review);
        return (
          <li
            key={row.condition.id}
            data-condition={row.condition.id}
            data-decision={row.after.decision}
            data-applies={row.applies ? "true" : "false"}
            className="grid gap-x-4 gap-y-1 rounded-lg border border-slate-200 bg-white p-3 shadow-sm md:grid-cols-[14rem_minmax(0,1fr)]"
          >
            <div>
              <h3 className="text-sm font-semibold">{row.condition.title}</h3>
              <p className="mt-1 flex flex-wrap items-center gap-1 text-xs">
                {otherClass && <code>{row.before.taskClass}</code>}
                <DecisionBadge decision={row.before.decision} />
                <span aria-label="becomes">→</span>
                {otherClass && <code>{row.after.taskClass}</code>}
                <DecisionBadge decision={row.after.decision} />
                {row.after.target === "card" && <span className="text-slate-600">(the card)</span>}
                {!row.applies && <span className="rounded bg-slate-100 px-1 text-slate-700">cannot change this cut</span>}
              </p>
            </div>
            <div className="min-w-0 text-sm">
              <p className="text-slate-600">{row.condition.ruleText}</p>
              <p className="mt-1 text-xs text-slate-600">
                Changed:{" "}
                {row.inputs.changes.map((change, i) => (
                  <span key={`${change.source}${change.pointer}`}>
                    {i > 0 && "; "}
                    {/* A changed value can be a long JSON line: it wraps rather than widen the page. */}
                    <code className="wrap-anywhere">
                      {change.source === "taskClass" ? "task class" : `${change.source}${change.pointer}`} ={" "}
                      {JSON.stringify(change.value)}
                    </code>
                  </span>
                ))}
              </p>
              <p className="mt-1">{explainDecision(row.after, row.review)}</p>
              <a href={href} className="mt-1 inline-block text-xs text-sky-800 underline">
                Open this variant in the workspace
              </a>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
