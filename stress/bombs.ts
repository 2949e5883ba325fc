import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { startOwnServer } from "../e2e/standalone-server";
import { rssMiB, sampleRss } from "./process-memory";

export interface BombFigures {
  concurrent: number;
  /** Decoded size each bomb would reach, and its size on the wire. */
  bombMiB: number;
  wireKiB: number;
  statuses: Record<string, number>;
  baselineMiB: number;
  peakMiB: number;
  peakDeltaMiB: number;
  afterMiB: number;
  seconds: number;
}

/**
 * 50 fetches at once of compressed bombs (gzip and brotli, 64 MiB decoded each) through the
 * standalone server's fetch route, its resident memory sampled throughout. Each fetch is cut at
 * 1 MiB decoded; at most 8 fetches run at once and 4 decode at once, so the peak stays small.
 */
export async function runBombSuite(concurrent = 50): Promise<BombFigures> {
  const decoded = Buffer.alloc(64 * 1024 * 1024, 0x20);
  const bombs = { gzip: gzipSync(decoded, { level: 9 }), br: brotliCompressSync(decoded) };
  const vendor: Server = createServer((req, res) => {
    const encoding = req.url?.includes("br") ? "br" : "gzip";
    res.writeHead(200, { "content-type": "application/json", "content-encoding": encoding });
    res.end(bombs[encoding]);
  });
  await new Promise<void>((resolve) => vendor.listen(0, "127.0.0.1", resolve));
  const vendorUrl = `http://127.0.0.1:${(vendor.address() as AddressInfo).port}`;
  const server = await startOwnServer({ PARLEY_ALLOW_LOOPBACK_FETCH: "1", PARLEY_FETCH_BURST: "100000", PARLEY_FETCH_RATE_PER_MINUTE: "100000" });
  const pid = server.child.pid!;
  try {
    // Warm the route once so the baseline includes its code, not just an idle process.
    await post(server.url, `${vendorUrl}/warm-gzip`);
    await new Promise((r) => setTimeout(r, 1000));
    const baselineMiB = rssMiB(pid);
    const sampler = sampleRss(pid);
    const started = Date.now();
    const statuses = await Promise.all(Array.from({ length: concurrent }, (_, i) => post(server.url, `${vendorUrl}/bomb-${i % 2 ? "br" : "gzip"}-${i}`)));
    const seconds = (Date.now() - started) / 1000;
    const peakMiB = sampler.stop();
    await new Promise((r) => setTimeout(r, 2000));
    const tally: Record<string, number> = {};
    for (const s of statuses) tally[s] = (tally[s] ?? 0) + 1;
    return {
      concurrent,
      bombMiB: decoded.length / 1024 / 1024,
      wireKiB: Math.round(Math.max(bombs.gzip.length, bombs.br.length) / 1024),
      statuses: tally,
      baselineMiB: round(baselineMiB),
      peakMiB: round(peakMiB),
      peakDeltaMiB: round(peakMiB - baselineMiB),
      afterMiB: round(rssMiB(pid)),
      seconds: round(seconds),
    };
  } finally {
    await server.stop();
    vendor.closeAllConnections();
    await new Promise((r) => vendor.close(r));
  }
}

async function post(base: string, url: string): Promise<string> {
  const response = await fetch(`${base}/api/fetch-card`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ url }),
  });
  const body = (await response.json()) as { code?: string };
  return `${response.status} ${body.code ?? "ok"}`;
}

const round = (x: number) => Math.round(x * 10) / 10;
