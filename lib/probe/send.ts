import { randomUUID } from "node:crypto";
import http from "node:http";
import { type AgentCard, type Message, Role, type SendMessageRequest, type StreamResponse, type Task, TaskState } from "@a2a-js/sdk";
import { type Client, ClientFactory, type TransportFactory } from "@a2a-js/sdk/client";
import type { TaskClass } from "../negotiation";
import { ADVICE, type ProbeSurface } from "./advice";
import { describeError } from "./classify";
import type { Contradiction, Observation, ProbedClass } from "./types";

/**
 * `--send`: the smallest real lifecycle per task class, through the SDK's own client on the
 * interface it picks. Each class is bounded by `timeoutMs`; a class that does not finish in it is
 * "hung". These create real tasks on the agent.
 */
export interface LifecycleArgs {
  card: AgentCard;
  factories: TransportFactory[];
  taskClasses: readonly TaskClass[];
  classes: Record<string, ProbedClass>;
  explicit: boolean;
  webhook?: string;
  timeoutMs: number;
  pickedUrl: string;
  surface: ProbeSurface;
  signal?: AbortSignal;
  /** Told each push callback the probe's own receiver got (the exchange log, the push checks). */
  onCallback?: (got: ReceivedPush) => void;
}

/** A callback as the probe's receiver got it; `tokenMatches` compares the token with the ones configured (its value is never kept). */
export interface ReceivedPush {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  tokenPresent: boolean;
  tokenMatches: boolean;
}

const TERMINAL = new Set([TaskState.TASK_STATE_COMPLETED, TaskState.TASK_STATE_FAILED, TaskState.TASK_STATE_CANCELED, TaskState.TASK_STATE_REJECTED]);
const POLL_MS = 100;

export async function runLifecycles(args: LifecycleArgs): Promise<{ contradictions: Contradiction[]; notes: string[] }> {
  const contradictions: Contradiction[] = [];
  const notes: string[] = [];
  const client = await new ClientFactory({ transports: args.factories }).createFromAgentCard(args.card);
  const claimsPush = args.card.capabilities?.pushNotifications === true;
  const claimsStream = args.card.capabilities?.streaming === true;
  const needsPush = args.taskClasses.some((t) => ["notification", "push"].includes(t.completion) && args.classes[t.id]);
  const receiver = claimsPush && needsPush && isLoopback(args.pickedUrl) ? await startReceiver(args.onCallback) : undefined;
  if (claimsPush && needsPush && !receiver && !args.webhook) notes.push(ADVICE.pushNotTried[args.surface]);
  try {
    for (const taskClass of args.taskClasses) {
      const c = args.classes[taskClass.id];
      if (!c) continue;
      c.error = undefined;
      if (c.predicted === "reject" && !args.explicit) {
        c.error = ADVICE.rejectedNotSent[args.surface];
        continue;
      }
      const deadline = AbortSignal.any([AbortSignal.timeout(args.timeoutMs), ...(args.signal ? [args.signal] : [])]);
      try {
        const outcome = await runOne(client, taskClass, { claimsStream, claimsPush, receiver, webhook: args.webhook, timeoutMs: args.timeoutMs, signal: deadline });
        c.observed = outcome.observed;
        if (outcome.error) c.error = outcome.error;
        if (outcome.contradiction) contradictions.push(outcome.contradiction);
      } catch (e) {
        c.observed = deadline.aborted ? "hung" : "failed";
        c.error = deadline.aborted ? `no end within ${args.timeoutMs} ms` : describeError(e);
        if (taskClass.completion === "stream" && claimsStream && !deadline.aborted) {
          contradictions.push({ pointer: "/capabilities/streaming", claim: "capabilities.streaming is true", observed: `the stream was refused: ${describeError(e)}` });
        }
      }
    }
  } finally {
    await receiver?.close();
  }
  return { contradictions: dedupe(contradictions), notes };
}

