/**
 * Reactive Agents (`@reactive-agents/a2a` 0.9.0): its real server and client on loopback.
 *
 * Server: the vendor's `createA2AHttpServer` over `createA2AServer`, with a card from its own
 * `generateAgentCard` (or one the test gives), run on Node through the `Bun.serve` shim
 * (bun-serve.ts: only the transport is ours). What its code does, read in dist/index.js:
 * - the card is served at `/.well-known/agent.json` and `/agent/card` only (no `agent-card.json`);
 *   `generateAgentCard` writes `protocolVersion: "0.3.0"`, a top-level `url`, `provider.url` only
 *   when given, modes `text/plain` + `application/json`;
 * - every POST is JSON-RPC on any path: `message/send`, `tasks/get`, `tasks/cancel`, `agent/card`;
 *   results carry `"id": null` whatever the request's id; errors are -32000 on HTTP 200
 *   (`data.a2aCode`), a parse error -32700 on HTTP 400; no push, no resubscribe (-32000);
 * - `message/send` always runs to the end (blocking or not) and returns a task with `kind: "task"`;
 *   only text parts reach the executor, the others are dropped;
 * - `message/stream` runs the task to the end, then answers every event in one body, each
 *   `"id": 1`, the status-update (`final: true`) before the artifact-update.
 *
 * Client: `A2AClientLive({ baseUrl })` posts JSON-RPC to `baseUrl` itself (no card, no
 * `A2A-Version` header, a random UUID id), reads `result` or throws on `error`; its card lookup
 * (`discoverAgent`) reads `/.well-known/agent.json`, then `/agent/card`. No streaming, no push.
 */
import { randomUUID } from "node:crypto";
import { Effect, Layer } from "effect";
import {
  A2AClient,
  A2AClientLive,
  A2AHttpServer,
  createA2AHttpServer,
  createA2AServer,
  discoverAgent,
  generateAgentCard,
  type AgentCard,
  type AgentCardGeneratorConfig,
} from "@reactive-agents/a2a";
import { installBunServe, takeStartedServer } from "./bun-serve";

export interface ReactiveAgentsServerSpec {
  /** generateAgentCard's config (url is set to the server's origin once it listens). */
  card?: Partial<Omit<AgentCardGeneratorConfig, "url">>;
  /** The last word on the served card (after url is set): a patch over the generated card. */
  cardPatch?: (card: Record<string, unknown>) => Record<string, unknown>;
  /** What the executor does with the input text. Default: answers "echo: <text>". */
  behaviour?: { outcome?: "completed" | "failed"; answer?: (text: string) => string };
  /** Milliseconds the executor takes before it answers (an agent's latency). Default 0. */
  workMs?: number;
}

export interface RunningVendorServer {
  vendor: string;
  /** http://127.0.0.1:<port> */
  origin: string;
  /** Where this vendor serves its card. */
  cardUrl: string;
  /** Where a JSON-RPC client posts. */
  rpcUrl: string;
  /** The card as served, and its text byte for byte. */
  card: Record<string, unknown>;
  cardText: string;
  /** The input texts the executor ran on, in order. */
  inputs: string[];
  close(): Promise<void>;
}

export async function startReactiveAgentsServer(spec: ReactiveAgentsServerSpec = {}): Promise<RunningVendorServer> {
  installBunServe();
  const inputs: string[] = [];
  const card: AgentCard = generateAgentCard({ name: "reality-reactive", description: "Reality suite agent (Reactive Agents)", url: "http://placeholder/", ...spec.card });
  const executor = (input: string) => {
    inputs.push(input);
    const result = spec.behaviour?.outcome === "failed" ? Effect.fail(new Error("the agent failed, as the test asked")) : Effect.succeed(spec.behaviour?.answer ? spec.behaviour.answer(input) : `echo: ${input}`);
    return spec.workMs ? Effect.zipRight(Effect.sleep(spec.workMs), result) : result;
  };
  const layer = createA2AHttpServer(0, executor as never).pipe(Layer.provide(createA2AServer(card)));
  const http = await Effect.runPromise(
    Effect.gen(function* () {
      const s = yield* A2AHttpServer;
      yield* s.start();
      return s;
    }).pipe(Effect.provide(layer)),
  );
  const server = await takeStartedServer();
  // The vendor serves JSON.stringify(card) on each request: the card object is patched in place.
  (card as { url: string }).url = `${server.origin}/`;
  if (spec.cardPatch) {
    const patched = spec.cardPatch(JSON.parse(JSON.stringify(card)) as Record<string, unknown>);
    for (const k of Object.keys(card)) delete (card as Record<string, unknown>)[k];
    Object.assign(card, patched);
  }
  const cardUrl = `${server.origin}/.well-known/agent.json`;
  const res = await fetch(cardUrl, { signal: AbortSignal.timeout(5_000) });
  const cardText = await res.text();
  return {
    vendor: "reactive-agents",
    origin: server.origin,
    cardUrl,
    rpcUrl: `${server.origin}/`,
    card: JSON.parse(cardText) as Record<string, unknown>,
    cardText,
    inputs,
    close: async () => {
      await Effect.runPromise(http.stop());
      await server.close();
    },
  };
}

