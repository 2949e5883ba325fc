/**
 * What the wire checks know, as data: per finding id, the protocol line it breaks (a reference, the
 * sentences are in wire-explain.ts) and what each SDK client does with it, read from the clients'
 * code: `@a2a-js/sdk` 1.3 (node_modules/@a2a-js/sdk/dist/client: JsonRpcTransport,
 * LegacyJsonRpcTransport), `@a2a-js/sdk` 0.3.14 (node_modules/a2a-sdk-03/dist/client:
 * JsonRpcTransport, the base of clients such as a2a-ai-provider) and the Python `a2a-sdk`
 * (a2aproject/a2a-python @ 46b292b4: src/a2a/client/transports/jsonrpc.py, http_helpers.py,
 * src/a2a/compat/v0_3/jsonrpc_transport.py). `error` is the SDK's own message, with `{name}` holes
 * filled from the finding's data.
 */
export type WireFindingId =
  | "jsonrpc-id-mismatch"
  | "jsonrpc-version"
  | "jsonrpc-result-xor-error"
  | "jsonrpc-error-http-status"
  | "jsonrpc-generic-error-code"
  | "result-kind-missing"
  | "result-shape"
  | "task-state-unknown"
  | "sse-data-unparseable"
  | "sse-id-mismatch"
  | "sse-kind-missing"
  | "sse-final-before-output"
  | "sse-all-at-once"
  | "sse-content-type"
  | "blocking-ignored"
  | "push-content-type"
  | "push-token"
  | "push-body"
  | "card-scheme-shape"
  | "card-differs-by-version"
  | "card-path-missed"
  | "served-1.0-on-0.3"
  | "served-0.3-on-1.0"
  | "card-0.3-url-not-0.3";

export type SdkClient = "js-1" | "js-0.3" | "python";
export const SDK_CLIENTS: readonly SdkClient[] = ["js-1", "js-0.3", "python"];

/**
 * throws: the call fails with `error`. readsNothing: the call returns, the caller's code finds no
 * task, message or text in it. losesError: the A2A error becomes a generic one (the caller cannot
 * tell "not found" or "not supported" from a failure). waits: the caller gets nothing until the
 * task is done. noCredentials: the client reads no security scheme from the card, so it sends no
 * credentials and every call is refused. getsCard: the client is served one of the card's versions
 * (`error` says which). doesNotCall: the client never makes the call (a 0.3-only client, a 1.0 method). works: the client reads it as intended. notTraced: not established from its code.
 */
export type ClientOutcome = "throws" | "readsNothing" | "losesError" | "noCredentials" | "waits" | "getsCard" | "doesNotCall" | "works" | "notTraced";

export interface ClientEffect {
  outcome: ClientOutcome;
  error?: string;
}

export interface WireRule {
  /** The protocol text it breaks: a source key and section (see docs/probe.md). */
  breaks: "jsonrpc-2.0" | "a2a-0.3" | "a2a-1.0" | "sse" | "a2a-push" | "a2a-discovery";
  section: string;
  clients: Record<SdkClient, ClientEffect>;
}

/**
 * How each SDK client asks for a card, from its code: the A2A-Version header it sends on the card
 * fetch (null: none) and the paths it reads. `@a2a-js/sdk` 1.3: client/card-resolver.ts
 * (DefaultAgentCardResolver.resolve sends A2A_PROTOCOL_VERSION, reads AGENT_CARD_PATH); 0.3.14: the
 * same resolver without the header; Python: client_factory.py sets A2A-Version: 1.0
 * (VERSION_HEADER = PROTOCOL_VERSION_CURRENT) as a default header of its httpx client, which
 * card_resolver.py's GET uses, and reads AGENT_CARD_WELL_KNOWN_PATH (utils/constants.py).
 */
export const CLIENT_CARD_FETCH: Record<SdkClient, { header: string | null; paths: readonly string[] }> = {
  "js-1": { header: "1.0", paths: ["/.well-known/agent-card.json"] },
  "js-0.3": { header: null, paths: ["/.well-known/agent-card.json"] },
  python: { header: "1.0", paths: ["/.well-known/agent-card.json"] },
};

/** The well-known card paths the probe asks for: 0.3 and 1.0's, and 0.1–0.2's. */
export const WELL_KNOWN_CARD_PATHS = ["/.well-known/agent-card.json", "/.well-known/agent.json"] as const;

const ALL = (effect: ClientEffect): Record<SdkClient, ClientEffect> => ({ "js-1": effect, "js-0.3": effect, python: effect });

