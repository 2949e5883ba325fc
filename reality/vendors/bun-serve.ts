/**
 * A minimal `Bun.serve` for Node, so a vendor server written for Bun runs unchanged on loopback.
 * Only the transport is ours: each request becomes a WHATWG Request handed to the vendor's own
 * `fetch` handler, and its Response is written back as it is (status, headers, body bytes).
 * Every server listens on 127.0.0.1, port 0 (the port the vendor asks for is ignored).
 */
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";

export interface BunLikeServer {
  /** http://127.0.0.1:<port> */
  origin: string;
  close(): Promise<void>;
}

interface ServeOptions {
  port?: number;
  fetch: (req: Request) => Response | Promise<Response>;
}

const started: Array<Promise<BunLikeServer>> = [];

/** Install the shim on globalThis.Bun (once) and return the servers started since the last call. */
export function installBunServe(): void {
  const g = globalThis as { Bun?: { serve?: (o: ServeOptions) => { stop(): void } } };
  if (g.Bun?.serve) return;
  g.Bun = { ...(g.Bun ?? {}), serve: (opts: ServeOptions) => serve(opts) };
}

/** The server started by the vendor's last Bun.serve call (once it listens). */
export function takeStartedServer(): Promise<BunLikeServer> {
  const next = started.shift();
  if (!next) throw new Error("reality: the vendor did not call Bun.serve");
  return next;
}

function serve(opts: ServeOptions): { stop(): void } {
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    void handle(opts, req, res);
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  server.requestTimeout = 30_000;
  server.headersTimeout = 10_000;
  const close = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
  started.push(
    new Promise<BunLikeServer>((resolve, reject) => {
      server.once("error", reject);
      server.listen(0, "127.0.0.1", () => resolve({ origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close }));
    }),
  );
  return { stop: () => void close() };
}

async function handle(opts: ServeOptions, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  try {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
    const body = req.method === "GET" || req.method === "HEAD" ? undefined : Buffer.concat(chunks);
    const request = new Request(`http://${req.headers.host ?? "127.0.0.1"}${req.url ?? "/"}`, { method: req.method, headers, body });
    const response = await opts.fetch(request);
    const out = Buffer.from(await response.arrayBuffer());
    res.writeHead(response.status, Object.fromEntries(response.headers.entries()));
    res.end(out);
  } catch (error) {
    // Bun answers an uncaught handler error with 500; so do we.
    if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
    res.end(String((error as Error)?.message ?? error));
  }
}
