import type dns from "node:dns";
import { Slots } from "@/lib/fetch/slots";
import type { Settings } from "@/lib/settings";
import { clientKey, readClientAddress } from "./client-address";
import { RateLimiter } from "./rate-limit";
import { checkJsonContentType, checkSameOrigin, type Refusal } from "./request-guard";

/**
 * What every route that calls out on a user's behalf (/api/fetch-card, /api/probe) is built from,
 * and the checks each makes, in the same order, before it reads a body: another site or not JSON is
 * refused, then the caller's rate limit is taken. Each route keeps its own limiter and slots (a probe
 * makes several outbound calls, so it must not eat the fetch route's budget).
 */
export interface OutboundRouteDeps {
  settings: Settings;
  limiter: RateLimiter;
  /**
   * Outbound work in flight at once; the wait line holds sixteen times as many (each waiter is a
   * parsed request of a few KiB). Shared per client (its rate-limit key): see Slots.
   */
  slots: Slots;
  now: () => number;
  /**
   * The name the server was started with (HOSTNAME, which Next's standalone server listens on):
   * without a base URL, the only Host besides loopback ones the origin check trusts.
   */
  serverName: string | null;
  /** Tests only: a resolver standing in for DNS. */
  resolveHost?: (hostname: string) => Promise<dns.LookupAddress[]>;
}

export type OutboundOverrides = Partial<Omit<OutboundRouteDeps, "settings">>;

export function createOutboundDeps(settings: Settings, overrides: OutboundOverrides = {}): OutboundRouteDeps {
  return {
    settings,
    limiter: overrides.limiter ?? new RateLimiter(settings.fetchRatePerMinute, settings.fetchBurst),
    slots: overrides.slots ?? new Slots(settings.fetchConcurrency, settings.fetchConcurrency * 16),
    now: overrides.now ?? (() => performance.now()),
    serverName: overrides.serverName !== undefined ? overrides.serverName : (process.env.HOSTNAME ?? null),
    resolveHost: overrides.resolveHost,
  };
}

/** Answers of these routes are per request: never cached. */
export const NO_STORE = { "cache-control": "no-store" } as const;

/** How long a request may wait for a free outbound slot before it is told the server is busy. */
export const SLOT_WAIT_MS = 10_000;

/**
 * The checks made before the body is read: same site, JSON, then one token of the caller's rate
 * limit. `what` names the work in the refusal ("fetches", "checks"). The caller's key comes back for
 * the slot it takes next.
 */
export function admit(request: Request, deps: OutboundRouteDeps, what: string): { ok: true; client: string } | { ok: false; refusal: Refusal } {
  const guard = checkSameOrigin(request.headers, deps.settings.baseUrl, deps.serverName) ?? checkJsonContentType(request.headers);
  if (guard) return { ok: false, refusal: guard };
  const client = clientKey(readClientAddress(request.headers));
  const rate = deps.limiter.take(client);
  if (!rate.allowed) {
    return {
      ok: false,
      refusal: {
        status: 429,
        code: "rateLimited",
        message: `Too many ${what} from your address; try again in ${rate.retryAfterSeconds} s.`,
        headers: { "retry-after": String(rate.retryAfterSeconds) },
      },
    };
  }
  return { ok: true, client };
}
