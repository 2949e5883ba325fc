import { isNotForClient } from "../decide";
import type { TaskClassDecision } from "../decision-types";
import { getInvariant, INVARIANT_IDS } from "../invariants";
import { docsPath, type Finding, type InvariantId } from "../invariants/types";
import {
  decisionFromRecord,
  findingsFromRecord,
  readRecordReasons,
  type LogEntry,
  type LogLimitNotice,
  type SeedExpectation,
  type SeedMessage,
  type UnreadableReason,
} from "../log";
import { findTaskClass } from "../task-classes";
import { ENGINE_NAME, ENGINE_VERSION } from "../version";
import { cardFaultStep, explainDecision, explainDegradation } from "./decisions";
import { explainFinding, whatWouldChange } from "./findings";
import { explainRecordError } from "./record";
import { formatList, renderTemplate } from "./template";

/** English for the log explainer: one explanation per pasted line (see lib/negotiation/log/). */
export interface LogLineExplanation {
  /** What the line is, in one sentence. */
  headline: string;
  /** Rules the line concerns, with their docs page (unknown ids have none). */
  rules: Array<{ id: string; title: string; known: boolean; docsPath?: string }>;
  taskClass?: string;
  /** What it means, in plain words. */
  meaning: string[];
  /** What would change the outcome. */
  changes: string[];
  /** Caveats: engine versions, the seed check's narrower tests. */
  notes: string[];
}

export function explainLogEntry(entry: LogEntry): LogLineExplanation {
  switch (entry.kind) {
    case "record":
      return explainRecordEntry(entry);
    case "seed":
      return explainSeedEntry(entry);
    case "mention":
      return explainMention(entry.rules, entry.taskClass);
    case "unreadable":
      return { headline: explainUnreadable(entry.reason), rules: [], meaning: [], changes: [], notes: [] };
  }
}

function ruleRef(id: string) {
  const invariant = getInvariant(id);
  if (!invariant) return { id, title: `Unknown rule "${id}" (not part of ${ENGINE_NAME} ${ENGINE_VERSION})`, known: false };
  return { id, title: invariant.meta.title, known: true, docsPath: docsPath(invariant.meta.id) };
}

// ---------------------------------------------------------------------------------------------
// Decision records

function explainRecordEntry(entry: Extract<LogEntry, { kind: "record" }>): LogLineExplanation {
  const { record } = entry;
  const decision = decisionFromRecord(record);
  const findings = findingsFromRecord(record);
  const card = record.card.name ?? record.card.url ?? "an unnamed card";
  const template = isNotForClient(record)
    ? "Parley decision record: {{taskClass}} is not for this client (client profile {{profile}}) on {{card}}: the client's own limits, no fault of the card."
    : "Parley decision record: {{decision}} {{taskClass}} for {{card}}, client profile {{profile}}.";
  const headline = renderTemplate(template, {
    decision: record.decision,
    taskClass: record.taskClass,
    card,
    profile: record.profile,
  });
  const meaning = [explainDecision(decision)];
  for (const finding of findings) meaning.push(explainFinding(finding));
  for (const degradation of decision.degradations) meaning.push(explainDegradation(degradation));
  const changes = unique(findings.flatMap((finding) => whatWouldChange(finding, decision)));
  const cardStep = cardFaultStep(decision);
  if (cardStep) changes.push(cardStep);
  const notes: string[] = [];
  const engine = `${ENGINE_NAME}/${ENGINE_VERSION}`;
  if (record.engine !== engine) {
    notes.push(
      renderTemplate("Written by {{written}}; this explainer is {{engine}}: open the review to see today's decision.", {
        written: record.engine,
        engine,
      }),
    );
  }
  const unknownReasons = readRecordReasons(record).unknown;
  if (unknownReasons.length > 0) {
    notes.push(renderTemplate("Reasons this engine does not know: {{reasons}}.", { reasons: unique(unknownReasons) }));
  }
  if (record.interface) {
    notes.push(renderTemplate("The client would call {{url}} over {{binding}}, A2A {{version}}.", { ...record.interface, version: record.interface.protocolVersion }));
  }
  notes.push(renderTemplate("Card digest {{digest}}: the exact bytes that were reviewed.", { digest: record.card.digest }));
  return { headline, rules: record.rules.map(ruleRef), taskClass: record.taskClass, meaning, changes, notes };
}

// ---------------------------------------------------------------------------------------------
// Seed-compatible UnnegotiableAgentCardError messages

/** The finding Parley reports for the same situation as each seed message. */
function seedFinding(seed: SeedMessage): Finding {
  const base = { invariant: seed.invariant, taskClass: seed.taskClass, status: "violated" as const, evidence: [] };
  switch (seed.seedInvariant) {
    case 1:
      return { ...base, messageId: "liveOnlyModesUnservable", data: { modes: seed.modes ?? [] } };
    case 2:
      return { ...base, messageId: "pushSchemeMtlsPlainListener", data: { schemes: [seed.scheme ?? ""] } };
    case 3:
      return { ...base, messageId: "unreachableOutput", data: { modes: seed.modes ?? [] } };
  }
}

