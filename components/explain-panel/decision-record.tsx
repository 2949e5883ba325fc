"use client";

import { useEffect, useState } from "react";
import { formatDecisionRecord, type Review } from "@/lib/negotiation";
import { digestCardTextAsync } from "@/components/session/card-digest";
import { loadEngine } from "@/components/session/workspace-review";
import { linkUrl } from "@/components/share/link-location";
import { loadShare } from "@/components/session/load-share";
import { snapshotOf, type WorkspaceState } from "@/components/session/snapshot";
import { CopyButton } from "@/components/ui/copy-button";

/** What a record made here says about where its card came from. */
export interface RecordSource {
  /** The URL the card was fetched from: the record names it (card.source), so it can be fetched again. */
  fetchedFrom?: string;
  /** The workspace as it is, for the snapshot link a record of a card that was not fetched carries. */
  workspace: () => WorkspaceState;
}

type RecordState = { status: "pending" } | { status: "ready"; line: string; note?: string } | { status: "failed" };

/** Edits arriving faster than this are not each turned into a record (a digest and maybe a link). */
const SETTLE_MS = 400;

/**
 * The decision record (the log line a client writes) for one task class. It needs the card's digest
 * and, for a card that was not fetched, a snapshot link: both are made only once the record is
 * opened, and again when the review has been still for a moment, never on every keystroke.
 * "Copy log line" copies it as the one line a log holds.
 */
export function DecisionRecord({ review, taskClass, cardText, source }: { review: Review; taskClass: string; cardText: string; source: RecordSource }) {
  const [open, setOpen] = useState(false);
  return (
    <details data-testid="log-record" className="group rounded border border-slate-200" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="cursor-pointer px-2 py-1 text-xs font-semibold text-slate-700 hover:bg-slate-100">
        Decision record (the log line a client writes for this decision)
      </summary>
      {open && <RecordBody review={review} taskClass={taskClass} cardText={cardText} source={source} />}
    </details>
  );
}

function RecordBody({ review, taskClass, cardText, source }: { review: Review; taskClass: string; cardText: string; source: RecordSource }) {
  const [state, setState] = useState<RecordState>({ status: "pending" });
  const { fetchedFrom, workspace } = source;
  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      void buildRecord(review, taskClass, cardText, fetchedFrom, workspace).then(
        (built) => current && setState(built),
        () => current && setState({ status: "failed" }),
      );
    }, SETTLE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [review, taskClass, cardText, fetchedFrom, workspace]);

  if (state.status === "failed") return <p className="p-2 text-xs text-rose-800">Could not make the record (the card digest or the link could not be computed).</p>;
  if (state.status === "pending") {
    return (
      <p role="status" className="p-2 text-xs text-slate-600">
        Making the record (the card&rsquo;s digest and a snapshot link)…
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-1 p-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-slate-600">
          {fetchedFrom ? "Names the URL the card was fetched from, and carries" : "Carries"} a snapshot link that reopens this exact review.{" "}
          {state.note}
        </p>
        <CopyButton text={state.line} label="Copy log line" />
      </div>
      {/* Focusable: it scrolls, and a keyboard user must be able to scroll it too. */}
      <pre tabIndex={0} role="region" aria-label="The decision record, laid out for reading" className={PRE}>
        {pretty(state.line)}
      </pre>
    </div>
  );
}

async function buildRecord(
  review: Review,
  taskClass: string,
  cardText: string,
  fetchedFrom: string | undefined,
  workspace: () => WorkspaceState,
): Promise<RecordState> {
  const digest = await digestCardTextAsync(cardText);
  // Every record carries its review (a fetched card's too, beside where it was fetched from), so
  // /explain opens it in one click and checks the record against the card in it.
  const source = fetchedFrom ? { cardSource: fetchedFrom } : {};
  const [share] = await Promise.all([loadShare(), loadEngine()]);
  const encoded = share.tryEncodeReviewLink(snapshotOf({ ...workspace(), cardText }).state);
  if (!encoded.ok) {
    return {
      status: "ready",
      line: formatDecisionRecord(review, taskClass, digest, source),
      note: `No link in it: ${share.describeLinkError(encoded.error)}`,
    };
  }
  return { status: "ready", line: formatDecisionRecord(review, taskClass, digest, { ...source, reviewLink: linkUrl(window.location.origin, encoded.fragment) }) };
}

const PRE = "max-h-64 overflow-auto rounded bg-slate-100 p-2 font-mono text-[11px] text-slate-900 focus-visible:outline-2 focus-visible:outline-sky-600";

function pretty(line: string): string {
  try {
    return JSON.stringify(JSON.parse(line), null, 2);
  } catch {
    return line;
  }
}
