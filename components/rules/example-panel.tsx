import { DecisionBadge } from "@/components/ui/decision-badge";
import { explainFinding } from "@/lib/negotiation/explain";
import { docsPath, type InvariantId } from "@/lib/negotiation";
import type { ExampleResult } from "@/lib/negotiation/rule-docs";
import { buildExampleHref } from "./example-link";

/** One example card of a rule page: what it is, the decisions review() makes, and a workspace link. */
export function ExamplePanel({
  which,
  result,
  ruleId,
  focusTaskClass,
}: {
  which: "failing" | "passing";
  result: ExampleResult;
  ruleId: InvariantId;
  focusTaskClass: string;
}) {
  const { example } = result;
  const href = buildExampleHref(example.cardText, example.profile, example.context, result.review);
  const finding = result.review.decisions
    .find((d) => d.taskClass === focusTaskClass)
    ?.findings.find((f) => f.invariant === ruleId);
  const headingId = `example-${which}`;
  return (
    <section
      aria-labelledby={headingId}
      data-testid={`example-${which}`}
      className={`min-w-0 rounded-lg border bg-white p-3 shadow-sm ${which === "failing" ? "border-rose-300" : "border-emerald-300"}`}
    >
      <h3 id={headingId} className="text-sm font-semibold">
        <span className={which === "failing" ? "text-rose-800" : "text-emerald-800"}>
          {which === "failing" ? "✗ Failing example" : "✓ Passing example"}
        </span>
        : {example.title}
      </h3>
      <p className="mt-1 text-sm text-slate-700">{example.summary}</p>
      <p className="mt-1 text-xs text-slate-600">
        Client profile: <strong>{example.profile.name}</strong>
        {example.profile.description ? ` (${example.profile.description})` : ""}
      </p>
      {finding && (
        <p className="mt-2 rounded bg-slate-50 p-2 text-sm" data-testid={`example-${which}-finding`}>
          <span className="text-slate-500">For {focusTaskClass}: </span>
          {explainFinding(finding)}
        </p>
      )}
      <table className="mt-2 w-full text-sm" data-testid={`example-${which}-decisions`}>
        <caption className="sr-only">Decision per task class</caption>
        <thead>
          <tr className="text-left text-xs text-slate-500">
            <th scope="col" className="py-1 font-medium">
              Task class
            </th>
            <th scope="col" className="py-1 font-medium">
              Decision
            </th>
            <th scope="col" className="py-1 font-medium">
              Because of
            </th>
          </tr>
        </thead>
        <tbody>
          {result.decisions.map((row) => (
            <tr key={row.taskClass} className="border-t border-slate-100" data-task-class={row.taskClass} data-decision={row.decision.decision}>
              <td className="py-1 pr-2">
                <code className={row.taskClass === focusTaskClass ? "font-semibold" : ""}>{row.taskClass}</code>
              </td>
              <td className="py-1 pr-2">
                <DecisionBadge decision={row.decision.decision} />
              </td>
              <td className="py-1 text-xs">
                {row.rules.length === 0
                  ? "—"
                  : row.rules.map((id, i) => (
                      <span key={id}>
                        {i > 0 && ", "}
                        {id === ruleId ? <strong>{id}</strong> : <a href={docsPath(id)} className="text-sky-800 underline">{id}</a>}
                      </span>
                    ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <a
          href={href}
          data-testid={`open-${which}-example`}
          className="inline-block rounded bg-sky-700 px-3 py-1 text-sm font-semibold text-white hover:bg-sky-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600"
        >
          Open in the workspace
        </a>
      </div>
      <details className="mt-3">
        <summary className="cursor-pointer text-sm text-slate-700">Card JSON</summary>
        <pre
          tabIndex={0}
          role="region"
          aria-label={`The card of the ${which} example`}
          className="mt-2 max-h-80 overflow-auto rounded bg-slate-100 p-2 text-xs text-slate-900 focus-visible:outline-2 focus-visible:outline-sky-600"
        >
          {example.cardText}
        </pre>
      </details>
    </section>
  );
}
