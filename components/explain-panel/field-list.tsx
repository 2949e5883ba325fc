"use client";

import { capList, type EvidenceRef } from "@/lib/negotiation";
import { evidenceValueText } from "@/lib/negotiation/explain";
import { describeUnlisted } from "@/lib/negotiation/explain";


/** Evidence pointers; card (and profile) fields are buttons that highlight the field in its editor. */
export function FieldList({
  title,
  refs,
  onHighlight,
}: {
  title: string;
  refs: readonly EvidenceRef[];
  onHighlight?: (ref: EvidenceRef) => void;
}) {
  if (refs.length === 0) return null;
  // The list a card can grow is capped where every such list is (caps.ts), its total said once.
  const { items, more } = capList(refs);
  return (
    <div>
      <h4 className="text-xs font-semibold text-slate-700">{title}</h4>
      <ul className="mt-0.5 flex flex-col gap-0.5">
        {items.map((ref, i) => (
          <li key={`${ref.source}${ref.pointer}${i}`} className="text-xs">
            {onHighlight ? (
              <button
                type="button"
                className="rounded px-1 font-mono text-sky-800 underline decoration-dotted hover:bg-sky-50 focus-visible:outline-2 focus-visible:outline-sky-600"
                onClick={() => onHighlight(ref)}
                aria-label={`Highlight ${ref.source} field ${ref.pointer || "/"}`}
              >
                {ref.pointer || "/"}
              </button>
            ) : (
              <code className="px-1">{ref.pointer || "/"}</code>
            )}
            {ref.value !== undefined && <span className="ml-1 font-mono text-slate-700">{evidenceValueText(ref).trimStart()}</span>}
          </li>
        ))}
        {more > 0 && <li className="text-xs text-slate-600">{describeUnlisted(more)}</li>}
      </ul>
    </div>
  );
}
