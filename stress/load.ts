import { createServer, type Server } from "node:http";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { CONTOSO } from "@/lib/negotiation/examples/incidents";
import { startOwnServer } from "../e2e/standalone-server";
import { percentile, rssMiB, sampleRss } from "./process-memory";

export interface LoadFigures {
  clients: number;
  seconds: number;
  requests: number;
  perSecond: number;
  /** p50 of one client alone, per page: the cost of rendering each view. */
  singleClientMs: Record<string, number>;
  byKind: Record<string, { count: number; p50: number; p99: number; statuses: Record<string, number> }>;
  /** Answers other than 2xx and the rate limiter's intended 429s, and failed connections. */
  errors: number;
  rateLimited: number;
  memory: { warmupSeconds: number; baselineMiB: number; peakMiB: number; afterIdleMiB: number; idleSeconds: number; withinPercent: number };
}

const PAGES = ["/", "/explain", "/rules", "/rules/live-input-needs-streaming"];

/**
 * One client alone first (what a page view costs), then `clients` concurrent clients for
 * `seconds` against the standalone server on loopback: the pages
 * and, one request in five, the fetch route (a local vendor serves the card). Each client has its
 * own address (the server trusts one proxy hop for this run), so the rate limiter treats them as the
 * separate people they stand for; its 429s are expected, everything else non-2xx is an error.
 */
export async function runLoadSuite(options: { clients?: number; seconds?: number; warmupSeconds?: number; idleSeconds?: number } = {}): Promise<LoadFigures> {
  const clients = options.clients ?? 50;
  const seconds = options.seconds ?? 20;
  const warmupSeconds = options.warmupSeconds ?? 20;
  const idleSeconds = options.idleSeconds ?? 30;
  const vendor: Server = createServer((_q, s) => {
    s.writeHead(200, { "content-type": "application/json" });
    s.end(CONTOSO.text);
  });
  await new Promise<void>((resolve) => vendor.listen(0, "127.0.0.1", resolve));
  const card = `http://127.0.0.1:${(vendor.address() as AddressInfo).port}/card.json`;
  const server = await startOwnServer({ PARLEY_ALLOW_LOOPBACK_FETCH: "1", PARLEY_TRUST_X_FORWARDED_FOR: "1" });
  const pid = server.child.pid!;
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const latencies: Record<string, number[]> = {};
  const statuses: Record<string, Record<string, number>> = {};
  let errors = 0;
  let rateLimited = 0;
  const note = (kind: string, ms: number, status: string) => {
    (latencies[kind] ??= []).push(ms);
    const s = (statuses[kind] ??= {});
    s[status] = (s[status] ?? 0) + 1;
  };
  const run = (forSeconds: number, clientBase: number, record: boolean) => {
    const deadline = Date.now() + forSeconds * 1000;
    return Promise.all(
      Array.from({ length: clients }, async (_, client) => {
        const id = clientBase + client;
        const address = `198.51.${100 + Math.floor(id / 250)}.${(id % 250) + 1}`;
        for (let n = 0; Date.now() < deadline; n++) {
          const fetchTurn = n % 5 === 4;
          const kind = fetchTurn ? "POST /api/fetch-card" : `GET ${PAGES[(n + client) % PAGES.length]}`;
          const started = performance.now();
          let status: string;
          try {
            status = String(await request(server.url, agent, fetchTurn ? "POST" : "GET", fetchTurn ? "/api/fetch-card" : kind.slice(4), address, card));
          } catch {
            status = "connection failed";
          }
          if (!record) continue;
          note(kind, performance.now() - started, status);
          if (status === "429") rateLimited++;
          else if (!/^2\d\d$/.test(status)) errors++;
        }
      }),
    );
  };
  try {
    // What one page view costs the server alone, each page rendered per request (its CSP nonce),
    // beside a prerendered route (/icon.svg) served from the build.
    const singleClientMs: Record<string, number> = {};
    for (const path of [...PAGES, "/icon.svg"]) {
      const times: number[] = [];
      for (let i = 0; i < 25; i++) {
        const started = performance.now();
        await request(server.url, agent, "GET", path, "198.51.100.251");
        if (i >= 5) times.push(performance.now() - started);
      }
      singleClientMs[path === "/icon.svg" ? "/icon.svg (prerendered)" : path] = round(percentile(times.sort((a, b) => a - b), 50));
    }
    // The baseline is the server at its working size: after a run of the same load as long as the
    // measured one (clients of their own, so the measured run starts with full rate-limit buckets)
    // and the same idle. A leak shows as growth from there.
    await run(warmupSeconds, 1000, false);
    const baselineMiB = await settledRss(pid, idleSeconds);
    const sampler = sampleRss(pid, 100);
    await run(seconds, 0, true);
    const peakMiB = sampler.stop();
    agent.destroy();
    const afterIdleMiB = await settledRss(pid, idleSeconds);
    const requests = Object.values(latencies).reduce((n, l) => n + l.length, 0);
    const byKind = Object.fromEntries(
      Object.entries(latencies).map(([kind, list]) => {
        const sorted = [...list].sort((a, b) => a - b);
        return [kind, { count: list.length, p50: round(percentile(sorted, 50)), p99: round(percentile(sorted, 99)), statuses: statuses[kind]! }];
      }),
    );
    return {
      clients,
      seconds,
      singleClientMs,
      requests,
      perSecond: round(requests / seconds),
      byKind,
      errors,
      rateLimited,
      memory: {
        warmupSeconds,
        baselineMiB: round(baselineMiB),
        peakMiB: round(peakMiB),
        afterIdleMiB: round(afterIdleMiB),
        idleSeconds,
        withinPercent: round(((afterIdleMiB - baselineMiB) / baselineMiB) * 100),
      },
    };
  } finally {
    agent.destroy();
    await server.stop();
    vendor.closeAllConnections();
    await new Promise((r) => vendor.close(r));
  }
}

/**
 * Where resident memory settles while idle: the lowest of one sample a second. V8 gives memory
 * back in steps some seconds after allocation stops, so one reading at a fixed moment is noise.
 */
async function settledRss(pid: number, seconds: number): Promise<number> {
  let lowest = rssMiB(pid);
  for (let i = 0; i < seconds; i++) {
    await new Promise((r) => setTimeout(r, 1000));
    lowest = Math.min(lowest, rssMiB(pid));
  }
  return lowest;
}

function request(base: string, agent: http.Agent, method: "GET" | "POST", path: string, client: string, card?: string): Promise<number> {
  const body = method === "POST" ? JSON.stringify({ url: card }) : undefined;
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${path}`,
      {
        method,
        agent,
        headers: {
          "x-forwarded-for": client,
          ...(body ? { "content-type": "application/json", origin: base, "content-length": Buffer.byteLength(body) } : {}),
        },
      },
      (res) => {
        res.resume();
        res.once("end", () => resolve(res.statusCode ?? 0));
        res.once("error", reject);
      },
    );
    req.once("error", reject);
    req.end(body);
  });
}

const round = (x: number) => Math.round(x * 10) / 10;
