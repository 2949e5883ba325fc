"use client";

import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { fetchCardKeys, postFetchCard, type FetchCardFailure } from "@/components/queries/fetch-card";
import type { FetchedCardResponse } from "@/lib/wire/fetch-card";
import { QueryProvider } from "@/components/queries/query-provider";
import type { FetchRequest, FetchStatus } from "./fetch-status";

interface RunnerProps {
  request: FetchRequest | null;
  onFetched: (card: FetchedCardResponse) => void;
  onStatus: (status: FetchStatus) => void;
}

/**
 * The fetch form's react-query half, loaded on demand (see FetchCardForm). It renders nothing:
 * the form's fields stay mounted while this loads, so focus and the typed URL are never lost.
 */
export function FetchCardRunner(props: RunnerProps) {
  return (
    <QueryProvider>
      <Runner {...props} />
    </QueryProvider>
  );
}

function Runner({ request, onFetched, onStatus }: RunnerProps) {
  // The Authorization value stays out of the mutation's variables (react-query keeps those in its
  // cache): it waits here, keyed by press, and is dropped as soon as its request is sent.
  const secrets = useRef(new Map<number, string>());
  const mutation = useMutation<FetchedCardResponse, FetchCardFailure, Omit<FetchRequest, "authorization">>({
    mutationKey: fetchCardKeys.all,
    mutationFn: ({ url, seq }) => {
      const authorization = secrets.current.get(seq);
      secrets.current.delete(seq);
      return postFetchCard(url, { authorization });
    },
    onSuccess: (card) => onFetched(card),
  });
  const { mutate, isPending, error, variables } = mutation;
  // A ref, not state: StrictMode's second effect run must not post the same press twice.
  const sent = useRef(0);
  useEffect(() => {
    if (!request || request.seq <= sent.current) return;
    sent.current = request.seq;
    if (request.authorization) secrets.current.set(request.seq, request.authorization);
    mutate({ url: request.url, seq: request.seq });
  }, [request, mutate]);
  const seq = variables?.seq ?? 0;
  useEffect(() => onStatus({ seq, pending: isPending, error }), [seq, isPending, error, onStatus]);
  return null;
}
