import { describeProblem, type ValidityProblem } from "@/lib/negotiation";

/**
 * A card's problems, one row each: severity, the sentence, and its pointer as a button that shows
 * the field in the editor. The workspace's validity summary and the card check both list problems
 * this way; the caller chooses the order (reading order, or errors first) and whether the code shows.
 */
export function ProblemList({
  problems,
  onLocate,
  testId,
  className = "",
  showCode = false,
}: {
  problems: readonly ValidityProblem[];
  onLocate: (problem: ValidityProblem) => void;
  testId: string;
  /** Extra classes for the list (a height cap, say). */
  className?: string;
  /** Print each problem's code after its pointer, for a reader who files it. */
  showCode?: boolean;
}) {
  return (
    <ul data-testid={testId} className={`rounded border border-slate-200 text-sm ${className}`}>
      {problems.map((problem, i) => (
        <li
          key={i}
          data-code={problem.code}
          data-severity={problem.severity}
          className="flex flex-col gap-0.5 border-b border-slate-100 px-2 py-1 last:border-0 sm:flex-row sm:items-start sm:gap-2"
        >
          <span className={problem.severity === "error" ? "shrink-0 font-semibold text-rose-800" : "shrink-0 text-amber-800"}>
            {problem.severity === "error" ? "✗ error" : "! warning"}
          </span>
          <span className="min-w-0 flex-1 break-words">
            {describeProblem(problem)}{" "}
            <button
              type="button"
              className="font-mono text-xs break-all text-sky-800 underline decoration-dotted"
              onClick={() => onLocate(problem)}
              aria-label={`Show ${problem.pointer || "the document"} in the editor`}
            >
              {problem.pointer || "/"}
            </button>
            {showCode && (
              <>
                {" "}
                <code className="text-xs text-slate-500">{problem.code}</code>
              </>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}
