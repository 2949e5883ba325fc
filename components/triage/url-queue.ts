import type { FetchedCardResponse } from "@/lib/wire/fetch-card";

/**
 * Fetches a list of card URLs through Parley's fetch route, a few at a time. Each URL ends fetched
 * or failed with the route's own code and message; one failure never stops the rest. When the
 * route says "too many" (rateLimited) or "busy", every fetcher waits (3 s, then 6, 12, 24) and that
 * URL is tried again, since the route limits per client and these are all one client's fetches.
 */
export type UrlJobStatus =
  | { state: "queued" }
  | { state: "fetching" }
  | { state: "waiting"; retryAt: number; code: string }
  | { state: "done"; finalUrl: string }
  | { state: "failed"; code: string; message: string }
  | { state: "stopped" };

export interface UrlQueueOptions {
  fetchCard: (url: string, signal: AbortSignal) => Promise<FetchedCardResponse>;
  onStatus: (index: number, status: UrlJobStatus) => void;
  /** A card arrived: the page adds it to the triage. */
  onCard: (index: number, url: string, card: FetchedCardResponse) => void;
  signal: AbortSignal;
  concurrency?: number;
  retryDelaysMs?: readonly number[];
  now?: () => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

const RETRYABLE = new Set(["rateLimited", "busy"]);
export const URL_CONCURRENCY = 3;
export const RETRY_DELAYS_MS: readonly number[] = [3000, 6000, 12000, 24000];

function errorParts(error: unknown): { code: string; message: string } {
  const e = error as { code?: unknown; message?: unknown } | null;
  return {
    code: typeof e?.code === "string" ? e.code : "internal",
    message: typeof e?.message === "string" ? e.message : "The fetch failed.",
  };
}

function defaultSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
  });
}

export async function runUrlQueue(urls: readonly string[], options: UrlQueueOptions): Promise<void> {
  const { signal } = options;
  const now = options.now ?? (() => Date.now());
  const sleep = options.sleep ?? defaultSleep;
  const delays = options.retryDelaysMs ?? RETRY_DELAYS_MS;
  const attempts = urls.map(() => 0);
  let next = 0;
  // Shared by every fetcher: after a "too many", nobody asks again before this time.
  let resumeAt = 0;

  const fetchOne = async (index: number): Promise<void> => {
    const url = urls[index]!;
    for (;;) {
      if (resumeAt > now()) await sleep(resumeAt - now(), signal);
      if (signal.aborted) return options.onStatus(index, { state: "stopped" });
      options.onStatus(index, { state: "fetching" });
      try {
        const card = await options.fetchCard(url, signal);
        if (signal.aborted) return options.onStatus(index, { state: "stopped" });
        options.onCard(index, url, card);
        return options.onStatus(index, { state: "done", finalUrl: card.finalUrl });
      } catch (error) {
        if (signal.aborted) return options.onStatus(index, { state: "stopped" });
        const { code, message } = errorParts(error);
        const delay = delays[attempts[index]!];
        if (!RETRYABLE.has(code) || delay === undefined) return options.onStatus(index, { state: "failed", code, message });
        attempts[index]!++;
        resumeAt = Math.max(resumeAt, now() + delay);
        options.onStatus(index, { state: "waiting", retryAt: resumeAt, code });
      }
    }
  };

  const fetcher = async () => {
    while (next < urls.length) {
      const index = next++;
      await fetchOne(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency ?? URL_CONCURRENCY, urls.length) }, fetcher));
}
