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
  name: z.string().check(z.trim(), z.minLength(1, { error: "the profile needs a name" })),
  description: z.optional(z.string()),
  /** Bindings the client speaks: JSONRPC, GRPC, HTTP+JSON (case-insensitive). */
  transports: z.optional(z.array(z.string().check(z.trim(), z.minLength(1)))),
  /** The client can consume server streams (SSE / server-streaming). */
  streaming: z.optional(z.boolean()),
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
  /** Extension URIs the client supports. */
  supportedExtensions: z.optional(z.array(z.string())),
  /** Security scheme kinds the client can satisfy (apiKey, http, oauth2, openIdConnect, mutualTLS). */
  securitySchemes: z.optional(z.array(z.string())),
});
export type ClientProfile = z.infer<typeof ClientProfile>;

/** The client of the rule's incidents: live-only PCM audio, no buffering, plain HTTPS callbacks, polls. */
export const NORTHWIND: ClientProfile = {
  name: "Northwind discovery agent",
  description:
    "The client of the rule's incidents: JSON-RPC, live-only audio/pcm it cannot buffer, a plain HTTPS callback listener, can poll.",
  transports: ["JSONRPC"],
  streaming: true,
  inputModes: ["text/plain", "audio/pcm"],
  liveOnlyInputModes: ["audio/pcm"],
  bufferableInputModes: [],
  acceptedOutputModes: ["text/plain", "audio/pcm"],
  callback: { supported: true, mtls: false, mtlsConfigurable: false },
  canPoll: true,
  fixed: true,
};

/** The built-in client profiles, each with the short id the CLI and links use (`--profile northwind`). */
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
    id: "text-only",
    profile: {
      name: "Text-only JSON-RPC client",
      description: "A chat-style client: text in and out, no streaming, no callbacks, polls.",
      transports: ["JSONRPC"],
      streaming: false,
      inputModes: ["text/plain"],
      liveOnlyInputModes: [],
      bufferableInputModes: [],
      acceptedOutputModes: ["text/plain", "application/json"],
      callback: { supported: false, mtls: false, mtlsConfigurable: false },
      canPoll: true,
      fixed: true,
    },
  },
  {
    id: "full-sdk",
    profile: {
      name: "Full-featured SDK client",
      description: "Speaks every core binding, streams, buffers audio, has an mTLS-capable listener.",
      transports: ["JSONRPC", "GRPC", "HTTP+JSON"],
      streaming: true,
      inputModes: ["text/plain", "application/json", "audio/pcm", "image/png"],
      liveOnlyInputModes: [],
      bufferableInputModes: ["audio/pcm"],
      callback: { supported: true, mtls: true, mtlsConfigurable: true },
      canPoll: true,
      fixed: false,
    },
  },
];

export const PRESETS: readonly ClientProfile[] = PRESET_ENTRIES.map((e) => e.profile);

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
