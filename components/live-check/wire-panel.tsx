"use client";

import { useState } from "react";
import type { Exchange } from "@/lib/probe/exchange";
import { groupWire } from "@/lib/probe/group-wire";
import type { WireFinding } from "@/lib/probe/wire-checks";
import { clientEffectSentence, wireClientsSummary, wireFindingSentence } from "@/lib/probe/wire-explain";
import { SDK_CLIENTS } from "@/lib/probe/wire-rules";

/** What the agent sent that breaks the protocol, and what each SDK client does with it. */
export function WireFindings({ findings }: { findings: readonly WireFinding[] }) {
  const groups = groupWire(findings);
  if (groups.length === 0) return null;
  return (
    <section aria-labelledby="live-check-wire" data-testid="live-check-wire" className="flex flex-col gap-1">
      <h4 id="live-check-wire" className="font-medium">
        On the wire: {groups.length} answer{groups.length === 1 ? "" : "s"} that break{groups.length === 1 ? "s" : ""} the protocol
      </h4>
      <ul className="flex flex-col gap-1">
        {groups.map(({ first, seqs }) => (
          <li key={`${first.id} ${first.url}`} className="rounded bg-rose-50 px-2 py-1 text-rose-950 [overflow-wrap:break-word]">
            <p>
              <span className="font-mono">{first.id}</span>: {wireFindingSentence(first)} (exchange{seqs.length === 1 ? "" : "s"} {seqs.join(", ")})
            </p>
            <p className="font-semibold">{wireClientsSummary(first)}.</p>
            <ul className="list-disc pl-4">
              {SDK_CLIENTS.map((c) => (
                <li key={c}>{clientEffectSentence(first, c)}</li>
              ))}
            </ul>
            <p>
              Received: <code className="rounded bg-rose-100 px-1 font-mono">{first.received}</code>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The exchange log: every request and answer of the check, in order, with timing, credentials
 * redacted by the server. It lives in this panel only: never stored, never in a link.
 */
export function ExchangeLog({ exchanges }: { exchanges: readonly Exchange[] }) {
  const [copied, setCopied] = useState(false);
  if (exchanges.length === 0) return null;
  const copy = () => {
    void navigator.clipboard?.writeText(exchanges.map((x) => JSON.stringify(x)).join("\n") + "\n").then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <details data-testid="live-check-exchanges" className="rounded border border-slate-200 px-2 py-1">
      <summary className="cursor-pointer font-medium">
        Exchange log ({exchanges.length} request{exchanges.length === 1 ? "" : "s"} and answers)
      </summary>
      <div className="mt-1 flex items-center gap-2">
        <button type="button" onClick={copy} className="rounded border border-slate-300 px-2 py-0.5">
          Copy as JSON lines
        </button>
        <span role="status" className="text-slate-600">
          {copied ? "Copied." : ""}
        </span>
      </div>
      <ol className="mt-1 flex flex-col gap-1">
        {exchanges.map((x) => (
          <li key={x.seq} data-testid="exchange" className="border-t border-slate-200 pt-1">
            <p className="font-mono [overflow-wrap:anywhere]">
              #{x.seq} +{Math.round(x.startedMs)} ms {x.direction === "in" ? "callback in: " : ""}
              {x.method} {x.url} → {x.error ? `failed: ${x.error}` : `HTTP ${x.status ?? "?"}`}
              {x.endedMs !== undefined ? ` (${Math.round(x.endedMs - x.startedMs)} ms)` : ""}
            </p>
            {/* Scrolls when long: focusable, so a keyboard can scroll it too. */}
            <pre tabIndex={0} aria-label={`Exchange ${x.seq}: headers and bodies`} className="max-h-48 overflow-auto whitespace-pre-wrap bg-slate-50 p-1 font-mono text-[11px] [overflow-wrap:anywhere]">
              {[
                ...Object.entries(x.requestHeaders).map(([k, v]) => `> ${k}: ${v}`),
                ...(x.requestBody ? [`> ${x.requestBody}`] : []),
                ...Object.entries(x.responseHeaders ?? {}).map(([k, v]) => `< ${k}: ${v}`),
                ...(x.responseBody ? [`< ${x.responseBody}${x.truncated ? " …(shortened)" : ""}`] : []),
                ...(x.arrivals && x.arrivals.length > 1 ? [`< arrived in ${x.arrivals.length} pieces at ${x.arrivals.map((a) => Math.round(a)).join(", ")} ms`] : []),
              ].join("\n")}
            </pre>
          </li>
        ))}
      </ol>
    </details>
  );
}
