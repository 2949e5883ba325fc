import type { CardLint, LintStatus, LiveProblem, LiveProblemCode, PresetLint } from "../lint";
import type { Outcome } from "../decision-types";
import { ownValue } from "../own-value";
import { NOT_FOR_CLIENT } from "./decisions";
import { renderTemplate } from "./template";

/**
 * English for `lintCard` (lib/negotiation/lint.ts): the live check's problems, one template per
 * code, and the lint's summary lines. The validity problems are worded by explain/validity.ts.
 */
export const LIVE_TEMPLATES: Record<LiveProblemCode, string> = {
  liveInterfaceUnreachable:
    "Interface {{index}} ({{url}}) {{what}}{{sdk}}{{others}}: {{detail}}. A client that picks it fails before any task: fix the URL or remove the interface.",
  liveVersionRefused:
    'Interface {{index}} declares protocolVersion "{{version}}", and the agent refused the A2A-Version the SDK sends for it: {{detail}}.',
  liveBindingRefused: "Interface {{index}} declares {{binding}}, and the agent does not know GetTask there: {{detail}}.",
  liveClaimRefused: "The card says capabilities.{{claim}} is true, and the agent refused it when asked: {{detail}}.",
  liveSecurityUndeclared:
    "The card declares no security, and interface {{index}} answered HTTP {{status}}: a client reading the card sends no credentials. Declare the scheme it wants.",
  liveCardDiffersForSdk:
    "The card served with the A2A-Version header (as the A2A SDKs ask for it) differs from the card served without it; the SDK's one was checked live.",
  liveAnsweredWithError: "Interface {{index}} ({{url}}) answered with an error: {{detail}}.",
  liveCredentialsNeeded: "Interface {{index}} wants credentials (HTTP {{status}}), as the card says; nothing more was asked of it.",
  liveNotCalled: "Interface {{index}} ({{url}}) was not called: {{detail}}.",
  liveNotProbed: "Interface {{index}} ({{binding}}) was not called: the live check speaks JSON-RPC and HTTP+JSON only.",
  liveNotRun: "The live check did not run: {{detail}}",
};

const UNREACHABLE_WORDS: Record<string, string> = {
  refused: "refused the connection",
  timeout: "did not answer in time",
  notFound: "has nothing behind it",
  notA2a: "did not answer as A2A does",
};

/** One sentence per live problem. */
export function describeLiveProblem(problem: LiveProblem): string {
  const template = ownValue(LIVE_TEMPLATES, problem.code) ?? `Live check problem "${problem.code}" at {{pointer}}.`;
  const words: Record<string, string> = { pointer: problem.pointer || "/" };
  for (const [key, value] of Object.entries(problem.data)) words[key] = String(value);
  if (problem.code === "liveInterfaceUnreachable") {
    words.what = ownValue(UNREACHABLE_WORDS, String(problem.data.kind)) ?? "did not answer";
    const answering = Number(problem.data.answering ?? 0);
    words.sdk = problem.data.picked === true && answering > 0 ? " (the SDK picks it and never tries another)" : "";
    words.others = answering === 0 ? "; no interface of the card answers" : `; ${answering === 1 ? "another interface answers" : `${answering} other interfaces answer`}`;
  }
  return renderTemplate(template, words);
}

const STATUS_LINES: Record<LintStatus, string> = {
  clean: "The card is fine: valid, with nothing a client trips on.",
  warnings: "The card is valid; the warnings are what real clients trip on.",
  "live-problems": "The card is valid, but the live agent contradicts it.",
  invalid: "The card is not valid: a conforming client refuses it, and every preset rejects it.",
};

/** The lint's answer in one sentence. */
export function describeLintStatus(status: LintStatus): string {
  return STATUS_LINES[status];
}

/** An outcome as the lint's preset table shows it (not-for-client in words). */
export function outcomeLabel(outcome: Outcome): string {
  return outcome === "not-for-client" ? NOT_FOR_CLIENT : outcome;
}

/**
 * A preset's row in a sentence: "a2a-python: reject (request-response: security-satisfiable); live-input not for this client".
 * Only what is not a plain accept is named.
 */
export function describePresetLint(preset: PresetLint): string {
  const notable = preset.decisions.filter((d) => d.outcome !== "accept");
  if (notable.length === 0) return `${preset.name}: every task class accepted.`;
  const parts = notable.map((d) => `${d.taskClass} ${outcomeLabel(d.outcome)}${d.rules.length > 0 ? ` (${d.rules.join(", ")})` : ""}`);
  return `${preset.name}: worst ${outcomeLabel(preset.worst)}; ${parts.join("; ")}.`;
}

/** The last line of the text format: what decided the exit code. */
export function describeLintExit(lint: CardLint, failOnWarnings: boolean, code: number): string {
  const errors = lint.errors.length;
  const liveErrors = lint.live?.problems.filter((p) => p.severity === "error").length ?? 0;
  const parts: string[] = [];
  if (errors > 0) parts.push(`${errors} validity error${errors === 1 ? "" : "s"}`);
  if (liveErrors > 0) parts.push(`${liveErrors} live contradiction${liveErrors === 1 ? "" : "s"}`);
  if (failOnWarnings && parts.length === 0) {
    const warnings = lint.warnings.length + (lint.live?.problems.filter((p) => p.severity === "warning").length ?? 0);
    if (warnings > 0) parts.push(`${warnings} warning${warnings === 1 ? "" : "s"} (--fail-on warning)`);
  }
  return parts.length > 0 ? `Not fine: ${parts.join(", ")} (exit ${code})` : `Fine (exit ${code})`;
}

/** A lint rule's help in a SARIF log: what an error, a warning or a live problem of the card means. */
export function lintRuleHelp(kind: "error" | "warning" | "live", code: string): { short: string; text: string } {
  if (kind === "error") {
    return {
      short: `The card is not a valid Agent Card (${code})`,
      text: `A conforming client refuses this card (${code}): every client rejects it for every task class, and the fix is in the card, at its source. The result's message says what is wrong and where.`,
    };
  }
  if (kind === "warning") {
    return {
      short: `The card deviates from the spec (${code})`,
      text: `The card is readable, but it deviates from the A2A spec in a way real clients and SDKs trip on (${code}). The result's message says what, where, and what to write instead.`,
    };
  }
  return {
    short: `The live agent does not do what the card says (${code})`,
    text: `Asked without creating anything, the agent behind the card did not do what the card says (${code}): a client that trusts the card fails there. The result's message says which interface or claim, and what happened.`,
  };
}
