import { ClientProfile } from "../lib/negotiation";
import { toJSONSchema } from "../lib/negotiation/zod";

/**
 * The published JSON Schema of a client profile (client-profile.schema.json next to this file),
 * generated from the zod schema the engine parses profiles with, plus a description per field for
 * editors' hover text. `node scripts/build-lib-schema.mjs` writes it; schema/client-profile.test.ts
 * fails when the file and the zod schema drift apart or a field has no description here.
 * The JSON Schema is for editing: the engine's own check is stricter in one way (it trims strings
 * before "non-empty" is checked), so a profile the schema accepts can still be refused, with a message.
 */
/**
 * Relative, so it resolves to this very file wherever it is read from (the repository, the
 * package in node_modules, a copy): no release is published, and an absolute URL on a package CDN
 * named a file that was not there.
 */
export const PROFILE_SCHEMA_ID = "client-profile.schema.json";

export const FIELD_DESCRIPTIONS: Record<string, string> = {
  $schema: "The JSON Schema this file follows, for editors; Parley ignores it.",
  name: "The profile's name, as decision records and reports show it.",
  description: "Free text about the client; Parley does not read it.",
  transports: "Bindings the client speaks: JSONRPC, GRPC, HTTP+JSON (case-insensitive). Left out: unknown.",
  protocolVersions: 'A2A protocol versions the client speaks, Major.Minor ("1.0", "0.3"). Left out: unknown.',
  streaming: "The client can consume server streams (SSE, server streaming). Left out: unknown.",
  streamingFallback:
    "The client sends a blocking request when the card does not stream (the A2A SDKs' clients do), so a stream-completed task still completes with its results at the end. Left out: no fallback.",
  inputModes: "Media types the client sends as input. Left out: unknown.",
  liveOnlyInputModes: "Input modes the client only has live, chunk by chunk (e.g. a microphone). Left out: unknown.",
  bufferableInputModes: "Live modes the client can buffer whole before sending. Left out: unknown.",
  acceptedOutputModes: "Output media types the client can consume. Left out: any (A2A's own default).",
  callback: "The client's push-notification callback listener.",
  "callback.supported": "The client runs a listener that receives push notifications. Left out: unknown.",
  "callback.mtls": "The listener completes mutual-TLS handshakes. Left out: unknown.",
  "callback.mtlsConfigurable": "The client can turn mTLS on for its listener by its own configuration. Left out: unknown.",
  "callback.url": "Where the listener receives callbacks; on the same origin as the agent's endpoint, the push mTLS rule does not bind.",
  canPoll: "The client can poll the task (GetTask, tasks/get) to learn it completed. Left out: unknown.",
  fixed: "false: the client can renegotiate its own capabilities, so cuts it could remove are deferred. Left out: true (fixed).",
  supportedExtensions: "Extension URIs the client supports (and activates when a card requires them). Left out: unknown.",
  securitySchemes: "Security scheme kinds the client can satisfy on its calls (mutualTLS: it presents a client certificate). Left out: unknown.",
  authenticated: "The client holds credentials the server accepts, so it can fetch an authenticated extended card. Left out: no.",
  requireSignedCard: "The client sends nothing to a card unless one of its signatures verifies. Left out: not required.",
  validatesRequiredFields:
    "The client refuses a card that misses a field its A2A version REQUIRES (no SDK client does: they ignore what they do not read). Left out: no.",
  readsJsSdkSchemeShape:
    'The client reads the A2A JS SDK\'s internal security scheme shape {"scheme":{"$case":…}} (the JS SDK does; the Python SDK ignores it and sends no credentials). Left out: read.',
  a2aVersionHeader:
    'The A2A-Version header the client sends on a 1.x interface: a Major.Minor it always sends ("1.0": both SDKs) or "as-declared" (the interface\'s protocolVersion as written). Left out: unknown.',
  interfaceChoice:
    'How the client picks among a binding\'s interfaces: "exact-version-first" (the SDKs: protocolVersion exactly "1.0", then newer, then >= 0.3) or "card-order". Left out: exact-version-first.',
  cardPaths: 'Where the client looks for the card, as paths on the agent\'s origin ("/.well-known/agent-card.json"). Left out: unknown.',
};

type JsonSchema = { properties?: Record<string, JsonSchema>; description?: string; [key: string]: unknown };

export function clientProfileJsonSchema(): Record<string, unknown> {
  const generated = toJSONSchema(ClientProfile, { io: "input" }) as JsonSchema;
  const describe = (schema: JsonSchema, prefix: string) => {
    for (const [key, child] of Object.entries(schema.properties ?? {})) {
      const description = FIELD_DESCRIPTIONS[prefix + key];
      if (description) child.description = description;
      if (child.properties) describe(child, `${prefix}${key}.`);
    }
  };
  describe(generated, "");
  const { $schema, ...rest } = generated;
  return { $schema, $id: PROFILE_SCHEMA_ID, title: "Parley client profile", description: "What an A2A client can do, fixed at negotiation time (docs/profile.md).", ...rest };
}

/** Every property path of a JSON Schema ("callback.url"), in order. */
export function propertyPaths(schema: Record<string, unknown>, prefix = ""): string[] {
  const properties = (schema as JsonSchema).properties ?? {};
  return Object.entries(properties).flatMap(([key, child]) => [prefix + key, ...propertyPaths(child, `${prefix}${key}.`)]);
}
