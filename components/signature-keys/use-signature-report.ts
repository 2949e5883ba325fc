"use client";

import { useEffect, useState } from "react";
import { lazyModule } from "@/components/ui/lazy-module";
import type { SignatureReport } from "@/lib/negotiation";
import type { KeySetFetch, SignatureKeys } from "./use-signature-keys";

// jose and canonicalize load only once a card with signatures is reviewed: most cards have none.
const VERIFIER = lazyModule(() => import("@/lib/negotiation/signatures/verify"));

export interface SignatureCheck {
  /** The report for exactly this card text and these keys, once checked; undefined meanwhile. */
  report: SignatureReport | undefined;
  /** A signed card whose check has not finished yet. */
  checking: boolean;
  /** The checker itself could not load (the signatures stay "not checked"). */
  failed: boolean;
}

interface Checked {
  cardText: string;
  keysText: string;
  keySets: ReadonlyMap<string, KeySetFetch>;
  report?: SignatureReport;
  failed?: boolean;
}

/**
 * Verifies the card's signatures whenever the card text or the keys change (asynchronously: the
 * review stays synchronous and takes the report when it is there). A result is used only for the
 * inputs it was computed from, so a report never outlives the text it vouches for.
 */
export function useSignatureReport(cardText: string, keys: SignatureKeys): SignatureCheck {
  const { keysText, keySets } = keys;
  // The cheap test that keeps unsigned cards (nearly all) from loading the verifier at all.
  const mightBeSigned = cardText.includes('"signatures"');
  const [checked, setChecked] = useState<Checked | undefined>(undefined);

  useEffect(() => {
    if (!mightBeSigned) return;
    let cancelled = false;
    const done = (result: Omit<Checked, "cardText" | "keysText" | "keySets">) => {
      if (!cancelled) setChecked({ cardText, keysText, keySets, ...result });
    };
    VERIFIER.load()
      .then(({ verifyCardSignatures }) =>
        verifyCardSignatures(cardText, {
          keys: keysText.trim() === "" ? undefined : keysText,
          fetchJwks: async (url) => {
            const got = keySets.get(url);
            if (got?.state === "fetched") return got.text;
            if (got?.state === "failed") throw Object.assign(new Error(got.message), { code: got.code });
            return undefined;
          },
        }),
      )
      .then(
        (report) => done({ report }),
        () => done({ failed: true }),
      );
    return () => {
      cancelled = true;
    };
  }, [mightBeSigned, cardText, keysText, keySets]);

  if (!mightBeSigned) return { report: undefined, checking: false, failed: false };
  const current = checked && checked.cardText === cardText && checked.keysText === keysText && checked.keySets === keySets ? checked : undefined;
  return { report: current?.report, checking: current === undefined, failed: current?.failed === true };
}
