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
  | "push-body";

export type SdkClient = "js-1" | "js-0.3" | "python";
export const SDK_CLIENTS: readonly SdkClient[] = ["js-1", "js-0.3", "python"];

/**
 * throws: the call fails with `error`. readsNothing: the call returns, the caller's code finds no
 * task, message or text in it. losesError: the A2A error becomes a generic one (the caller cannot
 * tell "not found" or "not supported" from a failure). waits: the caller gets nothing until the
 * task is done. works: the client reads it as intended. notTraced: not established from its code.
 */
export type ClientOutcome = "throws" | "readsNothing" | "losesError" | "waits" | "works" | "notTraced";

export interface ClientEffect {
  outcome: ClientOutcome;
  error?: string;
}

export interface WireRule {
  /** The protocol text it breaks: a source key and section (see docs/probe.md). */
  breaks: "jsonrpc-2.0" | "a2a-0.3" | "a2a-1.0" | "sse" | "a2a-push";
  section: string;
  clients: Record<SdkClient, ClientEffect>;
}

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
};
