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
import { describeExpiredLintAcknowledgement, describeLintAcknowledgement, type LintFindingAcknowledgement } from "../config/lint-acknowledgements";

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
  /** The config's acknowledgements as they bear on a finding (by code and pointer): shown, never hidden; one in force keeps it from failing. */
  acknowledged?: (code: string, pointer: string) => LintFindingAcknowledgement | undefined;
}

interface Item {
  ruleId: string;
  code: string;
  severity: "error" | "warning" | "note";
  pointer: string;
  message: string;
  position?: { line: number; column: number };
  /** An acknowledgement in force covering it, and any that expired. */
  acknowledgement?: LintFindingAcknowledgement;
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
  const items = [...lint.errors.map(validity), ...lint.warnings.map(validity), ...(lint.live?.problems ?? []).map(live)];
  if (!input.acknowledged) return items;
  return items.map((item) => {
    const acknowledgement = item.severity === "note" ? undefined : input.acknowledged!(item.code, item.pointer);
    return acknowledgement ? { ...item, acknowledgement } : item;
  });
}

/** The finding is at or past --fail-on, whether or not acknowledged. */
export function lintItemAtFailOn(item: Item, input: LintReportInput): boolean {
  return item.severity === "error" || (input.failOnWarnings === true && item.severity === "warning");
}

/** The finding fails the run: at or past --fail-on and no acknowledgement in force covers it. */
export function lintItemFails(item: Item, input: LintReportInput): boolean {
  return lintItemAtFailOn(item, input) && item.acknowledgement?.applied === undefined;
}

/** The sentence an acknowledged (or expired) finding carries in every format; "" when none bears on it. */
export function lintAcknowledgementNote(item: Item): string {
  const a = item.acknowledgement;
  if (!a) return "";
  return [a.applied ? describeLintAcknowledgement(a.applied) : "", ...a.expired.map(describeExpiredLintAcknowledgement)].filter(Boolean).join(" ");
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
    const applied = item.acknowledgement?.applied;
    const expired = item.acknowledgement?.expired.length ? ` ${lintAcknowledgementNote({ ...item, acknowledgement: { expired: item.acknowledgement.expired } })}` : "";
    return {
      ruleId: item.ruleId,
      ruleIndex: ruleIds.indexOf(item.ruleId),
      // An acknowledged finding keeps its level and gets a suppression: a viewer shows it as suppressed, never drops it.
      level: lintItemAtFailOn(item, input) ? "error" : item.severity,
      message: { text: `${item.message}${expired}` },
      ...(applied
        ? { suppressions: [{ kind: "external", status: "accepted", justification: applied.reason, properties: { ...(applied.by ? { by: applied.by } : {}), ...(applied.until ? { until: applied.until } : {}) } }] }
        : {}),
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
  const testcase = (name: string, props: Record<string, string>, failing: Item[], passText: string, acknowledged: Item[] = []) => {
    const properties = Object.entries(props)
      .map(([k, v]) => `<property name="${xml(k)}" value="${xml(v)}"/>`)
      .join("");
    const line = (i: Item) => `${i.pointer || "/"}: ${i.message} [${i.code}]${i.acknowledgement ? ` ${lintAcknowledgementNote(i)}` : ""}`;
    // Nothing failing but acknowledged findings at --fail-on: skipped, saying who accepted them and why, their text kept beside.
    const body = failing.length > 0
      ? `      <failure type="${xml(failing[0]!.code)}" message="${xml(`${failing.length} problem${failing.length === 1 ? "" : "s"}`)}">${xmlLines([...failing, ...acknowledged].map(line))}</failure>`
      : acknowledged.length > 0
        ? `      <skipped message="${xml(`${acknowledged.length} acknowledged problem${acknowledged.length === 1 ? "" : "s"}. ${acknowledged.map((i) => `${i.code}: ${lintAcknowledgementNote(i)}`).join(" ")}`)}"/>\n      <system-out>${xmlLines(acknowledged.map(line))}</system-out>`
        : `      <system-out>${xml(passText)}</system-out>`;
    cases.push([`    <testcase classname="${xml(suite)}" name="${xml(name)}">`, `      <properties>${properties}</properties>`, body, `    </testcase>`].join("\n"));
  };
  const validity = all.filter((i) => i.ruleId.startsWith("validity/"));
  const acknowledgedOf = (items: Item[]) => items.filter((i) => lintItemAtFailOn(i, input) && !lintItemFails(i, input));
  testcase("validity", { valid: String(lint.valid), shape: lint.shape }, validity.filter((i) => lintItemFails(i, input)), validity.length === 0 ? "No problems." : validity.map((i) => `${i.pointer || "/"}: ${i.message} [${i.code}]${i.acknowledgement ? ` ${lintAcknowledgementNote(i)}` : ""}`).join(" "), acknowledgedOf(validity));
  testcase("signature", { status: lint.signature.status }, [], lint.signature.report ? describeSignatureReport(lint.signature.report) : "The card is not signed.");
  if (lint.live) {
    const live = all.filter((i) => i.ruleId.startsWith("live/"));
    testcase("live", { interfaces: String(lint.live.interfaces.length) }, live.filter((i) => lintItemFails(i, input)), live.length === 0 ? "Every interface answered." : live.map((i) => i.message).join(" "), acknowledgedOf(live));
  }
  for (const preset of lint.presets) testcase(`preset ${preset.id}`, { worst: preset.worst }, [], describePresetLint(preset));
  return junitDocument("Parley lint", suite, cases, cases.filter((c) => c.includes("<failure ")).length);
}

// ---------------------------------------------------------------------------------------------
// GitHub workflow annotations

export function lintToGithubAnnotations(input: LintReportInput): string {
  const lines = lintItems(input).map((item) => {
    // An acknowledged finding is a notice saying so: still on the card's line, no longer failing-red.
    const kind = lintItemFails(item, input) ? "error" : item.acknowledgement?.applied ? "notice" : item.severity === "warning" ? "warning" : "notice";
    const position = item.position;
    const where = [`file=${annotationProperty(input.cardUri)}`, ...(position ? [`line=${position.line}`, `col=${position.column}`] : []), `title=${annotationProperty(`Card ${item.severity} (${item.code})`)}`];
    // Control characters from the card (and the config's reasons) shown as escapes: a log line is no place for a terminal's codes.
    const note = lintAcknowledgementNote(item);
    return `::${kind} ${where.join(",")}::${annotationMessage(oneLine(note ? `${item.message} ${note}` : item.message))}`;
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
    for (const item of all) {
      const note = lintAcknowledgementNote(item);
      lines.push(`| ${item.severity}${item.acknowledgement?.applied ? ", acknowledged" : ""} | \`${escapeMarkdown(item.pointer || "/")}\` | ${escapeMarkdown(item.message)} (\`${item.code}\`)${note ? ` ${escapeMarkdown(oneLine(note))}` : ""} |`);
    }
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
