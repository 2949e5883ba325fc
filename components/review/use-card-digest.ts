"use client";

import { useEffect, useState } from "react";
import { digestCardTextAsync } from "./card-digest";

export type CardDigestState = { status: "pending" } | { status: "ready"; digest: string } | { status: "failed" };

/** The digest of exactly `cardText`: pending while it is computed (a few ms), never an older text's. */
export function useCardDigest(cardText: string): CardDigestState {
  const [done, setDone] = useState<{ text: string; digest?: string } | null>(null);
  useEffect(() => {
    let current = true;
    digestCardTextAsync(cardText).then(
      (digest) => current && setDone({ text: cardText, digest }),
      () => current && setDone({ text: cardText }),
    );
    return () => {
      current = false;
    };
  }, [cardText]);
  if (done?.text !== cardText) return { status: "pending" };
  return done.digest === undefined ? { status: "failed" } : { status: "ready", digest: done.digest };
}
