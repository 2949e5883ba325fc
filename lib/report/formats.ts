import { outcomeOf, rulesOf } from "../negotiation/decide";
import { DECISIONS, type DecisionKind, type Outcome, type RejectTarget, type Review, type TaskClassDecision } from "../negotiation/decision-types";
import { describeInvariant, explainFinding } from "../negotiation/explain/findings";
import { decisionLabel, explainDecision, explainEveryClassRejected, explainReason, invalidCardReason } from "../negotiation/explain/decisions";
import { describeProblem } from "../negotiation/explain/validity";
import { INVARIANTS } from "../negotiation/invariants";
import type { Finding } from "../negotiation/invariants/types";
import { docsPath } from "../negotiation/invariants/types";
import { ENGINE_NAME, ENGINE_VERSION } from "../negotiation/version";
import type { ValidityProblem } from "../negotiation/card/validity";
import type { TextPosition } from "../negotiation/card/parse-text";
import { artifactUri } from "./artifact-uri";
import { escapeMarkdown } from "../markdown";
import { RULE_DOCS } from "../negotiation/rule-docs/docs";
import type { InvariantId } from "../negotiation/invariants/types";
import { pointerPosition } from "./locate";
import { escapeControls } from "./escape";
import { junitDocument, xml, xmlLines } from "./junit";

export { junitDocument, xml, xmlLines };

/**
 * CI formats for one review: SARIF 2.1.0 (code scanning), JUnit XML (test reports), GitHub
 * workflow annotations. Each reports what a pipeline acts on: the decisions the run fails on
 * (`failOn`), the findings behind them with the card's line and column, and card validity errors.
 */
export interface ReportInput {
  review: Review;
  /** The card's exact text (for line and column). */
  cardText: string;
  /**
   * How the card is named in the report: a path (relative to the repository, or absolute), or a
   * URL. SARIF gets it as a URI reference (see artifactUri); the other formats as it is.
   */
  cardUri: string;
  /**
   * Absolute base for rule pages (`https://parley.example`). Without it SARIF names no page (its
   * `helpUri` must be an absolute URI).
   */
  docsBase?: string;
  /** What fails the run: the mildest decision, reject (default), escalate or defer (and everything more severe); see FailPolicy. */
  failOn?: FailOn | FailPolicy;
}

/**
 * `--fail-on` values: a threshold (reject, escalate, defer: that decision and every more severe
 * one fail the run), and `not-for-client`, which also fails on a class the client itself cannot
 * perform (reject aimed at the client). Those do not fail a run by default: they are no fault of
 * the card, and a pipeline that gates on a vendor's card should not break on its own client's limits.
 */
export const FAIL_ON = ["reject", "escalate", "defer", "not-for-client"] as const;
export type FailOn = (typeof FAIL_ON)[number];
export type FailThreshold = Exclude<FailOn, "not-for-client">;

export interface FailPolicy {
  threshold: FailThreshold;
  /** Fail on classes that are not for this client, too. */
  notForClient: boolean;
}

/** One policy from the values given (`reject`, or `defer` and `not-for-client`): the mildest threshold wins. */
export function failPolicy(values: readonly FailOn[]): FailPolicy {
  let threshold: FailThreshold = "reject";
  let notForClient = false;
  for (const value of values) {
    if (value === "not-for-client") notForClient = true;
    else if (DECISIONS.indexOf(value) < DECISIONS.indexOf(threshold)) threshold = value;
  }
  return { threshold, notForClient };
}

function asPolicy(failOn: FailOn | FailPolicy | undefined): FailPolicy {
  if (failOn === undefined) return { threshold: "reject", notForClient: false };
  return typeof failOn === "string" ? failPolicy([failOn]) : failOn;
}

/** The policy as the flag would write it: "reject", "defer,not-for-client". */
export function failOnLabel(failOn: FailOn | FailPolicy | undefined): string {
  const policy = asPolicy(failOn);
  return policy.notForClient ? `${policy.threshold},not-for-client` : policy.threshold;
}

/**
 * Does this decision fail the run? Severity: reject > escalate > defer > accept-degraded > accept.
 * A rejection aimed at the client ("not for this client") fails only when the policy says so; a
 * bare decision kind (no target) is read as a decision about the card.
 */
export function failsOn(decision: DecisionKind | { decision: DecisionKind; target?: RejectTarget }, failOn?: FailOn | FailPolicy): boolean {
  const policy = asPolicy(failOn);
  const outcome: Outcome = typeof decision === "string" ? decision : outcomeOf(decision);
  if (outcome === "not-for-client") return policy.notForClient;
  return DECISIONS.indexOf(outcome) >= DECISIONS.indexOf(policy.threshold);
}

/** A page of the app, absolute under `docsBase` (which may carry a path prefix). */
export function pageHref(path: string, docsBase: string): string {
  return docsBase.replace(/\/+$/, "") + path;
}

