import { type RecordedExchange, sseEvents } from "./exchange";
import { type ClientEffect, type SdkClient, SERVED_VERSION_BY_CALL, type WireFindingId } from "./wire-rules";

/**
 * The wire checks: every JSON-RPC answer the probe received, judged against the protocol version of
 * the call that got it (0.3 method names are "message/send"-style, 1.0 ones "SendMessage"-style).
 * Findings are data (an id, the exchange, what was received, the values that matter); the
 * sentences are in wire-explain.ts, the protocol line and each client's reaction in wire-rules.ts.
 */
export interface WireFinding {
  id: WireFindingId;
  /** The exchange in the log it was found in. */
  seq: number;
  version: "0.3" | "1.0";
  method: string;
  url: string;
  /** The frame as received (an answer body, one SSE event's data), shortened, credentials redacted. */
  received: string;
  data: Record<string, string | number | boolean | null>;
  /**
   * What each client does, when it depends on what that client was served (the card by the
   * A2A-Version it sends, at the paths it reads); absent: the rule's effects (wire-rules.ts).
   */
  clients?: Partial<Record<SdkClient, ClientEffect>>;
}

const STREAM_METHODS = new Set(["message/stream", "tasks/resubscribe", "SendStreamingMessage", "SubscribeToTask"]);
const STATES_03 = new Set(["submitted", "working", "input-required", "completed", "canceled", "failed", "rejected", "auth-required", "unknown"]);
const TERMINAL_03 = new Set(["completed", "canceled", "failed", "rejected"]);
const STATES_10 = new Set([
  "TASK_STATE_UNSPECIFIED",
  "TASK_STATE_SUBMITTED",
  "TASK_STATE_WORKING",
  "TASK_STATE_COMPLETED",
  "TASK_STATE_FAILED",
  "TASK_STATE_CANCELED",
  "TASK_STATE_INPUT_REQUIRED",
  "TASK_STATE_REJECTED",
  "TASK_STATE_AUTH_REQUIRED",
]);
const TERMINAL_10 = new Set(["TASK_STATE_COMPLETED", "TASK_STATE_FAILED", "TASK_STATE_CANCELED", "TASK_STATE_REJECTED"]);
/** Methods for which A2A defines the error a refusal must carry. */
const DEFINED_ERRORS = /^(tasks\/(get|resubscribe|pushNotificationConfig\/.*)|GetTask|SubscribeToTask|.*TaskPushNotificationConfigs?)$/;
/** A non-blocking send answered this late with a finished task was held until the task ended. */
export const HELD_MS = 1000;
/** Stream events this close together, the first this late, came all at once. */
export const TOGETHER_MS = 50;
const RECEIVED_CHARS = 300;

type Json = Record<string, unknown>;

export function checkWire(exchanges: readonly RecordedExchange[], redact: (s: string) => string = (s) => s): WireFinding[] {
  const out: WireFinding[] = [];
  for (const x of exchanges) {
    if (x.direction !== "out" || x.method !== "POST" || !x.requestBody || x.status === undefined) continue;
    const req = parse(x.requestBody);
    if (!isObject(req) || req.jsonrpc !== "2.0" || typeof req.method !== "string") continue;
    const method = req.method;
    const version: "0.3" | "1.0" = method.includes("/") ? "0.3" : "1.0";
    const body = x.pieces.map((p) => p.text).join("");
    const found: Found = (id, received, data = {}, clients) => {
      if (out.some((f) => f.seq === x.seq && f.id === id)) return;
      out.push({ id, seq: x.seq, version, method, url: x.url, received: redact(received.slice(0, RECEIVED_CHARS)), data, ...(clients ? { clients } : {}) });
    };
    const contentType = (x.responseHeaders?.["content-type"] ?? "").toLowerCase();
    if (STREAM_METHODS.has(method) && x.status === 200 && !contentType.startsWith("application/json")) {
      if (!contentType.startsWith("text/event-stream")) {
        found("sse-content-type", body, { contentType: contentType || null, method });
        continue;
      }
      checkStream(x, req, version, method, found);
      continue;
    }
    const res = parse(body);
    if (!isObject(res) || !("jsonrpc" in res || "result" in res || "error" in res)) continue;
    checkEnvelope(res, req, method, x.status, body, found);
    if ("result" in res && !("error" in res)) {
      checkResult(res.result, version, method, body, found);
      const held = x.headersMs !== undefined ? x.headersMs - x.startedMs : 0;
      if (nonBlocking(req, version) && held >= HELD_MS && isFinished(res.result, version)) {
        found("blocking-ignored", body, { heldMs: Math.round(held), state: stateOf(res.result, version) ?? null });
      }
    }
  }
  return out;
}

