import type { TaskClassDecision } from "../decision-types";
import { getInvariant } from "../invariants";
import type { CutCause, Finding, FixTemplate, InvariantMeta, MessageData } from "../invariants/types";
import { applicableFixes, docsPath } from "../invariants/types";
import { renderTemplate, renderTemplateLayered, templatePlaceholders } from "./template";

/** English for invariants and findings. Templates live in each invariant's meta.messages. */

export function describeInvariant(id: string): string {
  const invariant = getInvariant(id);
  if (!invariant) return `Unknown invariant "${id}": not part of this engine version.`;
  const { meta } = invariant;
  return `${meta.title} (${meta.id}): ${meta.description}. From ${meta.specRef}; docs at ${docsPath(meta.id)}.`;
}

export function explainFinding(finding: Finding): string {
  const template = findingTemplate(finding);
  if (!template) return `${finding.invariant} reported "${finding.messageId}" for ${finding.taskClass}.`;
  const wording = getInvariant(finding.invariant)?.meta.wording;
  const words = wording ? wordsFor(wording, finding.data, placeholdersOf(template)) : undefined;
  return renderTemplateLayered(template, finding.data, words, { taskClass: finding.taskClass });
}

/**
 * The finding's data as its messages and fixes read it: the data, the task class, and every
 * placeholder its invariant words from the data (meta.wording) that the data does not hold itself.
 */
export function findingWords(finding: Finding): MessageData {
  const wording = getInvariant(finding.invariant)?.meta.wording;
  const words = wording ? wordsFor(wording, finding.data, Object.keys(wording)) : undefined;
  return { taskClass: finding.taskClass, ...finding.data, ...words };
}

/** The placeholders among `names` that `wording` words and `data` does not hold (undefined for none). */
function wordsFor(wording: NonNullable<InvariantMeta["wording"]>, data: MessageData, names: readonly string[]): MessageData | undefined {
  let words: MessageData | undefined;
  for (const name of names) {
    const word = Object.hasOwn(wording, name) ? wording[name] : undefined;
    if (word && !Object.hasOwn(data, name)) (words ??= {})[name] = word(data);
  }
  return words;
}

/** A template's placeholder names, read once per template (a few hundred fixed strings). */
const PLACEHOLDERS = new Map<string, readonly string[]>();

function placeholdersOf(template: string): readonly string[] {
  let names = PLACEHOLDERS.get(template);
  if (!names) {
    names = templatePlaceholders(template);
    if (PLACEHOLDERS.size < 2000) PLACEHOLDERS.set(template, names);
  }
  return names;
}

function findingTemplate(finding: Finding): string | undefined {
  return getInvariant(finding.invariant)?.meta.messages[finding.messageId];
}

function readsTaskClass(template: string): boolean {
  return placeholdersOf(template).includes("taskClass");
}

interface Explained {
  finding: Finding;
  /** The message differs by task class: the template reads {{taskClass}} and the data does not hold it. */
  perClass: boolean;
  text: string;
}

/**
 * explainFinding for the findings of one review, each message rendered once: a card fact that cuts
 * a path for several task classes is one finding per class, all sharing one data object, and its
 * message names the class only when the template reads {{taskClass}}. Keyed by that data object,
 * so it holds for one review only: make one per review, never keep it.
 */
export function findingExplainer(): (finding: Finding) => string {
  const done = new Map<MessageData, Explained[]>();
  return (finding) => {
    const known = done.get(finding.data);
    if (known) {
      for (const e of known) {
        const f = e.finding;
        if (f.invariant === finding.invariant && f.messageId === finding.messageId && (!e.perClass || f.taskClass === finding.taskClass)) return e.text;
      }
    }
    const template = findingTemplate(finding);
    const text = explainFinding(finding);
    const perClass = template === undefined || (readsTaskClass(template) && !Object.hasOwn(finding.data, "taskClass"));
    const entry: Explained = { finding, perClass, text };
    if (known) known.push(entry);
    else done.set(finding.data, [entry]);
    return text;
  };
}

/**
 * What change to the profile, the context or the card would flip this finding (the invariant's own
 * fixes for its message id), and, for a violated finding, which conditions of validity could
 * change the decision it fed: only those its cause lets apply.
 */
export function whatWouldChange(finding: Finding, decision?: TaskClassDecision): string[] {
  const invariant = getInvariant(finding.invariant);
  const templates = (invariant?.meta.fixes as Record<string, FixTemplate[] | undefined> | undefined)?.[finding.messageId] ?? [];
  const data = findingWords(finding);
  const out = applicableFixes(templates, data).map((t) => renderTemplate(t, data));
  const rejected = decision?.decision === "reject" && decision.reasons.some((r) => r.invariant === finding.invariant);
  if (rejected && finding.status === "violated") out.push(...conditionsFor(finding, decision).map((t) => renderTemplate(t, data)));
  return out;
}

/** The conditions of validity that can change this violated finding, by what its cut rests on. */
function conditionsFor(finding: Finding, decision: TaskClassDecision): string[] {
  const cause: CutCause = finding.cause ?? { acquirable: [] };
  const out: string[] = [];
  if (cause.acquirable.length > 0) {
    out.push("Profile: set fixed to false if the client can renegotiate its own capabilities at negotiation time (defer).");
  }
  if (cause.cardClaim !== undefined) {
    out.push("Context: set outOfBandCapabilityExchange or priorTaskHistory if another discovery channel exists (defer).");
  }
  if (cause.contradiction === true) {
    out.push(
      "Context: list the extension in honoredExtensions with resolves: [\"{{invariant}}\"] if the server is known to honor one that resolves this contradiction (escalate).",
    );
  }
  // Already set (the rejection is aimed at the card): not a change that is left to make.
  if (cause.cardClaim !== undefined && decision.target !== "card") {
    out.push("Context: set cardKnownStale and serverKnownGood if the card, not the server, is out of date (reject the card and refetch it).");
  }
  return out.map((t) => t.replace("{{invariant}}", finding.invariant));
}
