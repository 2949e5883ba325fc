import { createServer, type RequestListener } from "node:http";
import type { AddressInfo } from "node:net";

/** A card vendor on a free loopback port (the e2e server allows loopback fetches). */
export async function startLocalServer(listener: RequestListener): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