type Found = (id: WireFindingId, received: string, data?: WireFinding["data"], clients?: WireFinding["clients"]) => void;

function checkEnvelope(res: Json, req: Json, method: string, status: number, body: string, found: Found): void {
  if (res.jsonrpc !== "2.0") found("jsonrpc-version", body, { method, got: JSON.stringify(res.jsonrpc) ?? "undefined" });
  const hasResult = "result" in res;
  const hasError = "error" in res;
  if (hasResult === hasError) found("jsonrpc-result-xor-error", body, { result: hasResult, error: hasError });
  if (res.id !== req.id) found("jsonrpc-id-mismatch", body, { method, expected: String(req.id), got: JSON.stringify(res.id) ?? "undefined" });
  if (hasError && isObject(res.error)) {
    const code = typeof res.error.code === "number" ? res.error.code : null;
    const message = typeof res.error.message === "string" ? res.error.message : "";
    if (status !== 200) found("jsonrpc-error-http-status", body, { status, code });
    if (code !== null && code <= -32000 && code >= -32099 && !(code <= -32001 && code >= -32009) && DEFINED_ERRORS.test(method)) {
      found("jsonrpc-generic-error-code", body, { method, code, message: message.slice(0, 120) });
    }
  }
}

function checkResult(result: unknown, version: "0.3" | "1.0", method: string, body: string, found: Found): void {
  if (version === "0.3") {
    if (method === "message/send") {
      // A 1.0 answer on a 0.3 call: the SendMessageResponse wrapper ({"task": …} or {"message": …}) where a Task or Message belongs.
      const wrapper = isObject(result) && result.kind === undefined ? ["task", "message"].find((k) => isObject(result[k])) : undefined;
      if (wrapper) {
        const inner = (result as Json)[wrapper] as Json;
        const state = isObject(inner.status) && typeof inner.status.state === "string" ? inner.status.state : null;
        found("served-1.0-on-0.3", body, { method, wrapper, state });
        return;
      }
      if (!isObject(result) || (result.kind !== "task" && result.kind !== "message")) {
        found("result-kind-missing", body, { method, kind: isObject(result) ? (JSON.stringify(result.kind) ?? "undefined") : null });
      }
    }
    if (method === "tasks/get" && isObject(result) && result.kind === undefined && isObject(result.status) && STATES_10.has(String(result.status.state))) {
      // A 1.0 Task on a 0.3 read: no kind, a TASK_STATE_* state (and parts without kind).
      const state = String(result.status.state);
      const effects = SERVED_VERSION_BY_CALL["served-1.0-on-0.3"].get;
      const clients = partsWithoutKind(result) ? effects : { ...effects, "js-1": { outcome: "readsNothing" as const } };
      found("served-1.0-on-0.3", body, { method, wrapper: null, state }, clients);
      return;
    }
    const task = method === "tasks/get" || (isObject(result) && (result.kind === "task" || ("status" in result && "id" in result))) ? result : undefined;
    if (task !== undefined) checkTask(task, "0.3", body, found);
    return;
  }
  if (method === "SendMessage") {
    // A 0.3 answer on a 1.0 call: a Task or Message itself (with kind, or an id and a status) where the wrapper belongs.
    if (isObject(result) && !("task" in result) && !("message" in result) && (typeof result.kind === "string" || ("id" in result && "status" in result) || "messageId" in result)) {
      const state = isObject(result.status) && typeof result.status.state === "string" ? result.status.state : null;
      found("served-0.3-on-1.0", body, { method, kind: typeof result.kind === "string" ? result.kind : null, state, field: Object.keys(result)[0] ?? null });
      return;
    }
    const keys = isObject(result) ? ["task", "message"].filter((k) => k in result) : [];
    if (keys.length !== 1) found("result-shape", body, { method, field: "task|message", got: isObject(result) ? Object.keys(result).join(",") : typeof result });
    else if (keys[0] === "task") checkTask((result as Json).task, "1.0", body, found);
  } else if (method === "GetTask" || method === "CancelTask") {
    if (method === "GetTask" && isObject(result) && (typeof result.kind === "string" || (isObject(result.status) && STATES_03.has(String(result.status.state))))) {
      // A 0.3 Task on a 1.0 read: kind, a lower-case state.
      const state = isObject(result.status) && typeof result.status.state === "string" ? result.status.state : null;
      found("served-0.3-on-1.0", body, { method, kind: typeof result.kind === "string" ? result.kind : null, state, field: Object.keys(result)[0] ?? null }, SERVED_VERSION_BY_CALL["served-0.3-on-1.0"].get);
      return;
    }
    checkTask(result, "1.0", body, found);
  }
}

