import type { ClassAcknowledgement } from "../negotiation";

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
