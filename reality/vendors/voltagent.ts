/**
 * VoltAgent (`@voltagent/a2a-server` 2.0.3): its real `A2AServer` on loopback, with an agent that
 * answers without a model (it has the `generateText` / `streamText` shape VoltAgent's server calls).
 *
 * The HTTP layer is a port of `@voltagent/server-hono` 2.0.14's `registerA2ARoutes` to node:http
 * (same paths, statuses and SSE framing; the vendor's own hono app needs its whole server stack):
 * - the card is at `/.well-known/<agentId>/agent-card.json` (one per agent; nothing at the
 *   well-known root), built by the vendor's `buildAgentCard`: top-level `url` = `/a2a/<agentId>`,
 *   no `protocolVersion`, modes `"text"` (not a media type), `streaming: true`, push false,
 *   skills from the agent's tools (none here);
 * - JSON-RPC at `POST /a2a/<agentId>`: `message/send`, `message/stream`, `tasks/get`, `tasks/cancel`;
 *   a request without an id is refused (-32600); errors are answered with HTTP 400; any non-text
 *   part is refused (-32602 "Only plain text message parts are supported");
 * - results are task records without `kind`; the answer is the status message (no artifact);
 *   `message/send` ignores `configuration` (blocking, push) and returns when the task is done;
 * - `message/stream` yields the whole task record each time (never a status/artifact update),
 *   framed `data: \u001E<json>\n\n` (a record-separator byte before the JSON), with no `final` marker.
 */
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import type { A2AServer as VoltA2AServer } from "@voltagent/a2a-server";
import type { RunningVendorServer } from "./reactive-agents";

type VoltModule = typeof import("@voltagent/a2a-server");
let loaded: Promise<VoltModule> | undefined;

/**
 * @voltagent/core (imported by the a2a server) starts a model-registry refresh from the network at
 * import time unless NODE_ENV is "production": import it with that set, so nothing leaves loopback.
 */
function loadVoltAgent(): Promise<VoltModule> {
  loaded ??= (async () => {
    const env = process.env as Record<string, string | undefined>;
    const saved = env.NODE_ENV;
    env.NODE_ENV = "production";
    try {
      return await import("@voltagent/a2a-server");
    } finally {
      if (saved === undefined) delete env.NODE_ENV;
      else env.NODE_ENV = saved;
    }
  })();
  return loaded;
}

export interface VoltAgentServerSpec {
  /** The agent's id (the card path and the RPC path use it). Default "reality-volt". */
  agentId?: string;
  /** The agent's purpose (the card's description). */
  purpose?: string;
  behaviour?: { outcome?: "completed" | "failed"; answer?: (text: string) => string };
  /** Milliseconds the agent's generateText takes before it answers (a model's latency). Default 0. */
  workMs?: number;
}

/** A running vendor server, as Reactive Agents' launcher describes one, named VoltAgent's. */
export type RunningVoltAgentServer = RunningVendorServer & { vendor: "voltagent" };

