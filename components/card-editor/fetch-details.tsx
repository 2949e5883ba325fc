import type { FetchedCardResponse } from "@/lib/wire/fetch-card";

const VIA: Record<FetchedCardResponse["discoveredVia"], string> = {
  "agent-card.json": "/.well-known/agent-card.json answered",
  "agent.json": "/.well-known/agent.json answered (agent-card.json did not)",
  direct: "the URL given, fetched directly",
};

/** Provenance of a fetched card: what answered, and a digest to compare bytes across reviews. */
export function FetchDetails({ card, edited }: { card: FetchedCardResponse; edited: boolean }) {
  const rows: [string, string][] = [
    ["Status", String(card.status)],
    ["Found via", VIA[card.discoveredVia]],
    ["Final URL", card.finalUrl],
    ["Content type", card.contentType || "(none)"],
    ["Size", `${card.size.toLocaleString("en")} bytes`],
    ["SHA-256", card.sha256],
  ];
  return (
    <div data-testid="fetch-details" className="rounded border border-slate-200 bg-slate-50 p-2 text-xs">
      <p className="mb-1 font-medium text-slate-700">
        Fetched {card.requestedUrl}
        {edited && <span className="ml-1 text-amber-800">(edited since: the review is of your edits)</span>}
      </p>
      <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-3 gap-y-0.5">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-slate-500">{term}</dt>
            <dd className="font-mono break-all">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
