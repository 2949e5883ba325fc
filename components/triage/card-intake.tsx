"use client";

import { memo, useId, useRef, useState } from "react";
import { postFetchCard } from "@/components/queries/fetch-card";
import { BUTTON, ERROR, FIELD, HINT, LABEL } from "@/components/ui/form-styles";
import { ReviewLinkForm } from "@/components/ui/review-link-form";
import { parseUrlList, type RefusedUrlLine } from "@/lib/triage/intake";
import { MAX_TRIAGE_CARDS } from "@/lib/triage/triage";
import type { FetchedCardResponse } from "@/lib/wire/fetch-card";
import type { DroppedFile } from "./dropped-files";
import { ProgressBar } from "./run-status";
import { runUrlQueue, type UrlJobStatus } from "./url-queue";
import { count, plural } from "@/components/ui/file-words";

interface CardIntakeProps {
  onFiles: (files: DroppedFile[]) => void;
  /** Resolves to an error to show under the field, or undefined when the text was taken. */
  onPaste: (text: string) => Promise<string | undefined>;
  onLink: (text: string) => Promise<string | undefined>;
  onFetched: (url: string, card: FetchedCardResponse) => void;
}

/** Every way a card gets into the triage: files (picked here, or dropped anywhere on the page), a paste, URLs, a review link. */
export const CardIntake = memo(function CardIntake(props: CardIntakeProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-4">
      <div>
        <label htmlFor={`${id}-files`} className={LABEL}>
          Card files
        </label>
        <input
          id={`${id}-files`}
          type="file"
          multiple
          data-testid="triage-file-input"
          className="mt-1 w-full min-w-0 text-sm file:mr-2 file:rounded file:border file:border-slate-300 file:bg-white file:px-2 file:py-0.5"
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []).map((file) => ({ name: file.name, file }));
            event.target.value = "";
            if (files.length > 0) props.onFiles(files);
          }}
        />
        <p className={HINT}>Or drop files or folders of cards anywhere on this page; many at once.</p>
      </div>
      <PasteCard onPaste={props.onPaste} />
      <UrlList onFetched={props.onFetched} />
      <ReviewLinkForm
        label="From a review link"
        submitLabel="Add"
        hint="A snapshot link adds its card and its profile; a live link fetches its card now."
        errorTestId="triage-link-error"
        onLink={props.onLink}
      />
    </div>
  );
});

