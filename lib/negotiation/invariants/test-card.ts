import type { CardInterface, NormalizedCard } from "../card/model";

/**
 * A small NormalizedCard builder for invariant and decision tests: a valid 1.0 JSON-RPC card that
 * streams nothing, offers no push and speaks text, overridable field by field.
 */
export function makeCard(overrides: Partial<NormalizedCard> = {}): NormalizedCard {
  return {
    shape: "1.0",
    protocolVersion: "1.0",
    advisory: false,
    name: "Test agent",
    url: "https://agent.example/a2a",
    interfaces: [testInterface("JSONRPC")],
    streaming: { value: false, pointer: "/capabilities/streaming" },
    pushNotifications: { value: { supported: false }, pointer: "/capabilities/pushNotifications" },
    extensions: [],
    defaultInputModes: { value: ["text/plain"], pointer: "/defaultInputModes" },
    defaultOutputModes: { value: ["text/plain"], pointer: "/defaultOutputModes" },
    resubscribeOnlyOutputModes: { value: [], pointer: "/resubscribeOnlyOutputModes", defaulted: true },
    securitySchemes: [],
    securityRequirements: [],
    skills: [],
    extendedCard: { value: false, pointer: "/capabilities/extendedAgentCard", defaulted: true },
    ...overrides,
  };
}

/** Streaming flag as the card writes it. */
export function streaming(value: boolean) {
  return { value, pointer: "/capabilities/streaming" };
}

export function inputModes(...modes: string[]) {
  return { value: modes, pointer: "/defaultInputModes" };
}

export function outputModes(...modes: string[]) {
  return { value: modes, pointer: "/defaultOutputModes" };
}

/** Push offered, optionally under a named scheme (the rule's object form). */
export function push(supported: boolean, scheme?: string) {
  return {
    value: {
      supported,
      ...(scheme ? { securityScheme: { value: scheme, pointer: "/capabilities/pushNotifications/securityScheme" } } : {}),
    },
    pointer: "/capabilities/pushNotifications",
  };
}

export function scheme(name: string, mtls: boolean) {
  return {
    name,
    kind: mtls ? ("mutualTLS" as const) : ("apiKey" as const),
    pointer: `/securitySchemes/${name}`,
  };
}

export function requirement(index: number, ...schemes: string[]) {
  return { schemes, pointer: `/securityRequirements/${index}` };
}

/** A 1.0 interface as the normalizer reads one: its binding written in protocolBinding. */
export function testInterface(binding: string, index = 0, url = "https://agent.example/a2a", extra: Partial<CardInterface> = {}): CardInterface {
  const pointer = `/supportedInterfaces/${index}`;
  return { url, binding, callable: true, bindingFrom: { pointer: `${pointer}/protocolBinding`, value: binding }, pointer, ...extra };
}
