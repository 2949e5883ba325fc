/** The review this browser kept (components/session/draft.ts), which leaving a link brings back. */
export interface KeptReview {
  savedAt: string;
}

/** What leaving a link leads to, said on the button that does it. */
export function leaveLinkLabel(verb: string, kept: KeptReview | undefined): string {
  if (!kept) return `${verb} and start fresh`;
  const saved = new Date(kept.savedAt);
  return Number.isNaN(saved.getTime())
    ? `${verb} and bring back my review`
    : `${verb} and bring back my review (saved ${saved.toLocaleString()})`;
}

/**
 * Shown while a link is read or its card fetched: no workspace yet, so nothing stale is on screen.
 * Cancelling leaves the link, back to the review this browser kept (never forgetting it).
 */
export function LinkPending({ message, onCancel, kept }: { message: string; onCancel?: () => void; kept?: KeptReview }) {
  return (
    <div
      data-testid="link-pending"
      role="status"
      className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700 shadow-sm"
    >
      <p className="break-all">{message}</p>
      {onCancel && (
        <button
          type="button"
          className="rounded border border-slate-300 px-2 py-0.5 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-sky-600"
          onClick={onCancel}
        >
          {leaveLinkLabel("Cancel", kept)}
        </button>
      )}
    </div>
  );
}
