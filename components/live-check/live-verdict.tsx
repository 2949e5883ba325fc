"use client";

import { memo } from "react";
import { contradictionSentence, staleSentence, type LiveView } from "@/components/session/live-observations";

/**
 * The live check in the verdict area, under the card's validity: the card fields the live agent
 * contradicts (each a button that marks the field in the editor), the classes whose observation
 * disagrees with the prediction, and, once the card or the profile has changed, that it is stale.
 */
export const LiveVerdict = memo(function LiveVerdict({ view, onLocate }: { view: LiveView; onLocate: (pointer: string) => void }) {
  const stale = staleSentence(view);
  const disagreeing = view.stale === null ? [...view.classes.values()].filter((o) => o.agreement === "disagrees") : [];
  const contradicted = view.contradictions.length > 0;
  return (
    <div
      data-testid="live-verdict"
      data-stale={view.stale ?? undefined}
      role="group"
      aria-label="Live check"
      className={`flex flex-col gap-1 rounded border px-2 py-1.5 text-sm ${contradicted && view.stale !== "card" ? "border-rose-400 bg-rose-50 text-rose-950" : "border-slate-200"}`}
    >
      {stale && (
        <p role="status" className="text-xs font-semibold text-amber-900">
          {stale}
        </p>
      )}
      {contradicted ? (
        <ul data-testid="live-contradictions" className="flex flex-col gap-1">
          {view.contradictions.map((c) => (
            <li key={c.pointer}>
              <span className="font-semibold">
                <span aria-hidden="true">✗ </span>
                {view.stale === "card" ? "The live agent contradicted the card as it was checked:" : "The live agent contradicts the card:"}
              </span>{" "}
              {contradictionSentence(c)}{" "}
              <button
                type="button"
                className="font-mono text-xs text-sky-800 underline decoration-dotted"
                onClick={() => onLocate(c.pointer)}
                aria-label={`Show ${c.pointer} in the editor`}
              >
                {c.pointer}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p>
          <span aria-hidden="true">✓ </span>
          {view.sent ? "The live agent contradicts nothing the card claims, as far as the check and the messages sent can tell." : "The live agent contradicts nothing the check asked about."}
        </p>
      )}
      {disagreeing.length > 0 && (
        <p data-testid="live-disagreements">
          <span className="font-semibold">
            <span aria-hidden="true">≠ </span>Observed against predicted:
          </span>{" "}
          {disagreeing.map((o) => `${o.taskClass} (predicted ${o.predicted}, observed ${o.observed})`).join("; ")}.
        </p>
      )}
    </div>
  );
});
