import { ownValue } from "../own-value";
import type {
  ConditionName,
  DecisionKind,
  DecisionReason,
  DegradationRecord,
  Review,
  ReviewInputError,
  TaskClassDecision,
} from "../decision-types";
import { cardFaultOf, isNotForClient, type CardFault, type DecisionOutcome } from "../decide";
import type { MessageData } from "../invariants/types";
import { formatList, formatValue, renderTemplate, renderTemplateLayered } from "./template";
import { nameProblems } from "./validity";

/** English for decisions, their reasons, degradation records, the 0.x advisory and input errors. */

const HEADLINES = {
  accept: "Accept {{taskClass}}.",
  "accept-degraded": "Accept {{taskClass}}, degraded.",
  reject: "Reject {{taskClass}} before the first task is created: this client and this server cannot complete it together.",
  rejectCard: "Reject the card for {{taskClass}} and refetch it: the card, not the server, is what fails.",
  rejectInvalidCard: "Reject the card for {{taskClass}}: it is not a valid Agent Card, so nothing can be negotiated on it.",
  rejectClient:
    "{{taskClass}} is not for this client: the client itself cannot perform it, whatever the card says. This is no fault of the card or the server: do not refuse the agent for it.",
  escalate: "Escalate {{taskClass}} to out-of-band negotiation.",
  defer: "Defer the decision for {{taskClass}}.",
} as const;

/** What to do about a card a rejection is aimed at: short (a verdict label) and as a step to take. */
const CARD_FAULT: Record<CardFault, { short: string; step: string }> = {
  invalid: {
    short: "the card: fix it at its source",
    step: "Card: fix it at its source (correct the JSON, or ask its vendor to publish a valid card), then review it again.",
  },
  stale: {
    short: "the card: refetch it",
    step: "Card: refetch it from the server (the server is known good, the card out of date), then review it again.",
  },
};

/** What a rejection aimed at the client is called on every surface (a label, a count, a cell). */
export const NOT_FOR_CLIENT = "not for this client";

/** The decision as a short label: "reject (the card: fix it at its source)", "not for this client", or the decision itself. */
export function decisionLabel(decision: DecisionOutcome): string {
  if (isNotForClient(decision)) return NOT_FOR_CLIENT;
  const fault = cardFaultOf(decision);
  return fault ? `${decision.decision} (${CARD_FAULT[fault].short})` : decision.decision;
}

/** The step that removes a rejection aimed at the card, or undefined when the rejection is not the card's. */
export function cardFaultStep(decision: DecisionOutcome): string | undefined {
  const fault = cardFaultOf(decision);
  return fault ? CARD_FAULT[fault].step : undefined;
}

export function explainDecision(decision: TaskClassDecision, review?: Review): string {
  const title = review?.taskClasses.find((t) => t.id === decision.taskClass)?.title ?? decision.taskClass;
  const fault = cardFaultOf(decision);
  const key = fault === "invalid" ? "rejectInvalidCard" : fault === "stale" ? "rejectCard" : isNotForClient(decision) ? "rejectClient" : decision.decision;
  const parts = [renderTemplate(HEADLINES[key], { taskClass: title })];
  // Degradation records are told by their optionalPathCut reasons (with the fallback).
  const options: ExplainReasonOptions = { decision: decision.decision };
  for (const reason of decision.reasons) parts.push(explainReason(reason, options));
  return parts.join(" ");
}

