"use client";

import { useEffect, useId, useRef, useState } from "react";
import { writeClipboard } from "@/components/ui/clipboard";
import { BUTTON, FIELD, HINT } from "@/components/ui/form-styles";
import { plural } from "@/components/ui/file-words";

export type ExportKind = "csv" | "json" | "markdown";

export type LinkResult = { ok: true; url: string } | { ok: false; message: string };

interface TriageFilesProps {
  /** Pairs an export holds: the ones shown (the filter applies). */
  shownPairs: number;
  hasInputs: boolean;
  onExport: (kind: ExportKind) => void;
  onSave: () => void;
  onOpen: (file: File) => void;
  makeLink: () => Promise<LinkResult>;
  onStartFresh: () => void;
}

/**
 * Getting a triage out and back: exports of the pairs shown (CSV, JSON, Markdown), the whole triage
 * as a `.parley-triage.json` file (and opening one), a link when it fits in one, and Start fresh.
 */
export function TriageFiles({ shownPairs, hasInputs, onExport, onSave, onOpen, makeLink, onStartFresh }: TriageFilesProps) {
  const id = useId();
  const openRef = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);
  const [fallback, setFallback] = useState<string | null>(null);
  const [confirmFresh, setConfirmFresh] = useState(false);
  const fallbackRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    fallbackRef.current?.focus();
    fallbackRef.current?.select();
  }, [fallback]);

  const copyLink = async () => {
    setStatus({ text: "Making the link…", error: false });
    setFallback(null);
    const link = await makeLink();
    if (!link.ok) return setStatus({ text: link.message, error: true });
    if (await writeClipboard(link.url)) {
      setStatus({ text: `Copied a link of ${link.url.length.toLocaleString("en-US")} characters. It holds the whole triage after the #, which browsers never send to a server.`, error: false });
    } else {
      setFallback(link.url);
      setStatus({ text: "Could not use the clipboard: the link is selected below, copy it from there.", error: false });
    }
  };

  return (
    <div className="flex flex-col gap-2" data-testid="triage-files">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-xs font-semibold text-slate-700">Export the {plural(shownPairs, "pair")} shown:</span>
        <button type="button" className={BUTTON} disabled={shownPairs === 0} onClick={() => onExport("csv")}>
          CSV
        </button>
        <button type="button" className={BUTTON} disabled={shownPairs === 0} onClick={() => onExport("json")}>
          JSON
        </button>
        <button type="button" className={BUTTON} disabled={shownPairs === 0} onClick={() => onExport("markdown")}>
          Markdown
        </button>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-xs font-semibold text-slate-700">The whole triage:</span>
        <button type="button" className={BUTTON} disabled={!hasInputs} onClick={onSave}>
          Save as file
        </button>
        <button type="button" className={BUTTON} onClick={() => openRef.current?.click()}>
          Open a saved triage…
        </button>
        <input
          ref={openRef}
          type="file"
          accept=".json,application/json"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="triage-open-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (file) onOpen(file);
          }}
        />
        <button type="button" className={BUTTON} disabled={!hasInputs} onClick={() => void copyLink()}>
          Copy link
        </button>
        {confirmFresh ? (
          <span className="flex items-center gap-1 text-sm" role="group" aria-label="Start fresh?">
            Forget this triage?
            <button
              type="button"
              className={BUTTON}
              onClick={() => {
                setConfirmFresh(false);
                setStatus(null);
                onStartFresh();
              }}
            >
              Yes, start fresh
            </button>
            <button type="button" className={BUTTON} onClick={() => setConfirmFresh(false)}>
              Keep it
            </button>
          </span>
        ) : (
          <button type="button" className={BUTTON} disabled={!hasInputs} onClick={() => setConfirmFresh(true)}>
            Start fresh
          </button>
        )}
      </div>
      {status && (
        <p role="status" className={`text-xs ${status.error ? "text-rose-800" : "text-slate-700"}`} data-testid="triage-files-status">
          {status.text}
        </p>
      )}
      {fallback && (
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-link`} className="text-xs font-medium text-slate-700">
            Triage link (selected: press Ctrl+C or ⌘C)
          </label>
          <input id={`${id}-link`} ref={fallbackRef} readOnly value={fallback} className={`${FIELD} font-mono text-xs`} data-testid="triage-link-fallback" />
        </div>
      )}
      <p className={HINT}>
        Exports hold the pairs the filter shows; the saved file and the link hold every card and profile, to open here again.
      </p>
    </div>
  );
}
