"use client";

import { useId, useState } from "react";
import type { FetchedCardResponse } from "@/lib/wire/fetch-card";
import { lazyModule, useLazyModule } from "@/components/ui/lazy-module";
import { NO_FETCH_STATUS, viewFetchForm, type FetchRequest, type FetchStatus } from "./fetch-status";
import { SchemeHintLine } from "./scheme-hint";

const RUNNER = lazyModule(() => import("./fetch-card-runner"));

/**
 * Fetch a card by URL through Parley's server (SSRF-safe), then hand its bytes to the editor.
 * The fetching itself (react-query and its mutation) is loaded when the user shows intent —
 * focus or pointer on the form, or a press of Fetch — so it is not in the workspace's first download.
 */
export function FetchCardForm({ onFetched }: { onFetched: (card: FetchedCardResponse) => void }) {
  const inputId = useId();
  const errorId = useId();
  const authId = useId();
  const authHintId = useId();
  const [url, setUrl] = useState("");
  // Memory only: never saved with the session, never in a link, cleared with the page.
  const [authorization, setAuthorization] = useState("");
  const { module: runner, failed: loadFailed, request: load } = useLazyModule(RUNNER);
  const [request, setRequest] = useState<FetchRequest | null>(null);
  const [status, setStatus] = useState<FetchStatus>(NO_FETCH_STATUS);

  const { pending, error } = viewFetchForm(request, status, loadFailed);

  return (
    <form
      className="flex flex-col gap-1"
      aria-label="Fetch a card by URL"
      onPointerEnter={load}
      onFocus={load}
      onSubmit={(event) => {
        event.preventDefault();
        const auth = authorization.trim();
        setRequest({ url, seq: (request?.seq ?? 0) + 1, ...(auth ? { authorization: auth } : {}) });
        load();
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
          aria-describedby={error ? errorId : undefined}
          aria-invalid={error ? true : undefined}
          onChange={(event) => setUrl(event.target.value)}
        />
        <button
          type="submit"
          disabled={pending}
          className="rounded bg-slate-800 px-3 py-1 text-sm font-medium text-white hover:bg-slate-700 disabled:opacity-60"
        >
          {pending ? "Fetching…" : "Fetch"}
        </button>
      </div>
      <label htmlFor={authId} className="mt-1 text-xs font-medium text-slate-600">
        Authorization header for an extended card (optional)
      </label>
      <input
        id={authId}
        type="password"
        autoComplete="off"
        spellCheck={false}
        placeholder="Bearer …"
        className="min-w-0 rounded border border-slate-300 px-2 py-1 font-mono text-sm"
        value={authorization}
        aria-describedby={authHintId}
        onChange={(event) => setAuthorization(event.target.value)}
      />
      <p id={authHintId} className="text-xs text-slate-500">
        Sent only to the card&apos;s own origin; never saved or put in a link.
      </p>
      {error && (
        <p id={errorId} data-testid="fetch-error" role="status" className="rounded bg-rose-50 px-2 py-1 text-sm text-rose-800">
          <span className="font-semibold">Not fetched ({error.code}).</span> {error.message}
          {request && (
            <SchemeHintLine
              typed={request.url}
              failureCode={error.code}
              onFetch={(next) => {
                setUrl(next);
                setRequest({ url: next, seq: request.seq + 1 });
              }}
            />
          )}
        </p>
      )}
      {runner && <runner.FetchCardRunner request={request} onFetched={onFetched} onStatus={setStatus} />}
    </form>
  );
}