const REASONS = {
  noViolation: "No invariant cuts a path {{taskClass}} needs.",
  works: "It works over {{bindings}} at {{url}}; {{completionPath}}.",
  worksModes: "It works over {{bindings}} at {{url}}, sending {{inputModes}}{{outputPart}}; {{completionPath}}.",
  notEvaluatedOptional: "{{notEvaluated}} could not be evaluated, but only optional paths are at stake: declare {{missing}} in the profile.",
  notEvaluatedCard: "{{notEvaluated}} could not be evaluated.",
  optionalPath: "{{invariant}} cuts {{path}}, which {{taskClass}} can do without.",
  optionalPathFallback: "{{invariant}} cuts {{path}}, which {{taskClass}} can do without: it falls back to {{fallback}}.",
  requiredPathCut: "{{invariant}} cuts {{path}}, which {{taskClass}} requires.",
  requiredPathCutClient: "{{invariant}} cuts {{path}}, which {{taskClass}} requires, and no card could reopen it: it is the client's own limit.",
  profileUnknown: "The profile leaves out {{missing}}, which {{invariant}} needs to tell whether {{path}} is reachable: declare it.",
  profileUnknownPush:
    "{{invariant}} cuts push notifications, and the profile leaves out canPoll, whether the client can poll, which would then be its only completion path: declare it.",
  cardUnclear: "The card does not say, in a way Parley can read, what {{invariant}} needs to tell whether {{path}} is reachable ({{unclear}}).",
  // Said only when the class is deferred: a rejected or accepted class decided on another finding.
  deferredUntilDeclared: "Until then {{taskClass}} is deferred, neither rejected nor accepted on a guess.",
  deferredOnCard: "{{taskClass}} is deferred, neither rejected nor accepted on a guess.",
  staleCard:
    "{{invariant}} cuts {{path}}, but the server is known good and the card known stale: reject the card and refetch it, not the server.",
  renegotiableClient:
    "{{invariant}} would reject {{taskClass}} ({{path}}), but the client can renegotiate its own capabilities (fixed is false) and acquire {{acquirable}}, which would reopen it: defer.",
  honoredExtension:
    "{{invariant}} would reject {{taskClass}} ({{path}}), but the card contradicts itself and the server is known to honor {{extensions}}, which resolves {{invariant}}: escalate to out-of-band negotiation.",
  otherDiscoveryChannel:
    "{{invariant}} would reject {{taskClass}} ({{path}}), but the cut rests on what the card says and the client has {{channels}} besides the card, so the card is not the binding constraint: defer to that channel.",
  extendedCard:
    "{{invariant}} would reject {{taskClass}} ({{path}}), but the cut rests on what this public card says and the card announces an authenticated extended card, which this client can fetch ({{fetchedBy}}): review that card before deciding (defer).",
  zeroXAdvisory:
    "{{invariant}} would reject {{taskClass}} ({{path}}), but the card is read as A2A 0.x (by its shape, by the version every interface speaks, whatever protocolVersion it declares, or by the 0.x interface this client would use), where capability fields were only advisory: confirm with the vendor or get a card in the 1.0 shape (defer).",
  invalidCard: "The card is not valid ({{codes}}), so nothing can be accepted on it: reject the card.",
  extensionsOnCard: "Declared on the card: {{declaredOnCard}}.",
  extensionsNotOnCard: "Known from outside the card: {{notOnCard}}.",
  otherConditions: "(Also applies: {{otherConditions}}.)",
  notApplied: "{{conditions}} cannot change this finding: {{why}}.",
} as const;

const CHANNEL_NAMES: Record<string, string> = {
  outOfBandCapabilityExchange: "an out-of-band capability exchange",
  priorTaskHistory: "a task history with this server",
};

const CONDITION_NAMES: Record<ConditionName, string> = {
  honoredExtension: "an extension the server honors",
  renegotiableClient: "a renegotiable client",
  otherDiscoveryChannel: "another discovery channel",
  zeroXAdvisory: "the 0.x scope",
  extendedCard: "the authenticated extended card",
  staleCard: "a stale card on a known-good server",
};