interface Outcome {
  observed: Observation;
  error?: string;
  contradiction?: Contradiction;
}

interface RunCtx {
  claimsStream: boolean;
  claimsPush: boolean;
  receiver?: Receiver;
  webhook?: string;
  timeoutMs: number;
  signal: AbortSignal;
}

async function runOne(client: Client, taskClass: TaskClass, ctx: RunCtx): Promise<Outcome> {
  const request = (returnImmediately: boolean, push?: { url: string; token: string }): SendMessageRequest =>
    ({
      tenant: "",
      message: {
        messageId: randomUUID(),
        contextId: "",
        taskId: "",
        role: Role.ROLE_USER,
        parts: [{ content: { $case: "text", value: `Parley probe (${taskClass.id}): the smallest task there is; any answer will do.` }, metadata: undefined }],
        metadata: undefined,
        extensions: [],
        referenceTaskIds: [],
      },
      configuration: {
        acceptedOutputModes: [],
        returnImmediately,
        taskPushNotificationConfig: push ? { tenant: "", id: randomUUID(), taskId: "", url: push.url, token: push.token, authentication: undefined } : undefined,
      },
      metadata: undefined,
    }) as unknown as SendMessageRequest;
  const options = { signal: ctx.signal };

  if (taskClass.completion === "stream" || taskClass.input === "live") {
    let last: Task | Message | undefined;
    let events = 0;
    for await (const event of client.sendMessageStream(request(false), options) as AsyncGenerator<StreamResponse>) {
      events++;
      last = applyEvent(last, event);
    }
    const done = finished(last);
    if (!done.ok) return { observed: "failed", error: done.why };
    return { observed: ctx.claimsStream ? "completed" : "completed-fallback", error: ctx.claimsStream ? undefined : `the card does not stream: the SDK sent a blocking request instead (${events} answer)` };
  }
  if (taskClass.completion === "response") {
    const result = await client.sendMessage(request(false), options);
    const done = finished(result);
    return done.ok ? { observed: "completed" } : { observed: "failed", error: done.why };
  }
  if (taskClass.completion === "none") {
    const result = await client.sendMessage(request(true), options);
    return isTask(result) || isMessage(result) ? { observed: "completed" } : { observed: "failed", error: "the send was not answered with a task or a message" };
  }
  // notification, push, polling: a send that returns at once, then push and/or polling.
  const wantsPush = taskClass.completion !== "polling" && ctx.claimsPush;
  const token = randomUUID();
  const pushUrl = wantsPush ? (ctx.receiver?.url ?? ctx.webhook) : undefined;
  const started = Date.now();
  if (pushUrl) ctx.receiver?.expect(token);
  const sent = await client.sendMessage(request(true, pushUrl ? { url: pushUrl, token } : undefined), options);
  if (!isTask(sent)) {
    const done = finished(sent);
    return done.ok ? { observed: "completed", error: "answered with a message, no task to follow" } : { observed: "failed", error: done.why };
  }
  let task: Task = sent;
  while (!TERMINAL.has(task.status?.state ?? TaskState.TASK_STATE_UNSPECIFIED)) {
    await sleep(POLL_MS, ctx.signal);
    task = await client.getTask({ tenant: "", id: sent.id } as Parameters<Client["getTask"]>[0], options);
  }
  const done = finished(task);
  if (!done.ok) return { observed: "failed", error: done.why };
  if (!pushUrl) return { observed: taskClass.completion === "push" ? "failed" : wantsPush ? "completed-fallback" : "completed", error: wantsPush ? "push not tried (no receiver): found by polling" : undefined };
  if (!ctx.receiver) return { observed: "completed", error: `found by polling; whether ${pushUrl} got a callback, only that receiver can tell` };
  const seconds = Math.round(ctx.timeoutMs / 1000);
  const got = await ctx.receiver.waitFor(token, Math.max(0, ctx.timeoutMs - (Date.now() - started)), ctx.signal);
  if (got) return { observed: "completed" };
  return {
    observed: taskClass.completion === "push" ? "failed" : "completed-fallback",
    error: `no push callback in ${seconds} s; the task completed (found by polling)`,
    contradiction: { pointer: "/capabilities/pushNotifications", claim: "capabilities.pushNotifications is true", observed: `no callback in ${seconds} s while the task completed (found by polling)` },
  };
}

