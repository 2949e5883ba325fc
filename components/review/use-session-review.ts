"use client";

import { useDeferredValue, useEffect, useMemo, useState, useSyncExternalStore } from "react";
import type { ClientProfile, ReviewContext, ValidityProblem } from "@/lib/negotiation";
import type { Review } from "@/lib/negotiation";
import type { SessionSeed } from "@/components/session/session-seed";
import { isEngineLoaded, lastReviewWasQuick, loadEngine, reviewAside, reviewIfReady, subscribeEngine, type TaskClassSelection } from "@/components/session/workspace-review";
import { useSignatureKeys } from "@/components/signature-keys/use-signature-keys";
import { useSignatureReport } from "@/components/signature-keys/use-signature-report";

export interface SessionInputs {
  card: { text: string; revision: number };
  profile: ClientProfile;
  context: ReviewContext;
  taskClasses: TaskClassSelection | undefined;
}

/**
 * The review of the inputs, run here in the browser on every edit, with the signature check it
 * takes in. When the last review was quick, the matrix is redone in the keystroke's own frame; when
 * it was slow (a large card), `useDeferredValue` lets typing stay urgent and the review follows
 * just behind. Until the engine has loaded, the review on screen is the one the session started
 * with (the server's, for the first load), marked as being redone.
 */
export function useSessionReview(seed: SessionSeed, inputs: SessionInputs, edits: { edited: boolean; adjusted: boolean; fetchedUrl: string | undefined }) {
  const { edited, adjusted, fetchedUrl } = edits;
  // A quick review is redone in the keystroke's own render; only a slow one is deferred (and only
  // then does the deferred value change, so a quick keystroke costs no second render pass). The
  // profile, conditions and classes follow the same way: on a 5,000-skill card, aiming the classes
  // at a skill ran that card's review inside the picker's own event (up to 190 ms).
  const quick = lastReviewWasQuick();
  const deferred = useDeferredValue(quick ? null : inputs);
  const under = quick || deferred === null ? inputs : deferred;
  const reviewed = under.card;
  // Keys stay in this session's state: never in a link, never stored.
  const { keysText, setKeysText, keySets, fetchKeySet } = useSignatureKeys();
  // The same keys and check as the same objects, so the keys panel skips the renders a keystroke causes.
  const signatureKeys = useMemo(() => ({ keysText, setKeysText, keySets, fetchKeySet }), [keysText, setKeysText, keySets, fetchKeySet]);
  const { report, checking, failed } = useSignatureReport(reviewed.text, signatureKeys);
  const signatureCheck = useMemo(() => ({ report, checking, failed }), [report, checking, failed]);
  // The engine loads after the first load (on idle), or at once when an edit needs it.
  const engineReady = useSyncExternalStore(subscribeEngine, isEngineLoaded, engineNotOnServer);
  const current = useMemo(
    () => (engineReady || (!edited && !adjusted) ? reviewIfReady(reviewed.text, under.profile, under.context, under.taskClasses, signatureCheck.report, fetchedUrl) : undefined),
    [engineReady, edited, adjusted, reviewed.text, under.profile, under.context, under.taskClasses, signatureCheck.report, fetchedUrl],
  );
  // Before the engine is here, the only review there can be is the one the session started with
  // (the server's, for the first load).
  const [initialReview] = useState(() => reviewIfReady(seed.cardText, seed.profile, seed.context, seed.taskClasses));
  const review = current ?? initialReview;
  const nothingToShow = review === undefined;
  useEffect(() => {
    if (engineReady) return;
    const load = () => void loadEngine().catch(() => undefined);
    // A session with no review yet (a draft, a link that failed) needs the engine now.
    if (nothingToShow || adjusted) return load();
    if (typeof requestIdleCallback === "undefined") {
      const timer = setTimeout(load, 1000);
      return () => clearTimeout(timer);
    }
    const idle = requestIdleCallback(load, { timeout: 3000 });
    return () => cancelIdleCallback(idle);
  }, [engineReady, nothingToShow, adjusted]);
  const stale = under !== inputs || current === undefined;
  return { review, current, reviewed, under, stale, signatureKeys, signatureCheck };
}

const engineNotOnServer = () => false;

export interface ParsedReview {
  review: Review;
  text: string;
  revision: number;
  profile: ClientProfile;
  context: ReviewContext;
  taskClasses: TaskClassSelection | undefined;
}

/**
 * While a field is being typed the card is mostly not JSON: the last card that parsed stays
 * reviewed on screen (dimmed, labelled), under the syntax error, until the text parses again.
 */
export function useLastValidReview(current: Review | undefined, review: Review | undefined, reviewed: { text: string; revision: number }, under: SessionInputs) {
  const empty = reviewed.text.trim() === "";
  const [lastParsed, setLastParsed] = useState<ParsedReview | null>(null);
  if (current && !empty && !syntaxErrorOf(current) && lastParsed?.review !== current) {
    setLastParsed({ review: current, text: reviewed.text, revision: reviewed.revision, profile: under.profile, context: under.context, taskClasses: under.taskClasses });
  }
  const syntaxError = review && !empty ? syntaxErrorOf(review) : undefined;
  const overCap = review ? overCapOf(review) : undefined;
  const lastValid = useMemo(() => {
    if (!syntaxError || !lastParsed) return undefined;
    const { profile: p, context: c, taskClasses: t } = lastParsed;
    if (p === under.profile && c === under.context && t === under.taskClasses) return lastParsed;
    // The profile, conditions or classes changed meanwhile: the last card, under what is set now.
    const again = reviewAside(lastParsed.text, under.profile, under.context, under.taskClasses);
    return again ? { ...lastParsed, review: again } : lastParsed;
  }, [syntaxError, lastParsed, under.profile, under.context, under.taskClasses]);
  const shown = lastValid?.review ?? review;
  const shownText = lastValid?.text ?? reviewed.text;
  return { empty, syntaxError, overCap, lastValid, shown, shownText };
}

/** A card over the size cap is not read at all: its size and the cap. */
function overCapOf(review: Review): { size: number; limit: number } | undefined {
  const problem = review.validity.problems.find((p) => p.code === "tooLarge");
  if (!problem || typeof problem.data.size !== "number" || typeof problem.data.limit !== "number") return undefined;
  return { size: problem.data.size, limit: problem.data.limit };
}

/** The card text's syntax error, when it has one (the text is not JSON). */
function syntaxErrorOf(review: Review): ValidityProblem | undefined {
  return review.validity.problems.find((problem) => problem.code === "notJson");
}
