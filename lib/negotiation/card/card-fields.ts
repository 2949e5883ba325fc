import { isObject, type JsonObject } from "./json-value";

/**
 * The card's top-level fields (and its capabilities') that more than one of shape detection,
 * validation's checks and normalizing read, read once per card (loadCard hands them to all
 * three; speed: bench/cases/review-throughput.ts). Plain property reads, as the stages made them: none of these names is an
 * Object.prototype member.
 */
export interface CardFields {
  /** `capabilities` when it is an object. */
  capabilities: JsonObject | undefined;
  /** capabilities.pushNotifications, .extensions, .streaming and .extendedAgentCard (undefined without capabilities). */
  pushNotifications: unknown;
  extensions: unknown;
  streaming: unknown;
  extendedAgentCard: unknown;
  skills: unknown;
  security: unknown;
  securityRequirements: unknown;
  securitySchemes: unknown;
  defaultInputModes: unknown;
  defaultOutputModes: unknown;
  resubscribeOnlyOutputModes: unknown;
  supportedInterfaces: unknown;
  url: unknown;
  preferredTransport: unknown;
  additionalInterfaces: unknown;
  protocolVersion: unknown;
  supportsAuthenticatedExtendedCard: unknown;
}

export function readCardFields(card: JsonObject): CardFields {
  const capabilities = card.capabilities;
  const caps = isObject(capabilities) ? capabilities : undefined;
  return {
    capabilities: caps,
    pushNotifications: caps ? caps.pushNotifications : undefined,
    extensions: caps ? caps.extensions : undefined,
    streaming: caps ? caps.streaming : undefined,
    extendedAgentCard: caps ? caps.extendedAgentCard : undefined,
    skills: card.skills,
    security: card.security,
    securityRequirements: card.securityRequirements,
    securitySchemes: card.securitySchemes,
    defaultInputModes: card.defaultInputModes,
    defaultOutputModes: card.defaultOutputModes,
    resubscribeOnlyOutputModes: card.resubscribeOnlyOutputModes,
    supportedInterfaces: card.supportedInterfaces,
    url: card.url,
    preferredTransport: card.preferredTransport,
    additionalInterfaces: card.additionalInterfaces,
    protocolVersion: card.protocolVersion,
    supportsAuthenticatedExtendedCard: card.supportsAuthenticatedExtendedCard,
  };
}
