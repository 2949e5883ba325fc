import { queryOptions } from "@tanstack/react-query";
import {
  decodeFetchedCard,
  FetchCardError,
  FetchCardRequest,
  type FetchedCardResponse,
  type FetchErrorCode,
} from "@/lib/wire/fetch-card";

/** Query/mutation keys for remote cards: one place, so caches can be shared and invalidated. */
export const fetchCardKeys = {
  all: ["fetch-card"] as const,
  byUrl: (url: string) => ["fetch-card", url.trim()] as const,
};

/**
 * The card behind a live review link: fetched once per opening of the link (the observer mounts
 * with the link and refetches on mount, since the point is to see the card as it is *now*), and
 * never refetched behind the user's back (focus, reconnect): a refetch would replace the review
 * they are reading.
 */
export function fetchCardQuery(url: string) {
  return queryOptions<FetchedCardResponse, FetchCardFailure>({
    queryKey: fetchCardKeys.byUrl(url),
    queryFn: ({ signal }) => postFetchCard(url, { signal }),
    staleTime: Infinity,
    refetchOnMount: "always",
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
  });
}

/** A failed fetch as the user should read it: a code for logic, a plain sentence for people. */
export class FetchCardFailure extends Error {
  constructor(
    readonly code: FetchErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "FetchCardFailure";
  }
}

export interface PostFetchCardOptions {
  signal?: AbortSignal;
  /** An Authorization header value the server forwards to the card's own origin only. */
  authorization?: string;
}

/** Posts the URL to our own route (the browser never fetches third-party cards itself: CORS, SSRF). */
export async function postFetchCard(url: string, { signal, authorization }: PostFetchCardOptions = {}): Promise<FetchedCardResponse> {
  const parsed = FetchCardRequest.safeParse(authorization ? { url, authorization } : { url });
  if (!parsed.success) {
    throw new FetchCardFailure("badRequest", parsed.error.issues[0]?.message ?? "invalid URL");
  }
  let response: Response;
  try {
    response = await fetch("/api/fetch-card", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(parsed.data),
      signal,
    });
  } catch {
    throw new FetchCardFailure("network", "Parley's server did not answer; is it running?");
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    const error = FetchCardError.safeParse(body);
    if (error.success) throw new FetchCardFailure(error.data.code, error.data.message);
    throw new FetchCardFailure("internal", `Parley's server answered ${response.status} without an explanation.`);
  }
  // The card comes as it was fetched, after a line of metadata (lib/wire/fetch-card.ts).
  const card = decodeFetchedCard(await response.text().catch(() => ""));
  if (!card) throw new FetchCardFailure("internal", "Parley's server sent an answer this page cannot read.");
  return card;
}
