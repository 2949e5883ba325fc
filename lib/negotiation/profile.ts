import * as z from "./zod";

/**
 * What a client can do, fixed at negotiation time. A field left out means *unknown*, not *cannot*:
 * an invariant that needs it reports that it could not be evaluated and which field to declare,
 * and the task class is deferred rather than decided on a guess. (The rule's reference check reads
 * left-out fields as "no buffering, a plain listener"; only the seed-check shim does that.) Two
 * fields have A2A's own defaults instead: `acceptedOutputModes` left out means any mode, and
 * `fixed` left out means a fixed profile, the rule's premise.
 */
const modeList = z.array(z.string().check(z.trim(), z.minLength(1, { error: "a mode must be a non-empty string" })));

/** The security scheme kinds a card can require and a client can satisfy (A2A's five). */
export const SECURITY_SCHEME_KINDS = ["apiKey", "http", "oauth2", "openIdConnect", "mutualTLS"] as const;

export const CallbackProfile = z.strictObject({
  /** The client runs a callback listener that can receive push notifications. */
  supported: z.optional(z.boolean()),
  /** The listener completes mutual-TLS handshakes. */
  mtls: z.optional(z.boolean()),
  /** The client can turn mTLS on for its listener by its own configuration. */
  mtlsConfigurable: z.optional(z.boolean()),
  /** Where the listener receives callbacks; on the same origin as the endpoint, the mTLS invariant does not bind. */
  url: z.optional(z.string().check(z.trim(), z.minLength(1))),
});

