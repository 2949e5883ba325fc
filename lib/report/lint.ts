import type { CardLint, LiveProblem } from "../negotiation/lint";
import type { ValidityProblem } from "../negotiation/card/validity";
import { describeProblem } from "../negotiation/explain/validity";
import { describeLintStatus, describeLiveProblem, describePresetLint, lintRuleHelp, outcomeLabel } from "../negotiation/explain/lint";
import { describeSignatureReport } from "../negotiation/explain/signatures";
import { ENGINE_NAME, ENGINE_VERSION } from "../negotiation/version";
import { escapeMarkdown } from "../markdown";
import { artifactUri } from "./artifact-uri";
import { oneLine } from "./escape";
import { pointerPosition } from "./locate";
import { annotationMessage, annotationProperty, junitDocument, pageHref, problemPosition, xml, xmlLines } from "./formats";

/**
 * CI formats for `parley lint` (a card on its own): SARIF, JUnit, GitHub annotations, Markdown.
 * Each reports the card's problems where they are in its text: validity errors and warnings, and
 * what the live check found; the per-preset summary goes with them as data (it fails nothing).
 */
export interface LintReportInput {
  lint: CardLint;
  /** The card's exact text (for line and column). */
  cardText: string;
  /** How the card is named: a path or a URL. */
  cardUri: string;
  /** Absolute base of the Parley app, for SARIF's helpUri. */
  docsBase?: string;
  /** Warnings fail the run too (--fail-on warning). */
  failOnWarnings?: boolean;
}

interface Item {
  ruleId: string;
  code: string;
  severity: "error" | "warning" | "note";
  pointer: string;
  message: string;
  position?: { line: number; column: number };
}

/** Every problem of the lint in reading order: validity errors, validity warnings, then the live check's. */
export function lintItems(input: LintReportInput): Item[] {
  const { lint, cardText } = input;
  const validity = (p: ValidityProblem): Item => ({
    ruleId: `validity/${p.code}`,
    code: p.code,
    severity: p.severity,
    pointer: p.pointer,
    message: describeProblem(p),
    position: problemPosition(p, cardText),
  });
  const live = (p: LiveProblem): Item => ({ ruleId: `live/${p.code}`, code: p.code, severity: p.severity, pointer: p.pointer, message: describeLiveProblem(p), position: pointerPosition(cardText, p.pointer) });
  return [...lint.errors.map(validity), ...lint.warnings.map(validity), ...(lint.live?.problems ?? []).map(live)];
}

export function lintItemFails(item: Item, input: LintReportInput): boolean {
  return item.severity === "error" || (input.failOnWarnings === true && item.severity === "warning");
}

// ---------------------------------------------------------------------------------------------
// SARIF 2.1.0

export function lintToSarif(input: LintReportInput): Record<string, unknown> {
  const { lint, cardText, docsBase } = input;
  const all = lintItems(input);
  const ruleIds = [...new Set(all.map((i) => i.ruleId))];
  const rules = ruleIds.map((id) => {
    const item = all.find((i) => i.ruleId === id)!;
    const help = lintRuleHelp(item.ruleId.startsWith("live/") ? "live" : item.severity === "error" ? "error" : "warning", item.code);
    return {
      id,
      name: id,
      shortDescription: { text: help.short },
      ...(docsBase ? { helpUri: pageHref("/rule#how-parley-decides", docsBase) } : {}),
      help: { text: help.text, markdown: escapeMarkdown(help.text) },
    };
  });
  const uri = artifactUri(input.cardUri);
  const results = all.map((item) => {
    const position = item.position ?? pointerPosition(cardText, item.pointer);
    return {
      ruleId: item.ruleId,
      ruleIndex: ruleIds.indexOf(item.ruleId),
      level: lintItemFails(item, input) ? "error" : item.severity,
      message: { text: item.message },
      locations: [
        {
          physicalLocation: { artifactLocation: { uri, index: 0 }, ...(position ? { region: { startLine: position.line, startColumn: position.column } } : {}) },
          logicalLocations: [{ fullyQualifiedName: item.pointer || "/", kind: "element" }],
        },
      ],
    };
  });
  return {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [
      {
        tool: { driver: { name: "Parley lint", fullName: `${ENGINE_NAME} ${ENGINE_VERSION}`, version: ENGINE_VERSION, rules } },
        artifacts: [{ location: { uri } }],
        results,
        properties: {
          status: lint.status,
          signature: lint.signature.status,
          presets: lint.presets.map((p) => ({ id: p.id, name: p.name, worst: p.worst })),
        },
      },
    ],
  };
}

// ---------------------------------------------------------------------------------------------
// JUnit XML

