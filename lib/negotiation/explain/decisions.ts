import type {
  DecisionReason,
  DegradationRecord,
  Review,
  ReviewInputError,
  TaskClassDecision,
} from "../decision-types";
import { cardFaultOf, type CardFault, type DecisionOutcome } from "../decide";
import type { MessageData } from "../invariants/types";
import { formatList, formatValue, renderTemplate } from "./template";

/** English for decisions, their reasons, degradation records, the 0.x advisory and input errors. */

const HEADLINES = {
  accept: "Accept {{taskClass}}.",
  "accept-degraded": "Accept {{taskClass}}, degraded.",
  reject: "Reject {{taskClass}} before the first task is created: the server cannot complete it for this client.",
  rejectCard: "Reject the card for {{taskClass}} and refetch it: the card, not the server, is what fails.",
  rejectInvalidCard: "Reject the card for {{taskClass}}: it is not a valid Agent Card, so nothing can be negotiated on it.",
  escalate: "Escalate {{taskClass}} to out-of-band negotiation.",
  defer: "Defer the decision for {{taskClass}}: the card alone does not decide it.",
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

/** The decision as a short label: "reject (the card: fix it at its source)", or the decision itself. */
export function decisionLabel(decision: DecisionOutcome): string {
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
  const key = fault === "invalid" ? "rejectInvalidCard" : fault === "stale" ? "rejectCard" : decision.decision;
  const parts = [renderTemplate(HEADLINES[key], { taskClass: title })];
  // Degradation records are told by their optionalPathCut reasons (with the fallback).
  for (const reason of decision.reasons) parts.push(explainReason(reason));
  return parts.join(" ");
}

const REASONS = {
  noViolation: "No invariant cuts a path {{taskClass}} needs.",
  noViolationNotEvaluated: "No invariant cuts a path {{taskClass}} needs; {{notEvaluated}} could not be evaluated.",
  noViolationMissing:
    "No invariant cuts a path {{taskClass}} needs; {{notEvaluated}} could not be evaluated: declare {{missing}} in the profile.",
  optionalPath: "{{invariant}} cuts {{path}}, which {{taskClass}} can do without.",
  optionalPathFallback: "{{invariant}} cuts {{path}}, which {{taskClass}} can do without: it falls back to {{fallback}}.",
  requiredPathCut: "{{invariant}} cuts {{path}}, which {{taskClass}} requires.",
  staleCard:
    "{{invariant}} cuts {{path}}, but the server is known good and the card known stale: reject the card and refetch it, not the server.",
  renegotiableClient:
    "{{invariant}} would reject {{taskClass}} ({{path}}), but the client can renegotiate its own capabilities (fixed is false): defer.",
  honoredExtension:
    "{{invariant}} would reject {{taskClass}} ({{path}}), but the server is known to honor {{extensions}}: escalate to out-of-band negotiation.",
  otherDiscoveryChannel:
    "{{invariant}} would reject {{taskClass}} ({{path}}), but the client has {{channels}} besides the card, so the card is not the binding constraint: defer to that channel.",
  invalidCard: "The card is not valid (errors: {{codes}}), so nothing can be accepted on it: reject the card.",
  canPollUnknown: "The profile does not declare canPoll; declare it, since polling is now the only way to learn of completion.",
  extensionsOnCard: "Declared on the card: {{declaredOnCard}}.",
  extensionsNotOnCard: "Known from outside the card: {{notOnCard}}.",
  otherConditions: "(Also applies: {{otherConditions}}.)",
} as const;

const CHANNEL_NAMES: Record<string, string> = {
  outOfBandCapabilityExchange: "an out-of-band capability exchange",
  priorTaskHistory: "a task history with this server",
};

const CONDITION_NAMES: Record<string, string> = {
  honoredExtension: "an extension the server honors",
  renegotiableClient: "a renegotiable client",
  otherDiscoveryChannel: "another discovery channel",
};

/** A cut path in words, from a reason's data (`path`, `modes`, `channel`, ...). */
export function describeCutPath(data: MessageData): string {
  const modes = formatValue(data.modes ?? data.lost);
  switch (data.path) {
    case "input":
      return `the input path for ${modes}`;
    case "transport":
      return "every transport binding";
    case "output":
      return data.fallback !== undefined ? `the output ${modes}` : `every output mode it accepts (${modes} unreachable)`;
    case "completion":
      if (data.channel === "push") {
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

export function explainReason(reason: DecisionReason): string {
  const data: MessageData = {
    taskClass: "this task class",
    ...reason.data,
    invariant: reason.invariant ?? "",
    path: describeCutPath(reason.data),
  };
  const suffix: string[] = [];
  const others = reason.data.otherConditions;
  if (Array.isArray(others) && others.length > 0) {
    suffix.push(renderTemplate(REASONS.otherConditions, { otherConditions: others.map((c) => CONDITION_NAMES[c] ?? c) }));
  }
  switch (reason.reason) {
    case "noViolation": {
      const notEvaluated = asList(reason.data.notEvaluated);
      const missing = asList(reason.data.missing);
      const key =
        notEvaluated.length === 0 ? "noViolation" : missing.length === 0 ? "noViolationNotEvaluated" : "noViolationMissing";
      return renderTemplate(REASONS[key], data);
    }
    case "optionalPathCut": {
      const key = asList(reason.data.fallback).length > 0 ? "optionalPathFallback" : "optionalPath";
      const text = renderTemplate(REASONS[key], data);
      return reason.data.canPollUnknown === true ? `${text} ${REASONS.canPollUnknown}` : text;
    }
    case "honoredExtension": {
      const parts = [renderTemplate(REASONS.honoredExtension, data)];
      if (asList(reason.data.declaredOnCard).length > 0) parts.push(renderTemplate(REASONS.extensionsOnCard, data));
      if (asList(reason.data.notOnCard).length > 0) parts.push(renderTemplate(REASONS.extensionsNotOnCard, data));
      return [...parts, ...suffix].join(" ");
    }
    case "otherDiscoveryChannel": {
      const channels = asList(reason.data.channels).map((c) => CHANNEL_NAMES[c] ?? c);
      return [renderTemplate(REASONS.otherDiscoveryChannel, { ...data, channels: formatList(channels, "another channel") }), ...suffix].join(" ");
    }
    case "renegotiableClient":
    case "requiredPathCut":
    case "staleCard":
    case "invalidCard":
      return [renderTemplate(REASONS[reason.reason], data), ...suffix].join(" ");
  }
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

export function explainAdvisory(advisory: NonNullable<Review["advisory"]>): string {
  const version = formatValue(advisory.data.protocolVersion) || formatValue(advisory.data.shape);
  return renderTemplate(
    "This is a {{version}} card: the rule says capability fields were only advisory before A2A 1.0, so these decisions are advisory too (they are computed the same way).",
    { version },
  );
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
