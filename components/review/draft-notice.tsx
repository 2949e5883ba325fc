"use client";

import { useState } from "react";
import type { DroppedPart } from "@/components/session/draft";

/**
 * Says the workspace was restored from the draft this browser kept, and offers to start fresh
 * (which forgets the draft). Dismissable once the user carries on working.
 */
export function DraftNotice({
  draft,
  acknowledged,
  edited,
  onStartFresh,
}: {
  draft: { savedAt: string; dropped: DroppedPart[] };
  /** How many acknowledged findings the draft brought back: named only when there are some. */
  acknowledged: number;
  edited: boolean;
  onStartFresh: () => void;
}) {
  const [dismissed, setDismissed] = useState(false);
  if (dismissed) return null;
  const saved = new Date(draft.savedAt);
  const when = Number.isNaN(saved.getTime()) ? "earlier" : saved.toLocaleString();
  return (
    <div data-testid="draft-notice" role="status" className="mb-4 flex flex-col gap-2 rounded-lg border border-sky-300 bg-sky-50 p-3 text-sm text-sky-950 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <p className="font-semibold">Restored your review from this browser (saved {when}).</p>
        <p>
          The card, profile, context{acknowledged > 0 ? ", selection and acknowledged findings are" : " and selection are"} as you left them; nothing
          left this browser.
        </p>
        {draft.dropped.length > 0 && (
          <p className="mt-1">
            The saved {draft.dropped.join(" and ")} no longer fit{draft.dropped.length === 1 ? "s" : ""} this version of Parley and{" "}
            {draft.dropped.length === 1 ? "was" : "were"} reset.
          </p>
        )}
      </div>
      <div className="flex shrink-0 gap-2">
        <button type="button" className={BUTTON} onClick={onStartFresh}>
          Start fresh
        </button>
        {edited && (
          <button type="button" className={BUTTON} onClick={() => setDismissed(true)}>
            Dismiss
          </button>
        )}
      </div>
    </div>
  );
}

const BUTTON =
  "rounded border border-current/30 bg-white px-2 py-0.5 text-sm whitespace-nowrap text-slate-900 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-sky-600";