/**
 * One test suite for the card: a test case for validity, one for the signature, one for the live
 * check (when it ran), and one per preset (never failing: a preset's rejection is what the card
 * does not offer that client, which is no fault of the card; its worst outcome is a property).
 */
export function lintToJunit(input: LintReportInput): string {
  const { lint, cardUri } = input;
  const suite = `lint ${lint.name ?? cardUri}`;
  const all = lintItems(input);
  const cases: string[] = [];
  const testcase = (name: string, props: Record<string, string>, failing: Item[], passText: string) => {
    const properties = Object.entries(props)
      .map(([k, v]) => `<property name="${xml(k)}" value="${xml(v)}"/>`)
      .join("");
    const body = failing.length > 0
      ? `      <failure type="${xml(failing[0]!.code)}" message="${xml(`${failing.length} problem${failing.length === 1 ? "" : "s"}`)}">${xmlLines(failing.map((i) => `${i.pointer || "/"}: ${i.message} [${i.code}]`))}</failure>`
      : `      <system-out>${xml(passText)}</system-out>`;
    cases.push([`    <testcase classname="${xml(suite)}" name="${xml(name)}">`, `      <properties>${properties}</properties>`, body, `    </testcase>`].join("\n"));
  };
  const validity = all.filter((i) => i.ruleId.startsWith("validity/"));
  testcase("validity", { valid: String(lint.valid), shape: lint.shape }, validity.filter((i) => lintItemFails(i, input)), validity.length === 0 ? "No problems." : validity.map((i) => `${i.pointer || "/"}: ${i.message} [${i.code}]`).join(" "));
  testcase("signature", { status: lint.signature.status }, [], lint.signature.report ? describeSignatureReport(lint.signature.report) : "The card is not signed.");
  if (lint.live) {
    const live = all.filter((i) => i.ruleId.startsWith("live/"));
    testcase("live", { interfaces: String(lint.live.interfaces.length) }, live.filter((i) => lintItemFails(i, input)), live.length === 0 ? "Every interface answered." : live.map((i) => i.message).join(" "));
  }
  for (const preset of lint.presets) testcase(`preset ${preset.id}`, { worst: preset.worst }, [], describePresetLint(preset));
  return junitDocument("Parley lint", suite, cases, cases.filter((c) => c.includes("<failure ")).length);
}

// ---------------------------------------------------------------------------------------------
// GitHub workflow annotations

export function lintToGithubAnnotations(input: LintReportInput): string {
  const lines = lintItems(input).map((item) => {
    const kind = lintItemFails(item, input) ? "error" : item.severity === "warning" ? "warning" : "notice";
    const position = item.position;
    const where = [`file=${annotationProperty(input.cardUri)}`, ...(position ? [`line=${position.line}`, `col=${position.column}`] : []), `title=${annotationProperty(`Card ${item.severity} (${item.code})`)}`];
    // Control characters from the card shown as escapes: a log line is no place for a terminal's codes.
    return `::${kind} ${where.join(",")}::${annotationMessage(oneLine(item.message))}`;
  });
  return lines.join("\n") + (lines.length > 0 ? "\n" : "");
}

// ---------------------------------------------------------------------------------------------
// Markdown (a pull request or ticket comment)

/**
 * The lint as a comment: the answer, the problems (pointer, text, code), the signature, then a
 * table of the presets. Everything from the card is escaped.
 */
export function lintToMarkdown(input: LintReportInput): string {
  const { lint } = input;
  const lines = [`**Parley lint:** ${escapeMarkdown(lint.name?.trim() || "unnamed card")} (engine ${ENGINE_NAME} ${escapeMarkdown(ENGINE_VERSION)})`, "", escapeMarkdown(describeLintStatus(lint.status)), ""];
  const all = lintItems(input);
  if (all.length > 0) {
    lines.push("| | Where | Problem |", "| --- | --- | --- |");
    for (const item of all) lines.push(`| ${item.severity} | \`${escapeMarkdown(item.pointer || "/")}\` | ${escapeMarkdown(item.message)} (\`${item.code}\`) |`);
    lines.push("");
  }
  lines.push(`Signature: ${escapeMarkdown(lint.signature.report ? describeSignatureReport(lint.signature.report) : "The card is not signed.")}`, "");
  const classes = lint.presets[0]?.decisions.map((d) => d.taskClass) ?? [];
  lines.push(`| Preset | Worst | ${classes.map((c) => `\`${c}\``).join(" | ")} |`, `| --- | --- | ${classes.map(() => "---").join(" | ")} |`);
  for (const preset of lint.presets) {
    lines.push(`| ${escapeMarkdown(preset.name)} (\`${preset.id}\`) | ${outcomeLabel(preset.worst)} | ${preset.decisions.map((d) => outcomeLabel(d.outcome)).join(" | ")} |`);
  }
  return `${lines.join("\n")}\n`;
}
