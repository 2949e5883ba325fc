import diagnostics from "node:diagnostics_channel";
import type { ServerResponse } from "node:http";
import { COMMON_HEADERS } from "./common-headers.mjs";

const INSTALLED = Symbol.for("parley.defaultHeaders");
type Global = typeof globalThis & { [INSTALLED]?: boolean };

/**
 * The security headers on every response the server writes, set as it starts answering: the ones
 * Next writes itself before its configured headers apply (its redirect of `//a` to `/a`, 308) would
 * otherwise go out with none. next.config.mjs and proxy.ts set the same values again (no duplicate:
 * a header set twice is replaced); no Content-Security-Policy here, since a static worker script's
 * own policy would bind the worker.
 */
export function installDefaultHeaders(): void {
  const g = globalThis as Global;
  if (g[INSTALLED]) return;
  g[INSTALLED] = true;
  diagnostics.subscribe("http.server.request.start", (message) => {
    const { response } = message as { response: ServerResponse };
    if (response.headersSent) return;
    for (const { key, value } of COMMON_HEADERS) response.setHeader(key, value);
  });
}
