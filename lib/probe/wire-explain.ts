import type { CardShape } from "./card-served";
import type { WireFinding } from "./wire-checks";
import { CLIENT_CARD_FETCH, type ClientOutcome, effectFor, SDK_CLIENTS, type SdkClient, WIRE_RULES, type WireFindingId } from "./wire-rules";

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
  "a2a-discovery": "A2A agent discovery",
};

/** "with A2A-Version: 1.0", "without A2A-Version": a header value as the card findings keep it ("none", "" or null: not sent). */
function asked(header: string | number | boolean | null | undefined): string {
  return header === null || header === undefined || header === "" || header === "none" ? "without A2A-Version" : `with A2A-Version: ${String(header)}`;
}

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
  "card-scheme-shape": (d) =>
    `the card served ${String(d.headers)
      .split(", ")
      .map(asked)
      .join(" and ")} writes its security scheme${String(d.schemes).includes(",") ? "s" : ""} ${d.schemes} in the JS SDK's internal shape {"scheme":{"$case":…,"value":…}}`,
  "card-differs-by-version": (d) => `the card served ${asked(d.other)} offers something else than the one served ${asked(d.first)}: ${d.fields} differ`,
  "card-path-missed": (d) =>
    `no card at ${d.tried}${d.status === null ? "" : ` (HTTP ${d.status})`}; the card answers at ${d.served} only${d.profileClient ? `, where the profile's client (${d.profileClient}) does not look` : ""}`,
  "card-0.3-url-not-0.3": (d) =>
    `the card is served in both shapes, and its 0.3 url ${d.url} (${d.transport}), where a 0.3 client sends 0.3 methods, is declared ${d.declared === "" ? "with no protocolVersion" : d.declared} in supportedInterfaces, not 0.3; asked 0.3's tasks/get there, the agent refused it (${d.code === null ? `HTTP ${d.status}` : `JSON-RPC error ${d.code}`})`,
  "served-0.3-on-1.0": (d) =>
    `the ${d.method} ${d.event === undefined ? "answer" : `stream event ${d.event}`} on an interface declared 1.0 is in A2A 0.3's shape (${[d.kind ? `"kind": "${d.kind}"` : "", d.state ? `state ${d.state}` : ""].filter(Boolean).join(", ") || "a bare task"}, no "task" or "message" wrapper)`,
  "served-1.0-on-0.3": (d) =>
    `the ${d.method} ${d.event === undefined ? "answer" : `stream event ${d.event}`} on an interface declared 0.3 is in A2A 1.0's shape (${[d.wrapper ? `a "${d.wrapper}" wrapper` : "a bare task", d.state ? `state ${d.state}` : ""].filter(Boolean).join(", ")}, no "kind")`,
};

const OUTCOME: Record<ClientOutcome, string> = {
  throws: "throws",
  readsNothing: "returns, with no task or message the caller can read",
  losesError: "loses the A2A error (the caller sees a generic failure)",
  noCredentials: "reads no security scheme, so it sends no credentials and every call is refused (HTTP 401)",
  waits: "gets nothing until the task is done",
  doesNotCall: "never makes this call (it speaks A2A 0.3 only)",
  getsCard: "is served the card",
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
  const effect = effectFor(f, client);
  if (effect.outcome === "getsCard") return `${CLIENT_NAMES[client]} ${OUTCOME.getsCard} ${asked(effect.error)}`;
  const error = effect.error?.replace(/\{(\w+)\}/g, (_m, k: string) => String(f.data[k] ?? (k === "method" ? f.method : "…")));
  return `${CLIENT_NAMES[client]} ${OUTCOME[effect.outcome]}${error ? `: ${error}` : ""}`;
}

/** "fails with the JS SDK 1.x client and the JS SDK 0.3 client; works with the Python SDK client": the matrix's observed column. */
export function wireClientsSummary(f: WireFinding): string {
  const by = (outcomes: ClientOutcome[]) => SDK_CLIENTS.filter((c) => outcomes.includes(effectFor(f, c).outcome)).map((c) => CLIENT_NAMES[c]);
  const parts: string[] = [];
  // Who is served which card: one part per card, "the JS SDK 0.3 client is served the card without A2A-Version".
  const cards = new Map<string, string[]>();
  for (const c of SDK_CLIENTS) {
    const e = effectFor(f, c);
    if (e.outcome === "getsCard") cards.set(asked(e.error), [...(cards.get(asked(e.error)) ?? []), CLIENT_NAMES[c]]);
  }
  for (const [card, clients] of cards) parts.push(`${list(clients)} ${clients.length === 1 ? "is" : "are"} served the card ${card}`);
  const fails = by(["throws", "readsNothing", "losesError", "noCredentials"]);
  const waits = by(["waits"]);
  const works = by(["works"]);
  if (fails.length) parts.push(`fails with ${list(fails)}`);
  if (waits.length) parts.push(`${list(waits)} ${waits.length === 1 ? "waits" : "wait"} for the end`);
  if (works.length) parts.push(`works with ${list(works)}`);
  const never = by(["doesNotCall"]);
  if (never.length) parts.push(`${list(never)} never ${never.length === 1 ? "makes" : "make"} this call`);
  return parts.join("; ") || "what the SDK clients do with it is not traced";
}

/** When the card comes back in another shape by the A2A-Version asked with (A2A's versioning, no finding by itself): who gets which. */
export function servedShapesNote(shapes: readonly { header: string | null; shape: CardShape }[]): string | undefined {
  if (new Set(shapes.map((s) => s.shape)).size < 2) return undefined;
  const who = (header: string | null) => {
    const clients = SDK_CLIENTS.filter((c) => CLIENT_CARD_FETCH[c].header === header).map((c) => CLIENT_NAMES[c]);
    return clients.length ? ` (${list(clients)})` : "";
  };
  const shape = { "1.0": "A2A 1.0's shape", "0.3": "A2A 0.3's shape", both: "A2A 0.3's shape with 1.0's interfaces in it", other: "neither A2A shape" } as const;
  const parts = shapes.map((s) => `in ${shape[s.shape]} ${asked(s.header)}${who(s.header)}`);
  return `The card is served ${list(parts)}; what it offers is the same.`;
}

/** A card in both shapes whose 0.3 url is an interface declared 0.3 (a2a-python's server, and the JS SDK's with legacyCompat, serve such cards): why no client is misled. */
export function bothShapesNote(both: { url: string; transport: string; version: string }): string {
  return `The card is served in both shapes at once (A2A 1.0's supportedInterfaces with A2A 0.3's url, preferredTransport and protocolVersion beside them, as the Python SDK's server and the JS SDK's with its 0.3 compatibility write cards for clients of both versions): the JS SDK 1.x and Python SDK clients read supportedInterfaces only, and the JS SDK 0.3 client goes to its url ${both.url} (${both.transport}), which supportedInterfaces declare ${both.version} too, so each client reaches an interface in its own version.`;
}

/** A card in both shapes whose 0.3 url is not declared 0.3 in its 1.0 list, where 0.3's tasks/get was answered: the endpoint speaks 0.3 too. */
export function legacyUrlAnsweredNote(target: { url: string; declared: string }): string {
  return `The card is served in both shapes, and its 0.3 url ${target.url} is declared ${target.declared === "" ? "with no protocolVersion" : target.declared} in supportedInterfaces, not 0.3; asked 0.3's tasks/get there (as the JS SDK 0.3 client would), the agent answered it, so that client is served in its own version.`;
}

function list(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}
