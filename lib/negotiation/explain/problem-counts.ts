import { withThousands } from "../thousands";
import { type IssueCut, MAX_WARNINGS_PER_CODE, type ValidityProblem } from "../card/validity";

/**
 * How many problems a report found, not how many it lists: a report keeps at most
 * MAX_WARNINGS_PER_CODE warnings of each code and counts the rest in one `moreOfThisKind` problem
 * (card/validity.ts, capWarnings). `warnings` is the card's total; `unlisted` the ones left out.
 */
export function countProblems(problems: readonly ValidityProblem[]): { errors: number; warnings: number; unlisted: number } {
  let errors = 0;
  let warnings = 0;
  let unlisted = 0;
  for (const problem of problems) {
    if (problem.severity === "error") errors++;
    else if (problem.code !== "moreOfThisKind") warnings++;
    else {
      const more = typeof problem.data.more === "number" && problem.data.more > 0 ? problem.data.more : 0;
      warnings += more;
      unlisted += more;
    }
  }
  return { errors, warnings, unlisted };
}

const plural = (n: number, word: string) => `${withThousands(n)} ${word}${n === 1 ? "" : "s"}`;

/**
 * The counts line of a validity report: "0 errors, 3 warnings", or, when some warnings are not
 * listed, "1 error, 261,846 warnings: 20 of each kind shown, and 261,826 more".
 */
export function describeProblemCounts(problems: readonly ValidityProblem[]): string {
  const { errors, warnings, unlisted } = countProblems(problems);
  const counts = `${plural(errors, "error")}, ${plural(warnings, "warning")}`;
  return unlisted === 0 ? counts : `${counts}: ${MAX_WARNINGS_PER_CODE} of each kind shown, and ${withThousands(unlisted)} more`;
}

const TIER_WORDS: Record<IssueCut["tier"], string> = {
  critical: "the checks negotiation needs",
  required: "the checks of what the card's A2A version requires",
  spec: "the spec checks",
};

/**
 * What a report's `truncated` fact says (card/validity.ts): a tier found more issues than a report
 * reads, so the problems of that tier are the first ones, not all. One sentence per tier, e.g.
 * "The checks of what the card's A2A version requires found at least 1,024 issues; Parley reads
 * the first 200 and did not count the rest." (Issues under one field read as one problem.)
 */
export function describeIssueCuts(cuts: readonly IssueCut[] | undefined): string[] {
  return (cuts ?? []).map((cut) => {
    const tier = TIER_WORDS[cut.tier];
    const found = cut.atLeast ? `at least ${withThousands(cut.found)}` : withThousands(cut.found);
    const rest = cut.atLeast ? " and did not count the rest" : "";
    return `${tier[0]!.toUpperCase()}${tier.slice(1)} found ${found} issues; Parley reads the first ${withThousands(cut.read)}${rest}.`;
  });
}

/** What a capped list (caps.ts) left out, said once after its items: "…and 39,981 more". Empty when nothing was. */
export function describeUnlisted(more: number): string {
  return more > 0 ? `…and ${withThousands(more)} more` : "";
}
