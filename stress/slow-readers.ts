import http from "node:http";
import net from "node:net";
import { startTestServer } from "@/lib/fetch/test-server";
import { installClientStamping } from "@/lib/server/client-address";
import { createFetchRouteDeps, handleFetchCard } from "@/lib/server/fetch-route";
import { RateLimiter } from "@/lib/server/rate-limit";
import { answerBudget, installSlowReaderGuard, WRITE_IDLE_MS } from "@/lib/server/slow-readers";
import { readSettings } from "@/lib/settings";

/**
 * Slow readers: 200 clients, each from its own loopback address (127.0.1.x), post a fetch of a
 * 1 MiB card of control bytes and never read a byte of the answer. The fetch route runs behind a
 * bare Node HTTP server in this process with the server-side hooks the standalone server installs
 * at start-up (client stamping, the slow-reader guard), so what is measured is this process's
 * resident memory while the answers are unread, and how long the sockets stay open.
 */
export interface SlowReaderFigures {
  readers: number;
  cardBytes: number;
  answered: number;
  refusedBusy: number;
  rssBaselineMiB: number;
  rssPeakMiB: number;
  rssGrowthMiB: number;
  heldAtPeakMiB: number;
  /** Once the server has closed every socket. */
  rssAfterMiB: number;
  closedByServer: number;
  closedWithinSeconds: number;
  openAfter: number;
}

const mib = (n: number) => Math.round((n / 1024 / 1024) * 10) / 10;

export async function runSlowReaderSuite(options: { readers?: number } = {}): Promise<SlowReaderFigures> {
  const readers = options.readers ?? 200;
  installClientStamping(0);
  installSlowReaderGuard();
  const card = "\u0001".repeat(1024 * 1024 - 64);
  const vendor = await startTestServer({
    "/card.json": (_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(card);
    },
  });
  const outcomes: string[] = [];
  const deps = createFetchRouteDeps(readSettings({ PARLEY_ALLOW_LOOPBACK_FETCH: "1" }), {
    limiter: new RateLimiter(1_000_000, 1_000_000),
    log: (e) => outcomes.push(e.outcome),
    serverName: "parley.stress",
  });
  const serverSockets: Array<Promise<number>> = [];
  const started = performance.now();
  const server = http.createServer(async (req, res) => {
    serverSockets.push(new Promise((resolve) => req.socket.once("close", () => resolve(performance.now()))));
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(", ") : v);
    const response = await handleFetchCard(new Request(`http://parley.stress:3000${req.url}`, { method: "POST", headers, body: Buffer.concat(chunks) }), deps);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  const body = JSON.stringify({ url: `${vendor.base}/card.json` });
  const clients: net.Socket[] = [];
  let peak = 0;
  let heldAtPeak = 0;
  const sampler = setInterval(() => {
    const rss = process.memoryUsage().rss;
    if (rss > peak) {
      peak = rss;
      heldAtPeak = answerBudget().inFlight;
    }
  }, 25);
  try {
    (globalThis as { gc?: () => void }).gc?.();
    const baseline = process.memoryUsage().rss;
    peak = baseline;
    for (let i = 0; i < readers; i++) {
      const socket = net.connect({ port, host: "127.0.0.1", localAddress: `127.0.1.${(i % 250) + 1}` });
      socket.on("error", () => undefined);
      socket.pause();
      socket.write(
        `POST /api/fetch-card HTTP/1.1\r\nHost: parley.stress:3000\r\nOrigin: http://parley.stress:3000\r\nSec-Fetch-Site: same-origin\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
      clients.push(socket);
      // In waves, as clients arrive: the outbound slots' wait line is not what is measured.
      if (i % 20 === 19) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    while (outcomes.length < readers) await new Promise((resolve) => setTimeout(resolve, 50));
    const closes = await Promise.race([
      Promise.all(serverSockets),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), WRITE_IDLE_MS + 15_000)),
    ]);
    const openAfter = await new Promise<number>((resolve) => server.getConnections((_e, n) => resolve(n)));
    (globalThis as { gc?: () => void }).gc?.();
    const after = process.memoryUsage().rss;
    return {
      readers,
      cardBytes: card.length,
      answered: outcomes.filter((o) => o === "ok").length,
      refusedBusy: outcomes.filter((o) => o === "busy").length,
      rssBaselineMiB: mib(baseline),
      rssPeakMiB: mib(peak),
      rssGrowthMiB: mib(peak - baseline),
      heldAtPeakMiB: mib(heldAtPeak),
      rssAfterMiB: mib(after),
      closedByServer: closes ? closes.length : serverSockets.length - openAfter,
      closedWithinSeconds: closes ? Math.round((Math.max(...closes) - started) / 100) / 10 : -1,
      openAfter,
    };
  } finally {
    clearInterval(sampler);
    for (const socket of clients) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await vendor.close();
  }
}
