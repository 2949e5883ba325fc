"use client";

import { memo, useEffect, useId, useRef, useState } from "react";
import { writeClipboard } from "@/components/ui/clipboard";
import { loadOnce } from "@/components/ui/load-once";
import { loadShare, SHARE_LOAD_FAILED } from "@/components/session/load-share";
import type { CopyKind } from "./share-text";
import type { WorkspaceState } from "@/components/session/snapshot";

// What is copied is made on a press, so its code (and the Markdown table's) loads then, warmed
// with the codec on hover or focus.
const loadShareText = loadOnce(() => import("./share-text"));

const WHAT: Record<CopyKind, string> = { link: "the link", live: "the live link", markdown: "the Markdown" };

interface Fallback {
  kind: CopyKind;
  text: string;
}

/**
 * "Copy link", "Copy live link" (for a fetched card) and "Copy as Markdown". The codec is loaded on
 * first use (and warmed on hover or focus, so the click stays inside the user gesture the
 * clipboard wants). When the clipboard refuses, the text is shown selected for a manual copy.
 */
export const ShareBar = memo(function ShareBar({
  getState,
  disabledReason,
  hasCardUrl,
}: {
  /** Read at click time: the card as it is now, not as it was at the last render. */
  getState: () => WorkspaceState;
  /** Set when there is nothing to share (no card). */
  disabledReason?: string;
  hasCardUrl: boolean;
}) {
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);
  const [fallback, setFallback] = useState<Fallback | null>(null);
  const [busy, setBusy] = useState(false);
  const fieldRef = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const fieldId = useId();
  const hintId = useId();

  useEffect(() => {
    // The fallback text is selected so one keystroke (Ctrl/⌘+C) copies it.
    fieldRef.current?.focus();
    fieldRef.current?.select();
  }, [fallback]);

  const copy = async (kind: CopyKind) => {
    setBusy(true);
    setStatus(null);
    try {
      const text = await loadShareText().then(
        (maker) => maker.textFor(kind, getState()),
        () => ({ ok: false as const, message: SHARE_LOAD_FAILED }),
      );
      if (!text.ok) {
        setFallback(null);
        setStatus({ text: text.message, error: true });
        return;
      }
      if (await writeClipboard(text.value)) {
        setFallback(null);
        setStatus({ text: `Copied ${WHAT[kind]}.`, error: false });
      } else {
        setFallback({ kind, text: text.value });
        setStatus({ text: `Could not use the clipboard: ${WHAT[kind]} is selected below, copy it from there.`, error: false });
      }
    } finally {
      setBusy(false);
    }
  };

  const warm = () => {
    void loadShare().catch(() => undefined);
    void loadShareText().catch(() => undefined);
  };
  const disabled = busy || disabledReason !== undefined;
  return (
    <section aria-labelledby={`${fieldId}-title`} className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm" data-testid="share-bar">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={`${fieldId}-title`} className="mr-1 text-sm font-semibold tracking-wide text-slate-700 uppercase">
          Share
        </h2>
        <button type="button" className={BUTTON} disabled={disabled} onPointerEnter={warm} onFocus={warm} onClick={() => void copy("link")}>
          Copy link
        </button>
        {hasCardUrl && (
          <button type="button" className={BUTTON} disabled={disabled} onPointerEnter={warm} onFocus={warm} onClick={() => void copy("live")}>
            Copy live link
          </button>
        )}
        <button type="button" className={BUTTON} disabled={disabled} onPointerEnter={warm} onFocus={warm} onClick={() => void copy("markdown")}>
          Copy as Markdown
        </button>
        <p role="status" aria-live="polite" data-testid="share-status" className={`text-xs ${status?.error ? "text-rose-800" : "text-emerald-800"}`}>
          {status?.text ?? (disabledReason ? <span className="text-slate-500">{disabledReason}</span> : "")}
        </p>
      </div>
      <p className="mt-1 text-xs text-slate-500">
        A link carries the exact card, profile, context and decisions in the part after #, which browsers never send to a server.
        {hasCardUrl && " A live link carries the card's URL instead and shows, when opened, what changed since."}
      </p>
      {fallback && (
        <div className="mt-2 flex flex-col gap-1">
          <label htmlFor={fieldId} className="text-xs font-medium text-slate-700">
            {fallback.kind === "markdown" ? "Markdown for a ticket" : fallback.kind === "live" ? "Live link" : "Review link"} (selected: press Ctrl+C or ⌘C)
          </label>
          {fallback.kind === "markdown" ? (
            <textarea id={fieldId} ref={fieldRef} readOnly aria-describedby={hintId} data-testid="share-fallback" className={FIELD} rows={8} value={fallback.text} />
          ) : (
            <input id={fieldId} ref={fieldRef} readOnly aria-describedby={hintId} data-testid="share-fallback" className={FIELD} value={fallback.text} />
          )}
          <p id={hintId} className="text-xs text-slate-500">
            The browser did not allow copying to the clipboard from this page.{" "}
            <button type="button" className="underline" onClick={() => setFallback(null)}>
              Close
            </button>
          </p>
        </div>
      )}
    </section>
  );
});

const BUTTON =
  "rounded border border-slate-300 bg-white px-2.5 py-1 text-sm font-medium hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-sky-600 disabled:opacity-50";
const FIELD = "w-full rounded border border-slate-300 bg-slate-50 px-2 py-1 font-mono text-xs";