export interface ReactiveAgentsClientResult {
  /** The card its discovery found (agent.json, then /agent/card), or why not. */
  card?: Record<string, unknown>;
  discoveryError?: string;
  /** The send's result, or the error the client threw. */
  result?: Record<string, unknown>;
  error?: string;
  /** tasks/get on the task id, when asked and the send gave one. */
  polled?: Record<string, unknown>;
}

/**
 * The vendor's client against `url` the way its docs show: discover the card at the origin, post
 * `message/send` with one text part to `rpcUrl` (default: the card's `url`), optionally poll once.
 * Every fetch it makes is bounded by `timeoutMs` (the vendor sets none).
 */
export async function runReactiveAgentsClient(
  origin: string,
  opts: { rpcUrl?: string; text?: string; poll?: boolean; bearer?: string; timeoutMs?: number } = {},
): Promise<ReactiveAgentsClientResult> {
  const out: ReactiveAgentsClientResult = {};
  return withBoundedFetch(opts.timeoutMs ?? 5_000, async () => {
    try {
      out.card = (await Effect.runPromise(discoverAgent(origin))) as unknown as Record<string, unknown>;
    } catch (error) {
      out.discoveryError = messageOf(error);
    }
    const rpcUrl = opts.rpcUrl ?? (typeof out.card?.url === "string" ? out.card.url : undefined);
    if (!rpcUrl) {
      out.error = "no URL to call: the client found no card and was given none";
      return out;
    }
    const layer = A2AClientLive({ baseUrl: rpcUrl, ...(opts.bearer ? { auth: { type: "bearer", token: opts.bearer } } : {}) });
    const message = { kind: "message", role: "user", messageId: randomUUID(), parts: [{ kind: "text", text: opts.text ?? "hello from the reality suite" }] };
    try {
      const result = await Effect.runPromise(
        Effect.gen(function* () {
          const client = yield* A2AClient;
          return yield* client.sendMessage({ message } as never);
        }).pipe(Effect.provide(layer)),
      );
      out.result = result as unknown as Record<string, unknown>;
    } catch (error) {
      out.error = messageOf(error);
      return out;
    }
    const id = out.result?.id;
    if (opts.poll && typeof id === "string") {
      try {
        out.polled = (await Effect.runPromise(
          Effect.gen(function* () {
            const client = yield* A2AClient;
            return yield* client.getTask({ id } as never);
          }).pipe(Effect.provide(layer)),
        )) as unknown as Record<string, unknown>;
      } catch (error) {
        out.error = messageOf(error);
      }
    }
    return out;
  });
}

/** The vendor's client calls the global fetch with no timeout: bound it for the duration of `fn`. */
export async function withBoundedFetch<T>(timeoutMs: number, fn: () => Promise<T>): Promise<T> {
  const original = globalThis.fetch;
  globalThis.fetch = ((input: Parameters<typeof fetch>[0], init?: RequestInit) => original(input, { ...init, signal: init?.signal ?? AbortSignal.timeout(timeoutMs) })) as typeof fetch;
  try {
    return await fn();
  } finally {
    globalThis.fetch = original;
  }
}

export function messageOf(error: unknown): string {
  const e = error as { message?: string; _tag?: string };
  const text = e?.message ?? String(error);
  return text
    .replace(/https?:\/\/127\.0\.0\.1:\d+/g, "<agent>")
    .replace(/\s+/g, " ")
    .slice(0, 300);
}

/**
 * The vendor's client on one URL, each call through `fetchImpl` (the client calls the global fetch:
 * it is swapped in for the call and restored after). `send` posts `message/send` with the params as
 * given (its API passes them through, so an app can set `configuration.blocking`), `get` posts
 * `tasks/get`. Each returns the `result` its code reads, or throws the error it raises.
 */
export function reactiveAgentsClient(rpcUrl: string, fetchImpl: typeof fetch): { send(params: Record<string, unknown>): Promise<Record<string, unknown>>; get(id: string): Promise<Record<string, unknown>> } {
  const layer = A2AClientLive({ baseUrl: rpcUrl });
  const call = async (fn: (client: Effect.Effect.Success<typeof A2AClient>) => Effect.Effect<unknown, unknown>) => {
    const original = globalThis.fetch;
    globalThis.fetch = fetchImpl;
    try {
      return (await Effect.runPromise(
        Effect.gen(function* () {
          const client = yield* A2AClient;
          return yield* fn(client);
        }).pipe(Effect.provide(layer)) as Effect.Effect<unknown, unknown, never>,
      )) as Record<string, unknown>;
    } finally {
      globalThis.fetch = original;
    }
  };
  return {
    send: (params) => call((c) => c.sendMessage(params as never)),
    get: (id) => call((c) => c.getTask({ id } as never)),
  };
}

/** The vendor's card discovery at `origin` through `fetchImpl`: the card, or its error. */
export async function discoverWith(origin: string, fetchImpl: typeof fetch): Promise<{ card?: Record<string, unknown>; error?: string }> {
  const original = globalThis.fetch;
  globalThis.fetch = fetchImpl;
  try {
    return { card: (await Effect.runPromise(discoverAgent(origin))) as unknown as Record<string, unknown> };
  } catch (error) {
    return { error: messageOf(error) };
  } finally {
    globalThis.fetch = original;
  }
}