/** SARIF's `helpUri`, which must be absolute: only with a docs base. */
function helpUri(path: string, docsBase: string | undefined): { helpUri?: string } {
  return docsBase ? { helpUri: pageHref(path, docsBase) } : {};
}

/**
 * A rule's help in the SARIF log itself (`help.text`, `help.markdown`): what the rule checks and
 * why, from its rule page, so a code-scanning alert explains itself when no docs base is linked.
 */
function ruleHelp(id: InvariantId): { text: string; markdown: string } {
  const { meta } = INVARIANTS.find((inv) => inv.meta.id === id)!;
  const { why } = RULE_DOCS[id];
  return {
    text: [`${meta.title}: ${meta.description}.`, ...why.paragraphs, `Rule page: ${docsPath(id)} in the Parley app.`].join("\n\n"),
    markdown: [`**${escapeMarkdown(meta.title)}** (\`${id}\`): ${escapeMarkdown(meta.description)}.`, `#### ${escapeMarkdown(why.heading)}`, ...why.paragraphs.map(escapeMarkdown), `Rule page: \`${docsPath(id)}\` in the Parley app.`].join("\n\n"),
  };
}

export function validityHelp(code: string): { text: string; markdown: string } {
  const text = `The card is not a valid Agent Card (${code}). Validity comes first: an invalid card is rejected for every task class, and the fix is in the card, at its source. The result's message says what is wrong and where.`;
  return { text, markdown: escapeMarkdown(text) };
}

/**
 * Where a validity problem is in the card text: the parse error's own line and column for text
 * that is not JSON (it has no pointer to find), else where its pointer leads.
 */
export function problemPosition(problem: ValidityProblem, cardText: string): TextPosition | undefined {
  return problem.position ?? pointerPosition(cardText, problem.pointer);
}

/** The card pointers of a finding's evidence, each once (several interfaces can cite the same field). */
export function cardPointers(finding: Finding): string[] {
  return [...new Set(finding.evidence.filter((e) => e.source === "card").map((e) => e.pointer))];
}

/** The findings behind a decision: those of its rules (violated or not evaluated). */
export function findingsBehind(decision: TaskClassDecision): Finding[] {
  const rules = rulesOf(decision);
  return decision.findings.filter((f) => rules.includes(f.invariant) && (f.status === "violated" || f.status === "not-evaluated"));
}

export function level(decision: TaskClassDecision): "error" | "warning" | "note" {
  const outcome = outcomeOf(decision);
  return outcome === "reject" ? "error" : outcome === "accept" || outcome === "not-for-client" ? "note" : "warning";
}

/** The properties a result or test case carries about its decision: the decision and, for a reject, its target. */
function decisionProperties(decision: TaskClassDecision): { decision: DecisionKind; target?: RejectTarget } {
  return decision.target ? { decision: decision.decision, target: decision.target } : { decision: decision.decision };
}

// ---------------------------------------------------------------------------------------------
// SARIF 2.1.0

export function toSarif(input: ReportInput): Record<string, unknown> {
  const { review, cardText, cardUri, docsBase } = input;
  const failOn = input.failOn;
  const rules = INVARIANTS.map((inv) => ({
    id: inv.meta.id,
    name: inv.meta.title,
    shortDescription: { text: inv.meta.description },
    fullDescription: { text: describeInvariant(inv.meta.id) },
    ...helpUri(docsPath(inv.meta.id), docsBase),
    help: ruleHelp(inv.meta.id),
    properties: { origin: inv.meta.origin },
  }));
  const validityRules = [...new Set(review.validity.problems.filter((p) => p.severity === "error").map((p) => p.code))].map((code) => ({
    id: `validity/${code}`,
    name: `Card validity: ${code}`,
    shortDescription: { text: `The card is not a valid Agent Card (${code})` },
    ...helpUri("/rule#how-parley-decides", docsBase),
    help: validityHelp(code),
  }));
  const allRules = [...rules, ...validityRules];
  const ruleIndex = (id: string) => allRules.findIndex((r) => r.id === id);
  const uri = artifactUri(cardUri);
  const location = (pointer: string, position = pointerPosition(cardText, pointer)) => {
    return {
      physicalLocation: {
        artifactLocation: { uri, index: 0 },
        ...(position ? { region: { startLine: position.line, startColumn: position.column } } : {}),
      },
      logicalLocations: [{ fullyQualifiedName: pointer || "/", kind: "element" }],
    };
  };
  const results: Array<Record<string, unknown>> = [];
  for (const problem of review.validity.problems.filter((p) => p.severity === "error")) {
    results.push({
      ruleId: `validity/${problem.code}`,
      ruleIndex: ruleIndex(`validity/${problem.code}`),
      level: "error",
      message: { text: describeProblem(problem) },
      locations: [location(problem.pointer, problemPosition(problem, cardText))],
    });
  }
  for (const decision of review.decisions) {
    if (decision.decision === "accept") continue;
    for (const finding of findingsBehind(decision)) {
      const pointers = cardPointers(finding);
      results.push({
        ruleId: finding.invariant,
        ruleIndex: ruleIndex(finding.invariant),
        level: failsOn(decision, failOn) ? "error" : level(decision),
        message: { text: `${decision.taskClass}: ${decisionLabel(decision)}. ${explainFinding(finding)}` },
        locations: (pointers.length > 0 ? pointers.slice(0, 5) : [""]).map((pointer) => location(pointer)),
        properties: { taskClass: decision.taskClass, ...decisionProperties(decision), profile: review.profile.name },
      });
    }
  }
  return {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [
      {
        tool: {
          driver: {
            name: "Parley",
            fullName: `${ENGINE_NAME} ${ENGINE_VERSION}`,
            version: ENGINE_VERSION,
            ...(docsBase ? { informationUri: pageHref("/rules", docsBase) } : {}),
            rules: allRules,
          },
        },
        artifacts: [{ location: { uri } }],
        results,
      },
    ],
  };
}