export const WIRE_RULES: Record<WireFindingId, WireRule> = {
  "jsonrpc-id-mismatch": {
    breaks: "jsonrpc-2.0",
    section: "5 Response object: id",
    clients: {
      "js-1": { outcome: "throws", error: "JSON-RPC response ID mismatch for method {method}. Expected {expected}, got {got}." },
      "js-0.3": { outcome: "throws", error: "JSON-RPC response ID mismatch for method {method}. Expected {expected}, got {got}." },
      python: { outcome: "works" },
    },
  },
  "jsonrpc-version": {
    breaks: "jsonrpc-2.0",
    section: "5 Response object: jsonrpc",
    clients: {
      "js-1": { outcome: "throws", error: "Invalid JSON-RPC response for {method}: expected 'jsonrpc' to be exactly '2.0', got {got}." },
      "js-0.3": { outcome: "works" },
      python: { outcome: "notTraced" },
    },
  },
  "jsonrpc-result-xor-error": {
    breaks: "jsonrpc-2.0",
    section: "5 Response object: result or error, not both",
    clients: ALL({ outcome: "notTraced" }),
  },
  "jsonrpc-error-http-status": {
    breaks: "a2a-1.0",
    section: "JSON-RPC binding: errors are JSON-RPC error responses (HTTP 200)",
    clients: {
      "js-1": { outcome: "works" },
      "js-0.3": { outcome: "works" },
      python: { outcome: "losesError", error: "A2AClientError: HTTP Error {status}" },
    },
  },
  "jsonrpc-generic-error-code": {
    breaks: "a2a-1.0",
    section: "error codes: -32001 task not found, -32003 push not supported, -32004 unsupported operation",
    clients: {
      "js-1": { outcome: "losesError", error: "JsonRpcTransportError (code {code})" },
      "js-0.3": { outcome: "losesError", error: "JSON-RPC error {code}" },
      python: { outcome: "losesError", error: "A2AClientError: JSON-RPC Error {code}: {message}" },
    },
  },
  "result-kind-missing": {
    breaks: "a2a-0.3",
    section: "Task / Message: kind is required",
    clients: {
      "js-1": { outcome: "throws", error: "InvalidAgentResponseError: Unexpected v0.3 message/send result kind: undefined" },
      "js-0.3": { outcome: "readsNothing" },
      python: { outcome: "works" },
    },
  },
  "result-shape": {
    breaks: "a2a-1.0",
    section: "SendMessageResponse / Task: required fields",
    clients: ALL({ outcome: "notTraced" }),
  },
  "task-state-unknown": {
    breaks: "a2a-1.0",
    section: "TaskState values",
    clients: ALL({ outcome: "notTraced" }),
  },
  "sse-data-unparseable": {
    breaks: "sse",
    section: "each event's data is one JSON-RPC response",
    clients: {
      "js-1": { outcome: "throws", error: 'Failed to parse SSE event data: "{data}...". Original error: {parseError}' },
      "js-0.3": { outcome: "throws", error: 'Failed to parse SSE event data: "{data}...". Original error: {parseError}' },
      python: { outcome: "throws", error: "JSONDecodeError: {parseError}" },
    },
  },
  "sse-id-mismatch": {
    breaks: "jsonrpc-2.0",
    section: "5 Response object: id (every stream event answers the request)",
    clients: {
      "js-1": { outcome: "throws", error: "JSON-RPC response ID mismatch in SSE event. Expected {expected}, got {got}." },
      "js-0.3": { outcome: "throws", error: "JSON-RPC response ID mismatch in SSE event. Expected {expected}, got {got}." },
      python: { outcome: "works" },
    },
  },
  "sse-kind-missing": {
    breaks: "a2a-0.3",
    section: "stream events: kind is required",
    clients: {
      "js-1": { outcome: "throws", error: "Unknown v0.3 stream event kind: undefined" },
      "js-0.3": { outcome: "readsNothing" },
      python: { outcome: "works" },
    },
  },
  "sse-final-before-output": {
    breaks: "a2a-0.3",
    section: "TaskStatusUpdateEvent.final marks the last event",
    clients: ALL({ outcome: "notTraced" }),
  },
  "sse-all-at-once": {
    breaks: "a2a-1.0",
    section: "streaming: updates are sent as they happen",
    clients: ALL({ outcome: "waits" }),
  },
  "sse-content-type": {
    breaks: "sse",
    section: "a stream is answered as text/event-stream",
    clients: {
      "js-1": { outcome: "throws", error: "Invalid response Content-Type for SSE stream for {method}. Expected 'text/event-stream'." },
      "js-0.3": { outcome: "throws", error: "Invalid response Content-Type for SSE stream for {method}. Expected 'text/event-stream'." },
      python: { outcome: "notTraced" },
    },
  },
  "blocking-ignored": {
    breaks: "a2a-1.0",
    section: "SendMessageConfiguration: a non-blocking send returns at once",
    clients: ALL({ outcome: "waits" }),
  },
  "push-content-type": {
    breaks: "a2a-push",
    section: "the callback is a JSON POST",
    clients: ALL({ outcome: "notTraced" }),
  },
  "push-token": {
    breaks: "a2a-push",
    section: "the callback carries the configured token (X-A2A-Notification-Token)",
    clients: ALL({ outcome: "notTraced" }),
  },
  "push-body": {
    breaks: "a2a-push",
    section: "the callback body is the task (0.3) or a StreamResponse (1.0)",
    clients: ALL({ outcome: "notTraced" }),
  },
  // The card as served. The effects are those of a client that is served the faulty card; a finding
  // carries its own per-client effects (WireFinding.clients) when some client, by the A2A-Version it
  // sends or the paths it reads, is served another one.
  "card-scheme-shape": {
    breaks: "a2a-1.0",
    section: "SecurityScheme: ProtoJSON names the oneof member (httpAuthSecurityScheme, …), no $case/value wrapper",
    clients: {
      // The 1.x client never reads securitySchemes (credentials are what the app's AuthenticationHandler
      // or interceptors add); card-resolver.ts normalizeAgentCard parses the entry to an empty scheme.
      "js-1": { outcome: "works" },
      // card-resolver.ts normalizeAgentCard takes a scheme without "type" for ProtoJSON and
      // FromProto.securityScheme throws on a oneof it cannot name: the card is never resolved.
      "js-0.3": { outcome: "throws", error: "Unsupported security scheme type" },
      // card_resolver.py: ParseDict(ignore_unknown_fields=True) drops "scheme"; auth/interceptor.py
      // finds no http/oauth2/oidc/apiKey member and adds no header.
      python: { outcome: "noCredentials" },
    },
  },
  "card-differs-by-version": {
    breaks: "a2a-1.0",
    section: "versioning: the A2A-Version a client sends selects the shape of an answer, not what the agent offers",
    clients: ALL({ outcome: "getsCard" }),
  },
  "card-path-missed": {
    breaks: "a2a-discovery",
    section: "the public card is at /.well-known/agent-card.json (0.3, 1.0; /.well-known/agent.json before 0.3)",
    clients: {
      "js-1": { outcome: "throws", error: "Failed to fetch Agent Card from {tried}: {status}" },
      "js-0.3": { outcome: "throws", error: "Failed to fetch Agent Card from {tried}: {status}" },
      python: { outcome: "throws", error: "AgentCardResolutionError: Failed to fetch agent card from {tried} (HTTP {status})" },
    },
  },
  "served-1.0-on-0.3": {
    breaks: "a2a-0.3",
    section: "an interface declared 0.3 answers in 0.3 shapes (Task/Message with kind, lower-case states)",
    clients: {
      // LegacyJsonRpcTransport reads result.kind to tell a task from a message.
      "js-1": { outcome: "throws", error: "InvalidAgentResponseError: Unexpected v0.3 message/send result kind: undefined" },
      // JsonRpcTransport returns the result as it came: no kind, no task or message the caller knows.
      "js-0.3": { outcome: "readsNothing" },
      // compat/v0_3/jsonrpc_transport.py send_message: no kind, no messageId, no id at the top: an empty SendMessageResponse.
      python: { outcome: "readsNothing" },
    },
  },
  "served-0.3-on-1.0": {
    breaks: "a2a-1.0",
    section: "SendMessageResponse: exactly one of task or message (ProtoJSON, no kind)",
    clients: {
      // JsonRpcTransport.sendMessage: SendMessageResponse.fromJSON finds no payload.
      "js-1": { outcome: "throws", error: "Invalid response: missing payload" },
      // The 0.3.14 client speaks 0.3 methods only: it never sends SendMessage.
      "js-0.3": { outcome: "doesNotCall" },
      // client/transports/jsonrpc.py send_message: json_format.ParseDict(result, SendMessageResponse()), unknown fields not ignored.
      python: { outcome: "throws", error: 'ParseError: Message type "lf.a2a.v1.SendMessageResponse" has no field named "{field}"' },
    },
  },
  "card-0.3-url-not-0.3": {
    breaks: "a2a-0.3",
    section: "url must serve preferredTransport in the card's protocolVersion (a 0.3 client calls url with 0.3 methods)",
    clients: {
      // isLegacyAgentCard: a non-empty supportedInterfaces makes the card 1.0; url and preferredTransport are never read.
      "js-1": { outcome: "works" },
      // The 0.3.14 ClientFactory takes [preferredTransport, url] first and calls message/send there.
      "js-0.3": { outcome: "throws", error: "JSON-RPC error: Method not found (Code: -32601)" },
      // card_resolver.py _handle_connection_fields_compatibility pops url, preferredTransport and protocolVersion when supportedInterfaces is there.
      python: { outcome: "works" },
    },
  },
};

