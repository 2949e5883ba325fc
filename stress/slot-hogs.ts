import type { IncomingMessage } from "node:http";
import net from "node:net";
import { json, startTestServer } from "@/lib/fetch/test-server";
import { CONTOSO } from "@/lib/negotiation/examples/incidents";
import { CLIENT_HEADER, stampRequest } from "@/lib/server/client-address";
import { createFetchRouteDeps, handleFetchCard } from "@/lib/server/fetch-route";
import { RateLimiter } from "@/lib/server/rate-limit";
import { readSettings } from "@/lib/settings";
import { percentile } from "./process-memory";

/**
 * Slot hogs: six client addresses keep the fetch route's outbound slots busy with a host that
 * accepts connections and never answers (each fetch holds its slot until the 5 s budget runs out),
 * while thirty other clients, one request each, fetch a card from a host that answers at once.
 * The figures: the others' latency alone and under the hogs, and how many got 503. The route runs
 * in this process with its real slots, limiter and fetcher; everything is on 127.0.0.1.
 */
export interface SlotHogFigures {
  hogs: number;
  hogRequestsEach: number;
  others: number;
  aloneMedianMs: number;
  underHogsMedianMs: number;
  underHogsP90Ms: number;
  othersBusy: number;
  othersOk: number;
  hogsBusy: number;
}

const APP = "http://parley.stress:3000";

/** The stamp the server's start-up hook would put on a request from `address`. */
function stampFor(address: string): string {
  const request = { socket: { remoteAddress: address }, headers: {} } as unknown as IncomingMessage;
  stampRequest(request, 0);
  return request.headers[CLIENT_HEADER] as string;
}

export async function runSlotHogSuite(options: { hogs?: number; hogRequestsEach?: number; others?: number } = {}): Promise<SlotHogFigures> {
  const hogs = options.hogs ?? 6;
  const hogRequestsEach = options.hogRequestsEach ?? 5;
  const others = options.others ?? 30;
  const held: net.Socket[] = [];
  const silent = net.createServer((socket) => {
    held.push(socket);
    socket.on("error", () => undefined);
  });
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  const silentUrl = `http://127.0.0.1:${(silent.address() as net.AddressInfo).port}/card.json`;
  const vendor = await startTestServer({ "/card.json": json(JSON.parse(CONTOSO.text)) });
  const deps = createFetchRouteDeps(readSettings({ PARLEY_ALLOW_LOOPBACK_FETCH: "1" }), {
    // The suite measures slots, not the limiter: each hog stays within a burst of its own.
    limiter: new RateLimiter(1_000_000, 1_000_000),
    log: () => undefined,
    serverName: "parley.stress",
  });
  const post = async (address: string, url: string): Promise<{ status: number; ms: number }> => {
    const started = performance.now();
    const response = await handleFetchCard(
      new Request(`${APP}/api/fetch-card`, {
        method: "POST",
        headers: { host: "parley.stress:3000", origin: APP, "sec-fetch-site": "same-origin", "content-type": "application/json", [CLIENT_HEADER]: stampFor(address) },
        body: JSON.stringify({ url }),
      }),
      deps,
    );
    await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - started };
  };
  try {
    const alone: number[] = [];
    for (let i = 0; i < 10; i++) alone.push((await post(`198.51.100.${i + 1}`, `${vendor.base}/card.json`)).ms);
    const hogCalls = Array.from({ length: hogs }, (_, h) => Array.from({ length: hogRequestsEach }, () => post(`203.0.113.${h + 1}`, silentUrl))).flat();
    // Let the hogs take their slots before anyone else arrives.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const otherResults = await Promise.all(Array.from({ length: others }, (_, i) => post(`192.0.2.${i + 1}`, `${vendor.base}/card.json`)));
    const hogResults = await Promise.all(hogCalls);
    const times = otherResults.map((r) => r.ms).sort((a, b) => a - b);
    return {
      hogs,
      hogRequestsEach,
      others,
      aloneMedianMs: Math.round(percentile([...alone].sort((a, b) => a - b), 50)),
      underHogsMedianMs: Math.round(percentile(times, 50)),
      underHogsP90Ms: Math.round(percentile(times, 90)),
      othersBusy: otherResults.filter((r) => r.status === 503).length,
      othersOk: otherResults.filter((r) => r.status === 200).length,
      hogsBusy: hogResults.filter((r) => r.status === 503).length,
    };
  } finally {
    for (const socket of held) socket.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
    await vendor.close();
  }
}