/** Why a condition present in the review could not change a finding (by the finding's cause). */
const CANNOT_APPLY: Record<ConditionName, string> = {
  honoredExtension: "an extension only escalates a contradiction in the card that it is named as resolving (honoredExtensions[].resolves)",
  renegotiableClient: "no capability the client could acquire (streaming, an mTLS listener, buffering, an encoding) would reopen the path",
  otherDiscoveryChannel: "the cut rests on the client's own limits, not on what the card says",
  zeroXAdvisory: "it is not one of the rule's invariants, and structural facts hold for 0.x cards too",
  extendedCard: "the client cannot fetch the extended card (it shares no interface with the card, or cannot satisfy its security), or the cut rests on the client's own limits",
  staleCard: "a refetched card would not change the client's own limits",
};

const ACQUIRABLE_NAMES: Record<string, string> = {
  streaming: "stream consumption",
  "mtls-listener": "an mTLS callback listener",
  buffering: "buffering",
  encoding: "a content encoding",
};

/** A cut path in words, from a reason's data (`path`, `modes`, `channel`, ...). */
export function describeCutPath(data: MessageData): string {
  const listed = data.modes ?? data.lost;
  const modes = formatValue(listed);
  switch (data.path) {
    case "input":
      return Array.isArray(listed) && listed.length > 0 ? `the input path for ${modes}` : "its input path";
    case "transport":
      return "every transport binding";
    case "request":
      return data.refusal === "signature"
        ? "every request (the client does not trust the card)"
        : data.refusal === "security"
          ? "every request (no security requirement the client can satisfy)"
          : "every request (an extension the server requires and the client does not support)";
    case "output":
      return data.fallback !== undefined ? `the output ${modes}` : `every output mode it accepts (${modes} unreachable)`;
    case "completion":
      if (data.channel === "push") {
        if (data.pushOnly === true) return "push, the only completion path the task class uses";
        return data.canPoll === false
          ? "push, its only completion-notification path (the client cannot poll)"
          : "push notifications";
      }
      if (data.channel === "stream") return "the stream its results arrive on";
      if (data.channel === "polling") return "its only completion-notification path";
      return `the ${formatValue(data.channel)} completion path`;
    default:
      return "a path";
  }
}

const COMPLETION_PATHS: Record<string, string> = {
  response: "the result comes in the reply",
  stream: "results arrive over the server stream",
  none: "it awaits no completion",
  push: "it learns of completion by push",
  polling: "it learns of completion by polling",
};

function describeCompletion(data: MessageData): string {
  if (data.completion === "notification") {
    const channels = asList(data.channels);
    return channels.length > 0 ? `it learns of completion by ${formatList(channels)}` : "it learns of completion later";
  }
  return ownValue(COMPLETION_PATHS, data.completion) ?? "";
}

/**
 * The sentences after a reason: the other conditions that apply, and why each condition named in
 * `notApplied` cannot change the finding (unless `omitNotApplied`: the reader has those sentences
 * once for many reasons, as a batch line does; see explainNotApplied).
 */
function reasonSuffix(data: MessageData, omitNotApplied = false): string {
  let out = "";
  const others = data.otherConditions;
  if (Array.isArray(others) && others.length > 0) {
    out += " " + renderTemplate(REASONS.otherConditions, { otherConditions: others.map((c) => ownValue(CONDITION_NAMES, c) ?? String(c)) });
  }
  const names = data.notApplied;
  if (Array.isArray(names) && !omitNotApplied) {
    for (const name of names as ConditionName[]) out += " " + notAppliedSentence(name);
  }
  return out;
}

/**
 * The sentence saying why a condition cannot change a finding, for a known condition made once
 * (it depends on the name alone, and most rejections of a batch carry one or two of them).
 */
const NOT_APPLIED_SENTENCES = new Map<string, string>();

/** Why the condition named (a reason's `data.notApplied` entry) cannot change a finding: one sentence, the same for every reason. */
export function explainNotApplied(name: ConditionName | string): string {
  return notAppliedSentence(name);
}

