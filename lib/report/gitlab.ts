import { digestCardText } from "../negotiation/digest";
import { decisionLabel, explainDecision, explainEveryClassRejected, explainReason, invalidCardReason } from "../negotiation/explain/decisions";
import { explainFinding } from "../negotiation/explain/findings";
import { describeProblem } from "../negotiation/explain/validity";
import { oneLine } from "./escape";
import { cardPointers, failsOn, findingsBehind, level, problemPosition, type ReportInput } from "./formats";
import { lintAcknowledgementNote, lintItemFails, lintItems, type LintReportInput } from "./lint";
import { pointerPosition } from "./locate";

/**
 * GitLab Code Quality (the `codequality` report artifact of a CI job): a JSON array of issues,
 * each with a description, a check name, a severity, the file and line, and a fingerprint that
 * stays the same while the issue does, so a merge request shows what it adds and what it fixes.
 * https://docs.gitlab.com/ci/testing/code_quality/#code-quality-report-format
 */
export interface CodeQualityIssue {
  description: string;
  check_name: string;
  fingerprint: string;
  severity: "info" | "minor" | "major" | "critical" | "blocker";
  location: { path: string; lines: { begin: number } };
}

/** The fingerprint: what the issue is about (rule, file, pointer, task class), never its wording or line. */
function fingerprint(...parts: string[]): string {
  return digestCardText(JSON.stringify(parts)).slice("sha256:".length);
}

/** `check --format gitlab`: validity errors and the findings behind each decision that is not accept. */
export function toGitlabCodeQuality(input: ReportInput): CodeQualityIssue[] {
  const { review, cardText, cardUri, failOn } = input;
  const issues: CodeQualityIssue[] = [];
  const add = (check: string, key: string, severity: CodeQualityIssue["severity"], description: string, line = 1) => {
    issues.push({ description: oneLine(description), check_name: check, fingerprint: fingerprint(check, cardUri, key), severity, location: { path: cardUri, lines: { begin: line } } });
  };
  for (const problem of review.validity.problems.filter((p) => p.severity === "error")) {
    add(`validity/${problem.code}`, problem.pointer, "critical", describeProblem(problem), problemPosition(problem, cardText)?.line);
  }
  const invalid = review.validity.valid ? undefined : invalidCardReason(review);
  if (invalid) {
    if (review.decisions.length > 0) add("invalid-card", review.decisions.map((d) => d.taskClass).join(","), "critical", explainEveryClassRejected(explainReason(invalid)));
    return issues;
  }
  for (const decision of review.decisions) {
    if (decision.decision === "accept") continue;
    const severity = failsOn(decision, failOn) ? "critical" : level(decision) === "warning" ? "minor" : "info";
    const findings = findingsBehind(decision);
    if (findings.length === 0) {
      add(`decision/${decision.decision}`, decision.taskClass, severity, `${decision.taskClass}: ${decisionLabel(decision)}. ${explainDecision(decision, review)}`);
      continue;
    }
    for (const finding of findings) {
      const pointer = cardPointers(finding)[0] ?? "";
      add(finding.invariant, `${decision.taskClass} ${pointer}`, severity, `${decision.taskClass}: ${decisionLabel(decision)}. ${explainFinding(finding)}`, pointerPosition(cardText, pointer)?.line);
    }
  }
  return issues;
}

/** `lint --format gitlab`: the card's validity problems and what the live check found. */
export function lintToGitlabCodeQuality(input: LintReportInput): CodeQualityIssue[] {
  return lintItems(input).map((item) => ({
    // An acknowledged finding: severity info, its description saying who accepted it and why.
    description: oneLine(item.acknowledgement ? `${item.message} ${lintAcknowledgementNote(item)}` : item.message),
    check_name: item.ruleId,
    fingerprint: fingerprint(item.ruleId, input.cardUri, item.pointer),
    severity: lintItemFails(item, input) ? "critical" : item.acknowledgement?.applied ? "info" : item.severity === "warning" ? "minor" : "info",
    location: { path: input.cardUri, lines: { begin: item.position?.line ?? 1 } },
  }));
}
