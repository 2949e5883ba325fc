import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { ownAddresses, redirectTargets, resolverWithOwn, type SsrfForm } from "./ssrf-forms";

export async function listen(server: Server, host: string): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return (server.address() as AddressInfo).port;
}

/**
 * What an SSRF suite aims at: a listener on every interface of this machine that counts the
 * connections reaching it (answering with `body`, so a fetch that got through would succeed), the
 * redirect targets pointed at it, and a loopback server whose `/hop/<n>/<i>` redirects n times
 * before sending the client to target i. Shared by the fetch route's suite and the probe's.
 */
export interface SsrfTargets {
  /** Connections the counting listener has had so far. */
  connections: () => number;
  port: number;
  hopsPort: number;
  own: string[];
  resolver: Record<string, string[]>;
  targets: SsrfForm[];
  close: () => Promise<void>;
}

export async function startSsrfTargets(body: string): Promise<SsrfTargets> {
  let connections = 0;
  const counter = createServer((_q, s) => {
    s.writeHead(200, { "content-type": "application/json" });
    s.end(body);
  });
  counter.on("connection", () => connections++);
  const port = await listen(counter, "::");
  const own = ownAddresses();
  const resolver = resolverWithOwn(own);
  const targets = redirectTargets(own).map((f) => ({ ...f, url: f.url.replaceAll("{port}", String(port)) }));
  const hops = createServer((req, res) => {
    const [, , n, i] = (req.url ?? "").split("/");
    const left = Number(n);
    res.writeHead(302, { location: left > 1 ? `/hop/${left - 1}/${i}` : targets[Number(i)]!.url });
    res.end();
  });
  const hopsPort = await listen(hops, "127.0.0.1");
  return {
    connections: () => connections,
    port,
    hopsPort,
    own,
    resolver,
    targets,
    close: async () => {
      counter.closeAllConnections();
      hops.closeAllConnections();
      await Promise.all([new Promise((r) => counter.close(r)), new Promise((r) => hops.close(r))]);
    },
  };
}