function notAppliedSentence(name: unknown): string {
  const known = typeof name === "string" ? NOT_APPLIED_SENTENCES.get(name) : undefined;
  if (known !== undefined) return known;
  const sentence = renderTemplate(REASONS.notApplied, {
    conditions: upperFirst(ownValue(CONDITION_NAMES, name) ?? String(name)),
    why: ownValue(CANNOT_APPLY, name) ?? "it does not reach this cut",
  });
  // Only the table's own names: a name from outside (a pasted record) is worded each time, never kept.
  if (ownValue(CONDITION_NAMES, name) !== undefined) NOT_APPLIED_SENTENCES.set(name as string, sentence);
  return sentence;
}

/** What a reason's template reads when its data leaves it out. */
const REASON_DEFAULTS: MessageData = { taskClass: "this task class" };

function fillReason(template: string, given: MessageData, over: MessageData): string {
  return renderTemplateLayered(template, given, over, REASON_DEFAULTS);
}

export interface ExplainReasonOptions {
  /** Leave out the sentences saying why a condition cannot change the finding (explainNotApplied words them). */
  omitNotApplied?: boolean;
  /**
   * The decision of the class the reason belongs to. A reason that would defer says the class is
   * deferred only when the class is: beside a rejection (or under an accept) it says what it
   * could not tell, never that the class waits. Left out: the reason's own outcome.
   */
  decision?: DecisionKind;
}

/**
 * An invalid card's reports say its one reason once, for every class: each class is rejected for
 * it (its findings are a best-effort reading of a card no conforming client accepts).
 */
export function explainEveryClassRejected(invalidReason: string): string {
  return `Every task class is rejected. ${invalidReason}`;
}

/** The invalid-card reason behind a review's decisions, when the card is invalid. */
export function invalidCardReason(review: Pick<Review, "decisions">): DecisionReason | undefined {
  for (const decision of review.decisions) {
    const reason = decision.reasons.find((r) => r.reason === "invalidCard");
    if (reason) return reason;
  }
  return undefined;
}

