import http from "node:http";
import type { AddressInfo } from "node:net";
import { handleRegistryRequest } from "./registry-route";
import type { Registry } from "../registry/service";

/**
 * The registry's API on a plain Node server (tests, the stress run): the same handler the Next
 * route calls, without building the app.
 */
export async function serveRegistry(registry: Registry, teamToken: string): Promise<{ base: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
      const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
      const request = new Request(url, { method: req.method, headers, ...(body && req.method !== "GET" ? { body } : {}) });
      const path = url.pathname.replace(/^\/api\/v1\/?/, "").split("/").filter(Boolean).map(decodeURIComponent);
      void handleRegistryRequest(request, path, { registry: Promise.resolve(registry), teamToken }).then(async (response) => {
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(Buffer.from(await response.arrayBuffer()));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}
