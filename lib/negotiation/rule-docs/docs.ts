import { CONTOSO_LIVE_AUDIO, CONTOSO_PUSH_MTLS, CONTOSO_RESUBSCRIBE_ONLY } from "../examples/incidents";
import type { InvariantId } from "../invariants/types";
import { NORTHWIND, type ClientProfile } from "../profile";
import {
  LIVE_AUDIO_STREAMING,
  PUSH_API_KEY,
  RESUBSCRIBE_STREAMING,
  TEXT_DESK,
  TEXT_DESK_GRPC,
  TEXT_DESK_NO_STREAMING,
  TEXT_DESK_PUSH,
} from "./cards";
import type { ConditionId, RuleDoc } from "./types";

/** Northwind, as in the incidents, except that it cannot poll: push is then its only completion path. */
export const NORTHWIND_NO_POLLING: ClientProfile = {
  ...NORTHWIND,
  name: "Northwind without polling",
  description: "Northwind, except that it cannot poll tasks/get: it learns of completion only by push.",
  canPoll: false,
};

/** Northwind, except that the only output it takes is audio. */
export const NORTHWIND_AUDIO_OUT: ClientProfile = {
  ...NORTHWIND,
  name: "Northwind audio-only receiver",
  description: "Northwind, except that it accepts only audio/pcm as output.",
  acceptedOutputModes: ["audio/pcm"],
};

/** Conditions of validity that apply to every would-be rejection. */
const GENERAL: ConditionId[] = [
  "renegotiable-client",
  "honored-extension",
  "out-of-band-exchange",
  "prior-task-history",
  "stale-card",
];

const ALL_ACCEPT = {
  "request-response": "accept",
  "live-input": "accept",
  "async-completion": "accept",
  "fire-and-forget": "accept",
  "streaming-output": "accept",
} as const;