const SEED_NOTES: Record<1 | 2 | 3, string> = {
  1: "The seed check reads only defaultInputModes; Parley's review also reads each skill's inputModes.",
  2: "The seed check rejects async-completion whenever the listener is plain; Parley's review degrades it to polling when the client can poll, and rejects only when push is the only completion path.",
  3: "The seed check rejects whenever a declared output is resubscribe-only; Parley's review rejects only when no output mode the client accepts stays reachable, and degrades otherwise.",
};

function explainSeedEntry(seed: Extract<LogEntry, { kind: "seed" }>): LogLineExplanation {
  const finding = seedFinding(seed);
  const rejected: TaskClassDecision = {
    taskClass: seed.taskClass,
    decision: "reject",
    reasons: [{ reason: "requiredPathCut", outcome: "reject", invariant: seed.invariant, data: {} }],
    findings: [finding],
    degradations: [],
  };
  const headline = renderTemplate(
    "UnnegotiableAgentCardError from the rule's reference check: invariant {{n}} of the rule rejected {{taskClass}} before the task was created.",
    { n: seed.seedInvariant, taskClass: seed.taskClass },
  );
  return {
    headline,
    rules: [ruleRef(seed.invariant)],
    taskClass: seed.taskClass,
    meaning: [explainFinding(finding)],
    changes: whatWouldChange(finding, rejected),
    notes: [SEED_NOTES[seed.seedInvariant]],
  };
}

// ---------------------------------------------------------------------------------------------
// Lines that only name a rule

function explainMention(rules: InvariantId[], taskClass: string | undefined): LogLineExplanation {
  const names = rules.map((id) => getInvariant(id)?.meta.title ?? id);
  const headline =
    taskClass === undefined
      ? renderTemplate("This line names {{rules}}.", { rules: names })
      : renderTemplate("This line names {{rules}}, for task class {{taskClass}}.", { rules: names, taskClass });
  const meaning: string[] = [];
  const builtIn = taskClass === undefined ? undefined : findTaskClass(taskClass);
  for (const id of rules) {
    const meta = getInvariant(id)?.meta;
    if (!meta) continue;
    meaning.push(renderTemplate("{{title}}: {{description}}.", { title: meta.title, description: meta.description }));
    if (builtIn) {
      const template = meta.concerns(builtIn)
        ? "It concerns {{taskClass}}: when it fires, {{taskClass}} cannot be completed as the card promises."
        : "It does not concern {{taskClass}}, so it cannot have rejected it: look for another rule on that line.";
      meaning.push(renderTemplate(template, { taskClass: builtIn.id }));
    }
  }
  const changes = unique(rules.flatMap((id) => getInvariant(id)?.meta.generalFixes ?? []));
  const notes = ["The line carries no evidence, so this is what the rule means in general: paste the decision record for the specifics."];
  return { headline, rules: rules.map(ruleRef), ...(taskClass === undefined ? {} : { taskClass }), meaning, changes, notes };
}

// ---------------------------------------------------------------------------------------------
// Unreadable lines and limits

const SEED_EXPECTATIONS: Record<SeedExpectation, string> = {
  taskClass: "the task class as a quoted string (task_class='live-input')",
  taskClassMarker: "task_class='…' and one of the error's three messages, which this line does not carry",
  messageText: "the text of one of the three UnnegotiableAgentCardError messages",
  messageTail: "the message's fixed ending",
  quotedString: "a quoted string",
  closingQuote: "the closing quote of a string",
  hexEscape: "hex digits after a \\x, \\u or \\U escape",
  scalar: "a quoted string, a number, None, True or False",
  list: "a list ([…])",
  listSeparator: '", " or "]" in a list',
};

export function explainUnreadable(reason: UnreadableReason): string {
  switch (reason.code) {
    case "badRecord":
      // The line claims "parley.decision" but does not parse: almost always a record cut at a log length limit.
      return reason.error.code === "notJson"
        ? "This looks like a Parley decision record, but it is not complete JSON: it was probably cut short (log pipelines often truncate long lines). Paste the whole record."
        : explainRecordError(reason.error);
    case "badSeedMessage":
      return renderTemplate(
        "This looks like an UnnegotiableAgentCardError message, but at column {{column}} it expected {{expected}}, so it cannot be read.",
        { column: reason.miss.column + 1, expected: SEED_EXPECTATIONS[reason.miss.expected] },
      );
    case "nothingRecognised":
      return renderTemplate(
        "Not a Parley decision record, not an UnnegotiableAgentCardError message, and it names no rule id (the rules are {{rules}}).",
        { rules: formatList([...INVARIANT_IDS]) },
      );
  }
}

export function explainLogNotice(notice: LogLimitNotice): string {
  switch (notice.code) {
    case "inputTooLarge":
      return renderTemplate(
        "The pasted text is {{length}} characters long; the explainer reads at most {{limit}} at once. Paste fewer lines.",
        { length: notice.length.toLocaleString("en-US"), limit: notice.limit.toLocaleString("en-US") },
      );
    case "tooManyLines":
      return renderTemplate(
        "Only the first {{limit}} non-blank lines were read; {{skipped}} more were not. Paste the rest separately.",
        { limit: notice.limit, skipped: notice.skipped },
      );
  }
}

function unique(items: string[]): string[] {
  return [...new Set(items)];
}