function checkTask(task: unknown, version: "0.3" | "1.0", body: string, found: Found): void {
  if (!isObject(task)) return found("result-shape", body, { field: "task", got: typeof task });
  const required = version === "0.3" ? ["id", "contextId", "status"] : ["id", "status"];
  const missing = required.filter((f) => task[f] === undefined || task[f] === null);
  if (missing.length > 0) found("result-shape", body, { field: missing.join(","), got: "missing" });
  const state = isObject(task.status) ? task.status.state : undefined;
  if (state !== undefined && !(version === "0.3" ? STATES_03 : STATES_10).has(String(state))) found("task-state-unknown", body, { state: String(state) });
}

function checkStream(x: RecordedExchange, req: Json, version: "0.3" | "1.0", method: string, found: Found): void {
  const events = sseEvents(x.pieces);
  let finalAt = -1;
  for (const [i, e] of events.entries()) {
    let msg: unknown;
    try {
      msg = JSON.parse(e.data);
    } catch (err) {
      found("sse-data-unparseable", e.data, { event: i, data: e.data.slice(0, 100), parseError: err instanceof Error ? err.message : String(err) });
      continue;
    }
    if (!isObject(msg)) continue;
    if (msg.jsonrpc !== "2.0") found("jsonrpc-version", e.data, { method: "SSE event", got: JSON.stringify(msg.jsonrpc) ?? "undefined" });
    if (msg.id !== req.id) found("sse-id-mismatch", e.data, { event: i, expected: String(req.id), got: JSON.stringify(msg.id) ?? "undefined" });
    if ("error" in msg) continue;
    const result = msg.result;
    const wrapper = isObject(result) && result.kind === undefined ? STREAM_CASES_10.find((k) => isObject(result[k])) : undefined;
    if (version === "0.3" && wrapper) {
      // A 1.0 StreamResponse on a 0.3 stream: a {"statusUpdate": …}-style wrapper, no kind.
      const inner = (result as Json)[wrapper] as Json;
      const state = isObject(inner.status) && typeof inner.status.state === "string" ? inner.status.state : null;
      found("served-1.0-on-0.3", e.data, { method, event: i, wrapper, state }, SERVED_VERSION_BY_CALL["served-1.0-on-0.3"].stream);
      continue;
    }
    if (version === "1.0" && isObject(result) && !wrapper && (typeof result.kind === "string" || "taskId" in result || "messageId" in result || ("id" in result && "status" in result))) {
      // A 0.3 event on a 1.0 stream: the task, message or update itself where StreamResponse's wrapper belongs.
      const state = isObject(result.status) && typeof result.status.state === "string" ? result.status.state : null;
      found("served-0.3-on-1.0", e.data, { method, event: i, kind: typeof result.kind === "string" ? result.kind : null, state, field: Object.keys(result)[0] ?? null }, SERVED_VERSION_BY_CALL["served-0.3-on-1.0"].stream);
      continue;
    }
    if (version === "0.3") {
      if (!isObject(result) || !["task", "message", "status-update", "artifact-update"].includes(String(result.kind))) {
        found("sse-kind-missing", e.data, { event: i, kind: isObject(result) ? (JSON.stringify(result.kind) ?? "undefined") : null });
      }
      if (isObject(result) && result.final === true && finalAt < 0) finalAt = i;
      else if (finalAt >= 0 && isObject(result) && carriesOutput(result)) {
        found("sse-final-before-output", e.data, { finalEvent: finalAt, outputEvent: i });
      }
    }
  }
  if (events.length >= 2) {
    const first = events[0]!.atMs;
    const last = events.at(-1)!.atMs;
    const late = first - x.startedMs;
    if (late >= HELD_MS && last - first <= TOGETHER_MS) {
      found("sse-all-at-once", events.map((e) => e.data).join("\n").slice(0, RECEIVED_CHARS), { events: events.length, firstMs: Math.round(late), spreadMs: Math.round(last - first), method });
    }
  }
}