/** One entry per invariant, in INVARIANT_IDS order (the registry test keeps them in step). */
export const RULE_DOCS: Record<InvariantId, RuleDoc> = {
  "live-input-needs-streaming": {
    id: "live-input-needs-streaming",
    why: {
      source: "rule",
      heading: "The rule's first invariant, and the incident behind it",
      paragraphs: [
        "A card can turn streaming off and still list an input mode that a client only ever has live, such as microphone audio sent in chunks (audio/pcm). Both fields are legal. But a non-streaming endpoint takes each message whole, so the client would have to record all of the audio before sending it — for live audio, that is not supporting it at all.",
        "In the incident, Northwind saw audio/pcm on Contoso's card and started a live audio task in chunks. Contoso's endpoint only took whole audio under a size limit the card never stated, and refused the second chunk with HTTP 415. The task ID was already committed and Northwind had no fallback; the task stayed in input-required for good, while both sides had logged a successful discovery.",
      ],
    },
    focusTaskClass: "live-input",
    failing: {
      title: CONTOSO_LIVE_AUDIO.title,
      summary: "audio/pcm is an input mode, streaming is off, and Northwind has audio only live.",
      cardText: CONTOSO_LIVE_AUDIO.text,
      profile: NORTHWIND,
      context: {},
      claims: { ...ALL_ACCEPT, "live-input": "reject", "streaming-output": "reject" },
    },
    passing: {
      title: "Contoso: live audio, streaming on",
      summary: "The same card with capabilities.streaming set to true.",
      cardText: LIVE_AUDIO_STREAMING,
      profile: NORTHWIND,
      context: {},
      claims: { ...ALL_ACCEPT },
    },
    conditions: [...GENERAL, "client-buffers"],
    extensionUri: "https://contoso.example/a2a/ext/buffered-audio/v1",
  },
  "push-callback-mtls": {
    id: "push-callback-mtls",
    why: {
      source: "rule",
      heading: "The rule's second invariant, and the incident behind it",
      paragraphs: [
        "A card can offer push notifications, with the callback on another origin than the card's endpoint, while the security scheme the server uses for its outbound callbacks demands mutual TLS. Each field is legal. But a client whose callback listener is plain HTTPS cannot finish the handshake the server starts, so every notification is lost — while registering the push config itself succeeds.",
        "In the incident, Northwind registered a push config with Contoso and then received nothing: every callback failed at the TLS handshake. The server logged each notification as dispatched, the client logged none received, and the task sat in working until the client's own 40-minute timeout.",
      ],
    },
    focusTaskClass: "async-completion",
    failing: {
      title: CONTOSO_PUSH_MTLS.title,
      summary: "Push callbacks go out under an mTLS-only scheme; Northwind's listener is plain HTTPS and it cannot poll.",
      cardText: CONTOSO_PUSH_MTLS.text,
      profile: NORTHWIND_NO_POLLING,
      context: {},
      claims: { ...ALL_ACCEPT, "async-completion": "reject" },
    },
    passing: {
      title: "Contoso: push under an API key",
      summary: "The same card naming an API-key scheme for push callbacks instead of the mTLS one.",
      cardText: PUSH_API_KEY,
      profile: NORTHWIND_NO_POLLING,
      context: {},
      claims: { ...ALL_ACCEPT },
    },
    conditions: [...GENERAL, "client-polls", "client-configurable-mtls", "fire-and-forget"],
    extensionUri: "https://contoso.example/a2a/ext/plain-callbacks/v1",
  },
  "resubscribe-only-output": {
    id: "resubscribe-only-output",
    why: {
      source: "rule",
      heading: "The rule's third invariant",
      paragraphs: [
        "A card can list an output mode that the server only ever emits when a client resubscribes to the task's stream (tasks/resubscribe), while streaming is off. The server can produce that output and the card says so, but the one channel that carries it is disabled: the mode is declared and no request can ever receive it.",
      ],
    },
    focusTaskClass: "async-completion",
    failing: {
      title: CONTOSO_RESUBSCRIBE_ONLY.title,
      summary: "audio/pcm output comes only on tasks/resubscribe, streaming is off, and the client takes only audio.",
      cardText: CONTOSO_RESUBSCRIBE_ONLY.text,
      profile: NORTHWIND_AUDIO_OUT,
      context: {},
      claims: {
        "request-response": "reject",
        "live-input": "reject",
        "async-completion": "reject",
        "fire-and-forget": "accept",
        "streaming-output": "reject",
      },
    },
    passing: {
      title: "Contoso: resubscribe-only audio, streaming on",
      summary: "The same card with capabilities.streaming set to true, so tasks/resubscribe is open.",
      cardText: RESUBSCRIBE_STREAMING,
      profile: NORTHWIND_AUDIO_OUT,
      context: {},
      claims: { ...ALL_ACCEPT },
    },
    conditions: [...GENERAL, "documented-fallback"],
    extensionUri: "https://contoso.example/a2a/ext/audio-by-polling/v1",
  },
  "shared-transport": {
    id: "shared-transport",
    why: {
      source: "parley",
      heading: "Parley's baseline: every path rides a shared binding",
      paragraphs: [
        "Every lifecycle path (input, completion, output) travels over one of the card's interfaces. If the card is served only over bindings the client does not speak (gRPC to a JSON-RPC-only client), no path of any task class is reachable, however well the rest of the card matches.",
        "The rule takes a shared transport for granted; Parley checks it first so that a binding mismatch is reported as what it is, not as a missing stream or a dropped callback.",
      ],
    },
    focusTaskClass: "request-response",
    failing: {
      title: "Contoso Text Desk over gRPC",
      summary: "The card's only interface is gRPC; Northwind speaks JSON-RPC.",
      cardText: TEXT_DESK_GRPC,
      profile: NORTHWIND,
      context: {},
      claims: {
        "request-response": "reject",
        "live-input": "reject",
        "async-completion": "reject",
        "fire-and-forget": "reject",
        "streaming-output": "reject",
      },
    },
    passing: {
      title: "Contoso Text Desk over JSON-RPC",
      summary: "The same card served over JSON-RPC.",
      cardText: TEXT_DESK,
      profile: NORTHWIND,
      context: {},
      claims: { ...ALL_ACCEPT },
    },
    conditions: [...GENERAL],
    extensionUri: "https://contoso.example/a2a/ext/jsonrpc-gateway/v1",
  },
  "stream-channel-available": {
    id: "stream-channel-available",
    why: {
      source: "parley",
      heading: "Parley's baseline: the stream completion path",
      paragraphs: [
        "A streaming-output task learns of its results, and of its completion, over a server stream. If the card does not stream, or the client cannot consume a stream, that task's only completion path is gone before the first task is created.",
        "The rule's reasoning applied to the stream channel: reject before tasks/send when the only completion-notification path of the intended task class is unreachable.",
      ],
    },
    focusTaskClass: "streaming-output",
    failing: {
      title: "Contoso Text Desk, streaming off",
      summary: "capabilities.streaming is false.",
      cardText: TEXT_DESK_NO_STREAMING,
      profile: NORTHWIND,
      context: {},
      claims: { ...ALL_ACCEPT, "streaming-output": "reject" },
    },
    passing: {
      title: "Contoso Text Desk, streaming on",
      summary: "The same card with capabilities.streaming set to true.",
      cardText: TEXT_DESK,
      profile: NORTHWIND,
      context: {},
      claims: { ...ALL_ACCEPT },
    },
    conditions: [...GENERAL],
    extensionUri: "https://contoso.example/a2a/ext/long-poll-results/v1",
  },
  "completion-channel-available": {
    id: "completion-channel-available",
    why: {
      source: "parley",
      heading: "Parley's baseline: the completion-notification path",
      paragraphs: [
        "An async task is only useful if the client learns that it finished: by a push callback (the card offers push and the client listens) or by polling tasks/get. With neither, the task runs to completion on the server and the client never finds out: the 40-minute stall of the rule's second incident, without even a dropped callback to blame.",
        "The rule: reject before tasks/send when the only completion-notification path for the intended task class is unreachable.",
      ],
    },
    focusTaskClass: "async-completion",
    failing: {
      title: "Contoso Text Desk, no push",
      summary: "The card offers no push notifications and the client cannot poll.",
      cardText: TEXT_DESK,
      profile: NORTHWIND_NO_POLLING,
      context: {},
      claims: { ...ALL_ACCEPT, "async-completion": "reject" },
    },
    passing: {
      title: "Contoso Text Desk with push",
      summary: "The same card offering push callbacks, which the client's listener receives.",
      cardText: TEXT_DESK_PUSH,
      profile: NORTHWIND_NO_POLLING,
      context: {},
      claims: { ...ALL_ACCEPT },
    },
    conditions: [...GENERAL, "fire-and-forget"],
    extensionUri: "https://contoso.example/a2a/ext/completion-mail/v1",
  },
};