// ---------------------------------------------------------------------------------------------
// JUnit XML

/**
 * One test suite for the card × profile, one test case per task class, a failure per decision the
 * run fails on. A test case is named by its task class alone, so CI keeps its history when the
 * decision changes; the decision is its `decision` property, the failure's type and text, or (when
 * it does not fail the run) its standard output.
 */
export function toJunit(input: ReportInput): string {
  const { review, cardUri } = input;
  const failOn = input.failOn;
  const suite = `${review.card?.name ?? cardUri} × ${review.profile.name}`;
  const failures = review.decisions.filter((d) => failsOn(d, failOn)).length;
  const cases = review.decisions.map((d) => {
    const open = `    <testcase classname="${xml(suite)}" name="${xml(d.taskClass)}">`;
    const target = d.target ? `<property name="target" value="${xml(d.target)}"/>` : "";
    const properties = `      <properties><property name="decision" value="${xml(d.decision)}"/>${target}</properties>`;
    const close = `    </testcase>`;
    if (!failsOn(d, failOn)) return [open, properties, `      <system-out>${xml(explainDecision(d, review))}</system-out>`, close].join("\n");
    const detail = [explainDecision(d, review), ...findingsBehind(d).map(explainFinding)];
    return [open, properties, `      <failure type="${xml(d.decision)}" message="${xml(explainDecision(d, review))}">${xmlLines(detail)}</failure>`, close].join("\n");
  });
  return junitDocument("Parley", suite, cases, failures);
}

// ---------------------------------------------------------------------------------------------
// GitHub workflow annotations

/** `::error file=…,line=…,col=…,title=…::message`, escaped as the runner expects. */
export function annotationProperty(text: string): string {
  return escapeControls(text, { keepLineBreaks: true }).replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A").replace(/:/g, "%3A").replace(/,/g, "%2C");
}
export function annotationMessage(text: string): string {
  return escapeControls(text, { keepLineBreaks: true }).replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

export function toGithubAnnotations(input: ReportInput): string {
  const { review, cardText, cardUri } = input;
  const failOn = input.failOn;
  const lines: string[] = [];
  const annotate = (kind: "error" | "warning" | "notice", pointer: string, title: string, message: string, position = pointerPosition(cardText, pointer)) => {
    const where = [`file=${annotationProperty(cardUri)}`, ...(position ? [`line=${position.line}`, `col=${position.column}`] : []), `title=${annotationProperty(title)}`];
    lines.push(`::${kind} ${where.join(",")}::${annotationMessage(message)}`);
  };
  for (const problem of review.validity.problems.filter((p) => p.severity === "error")) annotate("error", problem.pointer, `Invalid card (${problem.code})`, describeProblem(problem), problemPosition(problem, cardText));
  // An invalid card: its errors above, then one annotation for every class rejected for it.
  const invalid = review.validity.valid ? undefined : invalidCardReason(review);
  if (invalid) {
    // A rejection fails the run at every --fail-on threshold.
    if (review.decisions.length > 0) {
      annotate("error", "", `${review.decisions.map((d) => d.taskClass).join(", ")}: reject (the card)`, explainEveryClassRejected(explainReason(invalid)));
    }
    return lines.join("\n") + (lines.length > 0 ? "\n" : "");
  }
  for (const decision of review.decisions) {
    if (decision.decision === "accept") continue;
    const kind = failsOn(decision, failOn) ? "error" : decision.decision === "accept-degraded" || outcomeOf(decision) === "not-for-client" ? "notice" : "warning";
    const findings = findingsBehind(decision);
    if (findings.length === 0) {
      annotate(kind, "", `${decision.taskClass}: ${decisionLabel(decision)}`, explainDecision(decision, review));
      continue;
    }
    for (const finding of findings) {
      const pointer = finding.evidence.find((e) => e.source === "card")?.pointer ?? "";
      annotate(kind, pointer, `${decision.taskClass}: ${decisionLabel(decision)} (${finding.invariant})`, explainFinding(finding));
    }
  }
  return lines.join("\n") + (lines.length > 0 ? "\n" : "");
}