function applyEvent(last: Task | Message | undefined, event: StreamResponse): Task | Message | undefined {
  const p = event.payload;
  if (!p) return last;
  if (p.$case === "task" || p.$case === "message") return p.value;
  if (p.$case === "statusUpdate" && last && isTask(last)) return { ...last, status: p.value.status };
  return last;
}

function finished(result: Task | Message | undefined): { ok: true } | { ok: false; why: string } {
  if (!result) return { ok: false, why: "no answer" };
  if (isMessage(result)) return { ok: true };
  const state = result.status?.state;
  if (state === TaskState.TASK_STATE_COMPLETED) return { ok: true };
  return { ok: false, why: `the task ended ${TaskState[state ?? TaskState.TASK_STATE_UNSPECIFIED] ?? String(state)}` };
}

function isTask(r: unknown): r is Task {
  return typeof r === "object" && r !== null && "id" in r && "status" in r;
}
function isMessage(r: unknown): r is Message {
  return typeof r === "object" && r !== null && "messageId" in r;
}

function dedupe(list: Contradiction[]): Contradiction[] {
  const seen = new Set<string>();
  return list.filter((c) => !seen.has(c.pointer) && seen.add(c.pointer));
}

function isLoopback(url: string): boolean {
  try {
    const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
    return host === "127.0.0.1" || host === "::1" || host === "localhost";
  } catch {
    return false;
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const t = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => (clearTimeout(t), reject(signal.reason)), { once: true });
  });
}

/** The probe's own webhook receiver for an agent on loopback: 127.0.0.1, an ephemeral port, small bodies only. */
interface Receiver {
  url: string;
  /** A token about to be configured: a callback carrying it is ours even before anyone waits for it. */
  expect(token: string): void;
  waitFor(token: string, ms: number, signal: AbortSignal): Promise<boolean>;
  close(): Promise<void>;
}

async function startReceiver(onCallback?: (got: ReceivedPush) => void): Promise<Receiver> {
  const seen = new Set<string>();
  const waiters = new Map<string, () => void>();
  const server = http.createServer((req, res) => {
    const token = String(req.headers["x-a2a-notification-token"] ?? "");
    let size = 0;
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => {
      size += c.length;
      if (size > 64 * 1024) req.destroy();
      else chunks.push(c);
    });
    req.on("end", () => {
      res.writeHead(200).end();
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
      // The token is ours (random per send); a callback for a token we never gave matches none.
      onCallback?.({ method: req.method ?? "", path: req.url ?? "", headers, body: Buffer.concat(chunks).toString("utf8"), tokenPresent: token !== "", tokenMatches: waiters.has(token) || seen.has(token) || expected.has(token) });
      if (!token) return;
      seen.add(token);
      waiters.get(token)?.();
    });
  });
  const expected = new Set<string>();
  server.requestTimeout = 5000;
  await new Promise<void>((resolve, reject) => server.listen(0, "127.0.0.1", resolve).once("error", reject));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/parley-probe`,
    expect: (token) => void expected.add(token),
    waitFor: (token, ms, signal) =>
      new Promise((resolve) => {
        if (seen.has(token)) return resolve(true);
        const done = (v: boolean) => {
          clearTimeout(t);
          waiters.delete(token);
          resolve(v);
        };
        const t = setTimeout(() => done(false), ms);
        waiters.set(token, () => done(true));
        signal.addEventListener("abort", () => done(false), { once: true });
      }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