export const ClientProfile = z.strictObject({
  /** The JSON Schema the file follows (schema/client-profile.schema.json), for editors; the engine ignores it. */
  $schema: z.optional(z.string()),
  name: z.string().check(z.trim(), z.minLength(1, { error: "the profile needs a name" })),
  description: z.optional(z.string()),
  /** Bindings the client speaks: JSONRPC, GRPC, HTTP+JSON (case-insensitive). */
  transports: z.optional(z.array(z.string().check(z.trim(), z.minLength(1)))),
  /** A2A protocol versions the client speaks, Major.Minor ("1.0", "0.3"); patch digits are ignored. */
  protocolVersions: z.optional(
    z.array(z.string().check(z.trim(), z.regex(/^\d+\.\d+(\.\d+)?$/, { error: "a protocol version is Major.Minor, e.g. \"1.0\" or \"0.3\"" }))),
  ),
  /** The client can consume server streams (SSE / server-streaming). */
  streaming: z.optional(z.boolean()),
  /**
   * The client sends a blocking request when the card does not stream (the A2A JS SDK's
   * Client.sendMessageStream does when capabilities.streaming is false, as does the Python SDK's
   * send_message): a stream-completed task still completes, its results arriving at the end.
   * Left out: no fallback, as before the field existed (a profile written without it keeps its
   * decisions), so like requireSignedCard a left-out value is a plain "no", not an unknown.
   */
  streamingFallback: z.optional(z.boolean()),
  /** Input modes the client sends. */
  inputModes: z.optional(modeList),
  /** Input modes the client only has live (chunk by chunk), e.g. a microphone. */
  liveOnlyInputModes: z.optional(modeList),
  /** Live modes the client can buffer whole before sending. */
  bufferableInputModes: z.optional(modeList),
  /** Output modes the client can consume. Left out: any (A2A's own default for acceptedOutputModes). */
  acceptedOutputModes: z.optional(modeList),
  callback: z.optional(CallbackProfile),
  /** The client can poll tasks/get (GetTask) to learn completion. */
  canPoll: z.optional(z.boolean()),
  /** False: the client can renegotiate its own capabilities (the rule then defers). Default true. */
  fixed: z.optional(z.boolean()),
  /** Extension URIs the client supports (and sends in A2A-Extensions when a card requires them). */
  supportedExtensions: z.optional(z.array(z.string().check(z.trim(), z.minLength(1)))),
  /** Security scheme kinds the client can satisfy on its calls to the server (mutualTLS: it presents a client certificate). */
  securitySchemes: z.optional(z.array(z.enum(SECURITY_SCHEME_KINDS))),
  /** The client holds credentials the server accepts, so it can fetch an authenticated extended card. */
  authenticated: z.optional(z.boolean()),
  /**
   * The client sends nothing to a card unless one of its signatures verifies (A2A 1.0 card
   * signing). Left out: not required — signing is optional in A2A, so unlike the fields above a
   * left-out value is a plain "no", not an unknown.
   */
  requireSignedCard: z.optional(z.boolean()),
  // How the client reads a card (issue 39): what a real client does with the card is the client's.
  /**
   * The client refuses a card that misses what its A2A version REQUIRES. Left out: no — no SDK
   * client validates REQUIRED fields (the Python SDK parses with unknown fields ignored, the JS SDK
   * fills defaults), so like requireSignedCard a left-out value is a plain "no".
   */
  validatesRequiredFields: z.optional(z.boolean()),
  /**
   * The client reads the A2A JS SDK's internal security scheme shape, `{"scheme":{"$case":…}}`
   * (what the JS server sends when it serves its parsed card object). The JS SDK does; the Python
   * SDK ignores it as an unknown field and sends no credentials. Left out: read, as Parley
   * always read it (a profile written before the field keeps its decisions).
   */
  readsJsSdkSchemeShape: z.optional(z.boolean()),
  /**
   * The A2A-Version header the client sends on a 1.x interface: a Major.Minor it sends whatever the
   * interface declares ("1.0": both SDKs), or "as-declared" (the interface's protocolVersion as
   * written). Left out: unknown.
   */
  a2aVersionHeader: z.optional(
    z.string().check(z.trim(), z.regex(/^(\d+\.\d+|as-declared)$/, { error: 'the A2A-Version header is Major.Minor (e.g. "1.0") or "as-declared"' })),
  ),
  /**
   * How the client picks an interface among the card's, per binding: "exact-version-first" (both
   * SDKs: the entry whose protocolVersion is exactly "1.0", then a newer one, then one >= 0.3, each
   * the first in card order) or "card-order" (the first it speaks). Left out: exact-version-first,
   * the SDKs' choice.
   */
  interfaceChoice: z.optional(z.enum(["exact-version-first", "card-order"])),
  /**
   * Where the client looks for the card, as paths on the agent's origin ("/.well-known/agent-card.json").
   * Left out: unknown (nothing is said about where the card is).
   */
  cardPaths: z.optional(z.array(z.string().check(z.trim(), z.regex(/^\//, { error: "a card path starts with /" })))),
});
export type ClientProfile = z.infer<typeof ClientProfile>;

/**
 * The client of the rule's incidents: live-only PCM audio it cannot buffer, a plain HTTPS callback
 * listener, polls. It reaches Contoso over mutual TLS (the incident's registration call succeeded
 * over its authenticated channel), so it presents client certificates on its own calls.
 */
export const NORTHWIND: ClientProfile = {
  name: "Northwind discovery agent",
  description:
    "The client of the rule's incidents: JSON-RPC over A2A 1.0, live-only audio/pcm it cannot buffer, a plain HTTPS callback listener, can poll, calls servers with a client certificate.",
  transports: ["JSONRPC"],
  protocolVersions: ["1.0"],
  streaming: true,
  streamingFallback: false,
  inputModes: ["text/plain", "audio/pcm"],
  liveOnlyInputModes: ["audio/pcm"],
  bufferableInputModes: [],
  acceptedOutputModes: ["text/plain", "audio/pcm"],
  callback: { supported: true, mtls: false, mtlsConfigurable: false },
  canPoll: true,
  fixed: true,
  supportedExtensions: [],
  securitySchemes: ["mutualTLS", "http", "oauth2"],
  authenticated: true,
  validatesRequiredFields: false,
  readsJsSdkSchemeShape: true,
  a2aVersionHeader: "1.0",
  interfaceChoice: "exact-version-first",
  cardPaths: ["/.well-known/agent-card.json"],
};

/**
 * The built-in client profiles, each with the short id the CLI and links use (`--profile northwind`).
 * Every preset declares every field: a preset never leaves a decision unknown. The SDK presets
 * describe each SDK's client as configured by default (a2a-sdk 1.1.0 for Python, @a2a-js/sdk 1.3.0
 * for JavaScript; values read from their client code: ClientConfig / ClientFactory defaults, the
 * interface picker, the auth interceptors); an app that configures more (gRPC, its own webhook)
 * should copy the preset and change it.
 */
const PRESET_ENTRIES: ReadonlyArray<{ id: string; profile: ClientProfile }> = [
  { id: "northwind", profile: NORTHWIND },
  {
    id: "northwind-buffering",
    profile: {
      ...NORTHWIND,
      name: "Northwind with audio buffering",
      description: "Northwind after it learned to buffer audio/pcm whole before sending.",
      bufferableInputModes: ["audio/pcm"],
    },
  },
  {
    id: "northwind-mtls",
    profile: {
      ...NORTHWIND,
      name: "Northwind with mTLS listener",
      description: "Northwind whose callback listener terminates mutual TLS.",
      callback: { supported: true, mtls: true, mtlsConfigurable: true },
    },
  },
  {
    id: "a2a-python",
    profile: {
      name: "A2A Python SDK client",
      description:
        "a2a-sdk 1.1.0's client as configured by default: JSON-RPC only (ClientConfig.supported_protocol_bindings empty), A2A 1.0 and 0.3 (built-in compat transports), streams (ClientConfig.streaming, default true), and sends a blocking request when the card does not stream (BaseClient.send_message), polls (get_task: ClientConfig.polling only says whether it prefers to), no callback listener (the SDK only sends push configs), acceptedOutputModes empty (any), credentials by its AuthInterceptor: HTTP bearer, OAuth2, OpenID Connect, API key (no client certificates). Text and JSON data parts. Reads a card with ParseDict(ignore_unknown_fields=True) (card_resolver.py): no REQUIRED field is validated, and the JS SDK's {\"scheme\":{\"$case\":…}} scheme shape is an unknown field (no credentials sent); sends A2A-Version: 1.0 (ClientFactory, VERSION_HEADER = PROTOCOL_VERSION_CURRENT); per binding takes the interface whose protocolVersion is exactly \"1.0\", then a newer one, then one >= 0.3 (ClientFactory._find_best_interface); reads /.well-known/agent-card.json (AGENT_CARD_WELL_KNOWN_PATH).",
      transports: ["JSONRPC"],
      protocolVersions: ["1.0", "0.3"],
      streaming: true,
      streamingFallback: true,
      inputModes: ["text/plain", "application/json"],
      liveOnlyInputModes: [],
      bufferableInputModes: [],
      callback: { supported: false, mtls: false, mtlsConfigurable: false },
      canPoll: true,
      fixed: true,
      supportedExtensions: [],
      securitySchemes: ["http", "oauth2", "openIdConnect", "apiKey"],
      authenticated: true,
      validatesRequiredFields: false,
      readsJsSdkSchemeShape: false,
      a2aVersionHeader: "1.0",
      interfaceChoice: "exact-version-first",
      cardPaths: ["/.well-known/agent-card.json"],
    },
  },
  {
    id: "a2a-js",
    profile: {
      name: "A2A JS SDK client (Node)",
      description:
        "@a2a-js/sdk 1.3.0's client as configured by default: JSON-RPC and HTTP+JSON (ClientFactoryOptions.default's transports; gRPC is opt-in), A2A 1.0 (0.3 only with legacyCompat), streams (sendMessageStream), and on a card that does not stream sendMessageStream sends a blocking sendMessage instead (Client.sendMessageStream), polls (getTask), no callback listener, acceptedOutputModes empty (any), header credentials the app supplies (AuthenticationHandler): HTTP, API key, OAuth2 or OpenID Connect tokens. No client certificate by default; a fetchImpl given to the transport factories can present one, and a profile for such an app adds mutualTLS. Reads the card without validating REQUIRED fields (AgentCard.fromJSON fills defaults), reads its own {\"scheme\":{\"$case\":…}} scheme shape, sends A2A-Version: 1.0 (A2A_PROTOCOL_VERSION), per binding takes the first interface in card order unless one says exactly \"1.0\" (ClientFactory.createFromNormalizedAgentCard), reads /.well-known/agent-card.json (AGENT_CARD_PATH).",
      transports: ["JSONRPC", "HTTP+JSON"],
      protocolVersions: ["1.0"],
      streaming: true,
      streamingFallback: true,
      inputModes: ["text/plain", "application/json"],
      liveOnlyInputModes: [],
      bufferableInputModes: [],
      callback: { supported: false, mtls: false, mtlsConfigurable: false },
      canPoll: true,
      fixed: true,
      supportedExtensions: [],
      securitySchemes: ["http", "apiKey", "oauth2", "openIdConnect"],
      authenticated: true,
      validatesRequiredFields: false,
      readsJsSdkSchemeShape: true,
      a2aVersionHeader: "1.0",
      interfaceChoice: "exact-version-first",
      cardPaths: ["/.well-known/agent-card.json"],
    },
  },
  {
    id: "browser",
    profile: {
      name: "Browser client (JS SDK in a web page)",
      description:
        "@a2a-js/sdk's client in a browser: JSON-RPC and HTTP+JSON over fetch (no gRPC), A2A 1.0, streams (SSE read from fetch), polls, no callback listener (a page cannot receive push), no client certificates; tokens the page obtains (HTTP bearer, API key header, OAuth2/OIDC access tokens). Text and JSON only: inline bytes need Node's Buffer. The agent must allow the page's origin (CORS).",
      transports: ["JSONRPC", "HTTP+JSON"],
      protocolVersions: ["1.0"],
      streaming: true,
      streamingFallback: true,
      inputModes: ["text/plain", "application/json"],
      liveOnlyInputModes: [],
      bufferableInputModes: [],
      callback: { supported: false, mtls: false, mtlsConfigurable: false },
      canPoll: true,
      fixed: true,
      supportedExtensions: [],
      securitySchemes: ["http", "apiKey", "oauth2", "openIdConnect"],
      authenticated: true,
      validatesRequiredFields: false,
      readsJsSdkSchemeShape: true,
      a2aVersionHeader: "1.0",
      interfaceChoice: "exact-version-first",
      cardPaths: ["/.well-known/agent-card.json"],
    },
  },
  {
    id: "grpc-backend",
    profile: {
      name: "Backend gRPC client",
      description:
        "A backend service on a2a-sdk's gRPC transport (supported_protocol_bindings [\"GRPC\"] and a grpc_channel_factory): A2A 1.0 and 0.3, server streaming, polls GetTask, client certificates through its channel credentials, token credentials by interceptor; runs its own webhook for push (no SDK ships one), plain HTTPS that it can switch to mutual TLS by configuration.",
      transports: ["GRPC"],
      protocolVersions: ["1.0", "0.3"],
      streaming: true,
      streamingFallback: true,
      inputModes: ["text/plain", "application/json", "application/octet-stream"],
      liveOnlyInputModes: [],
      bufferableInputModes: [],
      callback: { supported: true, mtls: false, mtlsConfigurable: true },
      canPoll: true,
      fixed: true,
      supportedExtensions: [],
      securitySchemes: ["mutualTLS", "http", "oauth2", "openIdConnect", "apiKey"],
      authenticated: true,
      validatesRequiredFields: false,
      readsJsSdkSchemeShape: false,
      a2aVersionHeader: "1.0",
      interfaceChoice: "exact-version-first",
      cardPaths: ["/.well-known/agent-card.json"],
    },
  },
  {
    id: "text-only",
    profile: {
      name: "Text-only JSON-RPC client",
      description: "A chat-style client: text in and out, no streaming, no callbacks, polls, bearer or API-key credentials, and old enough to speak A2A 0.2 as well as 0.3 and 1.0: like the 0.x SDKs' pydantic models it refuses a card missing a REQUIRED field, and it looks for the card at agent-card.json and the older agent.json.",
      transports: ["JSONRPC"],
      protocolVersions: ["1.0", "0.3", "0.2"],
      streaming: false,
      streamingFallback: false,
      inputModes: ["text/plain"],
      liveOnlyInputModes: [],
      bufferableInputModes: [],
      acceptedOutputModes: ["text/plain", "application/json"],
      callback: { supported: false, mtls: false, mtlsConfigurable: false },
      canPoll: true,
      fixed: true,
      supportedExtensions: [],
      securitySchemes: ["http", "apiKey"],
      authenticated: true,
      validatesRequiredFields: true,
      readsJsSdkSchemeShape: false,
      a2aVersionHeader: "1.0",
      interfaceChoice: "exact-version-first",
      cardPaths: ["/.well-known/agent-card.json", "/.well-known/agent.json"],
    },
  },
  {
    id: "full-sdk",
    profile: {
      name: "Full-featured SDK client",
      description: "Speaks every core binding and both versions, streams, buffers audio, has an mTLS-capable listener, every credential kind, renegotiates.",
      transports: ["JSONRPC", "GRPC", "HTTP+JSON"],
      protocolVersions: ["1.0", "0.3"],
      streaming: true,
      streamingFallback: true,
      inputModes: ["text/plain", "application/json", "audio/pcm", "image/png"],
      liveOnlyInputModes: [],
      bufferableInputModes: ["audio/pcm"],
      callback: { supported: true, mtls: true, mtlsConfigurable: true },
      canPoll: true,
      fixed: false,
      supportedExtensions: [],
      securitySchemes: ["apiKey", "http", "oauth2", "openIdConnect", "mutualTLS"],
      authenticated: true,
      validatesRequiredFields: false,
      readsJsSdkSchemeShape: true,
      a2aVersionHeader: "1.0",
      interfaceChoice: "exact-version-first",
      cardPaths: ["/.well-known/agent-card.json"],
    },
  },
];

export const PRESETS: readonly ClientProfile[] = PRESET_ENTRIES.map((e) => e.profile);

/** The presets' short ids, in the same order as PRESETS. */
export const PRESET_IDS: readonly string[] = PRESET_ENTRIES.map((e) => e.id);

/** Finds a preset by its short id (`northwind`), its full name, or its name's slug. */
export function findPreset(nameOrSlug: string): ClientProfile | undefined {
  const key = slugify(nameOrSlug);
  return (PRESET_ENTRIES.find((e) => e.id === key) ?? PRESET_ENTRIES.find((e) => slugify(e.profile.name) === key))?.profile;
}

/** The short id of a preset (`northwind`), or the slug of a profile's name when it is not a preset. */
export function presetSlug(profile: ClientProfile): string {
  return PRESET_ENTRIES.find((e) => e.profile.name === profile.name)?.id ?? slugify(profile.name);
}

function slugify(s: string): string {
  return s.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
}
