"use client";

import { useId, useState } from "react";
import { type HonoredExtension, INVARIANTS, type ReviewContext } from "@/lib/negotiation";

/** The invariants an extension can resolve: only the rule's own, the card's internal contradictions. */
const RESOLVABLE = INVARIANTS.filter((invariant) => invariant.meta.origin === "rule").map((invariant) => invariant.meta);

type Entry = NonNullable<ReviewContext["honoredExtensions"]>[number];
interface Row {
  key: number;
  uri: string;
  resolves: string[];
  /** Came in as a bare URI (an old link or a hand-written context): resolves nothing named. */
  bare: boolean;
}

let nextKey = 0;
const toRow = (entry: Entry): Row =>
  typeof entry === "string" ? { key: nextKey++, uri: entry, resolves: [], bare: true } : { key: nextKey++, uri: entry.uri, resolves: [...entry.resolves], bare: false };

/** Rows with a URI, as the context stores them; a bare URI nobody touched stays bare. */
function toEntries(rows: Row[]): Entry[] | undefined {
  const entries: Entry[] = rows
    .filter((row) => row.uri.trim() !== "")
    .map((row): Entry => (row.bare && row.resolves.length === 0 ? row.uri.trim() : ({ uri: row.uri.trim(), resolves: row.resolves } satisfies HonoredExtension)));
  return entries.length > 0 ? entries : undefined;
}

/**
 * Extensions the server is known to honor, each with the contradictions it resolves. Only an
 * extension named as resolving a finding's invariant turns that rejection into an escalation; a
 * URI with nothing ticked is recorded but changes no decision (and says so).
 */
export function HonoredExtensionsField({
  value,
  onChange,
}: {
  value: ReviewContext["honoredExtensions"];
  onChange: (value: ReviewContext["honoredExtensions"]) => void;
}) {
  const id = useId();
  // Local rows so an empty, half-typed URI is kept on screen without making the context invalid.
  const [rows, setRows] = useState<Row[]>(() => (value ?? []).map(toRow));
  const [seen, setSeen] = useState(value);
  if (seen !== value && JSON.stringify(toEntries(rows)) !== JSON.stringify(value)) {
    // The context changed from outside (a link, Start fresh): show what it holds now.
    setSeen(value);
    setRows((value ?? []).map(toRow));
  }
  const update = (next: Row[]) => {
    setRows(next);
    const entries = toEntries(next);
    setSeen(entries);
    onChange(entries);
  };
  const patch = (key: number, change: Partial<Row>) => update(rows.map((row) => (row.key === key ? { ...row, ...change, bare: false } : row)));

  return (
    <fieldset className="flex flex-col gap-1" aria-describedby={`${id}-explain`}>
      <legend className="text-sm font-medium">Extensions the server is known to honor</legend>
      <p id={`${id}-explain`} className="text-xs text-slate-500">
        An extension escalates a rejection only when the card contradicts itself and the extension resolves that
        invariant: tick which. A URI with nothing ticked is kept but changes no decision.
      </p>
      {rows.map((row, index) => (
        <div key={row.key} className="rounded border border-slate-200 p-2" data-testid="honored-extension">
          <div className="flex items-center gap-2">
            <label className="sr-only" htmlFor={`${id}-uri-${row.key}`}>
              Extension {index + 1} URI
            </label>
            <input
              id={`${id}-uri-${row.key}`}
              className="min-w-0 flex-1 rounded border border-slate-300 px-2 py-0.5 font-mono text-xs"
              placeholder="https://vendor.example/ext/buffered-audio/v1"
              value={row.uri}
              onChange={(event) => patch(row.key, { uri: event.target.value })}
            />
            <button
              type="button"
              className="rounded border border-slate-300 px-2 py-0.5 text-xs hover:bg-slate-100"
              onClick={() => update(rows.filter((r) => r.key !== row.key))}
            >
              Remove<span className="sr-only"> extension {index + 1}</span>
            </button>
          </div>
          <div className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-xs" role="group" aria-label={`Invariants extension ${index + 1} resolves`}>
            <span className="text-slate-600">Resolves:</span>
            {RESOLVABLE.map((meta) => (
              <label key={meta.id} className="flex items-center gap-1">
                <input
                  type="checkbox"
                  checked={row.resolves.includes(meta.id)}
                  onChange={(event) =>
                    patch(row.key, {
                      resolves: event.target.checked ? [...row.resolves, meta.id] : row.resolves.filter((r) => r !== meta.id),
                    })
                  }
                />
                <code>{meta.id}</code>
              </label>
            ))}
          </div>
          {row.resolves.length === 0 && row.uri.trim() !== "" && (
            <p className="mt-1 text-xs text-amber-800">Honored, resolves nothing named: it changes no decision.</p>
          )}
        </div>
      ))}
      <button
        type="button"
        className="self-start rounded border border-slate-300 px-2 py-0.5 text-xs hover:bg-slate-100"
        onClick={() => update([...rows, { key: nextKey++, uri: "", resolves: [], bare: false }])}
      >
        Add an extension
      </button>
    </fieldset>
  );
}