export async function startVoltAgentServer(spec: VoltAgentServerSpec = {}): Promise<RunningVoltAgentServer> {
  const agentId = spec.agentId ?? "reality-volt";
  const inputs: string[] = [];
  const answer = (text: string) => {
    inputs.push(text);
    if (spec.behaviour?.outcome === "failed") throw new Error("the agent failed, as the test asked");
    return spec.behaviour?.answer ? spec.behaviour.answer(text) : `echo: ${text}`;
  };
  const agent = {
    id: agentId,
    name: agentId,
    purpose: spec.purpose ?? "Reality suite agent (VoltAgent)",
    getTools: () => [],
    generateText: async (text: string) => {
      if (spec.workMs) await new Promise((r) => setTimeout(r, spec.workMs));
      return { text: answer(text) };
    },
    streamText: async (text: string) => {
      const full = answer(text);
      return {
        textStream: (async function* () {
          yield full.slice(0, Math.ceil(full.length / 2));
          yield full.slice(Math.ceil(full.length / 2));
        })(),
        text: Promise.resolve(full),
      };
    },
  };
  const { A2AServer, normalizeError } = await loadVoltAgent();
  const a2a = new A2AServer({ name: "reality", version: "1.0.0", agents: { [agentId]: agent } } as never);
  a2a.initialize({ agentRegistry: { getAllAgents: () => [] } } as never);

  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => void route(a2a, normalizeError, req, res));
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  server.requestTimeout = 30_000;
  server.headersTimeout = 10_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const cardUrl = `${origin}/.well-known/${encodeURIComponent(agentId)}/agent-card.json`;
  const cardText = await (await fetch(cardUrl, { signal: AbortSignal.timeout(5_000) })).text();
  return {
    vendor: "voltagent",
    origin,
    cardUrl,
    rpcUrl: `${origin}/a2a/${encodeURIComponent(agentId)}`,
    card: JSON.parse(cardText) as Record<string, unknown>,
    cardText,
    inputs,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

const CARD_ROUTE = /^\/\.well-known\/([^/]+)\/agent-card\.json$/;
const RPC_ROUTE = /^\/a2a\/([^/]+)$/;

async function route(a2a: VoltA2AServer, normalizeError: VoltModule["normalizeError"], req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const url = new URL(req.url ?? "/", `http://${req.headers.host ?? "127.0.0.1"}`);
  const json = (status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  try {
    const card = req.method === "GET" ? CARD_ROUTE.exec(url.pathname) : null;
    if (card) {
      const id = decodeURIComponent(card[1]!);
      try {
        return json(200, a2a.getAgentCard(id, { requestUrl: url.toString() }));
      } catch (error) {
        const response = normalizeError(null, error) as { error?: { code?: number } };
        return json(response.error?.code === -32601 ? 404 : 400, response);
      }
    }
    const rpc = req.method === "POST" ? RPC_ROUTE.exec(url.pathname) : null;
    if (!rpc) return json(404, { message: "Not Found" });
    const id = decodeURIComponent(rpc[1]!);
    let request: { jsonrpc: "2.0"; id: string | number | null; method: string; params?: unknown };
    try {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>;
      // The hono route takes a "context" member out of the body before reading the request.
      const payload: Record<string, unknown> = body && typeof body === "object" && !Array.isArray(body) ? { ...body } : {};
      delete payload.context;
      if (payload.jsonrpc !== "2.0" || typeof payload.method !== "string") throw Object.assign(new Error("Body is not a valid JSON-RPC request"), { invalid: true });
      if (payload.id === undefined) throw Object.assign(new Error("JSON-RPC request 'id' must be provided"), { invalid: true });
      request = payload as typeof request;
    } catch (error) {
      const e = error as Error & { invalid?: boolean };
      // server-core's parseJsonRpcRequest throws -32600; a body that is not JSON is -32700.
      const code = e.invalid ? -32600 : -32700;
      return json(400, { jsonrpc: "2.0", id: null, error: { code, message: e.invalid ? e.message : "Invalid JSON payload", data: { details: e.message } } });
    }
    const response = (await a2a.handleRequest(id, request as never, {})) as unknown as Record<string, unknown>;
    if (response && response.kind === "stream") {
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive", "x-accel-buffering": "no" });
      const stream = response.stream as AsyncGenerator<unknown>;
      // server-hono writes a U+001E (record separator) byte between "data: " and the JSON, on every
      // event and on the error event alike (invisible in its dist/index.js, where it is a raw 0x1E).
      try {
        for await (const chunk of stream) res.write(`data: \u001E${JSON.stringify(chunk)}\n\n`);
      } catch (error) {
        res.write(`data: \u001E${JSON.stringify(normalizeError(response.id as string, error))}\n\n`);
      }
      res.end();
      return;
    }
    return json(response?.error ? 400 : 200, response);
  } catch (error) {
    if (!res.headersSent) json(500, { message: String((error as Error)?.message ?? error) });
    else res.end();
  }
}
