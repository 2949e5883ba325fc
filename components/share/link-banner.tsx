"use client";

import { useState } from "react";
import { describeNotice, type LinkNotice } from "@/components/session/link-notice";
import { leaveLinkLabel, type KeptReview } from "./link-pending";

const TONE = {
  info: "border-sky-300 bg-sky-50 text-sky-950",
  warning: "border-amber-400 bg-amber-50 text-amber-950",
  error: "border-rose-400 bg-rose-50 text-rose-950",
} as const;

export interface LinkBannerProps {
  notice: LinkNotice;
  /** The user has changed the review since: the notice describes the link, not what is on screen. */
  edited: boolean;
  /** Leave the link: back to the review this browser kept (`kept`), or the default one when there is none. */
  onStartFresh: () => void;
  onRetry?: () => void;
  /** The review this browser kept before the link was opened; leaving the link brings it back. */
  kept?: KeptReview;
}

/**
 * What the opened link did: engine versions, card drift, decisions that moved, or why it could
 * not be opened. An error is dismissed by leaving the link, back to the review this browser kept
 * (or the default one), until the user has started working in the empty workspace; then, like
 * every other notice, it can simply be dismissed. The kept review is never forgotten from here:
 * while the link's review is unedited, any notice offers to bring it back.
 */
export function LinkBanner({ notice, edited, onStartFresh, onRetry, kept }: LinkBannerProps) {
  const [dismissed, setDismissed] = useState(false);
  // A drifted live card: /diff gets the live link itself, in its fragment (never sent to a server),
  // and shows what changed. Read from the address when the banner first shows, before an edit clears it.
  const [diffHref] = useState(() => (notice.kind === "live" && isDrift(notice) ? diffLinkFromAddress() : undefined));
  if (dismissed) return null;
  const text = describeNotice(notice);
  const isError = text.tone === "error";
  return (
    <div
      data-testid="link-notice"
      data-notice={notice.kind}
      role={isError ? "alert" : "status"}
      className={`mb-4 flex flex-col gap-2 rounded-lg border p-3 text-sm sm:flex-row sm:items-start sm:justify-between ${TONE[text.tone]}`}
    >
      <div className="min-w-0">
        <p className="font-semibold">{text.title}</p>
        {text.lines.map((line) => (
          <p key={line} className="break-words">
            {line}
          </p>
        ))}
        {text.moves.length > 0 && (
          <ul data-testid="link-moves" className="mt-1 list-disc pl-5 font-mono text-xs">
            {text.moves.map((move) => (
              <li key={move}>{move}</li>
            ))}
          </ul>
        )}
        {diffHref && (
          <p className="mt-1">
            <a href={diffHref} target="_blank" rel="noopener" className="font-medium underline" data-testid="link-diff">
              See which fields changed and why the decisions moved (opens the card diff in a new tab)
            </a>
          </p>
        )}
        {kept && !edited && (
          <p className="mt-1" data-testid="link-kept">
            The review you were working on is still kept in this browser{savedText(kept)}. Editing this one will take its place.
          </p>
        )}
        {edited && <p className="mt-1 text-xs opacity-80">You have edited the review since; the link was removed from the address bar.</p>}
      </div>
      <div className="flex shrink-0 gap-2">
        {onRetry && (
          <button type="button" className={BUTTON} onClick={onRetry}>
            Fetch again
          </button>
        )}
        {kept && !edited && !isError && (
          <button type="button" className={BUTTON} onClick={onStartFresh}>
            Bring back my review
          </button>
        )}
        {isError && !edited ? (
          <button type="button" className={BUTTON} onClick={onStartFresh}>
            {leaveLinkLabel("Dismiss", kept)}
          </button>
        ) : (
          <button type="button" className={BUTTON} onClick={() => setDismissed(true)}>
            Dismiss
          </button>
        )}
      </div>
    </div>
  );
}

function savedText(kept: KeptReview): string {
  const saved = new Date(kept.savedAt);
  return Number.isNaN(saved.getTime()) ? "" : ` (saved ${saved.toLocaleString()})`;
}

function isDrift(notice: Extract<LinkNotice, { kind: "live" }>): boolean {
  return notice.then !== undefined && (notice.then.comparison.cardChanged || notice.then.comparison.moved.length > 0);
}

function diffLinkFromAddress(): string | undefined {
  if (typeof window === "undefined" || window.location.hash.length <= 1) return undefined;
  return `/diff${window.location.hash}`;
}

const BUTTON =
  "rounded border border-current/30 bg-white px-2 py-0.5 text-sm whitespace-nowrap text-slate-900 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-sky-600";