export function explainReason(reason: DecisionReason, options: ExplainReasonOptions = {}): string {
  // Filled as from { ...REASON_DEFAULTS, ...reason.data, invariant, path } (see renderTemplateLayered).
  const given = reason.data;
  const invariant = reason.invariant ?? "";
  const path = describeCutPath(given);
  const over: MessageData = { invariant, path };
  switch (reason.reason) {
    case "noViolation": {
      let out = fillReason(REASONS.noViolation, given, over);
      const completionPath = describeCompletion(given);
      if (asList(given.bindings).length > 0 && completionPath) {
        const inputModes = asList(given.inputModes);
        const outputModes = asList(given.outputModes);
        const outputPart = outputModes.length > 0 ? `, reading ${formatList(outputModes)}` : "";
        out +=
          " " +
          (inputModes.length > 0
            ? fillReason(REASONS.worksModes, given, { invariant, path, completionPath, inputModes, outputPart })
            : fillReason(REASONS.works, given, { invariant, path, completionPath }));
      }
      const notEvaluated = asList(given.notEvaluated);
      if (notEvaluated.length > 0) {
        out += " " + fillReason(asList(given.missing).length > 0 ? REASONS.notEvaluatedOptional : REASONS.notEvaluatedCard, given, over);
      }
      return out;
    }
    case "optionalPathCut": {
      const key = asList(given.fallback).length > 0 ? "optionalPathFallback" : "optionalPath";
      return fillReason(REASONS[key], given, over);
    }
    case "profileUnknown": {
      // The canPoll sentence only when canPoll is what is missing (a left-out callback is not).
      const missing = asList(given.missing);
      const key = given.path === "completion" && given.channel === "push" && missing.includes("/canPoll") ? "profileUnknownPush" : "profileUnknown";
      const out = fillReason(REASONS[key], given, { invariant, path, missing: missing.map(fieldName) });
      return deferred(reason, options) ? `${out} ${fillReason(REASONS.deferredUntilDeclared, given, over)}` : out;
    }
    case "cardUnclear": {
      let out = fillReason(REASONS.cardUnclear, given, { invariant, path, unclear: asList(given.unclear).map((p) => fieldName(String(p))) });
      const probe = ownValue(PROBE_HINTS, given.probe);
      if (probe !== undefined) out += ` ${probe}`;
      return deferred(reason, options) ? `${out} ${fillReason(REASONS.deferredOnCard, given, over)}` : out;
    }
    case "honoredExtension": {
      let out = fillReason(REASONS.honoredExtension, given, over);
      if (asList(given.declaredOnCard).length > 0) out += " " + fillReason(REASONS.extensionsOnCard, given, over);
      if (asList(given.notOnCard).length > 0) out += " " + fillReason(REASONS.extensionsNotOnCard, given, over);
      return out + reasonSuffix(given, options.omitNotApplied);
    }
    case "otherDiscoveryChannel": {
      const channels = asList(given.channels).map((c) => ownValue(CHANNEL_NAMES, c) ?? String(c));
      return fillReason(REASONS.otherDiscoveryChannel, given, { invariant, path, channels: formatList(channels, "another channel") }) + reasonSuffix(given, options.omitNotApplied);
    }
    case "renegotiableClient": {
      const acquirable = asList(given.acquirable).map((c) => ownValue(ACQUIRABLE_NAMES, c) ?? String(c));
      return fillReason(REASONS.renegotiableClient, given, { invariant, path, acquirable: formatList(acquirable) }) + reasonSuffix(given, options.omitNotApplied);
    }
    case "invalidCard":
      // Problem codes are ids (noCallableInterface): said in words.
      return fillReason(REASONS.invalidCard, given, { ...over, codes: nameProblems(asList(given.codes).map(String)) }) + reasonSuffix(given, options.omitNotApplied);
    case "requiredPathCut": {
      if (given.clientLimit === true) return fillReason(REASONS.requiredPathCutClient, given, over) + reasonSuffix(given, options.omitNotApplied);
      const lenient = ownValue(LENIENT_SERVERS, invariant);
      return fillReason(REASONS.requiredPathCut, given, over) + (lenient === undefined ? "" : ` ${lenient}`) + reasonSuffix(given, options.omitNotApplied);
    }
    case "zeroXAdvisory":
    case "extendedCard":
    case "staleCard":
      return fillReason(REASONS[reason.reason], given, over) + reasonSuffix(given, options.omitNotApplied);
  }
}

/** Does the reason's class wait (its decision, or the reason's own outcome when the caller did not say)? */
function deferred(reason: DecisionReason, options: ExplainReasonOptions): boolean {
  return (options.decision ?? reason.outcome) === "defer";
}

/**
 * What settles a path the card cannot decide, by the reason's `probe` (the finding's data): the
 * live check that asks the server itself.
 */
const PROBE_HINTS: Record<string, string> = {
  versionHeader:
    "Which server it is decides: one that compares A2A-Version with the interface's protocolVersion as written (the A2A JS SDK's) refuses this client's header, one that compares the major version only (the Python SDK's) takes it. `parley probe` calls the interface and tells which.",
  pushWebhook:
    "Whether the server presents a client certificate on its callbacks is not on the card (the SDKs' push senders present none; a server that requires mTLS on its requests may on its callbacks too). `parley probe --send --webhook URL` registers a push config and tells whether callbacks reach the listener.",
};

/**
 * Cuts some servers do not enforce: the card is the contract and the decision stands, but the
 * reader is told that a lenient server may take the call anyway, and how to find out.
 */
const LENIENT_SERVERS: Record<string, string> = {
  "input-modes":
    "Some servers take more than their card says (the A2A Python SDK's server checks no input mode, the JS SDK's only with its validateInputModes option on): the card is the contract, so this stands, and `parley probe --send` tells which kind this server is.",
  "required-extensions":
    "Some servers take more than their card says (the A2A Python SDK's server enforces no required extension; the JS SDK's refuses a call without it): the card is the contract, so this stands, and `parley probe --send` tells which kind this server is.",
};

