/**
 * One report out of the reports of several cards judged one by one (`check` or `lint` with several
 * `--card`s): each card's report is written by the one-card code, in the run's format, and joined
 * here into one document of that same format.
 */

/** A card that was judged: its report as the one-card code wrote it, and whether it failed the run. */
export interface JudgedCardReport {
  card: string;
  report: string;
  failing: boolean;
}

/** A card that could not be read, and why. */
export interface UnreadableCard {
  card: string;
  error: string;
}

/**
 * JSON `{cards, unreadable?, exitCode}`, SARIF with a run per card, GitLab's list joined, JUnit's
 * suites under one root named `junitName`, the text formats one after the other with a summary
 * line last (text only), which counts what was judged as `counted` ("3 cards"; check over several
 * profiles counts reviews).
 */
export function joinCardReports(
  junitName: string,
  format: string,
  judged: readonly JudgedCardReport[],
  unreadable: readonly UnreadableCard[],
  exitCode: number,
  counted = "cards",
): string {
  const parsed = () => judged.map((r) => JSON.parse(r.report) as Record<string, unknown>);
  switch (format) {
    case "json":
      return JSON.stringify({ cards: parsed(), ...(unreadable.length > 0 ? { unreadable: unreadable.map((r) => ({ card: r.card, error: r.error })) } : {}), exitCode }, null, 2) + "\n";
    case "sarif": {
      const docs = parsed();
      const base = docs[0] ?? { $schema: "https://json.schemastore.org/sarif-2.1.0.json", version: "2.1.0" };
      return JSON.stringify({ ...base, runs: docs.flatMap((d) => (d.runs as unknown[]) ?? []) }, null, 2) + "\n";
    }
    case "gitlab":
      return JSON.stringify((parsed() as unknown as unknown[][]).flat(), null, 2) + "\n";
    case "junit":
      return joinJunit(junitName, judged.map((r) => r.report));
    case "text": {
      const failing = judged.filter((r) => r.failing).map((r) => r.card);
      const notRead = unreadable.map((r) => r.card);
      const summary = [`${judged.length + unreadable.length} ${counted}`, failing.length ? `failing: ${failing.join(", ")}` : "none failing", ...(notRead.length ? [`not read: ${notRead.join(", ")}`] : [])];
      return judged.map((r) => r.report).join("\n" + "─".repeat(72) + "\n\n") + `\n${summary.join("; ")} (exit ${exitCode})\n`;
    }
    default:
      return judged.map((r) => r.report).join("\n");
  }
}

/** JUnit reports of one card each → one `<testsuites>` with every card's suites and the totals. */
function joinJunit(name: string, reports: string[]): string {
  let tests = 0;
  let failures = 0;
  const suites: string[] = [];
  for (const report of reports) {
    const root = /<testsuites\b[^>]*\btests="(\d+)"[^>]*\bfailures="(\d+)"[^>]*>\n?([\s\S]*?)<\/testsuites>/.exec(report);
    if (!root) continue;
    tests += Number(root[1]);
    failures += Number(root[2]);
    suites.push(root[3]!);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="${name}" tests="${tests}" failures="${failures}">\n${suites.join("")}</testsuites>\n`;
}
