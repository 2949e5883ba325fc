"use client";

import { useEffect, useState } from "react";
import { digestCardTextAsync } from "@/components/session/card-digest";
import type { CardAtHand, RecordCheck, RecordClaim } from "./record-check";

/** Where the card to check a record against comes from: the review link the record carries, or a card the user gave. */
export type CheckSource = { link: string } | { card: Omit<CardAtHand, "digest"> & { digest?: string }; where: string };

type State = { status: "checking" } | { status: "done"; check: RecordCheck; sentence: string };

const TONE: Record<RecordCheck["status"], string> = {
  "digest-mismatch": "border-rose-400 bg-rose-50 text-rose-950",
  differs: "border-rose-400 bg-rose-50 text-rose-950",
  matches: "border-emerald-300 bg-emerald-50 text-emerald-950",
  "not-reviewed": "border-slate-300 bg-slate-50 text-slate-800",
};

/**
 * The record checked against its card, said in one sentence: a wrong digest, or a decision the card
 * does not give today, is said plainly (as an alert), so a forged record never passes as real. The
 * engine and the link reader load after the page is painted; the digest is WebCrypto's.
 */
export function RecordCheckView({ claim, source }: { claim: RecordClaim; source: CheckSource }) {
  const [state, setState] = useState<State>({ status: "checking" });
  useEffect(() => {
    let live = true;
    void (async () => {
      const { cardOfLink, checkRecord, describeRecordCheck } = await import("./record-check");
      let card: CardAtHand;
      let where: string;
      if ("link" in source) {
        const opened = cardOfLink(source.link);
        if (!opened.ok) {
          const check: RecordCheck = { status: "not-reviewed", why: opened.why };
          if (live) setState({ status: "done", check, sentence: describeRecordCheck(check, "") });
          return;
        }
        const s = opened.state;
        card = { cardText: s.cardText, digest: await digestCardTextAsync(s.cardText), profile: s.profile, context: s.context ?? {}, ...(s.taskClasses ? { taskClasses: s.taskClasses } : {}) };
        where = "the card in its review link";
      } else {
        card = { ...source.card, digest: source.card.digest ?? (await digestCardTextAsync(source.card.cardText)) };
        where = source.where;
      }
      const check = checkRecord(claim, card);
      if (live) setState({ status: "done", check, sentence: describeRecordCheck(check, where) });
    })();
    return () => {
      live = false;
    };
  }, [claim, source]);

  if (state.status === "checking") {
    return (
      <p role="status" className="mt-2 text-sm text-slate-600" data-testid="record-check" data-status="checking">
        Checking the record against its card…
      </p>
    );
  }
  const bad = state.check.status === "digest-mismatch" || state.check.status === "differs";
  return (
    <p role={bad ? "alert" : "status"} className={`mt-2 rounded border p-2 text-sm [overflow-wrap:anywhere] ${TONE[state.check.status]}`} data-testid="record-check" data-status={state.check.status}>
      {bad && <span className="font-semibold">Does not match. </span>}
      {state.sentence}
    </p>
  );
}
