"use client";

import { useMutation } from "@tanstack/react-query";
import { useId, useState } from "react";
import { fetchCardKeys, postFetchCard, type FetchCardFailure } from "@/components/queries/fetch-card";
import type { FetchedCardResponse } from "@/components/queries/fetch-card-schema";

/** Fetch a card by URL through Parley's server (SSRF-safe), then hand its bytes to the editor. */
export function FetchCardForm({ onFetched }: { onFetched: (card: FetchedCardResponse) => void }) {
  const inputId = useId();
  const errorId = useId();
  const [url, setUrl] = useState("");
  const mutation = useMutation<FetchedCardResponse, FetchCardFailure, string>({
    mutationKey: fetchCardKeys.all,
    mutationFn: (target) => postFetchCard(target),
    onSuccess: onFetched,
  });
  return (
    <form
      className="flex flex-col gap-1"
      aria-label="Fetch a card by URL"
      onSubmit={(event) => {
        event.preventDefault();
        mutation.mutate(url);
      }}
    >
      <label htmlFor={inputId} className="text-xs font-medium text-slate-600">
        Fetch from URL (agent base URL or the card&apos;s own URL)
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          type="text"
          inputMode="url"
          spellCheck={false}
          placeholder="https://agent.example"
          className="min-w-0 flex-1 rounded border border-slate-300 px-2 py-1 font-mono text-sm"
          value={url}
          aria-describedby={mutation.isError ? errorId : undefined}
          aria-invalid={mutation.isError || undefined}
          onChange={(event) => setUrl(event.target.value)}
        />
        <button
          type="submit"
          disabled={mutation.isPending}
          className="rounded bg-slate-800 px-3 py-1 text-sm font-medium text-white hover:bg-slate-700 disabled:opacity-60"
        >
          {mutation.isPending ? "Fetching…" : "Fetch"}
        </button>
      </div>
      {mutation.isError && (
        <p id={errorId} data-testid="fetch-error" role="status" className="rounded bg-rose-50 px-2 py-1 text-sm text-rose-800">
          <span className="font-semibold">Not fetched ({mutation.error.code}).</span> {mutation.error.message}
        </p>
      )}
    </form>
  );
}
