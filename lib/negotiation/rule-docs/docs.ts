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

const RULE = "negotiability-rule.md";

/** One entry per invariant, in INVARIANT_IDS order (the registry test keeps them in step). */
export const RULE_DOCS: Record<InvariantId, RuleDoc> = {
  "live-input-needs-streaming": {
    id: "live-input-needs-streaming",
    why: {
      source: "rule",
      heading: `${RULE}: the first invariant and the first incident`,
      paragraphs: [
        "capabilities.streaming: false combined with defaultInputModes that include only non-idempotent content types (e.g., audio/pcm streamed chunk-wise). The card is valid: streaming is optional, input modes are legal. But the client has no way to deliver a streamed input to a non-streaming endpoint without buffering the entire payload, which for live audio is semantically equivalent to not supporting the input at all.",
        "Northwind, seeing audio/pcm in input modes, opened a chunked upload of a live audio task. Contoso's endpoint returned HTTP 415 on the first chunk after the initial frame, because its non-streaming input path accepted only complete audio/pcm payloads under a size ceiling the card never exposed. Northwind had no fallback: it had already committed the task ID and begun streaming. The task entered input-required and never left it; both sides logged success at the discovery layer.",
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
      heading: `${RULE}: the second invariant and the second incident`,
      paragraphs: [
        "tasks.pushNotifications.supported: true with a pushNotificationConfig webhook URL on a different origin than the card's url, where the server's securitySchemes require mutual TLS. Structurally valid. But the client's push receiver is a plain HTTPS listener; it cannot complete the mTLS handshake the server's own security scheme mandates for outbound callbacks.",
        "Northwind's push receiver accepted the pushNotificationConfig registration and then silently dropped every callback, because the server's outbound mTLS handshake failed against the receiver's plain listener. The server recorded \"notification dispatched\", the client recorded \"no notification received\", and the task sat in working until the client's own timeout fired 40 minutes later.",
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
      heading: `${RULE}: the third invariant`,
      paragraphs: [
        "defaultOutputModes containing a mode the server only emits on tasks/resubscribe, combined with capabilities.streaming: false. The server can produce the output, and the card says so; but the only channel that emits it is a streaming resubscription the server has disabled. The output mode is declared reachable and is in fact unreachable.",
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
