"use client";

import { memo, useState } from "react";
import { useFocusAfterRemoval } from "@/components/ui/use-focus-after-removal";
import type { TriageCard } from "@/lib/triage/triage";
import { BUTTON, HINT } from "@/components/ui/form-styles";
import { plural } from "@/components/ui/file-words";

/**
 * The cards in the triage, each removable; folded away once there are many, and then not even
 * rendered until unfolded (500 cards are 1,500 elements the page need not lay out).
 */
export const CardList = memo(function CardList({ cards, onRemove }: { cards: readonly TriageCard[]; onRemove: (ids: ReadonlySet<string>) => void }) {
  const [confirmAll, setConfirmAll] = useState(false);
  const [unfolded, setUnfolded] = useState<boolean | null>(null);
  const { list, empty, removing } = useFocusAfterRemoval<HTMLUListElement, HTMLParagraphElement>(cards, "button[data-remove-card]");
  if (cards.length === 0)
    return (
      <p ref={empty} tabIndex={-1} className={`${HINT} mt-3`} data-testid="triage-no-cards">
        No cards yet.
      </p>
    );
  const open = unfolded ?? cards.length <= 12;
  return (
    <details className="mt-3" open={open} onToggle={(event) => setUnfolded(event.currentTarget.open)}>
      <summary className="cursor-pointer text-xs font-semibold text-slate-700">In this triage: {plural(cards.length, "card")}</summary>
      {open && (
      <ul ref={list} className="mt-1 max-h-64 overflow-auto rounded border border-slate-200 text-xs" data-testid="triage-card-list">
        {cards.map((card, index) => (
          <li key={card.id} className="flex items-center justify-between gap-2 border-b border-slate-100 px-2 py-0.5 last:border-b-0">
            <span className="min-w-0 truncate" title={card.source && card.source !== card.label ? `${card.label}\n${card.source}` : card.label}>
              {card.label}
            </span>
            <button
              type="button"
              className="shrink-0 rounded px-1 text-slate-600 hover:bg-slate-200 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-sky-600"
              aria-label={`Remove the card ${card.label}`}
              data-remove-card=""
              onClick={() => {
                removing(index);
                onRemove(new Set([card.id]));
              }}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      )}
      <div className="mt-1 flex items-center gap-2 text-xs">
        {confirmAll ? (
          <>
            <span>Remove all {plural(cards.length, "card")}?</span>
            <button
              type="button"
              className={BUTTON}
              onClick={() => {
                setConfirmAll(false);
                removing(0);
                onRemove(new Set(cards.map((c) => c.id)));
              }}
            >
              Remove all
            </button>
            <button type="button" className={BUTTON} onClick={() => setConfirmAll(false)}>
              Keep them
            </button>
          </>
        ) : (
          <button type="button" className={BUTTON} onClick={() => setConfirmAll(true)}>
            Remove all cards…
          </button>
        )}
      </div>
    </details>
  );
});
