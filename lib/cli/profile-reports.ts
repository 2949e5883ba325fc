import { createHash } from "node:crypto";
import { annotationProperty } from "../report/formats";
import { oneLine } from "../report/escape";

/**
 * `check` for a config's several profiles reports every card once per profile in one report; the
 * formats whose results do not name their profile on their own get it here, after acknowledgements
 * are marked: SARIF results (their message; `properties.profile` is there already) and the run,
 * GitHub annotations (their title), GitLab Code Quality issues (their description, and their
 * fingerprint, which must differ per profile or GitLab would take two profiles' findings for one).
 */

type SarifLog = { runs?: Array<{ properties?: Record<string, unknown>; results?: Array<{ message?: { text?: string } }> }> };

export function sarifForProfile<T extends SarifLog>(log: T, profile: string, index: number): T {
  for (const run of log.runs ?? []) {
    run.properties = { ...run.properties, profile, profileIndex: index };
    for (const result of run.results ?? []) if (result.message?.text !== undefined) result.message.text = `${oneLine(profile)} / ${result.message.text}`;
  }
  return log;
}

export function annotationsForProfile(text: string, profile: string): string {
  const prefix = annotationProperty(`${oneLine(profile)} / `);
  return text.replace(/^(::(?:error|warning|notice) [^:\n]*?\btitle=)/gm, `$1${prefix}`);
}

export function codeQualityForProfile<T extends { description?: string; fingerprint?: string }>(issues: T[], profile: string): T[] {
  return issues.map((issue) => ({
    ...issue,
    description: `${oneLine(profile)} / ${issue.description ?? ""}`,
    fingerprint: createHash("sha256").update(JSON.stringify([issue.fingerprint, profile])).digest("hex"),
  }));
}