/**
 * The two version findings on calls other than the blocking send: what each client does with a
 * stream event or a task read in the other version's shape. The rule's effects above are the
 * blocking send's; a finding on one of these calls carries these (wire-checks.ts).
 */
export const SERVED_VERSION_BY_CALL: Record<"served-1.0-on-0.3" | "served-0.3-on-1.0", Record<"stream" | "get", Record<SdkClient, ClientEffect>>> = {
  "served-1.0-on-0.3": {
    stream: {
      // LegacyJsonRpcTransport._processSseEventData → toCoreStreamResponse switches on result.kind.
      "js-1": { outcome: "throws", error: "Unknown v0.3 stream event kind: undefined" },
      // JsonRpcTransport yields each event's result as it came: no kind the caller branches on.
      "js-0.3": { outcome: "readsNothing" },
      // compat/v0_3/jsonrpc_transport.py _send_stream_request: no kind, and no taskId+final, messageId or id at the top: every event is skipped.
      python: { outcome: "readsNothing" },
    },
    get: {
      // LegacyJsonRpcTransport.getTask → toCoreTask: a TASK_STATE_* state maps to UNSPECIFIED, and toCorePart throws on a part without kind.
      "js-1": { outcome: "throws", error: "Invalid v0.3 part kind: undefined" },
      // JsonRpcTransport.getTask returns it as it came: TASK_STATE_* is none of 0.3's states, so a poller never sees the task end.
      "js-0.3": { outcome: "readsNothing" },
      // compat/v0_3/jsonrpc_transport.py get_task: types_v03.Task.model_validate; status.state is not a 0.3 TaskState
      // (the message as pydantic 2.13 gives it over a2a-python's own compat/v0_3/types.py).
      python: {
        outcome: "throws",
        error: "ValidationError: 1 validation error for Task status.state Input should be 'submitted', 'working', 'input-required', 'completed', 'canceled', 'failed', 'rejected', 'auth-required' or 'unknown' [type=enum, input_value='{state}', input_type=str]",
      },
    },
  },
  "served-0.3-on-1.0": {
    stream: {
      // JsonRpcTransport: StreamResponse.fromJSON finds no task, message, statusUpdate or artifactUpdate; { payload: undefined } is yielded.
      "js-1": { outcome: "readsNothing" },
      // The 0.3.14 client speaks 0.3 methods only.
      "js-0.3": { outcome: "doesNotCall" },
      // client/transports/jsonrpc.py _send_stream_request: json_format.ParseDict(result, StreamResponse()), unknown fields not ignored.
      python: { outcome: "throws", error: 'ParseError: Message type "lf.a2a.v1.StreamResponse" has no field named "{field}"' },
    },
    get: {
      // Task.fromJSON ignores kind; a lower-case state becomes UNRECOGNIZED (-1), so a poller never sees the task end.
      "js-1": { outcome: "readsNothing" },
      "js-0.3": { outcome: "doesNotCall" },
      // client/transports/jsonrpc.py get_task: json_format.ParseDict(result, Task()) rejects the lower-case state (and kind, no Task field).
      python: { outcome: "throws", error: "ParseError: Invalid enum value {state} for enum type lf.a2a.v1.TaskState" },
    },
  },
};

/** What one client does with a finding: the finding's own effect (decided by what that client is served), else the rule's. */
export function effectFor(f: { id: WireFindingId; clients?: Partial<Record<SdkClient, ClientEffect>> }, client: SdkClient): ClientEffect {
  return f.clients?.[client] ?? WIRE_RULES[f.id].clients[client];
}
