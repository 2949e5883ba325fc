import type { FetchCardFailure } from "@/components/queries/fetch-card";

/** One press of Fetch: `seq` tells a new press for the same URL from a re-render. */
export interface FetchRequest {
  url: string;
  seq: number;
  /** An Authorization header value for an authenticated extended card; kept in memory only. */
  authorization?: string;
}

/** The mutation as the runner reports it; `seq` is the press this state belongs to (0: none yet). */
export interface FetchStatus {
  seq: number;
  pending: boolean;
  error: FetchCardFailure | null;
}

export const NO_FETCH_STATUS: FetchStatus = { seq: 0, pending: false, error: null };

export interface FetchFormView {
  pending: boolean;
  error: { code: string; message: string } | null;
}

export const RUNNER_LOAD_FAILED = "Could not load the fetcher (the network may be down); try again.";

/**
 * What the form shows for the latest press. Until the runner has reported on that very press
 * (it may still be loading) the press is pending; a report on an older press never shows.
 */
export function viewFetchForm(request: FetchRequest | null, status: FetchStatus, runnerLoadFailed: boolean): FetchFormView {
  if (request === null) return { pending: false, error: null };
  const current = status.seq === request.seq;
  if (!current && runnerLoadFailed) return { pending: false, error: { code: "network", message: RUNNER_LOAD_FAILED } };
  if (!current || status.pending) return { pending: true, error: null };
  return { pending: false, error: status.error };
}
