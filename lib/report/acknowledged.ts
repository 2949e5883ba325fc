import type { ClassAcknowledgement } from "../negotiation";
import { xml } from "./formats";
import { oneLine } from "./escape";

interface SarifResult {
  ruleId?: string;
  properties?: { taskClass?: string };
  suppressions?: unknown[];
}

/**
 * A SARIF log of `check` with its acknowledged findings marked as SARIF marks them: each result an
 * acknowledgement in force covers gets a suppression (kind external: it lives in the config file,
 * status accepted, the reason as justification). The result stays in the log with its level, so a
 * viewer shows it as suppressed, never drops it; an expired acknowledgement adds nothing.
 */
export function markAcknowledgedResults<T extends { runs?: Array<{ results?: SarifResult[] }> }>(log: T, entries: readonly ClassAcknowledgement[]): T {
  if (entries.every((e) => e.applied.length === 0)) return log;
  for (const run of log.runs ?? []) {
    for (const result of run.results ?? []) {
      const entry = entries.find((e) => e.taskClass === result.properties?.taskClass);
      const applied = entry?.applied.filter((a) => a.invariant === result.ruleId) ?? [];
      if (applied.length === 0) continue;
      result.suppressions = applied.map(({ acknowledgement: a }) => ({
        kind: "external",
        status: "accepted",
        justification: a.reason,
        properties: { ...(a.by ? { by: a.by } : {}), ...(a.until ? { until: a.until } : {}), classAcknowledged: entry!.acknowledged },
      }));
    }
  }
  return log;
}

/**
 * GitHub workflow annotations of `check` with each finding an acknowledgement in force covers
 * turned from an error or warning into a notice that says it is acknowledged and why: still on the
 * pull request's file, no longer failing-red, since the run does not fail on it.
 */
export function markAcknowledgedAnnotations(text: string, entries: readonly ClassAcknowledgement[]): string {
  if (entries.every((e) => e.applied.length === 0)) return text;
  return text
    .split("\n")
    .map((line) => {
      const m = /^::(error|warning|notice) ([^:]*)::(.*)$/.exec(line);
      if (!m) return line;
      const title = /(?:^|,)title=([^,]*)/.exec(m[2]!)?.[1] ?? "";
      const decoded = decodeURIComponent(title);
      const applied = appliedTo(entries, decoded.split(":")[0]!, /\(([^)]+)\)\s*$/.exec(decoded)?.[1]);
      if (!applied) return line;
      return `::notice ${m[2]}::${m[3]} Acknowledged${applied.by ? ` by ${escapeData(applied.by)}` : ""}${applied.until ? ` until ${escapeData(applied.until)}` : ""}: ${escapeData(applied.reason)}`;
    })
    .join("\n");
}

/** GitLab Code Quality issues of `check` with each acknowledged finding at severity info, its description saying why. */
export function markAcknowledgedCodeQuality<T extends { check_name?: string; description?: string; severity?: string }>(issues: T[], entries: readonly ClassAcknowledgement[]): T[] {
  return issues.map((issue) => {
    const applied = appliedTo(entries, issue.description?.split(":")[0] ?? "", issue.check_name);
    if (!applied) return issue;
    return { ...issue, severity: "info", description: `${issue.description} Acknowledged${applied.by ? ` by ${applied.by}` : ""}${applied.until ? ` until ${applied.until}` : ""}: ${applied.reason}` };
  });
}

function appliedTo(entries: readonly ClassAcknowledgement[], taskClass: string, invariant: string | undefined) {
  return entries.find((e) => e.taskClass === taskClass)?.applied.find((a) => a.invariant === invariant)?.acknowledgement;
}

/** Config text in a workflow command: one line, its controls shown (no line break can start a command of its own), % escaped. */
function escapeData(text: string): string {
  return oneLine(text).replace(/%/g, "%25");
}

/**
 * A JUnit report of `check` with each acknowledged class (one that does not fail the run) no longer
 * a failure: its test case is skipped with a message saying who accepted it and why, and the
 * failure's own text stays beside it as system-out, so a test report shows it, not red.
 */
export function markAcknowledgedJunit(text: string, entries: readonly ClassAcknowledgement[]): string {
  let out = text;
  let turned = 0;
  for (const entry of entries) {
    if (!entry.acknowledged) continue;
    const name = xml(entry.taskClass).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    // Within that class's own test case: nothing may cross its </testcase>.
    const inside = "(?:(?!</testcase>)[\\s\\S])*?";
    const testcase = new RegExp(`(<testcase [^>]*name="${name}">${inside})<failure [^>]*>(${inside})</failure>(${inside}</testcase>)`);
    out = out.replace(testcase, (_all, before: string, failureText: string, after: string) => {
      turned += 1;
      const why = entry.applied.map(({ acknowledgement: a }) => `${a.invariant} acknowledged${a.by ? ` by ${a.by}` : ""}${a.until ? ` until ${a.until}` : ""}: ${a.reason}`).join(" ");
      return `${before}<skipped message="${xml(`${entry.decision}, acknowledged. ${why}`)}"/>\n      <system-out>${failureText}</system-out>${after}`;
    });
  }
  if (turned === 0) return out;
  // The suite's and the document's failure counts drop by the classes no longer failing.
  return out.replace(/(<testsuites? [^>]*failures=")(\d+)(")/g, (_all, a: string, n: string, b: string) => `${a}${Math.max(0, Number(n) - turned)}${b}`);
}
