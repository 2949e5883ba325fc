import type { WireFinding } from "./wire-checks";
import { type ClientOutcome, SDK_CLIENTS, type SdkClient, WIRE_RULES, type WireFindingId } from "./wire-rules";

/** The wire findings in English: the one place their sentences are made (CLI text, JUnit, the workspace). */

export const CLIENT_NAMES: Record<SdkClient, string> = {
  "js-1": "the JS SDK 1.x client",
  "js-0.3": "the JS SDK 0.3 client",
  python: "the Python SDK client",
};

const PROTOCOL_NAMES: Record<(typeof WIRE_RULES)[WireFindingId]["breaks"], string> = {
  "jsonrpc-2.0": "JSON-RPC 2.0",
  "a2a-0.3": "A2A 0.3",
  "a2a-1.0": "A2A 1.0",
  sse: "Server-Sent Events as A2A uses them",
  "a2a-push": "A2A push notifications",
};

const WHAT: Record<WireFindingId, (d: WireFinding["data"]) => string> = {
  "jsonrpc-id-mismatch": (d) => `the answer to ${d.method} carries id ${d.got}, not the request's ${d.expected}`,
  "jsonrpc-version": (d) => `the answer to ${d.method} has "jsonrpc": ${d.got}, not "2.0"`,
  "jsonrpc-result-xor-error": (d) => (d.result ? "the answer has both a result and an error" : "the answer has neither a result nor an error"),
  "jsonrpc-error-http-status": (d) => `a JSON-RPC error (code ${d.code}) came with HTTP ${d.status}, not 200`,
  "jsonrpc-generic-error-code": (d) => `${d.method} was refused with the generic code ${d.code} ("${d.message}") where A2A defines its own`,
  "result-kind-missing": (d) => `the ${d.method} result has no "kind" (got ${d.kind}): it does not say whether it is a task or a message`,
  "result-shape": (d) => `the result lacks ${d.field} (got ${d.got})`,
  "task-state-unknown": (d) => `the task's state "${d.state}" is not one the protocol version defines`,
  "sse-data-unparseable": (d) => `stream event ${d.event}'s data does not parse as JSON (${d.parseError}); it starts ${JSON.stringify(String(d.data).slice(0, 12))}`,
  "sse-id-mismatch": (d) => `stream event ${d.event} carries id ${d.got}, not the request's ${d.expected}`,
  "sse-kind-missing": (d) => `stream event ${d.event} has no "kind" (got ${d.kind})`,
  "sse-final-before-output": (d) => `the stream marked event ${d.finalEvent} final, then sent output in event ${d.outputEvent}`,
  "sse-all-at-once": (d) => `all ${d.events} stream events of ${d.method} arrived together ${d.firstMs} ms after the request (within ${d.spreadMs} ms of each other), none while the task ran`,
  "sse-content-type": (d) => `the stream of ${d.method} was answered as ${d.contentType ?? "no content type"}, not text/event-stream`,
  "blocking-ignored": (d) => `a non-blocking send was answered only when the task was done (${d.state}, after ${d.heldMs} ms)`,
  "push-content-type": (d) => `the push callback came as ${d.contentType ?? "no content type"}, not JSON`,
  "push-token": (d) => (d.present ? "the push callback carried a different token from the one configured" : "the push callback carried no X-A2A-Notification-Token"),
  "push-body": (d) => `the push callback's body is not a task (${d.why})`,
};

const OUTCOME: Record<ClientOutcome, string> = {
  throws: "throws",
  readsNothing: "returns, with no task or message the caller can read",
  losesError: "loses the A2A error (the caller sees a generic failure)",
  waits: "gets nothing until the task is done",
  works: "works",
  notTraced: "not traced in its code",
};

/** "the answer to message/send carries id null, not the request's 3 (breaks JSON-RPC 2.0, 5 Response object: id)". */
export function wireFindingSentence(f: WireFinding): string {
  const rule = WIRE_RULES[f.id];
  return `${WHAT[f.id](f.data)} (breaks ${PROTOCOL_NAMES[rule.breaks]}: ${rule.section})`;
}

/** What one client does with it, with the SDK's own error text filled in. */
export function clientEffectSentence(f: WireFinding, client: SdkClient): string {
  const effect = WIRE_RULES[f.id].clients[client];
  const error = effect.error?.replace(/\{(\w+)\}/g, (_m, k: string) => String(f.data[k] ?? (k === "method" ? f.method : "…")));
  return `${CLIENT_NAMES[client]} ${OUTCOME[effect.outcome]}${error ? `: ${error}` : ""}`;
}

/** "fails with the JS SDK 1.x client and the JS SDK 0.3 client; works with the Python SDK client": the matrix's observed column. */
export function wireClientsSummary(f: WireFinding): string {
  const by = (outcomes: ClientOutcome[]) => SDK_CLIENTS.filter((c) => outcomes.includes(WIRE_RULES[f.id].clients[c].outcome)).map((c) => CLIENT_NAMES[c]);
  const parts: string[] = [];
  const fails = by(["throws", "readsNothing", "losesError"]);
  const waits = by(["waits"]);
  const works = by(["works"]);
  if (fails.length) parts.push(`fails with ${list(fails)}`);
  if (waits.length) parts.push(`${list(waits)} ${waits.length === 1 ? "waits" : "wait"} for the end`);
  if (works.length) parts.push(`works with ${list(works)}`);
  return parts.join("; ") || "what the SDK clients do with it is not traced";
}

function list(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}
