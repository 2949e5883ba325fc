import { readSettings } from "@/lib/settings";
import { createFetchRouteDeps, type FetchRouteDeps, handleFetchCard } from "@/lib/server/fetch-route";
import { RateLimiter } from "@/lib/server/rate-limit";
import { decodeFetchedCard } from "@/lib/wire/fetch-card";

/** The fetch route in-process, as the workspace page calls it (JSON, same origin). */
export const APP_ORIGIN = "http://parley.stress:3000";

export function routeDeps(env: Record<string, string>, resolver?: Record<string, string[]>): FetchRouteDeps {
  return createFetchRouteDeps(readSettings(env), {
    // The suites measure refusals, not the limiter: one bucket big enough for all of them.
    limiter: new RateLimiter(1_000_000, 1_000_000),
    log: () => undefined,
    serverName: "parley.stress",
    resolveHost: resolver ? testResolver(resolver) : undefined,
  });
}

/** Stands in for DNS: known names answer their addresses, every other name does not exist. */
export function testResolver(table: Record<string, string[]>) {
  return async (hostname: string) => {
    const addresses = table[hostname.toLowerCase().replace(/\.$/, "")];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
}

export async function postToRoute(deps: FetchRouteDeps, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: unknown }> {
  const request = new Request(`${APP_ORIGIN}/api/fetch-card`, {
    method: "POST",
    headers: { host: "parley.stress:3000", origin: APP_ORIGIN, "sec-fetch-site": "same-origin", "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const response = await handleFetchCard(request, deps);
  const text = await response.text();
  return { status: response.status, body: response.status === 200 ? decodeFetchedCard(text) : (JSON.parse(text) as unknown) };
}
