import "server-only";

import type dns from "node:dns";
import { Slots, SlotsFullError } from "@/lib/fetch/slots";
import { getSettings, type Settings } from "@/lib/settings";
import { encodeFetchedCard, FETCHED_CARD_MEDIA_TYPE, FetchCardRequest, type FetchedCardResponse } from "@/lib/wire/fetch-card";
import { clientKey, readClientAddress } from "./client-address";
import { fetchRemoteCard } from "./fetch-card";
import { type FetchLogger, hostForLog, logFetchToStdout } from "./fetch-log";
import { RateLimiter } from "./rate-limit";
import { holdUntilSent } from "./slow-readers";
import { readJsonBody } from "./read-json-body";
import { checkJsonContentType, checkSameOrigin, type Refusal } from "./request-guard";

/** How long a request may wait for a free outbound slot before it is told the server is busy. */
export const SLOT_WAIT_MS = 10_000;

export interface FetchRouteDeps {
  settings: Settings;
  limiter: RateLimiter;
  /**
   * Outbound fetches in flight at once; the wait line holds sixteen times as many (each waiter is a
   * parsed request of a few KiB). Shared per client (its rate-limit key): see Slots.
   */
  slots: Slots;
  log: FetchLogger;
  now: () => number;
  /**
   * The name the server was started with (HOSTNAME, which Next's standalone server listens on):
   * without a base URL, the only Host besides loopback ones the origin check trusts.
   */
  serverName: string | null;
  /** Tests only: a resolver standing in for DNS. */
  resolveHost?: (hostname: string) => Promise<dns.LookupAddress[]>;
}

export function createFetchRouteDeps(settings: Settings, overrides: Partial<Omit<FetchRouteDeps, "settings">> = {}): FetchRouteDeps {
  return {
    settings,
    limiter: overrides.limiter ?? new RateLimiter(settings.fetchRatePerMinute, settings.fetchBurst),
    slots: overrides.slots ?? new Slots(settings.fetchConcurrency, settings.fetchConcurrency * 16),
    log: overrides.log ?? logFetchToStdout,
    now: overrides.now ?? (() => performance.now()),
    serverName: overrides.serverName !== undefined ? overrides.serverName : (process.env.HOSTNAME ?? null),
    resolveHost: overrides.resolveHost,
  };
}

let processDeps: FetchRouteDeps | undefined;

/** The route's limiter and slots, one set per server process, built from the process's settings. */
export function getFetchRouteDeps(): FetchRouteDeps {
  processDeps ??= createFetchRouteDeps(getSettings());
  return processDeps;
}

const NO_STORE = { "cache-control": "no-store" };

/**
 * POST /api/fetch-card. Every refusal that needs no body — another site, not JSON, over the rate
 * limit — happens before the body is read and before any outbound request; then the body is
 * parsed with the shared wire schema, a slot is taken, and the card is fetched. One log line per
 * call, whatever the outcome.
 */
export async function handleFetchCard(request: Request, deps: FetchRouteDeps): Promise<Response> {
  const started = deps.now();
  let host: string | null = null;
  let requests = 0;
  const answer = (status: number, body: unknown, headers: Record<string, string> = {}, bytes?: number): Response => {
    const outcome = status === 200 ? "ok" : (body as { code: string }).code;
    deps.log({ host, outcome, status, durationMs: deps.now() - started, requests, ...(bytes === undefined ? {} : { bytes }) });
    return Response.json(body, { status, headers: { ...NO_STORE, ...headers } });
  };
  const refuse = (r: Refusal) => answer(r.status, { code: r.code, message: r.message }, r.headers);
  const answerCard = (card: FetchedCardResponse): Response => {
    const body = Buffer.from(encodeFetchedCard(card), "utf8");
    // Held until the client has it: clients that do not read cannot pile answers up in memory.
    if (!holdUntilSent(request.headers, client, body.byteLength)) {
      return refuse({
        status: 503,
        code: "busy",
        message: "Parley is still sending the cards it fetched to you or to others, and holds no more at once; try again in a few seconds.",
        headers: { "retry-after": "5" },
      });
    }
    deps.log({ host, outcome: "ok", status: 200, durationMs: deps.now() - started, requests, bytes: card.size });
    return new Response(body, { status: 200, headers: { ...NO_STORE, "content-type": `${FETCHED_CARD_MEDIA_TYPE}; charset=utf-8` } });
  };

  const guard = checkSameOrigin(request.headers, deps.settings.baseUrl, deps.serverName) ?? checkJsonContentType(request.headers);
  if (guard) return refuse(guard);

  const client = clientKey(readClientAddress(request.headers));
  const rate = deps.limiter.take(client);
  if (!rate.allowed) {
    return refuse({
      status: 429,
      code: "rateLimited",
      message: `Too many fetches from your address; try again in ${rate.retryAfterSeconds} s.`,
      headers: { "retry-after": String(rate.retryAfterSeconds) },
    });
  }

  const body = await readJsonBody(request);
  if (!body.ok) return refuse({ status: body.status, code: body.status === 413 ? "tooLarge" : "badRequest", message: body.message });
  const parsed = FetchCardRequest.safeParse(body.value);
  if (!parsed.success) {
    return refuse({ status: 400, code: "badRequest", message: parsed.error.issues[0]?.message ?? "invalid request" });
  }
  host = hostForLog(parsed.data.url);

  let release: () => void;
  try {
    release = await deps.slots.acquire(AbortSignal.any([request.signal, AbortSignal.timeout(SLOT_WAIT_MS)]), client);
  } catch (e) {
    const full = e instanceof SlotsFullError;
    const message = !full
      ? "Parley was too busy to start this fetch in time; try again."
      : e.mine
        ? "Parley is already fetching as many cards for you as it fetches for one client; wait for those to finish."
        : "Parley is fetching as many cards as it can right now; try again in a few seconds.";
    return refuse({
      status: 503,
      code: "busy",
      message,
      headers: { "retry-after": "5" },
    });
  }
  try {
    const outcome = await fetchRemoteCard(parsed.data, { settings: deps.settings, signal: request.signal, resolveHost: deps.resolveHost, client });
    requests = outcome.requests;
    if (!outcome.ok) return answer(outcome.status, outcome.error);
    return answerCard(outcome.card);
  } finally {
    release();
  }
}
