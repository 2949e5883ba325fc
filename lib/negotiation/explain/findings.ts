import type { TaskClassDecision } from "../decision-types";
import { getInvariant } from "../invariants";
import type { Finding, MessageData } from "../invariants/types";
import { docsPath, type InvariantId } from "../invariants/types";
import { renderTemplate } from "./template";

/** English for invariants and findings. Templates live in each invariant's meta.messages. */

export function describeInvariant(id: string): string {
  const invariant = getInvariant(id);
  if (!invariant) return `Unknown invariant "${id}": not part of this engine version.`;
  const { meta } = invariant;
  return `${meta.title} (${meta.id}): ${meta.description}. From ${meta.specRef}; docs at ${docsPath(meta.id)}.`;
}

export function explainFinding(finding: Finding): string {
  const invariant = getInvariant(finding.invariant);
  const template = invariant?.meta.messages[finding.messageId];
  if (!template) return `${finding.invariant} reported "${finding.messageId}" for ${finding.taskClass}.`;
  return renderTemplate(template, { taskClass: finding.taskClass, ...finding.data });
}

/**
 * What change to the profile, the context or the card would flip this finding (and, given the
 * decision it fed, which conditions of validity would turn a rejection into defer/escalate).
 */
export function whatWouldChange(finding: Finding, decision?: TaskClassDecision): string[] {
  const templates = CHANGES[`${finding.invariant}:${finding.messageId}`] ?? [];
  const data: MessageData = { taskClass: finding.taskClass, ...finding.data };
  const out = templates.map((t) => renderTemplate(t, data));
  const rejected = decision?.decision === "reject" && decision.reasons.some((r) => r.invariant === finding.invariant);
  if (rejected && finding.status === "violated") out.push(...CONDITIONS.map((t) => renderTemplate(t, data)));
  return out;
}

/** Keyed `<invariant>:<messageId>`; only findings that a change can flip are listed. */
const CHANGES: Partial<Record<`${InvariantId}:${string}`, string[]>> = {
  "live-input-needs-streaming:liveOnlyModesUnservable": [
    "Profile: add {{modes}} to bufferableInputModes if the client can buffer it whole before sending (the rule then does not bind).",
    "Card: set capabilities.streaming to true once the server accepts streamed input.",
    "Card: stop advertising {{modes}} as an input mode while the endpoint does not stream.",
  ],
  "live-input-needs-streaming:clientBuffers": [
    "Profile: without {{modes}} in bufferableInputModes, the input path would be cut.",
  ],
  "push-callback-mtls:pushSchemeMtlsPlainListener": pushFixes(),
  "push-callback-mtls:pushSchemeMtlsAssumedPlainListener": [
    "Profile: declare callback.mtls (true if the listener already terminates mutual TLS): it is now assumed false.",
    ...pushFixes(),
  ],
  "push-callback-mtls:allRequirementsMtlsPlainListener": pushFixes(),
  "push-callback-mtls:allRequirementsMtlsAssumedPlainListener": [
    "Profile: declare callback.mtls (true if the listener already terminates mutual TLS): it is now assumed false.",
    ...pushFixes(),
  ],
  "push-callback-mtls:clientCanEnableMtls": [
    "Client: turn mTLS on for the callback listener before registering a push config; without callback.mtlsConfigurable, push would be cut.",
  ],
  "resubscribe-only-output:unreachableOutput": [
    "Context: list {{modes}} in documentedFallbackOutputModes if the server documents another way to deliver it.",
    "Card: set capabilities.streaming to true so tasks/resubscribe can deliver {{modes}}.",
    "Profile: drop {{modes}} from acceptedOutputModes if the client can do without it.",
  ],
  "resubscribe-only-output:unreachableOutputClientCannotStream": [
    "Profile: set streaming to true once the client can consume server streams.",
    "Context: list {{modes}} in documentedFallbackOutputModes if the server documents another way to deliver it.",
    "Profile: drop {{modes}} from acceptedOutputModes if the client can do without it.",
  ],
  "resubscribe-only-output:documentedFallback": [
    "Context: without {{modes}} in documentedFallbackOutputModes, that output would be unreachable.",
  ],
  "shared-transport:noSharedBinding": [
    "Profile: add one of {{cardBindings}} to transports once the client speaks it.",
    "Card: add an interface over one of {{clientTransports}}.",
  ],
  "shared-transport:transportsUnknown": ["Profile: declare transports (e.g. [\"JSONRPC\"])."],
  "shared-transport:noInterfaces": ["Card: declare supportedInterfaces (1.0) or url (0.x)."],
  "stream-channel-available:cardDoesNotStream": ["Card: set capabilities.streaming to true once the server streams."],
  "stream-channel-available:clientDoesNotStream": ["Profile: set streaming to true once the client consumes server streams."],
  "stream-channel-available:neitherStreams": [
    "Card: set capabilities.streaming to true once the server streams.",
    "Profile: set streaming to true once the client consumes server streams.",
  ],
  "stream-channel-available:clientStreamingUnknown": ["Profile: declare streaming (true or false)."],
  "completion-channel-available:noChannelPushNotOffered": [
    "Profile: set canPoll to true if the client can poll tasks/get.",
    "Card: offer push notifications (capabilities.pushNotifications) if the server can call back.",
  ],
  "completion-channel-available:noChannelNoListener": [
    "Profile: set canPoll to true if the client can poll tasks/get.",
    "Profile: run a callback listener and set callback.supported to true.",
  ],
  "completion-channel-available:pollingUnknown": ["Profile: declare canPoll (true if the client can poll tasks/get)."],
  "completion-channel-available:callbackUnknown": ["Profile: declare callback.supported."],
};

function pushFixes(): string[] {
  return [
    "Profile: set callback.mtls to true once the listener terminates mutual TLS, or callback.mtlsConfigurable to true if the client can turn it on itself.",
    "Profile: set canPoll to true if the client can poll: push then degrades to polling instead of rejecting.",
    "Card: name a push security scheme that does not require mutual TLS (capabilities.pushNotifications.securityScheme).",
  ];
}

/** The rule's conditions of validity: what turns this rejection into defer or escalate. */
const CONDITIONS = [
  "Profile: set fixed to false if the client can renegotiate its own capabilities (defer).",
  "Context: set outOfBandCapabilityExchange or priorTaskHistory if another discovery channel exists (defer).",
  "Context: list honoredExtensions if the server is known to honor a vendor extension that resolves this (escalate).",
  "Context: set cardKnownStale and serverKnownGood if the card, not the server, is out of date (reject the card and refetch it).",
];