function PasteCard({ onPaste }: { onPaste: CardIntakeProps["onPaste"] }) {
  const id = useId();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="flex flex-col gap-1"
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim() === "") return setError("Paste a card's JSON first.");
        setBusy(true);
        void onPaste(text).then((problem) => {
          setBusy(false);
          setError(problem);
          if (!problem) setText("");
        });
      }}
    >
      <label htmlFor={`${id}-paste`} className={LABEL}>
        Paste a card
      </label>
      <textarea
        id={`${id}-paste`}
        rows={3}
        value={text}
        onChange={(event) => setText(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-paste-error` : undefined}
        spellCheck={false}
        className={`${FIELD} font-mono text-xs`}
        placeholder='{"name": "…", "supportedInterfaces": […], …}'
      />
      {error && (
        <p id={`${id}-paste-error`} className={ERROR} data-testid="triage-paste-error">
          {error}
        </p>
      )}
      <div>
        <button type="submit" className={BUTTON} disabled={busy}>
          Add card
        </button>
      </div>
    </form>
  );
}

interface UrlJob {
  url: string;
  status: UrlJobStatus;
}

function UrlList({ onFetched }: { onFetched: CardIntakeProps["onFetched"] }) {
  const id = useId();
  const [text, setText] = useState("");
  const [jobs, setJobs] = useState<UrlJob[]>([]);
  const [note, setNote] = useState<string | undefined>();
  const [refused, setRefused] = useState<RefusedUrlLine[]>([]);
  const controller = useRef<AbortController | null>(null);
  const running = jobs.some((job) => job.status.state === "queued" || job.status.state === "fetching" || job.status.state === "waiting");
  const finished = jobs.filter((job) => job.status.state === "done").length;
  const failed = jobs.filter((job) => job.status.state === "failed").length;
  const settled = jobs.filter((job) => !["queued", "fetching", "waiting"].includes(job.status.state)).length;

  const start = (urls: string[]) => {
    controller.current?.abort();
    const mine = new AbortController();
    controller.current = mine;
    setJobs(urls.map((url) => ({ url, status: { state: "queued" } })));
    void runUrlQueue(urls, {
      signal: mine.signal,
      fetchCard: (url, signal) => postFetchCard(url, { signal }),
      onStatus: (index, status) => {
        if (controller.current !== mine) return;
        setJobs((current) => current.map((job, i) => (i === index ? { ...job, status } : job)));
      },
      onCard: (_index, url, card) => {
        if (controller.current === mine) onFetched(url, card);
      },
    });
  };

  return (
    <form
      className="flex flex-col gap-1"
      onSubmit={(event) => {
        event.preventDefault();
        const list = parseUrlList(text, MAX_TRIAGE_CARDS);
        // Lines that are not http(s) URLs are said here, line by line, and never sent to the server.
        setRefused(list.refused);
        if (list.urls.length === 0) return setNote(list.refused.length > 0 ? undefined : "Give at least one URL: an agent's address or its card's.");
        const parts = [
          list.duplicates > 0 ? `${plural(list.duplicates, "repeated URL")} left out` : "",
          list.overLimit > 0 ? `${plural(list.overLimit, "URL")} past the first ${count(MAX_TRIAGE_CARDS)} left out` : "",
        ].filter(Boolean);
        setNote(parts.length > 0 ? `${parts.join("; ")}.` : undefined);
        start(list.urls);
      }}
    >
      <label htmlFor={`${id}-urls`} className={LABEL}>
        Card URLs <span className="font-normal text-slate-500">(one per line)</span>
      </label>
      <textarea
        id={`${id}-urls`}
        rows={3}
        value={text}
        onChange={(event) => setText(event.target.value)}
        spellCheck={false}
        className={`${FIELD} font-mono text-xs`}
        placeholder={"https://agent.example\nhttps://other.example/.well-known/agent-card.json"}
      />
      <p className={HINT}>Fetched by Parley&apos;s server, a few at a time (public addresses only); a URL that fails does not stop the others.</p>
      {note && <p className="text-xs text-slate-700">{note}</p>}
      {refused.length > 0 && (
        <div role="alert" className={ERROR} data-testid="triage-url-refused">
          <p>
            {refused.length === 1 ? "One line is" : `${count(refused.length)} lines are`} not a URL Parley can fetch, so {refused.length === 1 ? "it was" : "they were"} not
            fetched:
          </p>
          <ul className="list-disc pl-5">
            {refused.map((r) => (
              <li key={r.line} className="break-all">
                Line {r.line}: {r.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <button type="submit" className={BUTTON} disabled={running}>
          Fetch cards
        </button>
        {running && (
          <button type="button" className={BUTTON} onClick={() => controller.current?.abort()}>
            Stop fetching
          </button>
        )}
        {jobs.length > 0 && (
          <span className="text-xs text-slate-700" role="status" data-testid="triage-url-progress">
            {count(settled)} of {plural(jobs.length, "URL")} done: {count(finished)} fetched{failed > 0 ? `, ${count(failed)} failed` : ""}
          </span>
        )}
      </div>
      {jobs.length > 0 && (
        <>
          <ProgressBar value={settled} max={jobs.length} label="URLs fetched" />
          <ol className="max-h-48 overflow-auto rounded border border-slate-200 text-xs" data-testid="triage-url-jobs">
            {jobs.map((job, i) => (
              <li key={i} className="flex flex-col border-b border-slate-100 px-2 py-1 last:border-b-0" data-state={job.status.state} data-testid="triage-url-job">
                <span className="font-mono break-all">{job.url}</span>
                <UrlStatusLine status={job.status} />
              </li>
            ))}
          </ol>
        </>
      )}
    </form>
  );
}

function UrlStatusLine({ status }: { status: UrlJobStatus }) {
  switch (status.state) {
    case "queued":
      return <span className="text-slate-500">waiting its turn</span>;
    case "fetching":
      return <span className="text-sky-800">fetching…</span>;
    case "waiting":
      return (
        <span className="text-amber-900">
          {status.code === "rateLimited" ? "too many fetches at once" : "Parley is busy"}: trying again shortly
        </span>
      );
    case "done":
      return <span className="text-emerald-800">added ({status.finalUrl})</span>;
    case "failed":
      return (
        <span className="text-rose-800" data-testid="triage-url-error">
          {status.message} ({status.code})
        </span>
      );
    case "stopped":
      return <span className="text-slate-500">stopped</span>;
  }
}

