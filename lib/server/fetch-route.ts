import "server-only";

import { SlotsFullError } from "@/lib/fetch/slots";
import { getSettings, type Settings } from "@/lib/settings";
import { encodeFetchedCard, FETCHED_CARD_MEDIA_TYPE, FetchCardRequest, type FetchedCardResponse } from "@/lib/wire/fetch-card";
import { fetchRemoteCard } from "./fetch-card";
import { type FetchLogger, hostForLog, logFetchToStdout } from "./fetch-log";
import { holdUntilSent } from "./slow-readers";
import { readJsonBody } from "./read-json-body";
import type { Refusal } from "./request-guard";
import { admit, createOutboundDeps, NO_STORE, type OutboundOverrides, type OutboundRouteDeps, SLOT_WAIT_MS } from "./route-setup";

export interface FetchRouteDeps extends OutboundRouteDeps {
  log: FetchLogger;
}

export function createFetchRouteDeps(settings: Settings, overrides: OutboundOverrides & { log?: FetchLogger } = {}): FetchRouteDeps {
  return { ...createOutboundDeps(settings, overrides), log: overrides.log ?? logFetchToStdout };
}

let processDeps: FetchRouteDeps | undefined;

/** The route's limiter and slots, one set per server process, built from the process's settings. */
export function getFetchRouteDeps(): FetchRouteDeps {
  processDeps ??= createFetchRouteDeps(getSettings());
  return processDeps;
}

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

  const admitted = admit(request, deps, "fetches");
  if (!admitted.ok) return refuse(admitted.refusal);
  const { client } = admitted;

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