const STREAM_CASES_10 = ["task", "message", "statusUpdate", "artifactUpdate"] as const;

/** A 1.0 task's parts carry no kind: the JS SDK's 0.3 translation throws on the first. */
function partsWithoutKind(task: Json): boolean {
  const parts = [...(Array.isArray(task.artifacts) ? task.artifacts : []), ...(Array.isArray(task.history) ? task.history : [])].flatMap((v) => (isObject(v) && Array.isArray(v.parts) ? v.parts : []));
  return parts.some((p) => isObject(p) && p.kind === undefined);
}

function carriesOutput(result: Json): boolean {
  if (result.kind === "artifact-update" || result.kind === "message" || "artifact" in result || "messageId" in result) return true;
  return Array.isArray(result.artifacts) && result.artifacts.length > 0;
}

function nonBlocking(req: Json, version: "0.3" | "1.0"): boolean {
  const conf = isObject(req.params) && isObject(req.params.configuration) ? req.params.configuration : undefined;
  if (!conf) return false;
  return version === "0.3" ? conf.blocking === false : conf.returnImmediately === true;
}

function stateOf(result: unknown, version: "0.3" | "1.0"): string | undefined {
  const task = version === "1.0" && isObject(result) && isObject(result.task) ? result.task : result;
  const state = isObject(task) && isObject(task.status) ? task.status.state : undefined;
  return typeof state === "string" ? state : undefined;
}

function isFinished(result: unknown, version: "0.3" | "1.0"): boolean {
  const state = stateOf(result, version);
  return state !== undefined && (version === "0.3" ? TERMINAL_03 : TERMINAL_10).has(state);
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isObject(v: unknown): v is Json {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** A push callback the probe's own receiver got: JSON, the token configured, a task (0.3) or a StreamResponse (1.0) in it. */
export function checkPush(
  got: { headers: Record<string, string>; body: string; tokenPresent: boolean; tokenMatches: boolean },
  seq: number,
  url: string,
  version: "0.3" | "1.0",
  redact: (s: string) => string = (s) => s,
): WireFinding[] {
  const out: WireFinding[] = [];
  const found = (id: WireFindingId, data: WireFinding["data"]) => out.push({ id, seq, version, method: "push callback", url, received: redact(got.body.slice(0, RECEIVED_CHARS)), data });
  const contentType = (got.headers["content-type"] ?? "").toLowerCase();
  if (!/^application\/(a2a\+)?json\b/.test(contentType)) found("push-content-type", { contentType: contentType || null });
  if (!got.tokenMatches) found("push-token", { present: got.tokenPresent });
  const body = parse(got.body);
  const isTaskLike = (v: unknown) => isObject(v) && "id" in v && isObject(v.status);
  const ok = isTaskLike(body) || (isObject(body) && ["task", "statusUpdate", "artifactUpdate", "message"].some((k) => isObject(body[k])));
  if (!ok) found("push-body", { why: body === undefined ? "not JSON" : "no task, status or artifact update in it" });
  return out;
}