/** A profile field pointer as the profile writes it: "/callback/mtls" → "callback.mtls". */
function fieldName(pointer: string): string {
  return pointer.replace(/^\//, "").replaceAll("/", ".");
}

function upperFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function explainDegradation(record: DegradationRecord): string {
  const template =
    record.fallback.length > 0
      ? "{{taskClass}} gives up {{lost}} and falls back to {{fallback}} ({{invariant}})."
      : "{{taskClass}} gives up {{lost}} ({{invariant}}).";
  return renderTemplate(template, {
    taskClass: record.taskClass,
    lost: record.lost,
    fallback: record.fallback,
    invariant: record.invariant,
  });
}

/**
 * What a card declares is not always what makes it advisory: a card in a 0.x shape may claim
 * protocolVersion "1.0". The text names what Parley read (the 0.x shape, or the 0.x version every
 * interface speaks), never calls the card "1.0", and says which rejections still stand.
 */
const ADVISORY_STILL_STANDS =
  "A rejection that rests on one of the rule's invariants (what the card says it can do: streaming, push notifications) becomes a deferral: confirm with the vendor, or get a card in the 1.0 shape whose interfaces speak 1.0. Rejections that come from the card's own structure still stand: an invalid card, no binding shared with the client, input or output modes the client cannot use, security it cannot satisfy.";

/** The advisory's three leads, each joined to ADVISORY_STILL_STANDS once (not per review: a batch words it on every 0.x line). */
const ADVISORY_VIA_INTERFACES = `Every interface of this card speaks A2A {{declared}} (an interface with no protocolVersion speaks 0.3, as the 1.0 spec reads it), so the card is read as a 0.x card, whose capability fields were only advisory. ${ADVISORY_STILL_STANDS}`;
const ADVISORY_SHAPE = `This card has the A2A {{shape}} shape, so it is read as a 0.x card, whose capability fields were only advisory. ${ADVISORY_STILL_STANDS}`;
const ADVISORY_SHAPE_DECLARED = `This card has the A2A {{shape}} shape (it declares protocolVersion {{declared}}, but its fields are laid out as in {{shape}}), so it is read as a 0.x card, whose capability fields were only advisory. ${ADVISORY_STILL_STANDS}`;

export function explainAdvisory(advisory: NonNullable<Review["advisory"]>): string {
  const shape = formatValue(advisory.data.shape);
  const declared = formatValue(advisory.data.protocolVersion);
  let template: string;
  if (advisory.data.via === "interfaces") {
    template = ADVISORY_VIA_INTERFACES;
  } else if (declared === "" || declared === shape || /^\s*v?0\./.test(declared)) {
    template = ADVISORY_SHAPE;
  } else {
    template = ADVISORY_SHAPE_DECLARED;
  }
  return renderTemplate(template, { shape, declared: declared || shape });
}

const INPUT_ERRORS: Record<ReviewInputError["code"], string> = {
  invalidProfile: "The client profile is invalid at {{pointer}}: {{detail}}",
  invalidContext: "The review context is invalid at {{pointer}}: {{detail}}",
  unknownTaskClass: "Unknown task class \"{{id}}\" at {{pointer}}; known task classes are {{known}}.",
  invalidTaskClass: "The task class at {{pointer}} is invalid: {{detail}}",
  duplicateTaskClass: "Task class \"{{id}}\" is listed twice ({{pointer}}); the second is ignored.",
  internalError: "The review failed inside the engine: {{detail}}",
};

export function explainInputError(error: ReviewInputError): string {
  return renderTemplate(INPUT_ERRORS[error.code], { detail: "", ...error.data, pointer: error.pointer || "/" });
}

function asList(value: unknown): string[] {
  return Array.isArray(value) ? (value as string[]) : [];
}
