"use client";

import { startTransition, useCallback, useEffect, useRef, useState } from "react";
import { EMPTY_TRIAGE, type TriageInputs } from "@/lib/triage/inputs";
import { cellKey, pendingPairs } from "@/lib/triage/view";
import { TriageResults } from "./results-store";
import type { RunState } from "./run-status";
import { startRun, type RunHandle } from "./triage-worker";

/** Redraws while a run streams results: at most this often, so 5,000 pairs never mean 5,000 renders. */
const RENDER_EVERY_MS = 200;

/**
 * The triage's inputs (cards, profiles, task classes) and the results of reviewing them: pairs
 * without a result are reviewed in a worker, whenever there are some (once the page is `ready`),
 * and stream back. Every change of the inputs goes through `commit`; `reset` forgets every result.
 */
export function useTriageRun(ready: boolean) {
  const [inputs, setInputs] = useState<TriageInputs>(EMPTY_TRIAGE);
  const inputsRef = useRef(inputs);

  const [results] = useState(() => new TriageResults(RENDER_EVERY_MS));
  const [snapshot, setSnapshot] = useState(results.getSnapshot);
  // Results render as a transition: React may pause between components and let the page answer.
  useEffect(() => results.subscribe(() => startTransition(() => setSnapshot(results.getSnapshot()))), [results]);

  const [run, setRun] = useState<RunState>({ kind: "idle" });
  const runRef = useRef<RunHandle | null>(null);
  const [held, setHeld] = useState(false);
  const [runEnded, setRunEnded] = useState(0);

  /** Every change of the inputs goes through here. Other task classes make every result out of date. */
  const commit = useCallback(
    (next: TriageInputs) => {
      if (JSON.stringify(next.taskClasses ?? null) !== JSON.stringify(inputsRef.current.taskClasses ?? null)) {
        // Stopped and forgotten, not held like a Cancel: the run effect starts the new run.
        runRef.current?.cancel();
        runRef.current = null;
        results.clear();
        setRun({ kind: "idle" });
      }
      inputsRef.current = next;
      setInputs(next);
    },
    [results],
  );

  useEffect(() => {
    if (!ready || held || runRef.current) return;
    // A task of its own: listing the pairs left and handing 500 cards to the worker took half of
    // the task that first shows them (the whole task over 50 ms).
    const timer = setTimeout(() => {
      if (runRef.current) return;
      const current = inputsRef.current;
      const pending = pendingPairs(current.cards, current.profiles, results.getSnapshot().cells).filter((p) => !results.settled(cellKey(p.cardId, p.profileId)));
      if (pending.length === 0) return;
      const needed = new Set(pending.map((p) => p.cardId));
      const handle = startRun(
        {
          cards: current.cards.filter((card) => needed.has(card.id)),
          profiles: current.profiles,
          pairs: pending,
          ...(current.taskClasses ? { taskClasses: current.taskClasses } : {}),
        },
        (batch) => {
          if (runRef.current !== handle) return;
          const now = inputsRef.current;
          const cardIds = new Set(now.cards.map((c) => c.id));
          const profileIds = new Set(now.profiles.map((p) => p.id));
          // A card or profile removed while the run went on: its results are dropped, not shown.
          results.add(batch, (cardId, profileId) => cardIds.has(cardId) && profileIds.has(profileId));
        },
      );
      runRef.current = handle;
      setRun({ kind: "running", thread: handle.thread() });
      void handle.ended.then((end) => {
        if (runRef.current !== handle) return;
        runRef.current = null;
        results.flush();
        if (end.kind === "cancelled") {
          setHeld(true);
          setRun({ kind: "cancelled" });
        } else if (end.kind === "failed") {
          setHeld(true);
          setRun({ kind: "failed", message: end.message });
        } else {
          setRun({ kind: "idle" });
          // More may have been added meanwhile: look again.
          setRunEnded((n) => n + 1);
        }
      });
    }, 0);
    return () => clearTimeout(timer);
  }, [inputs, ready, held, runEnded, results]);

  useEffect(() => () => runRef.current?.cancel(), []);

  const cancelRun = () => {
    const handle = runRef.current;
    handle?.cancel();
  };
  const resumeRun = () => {
    results.clearFailures();
    setRun({ kind: "idle" });
    setHeld(false);
  };

  /** Stops and forgets the run and every result (the inputs are about to be replaced). */
  const reset = useCallback(() => {
    runRef.current?.cancel();
    runRef.current = null;
    results.clear();
    setRun({ kind: "idle" });
    setHeld(false);
  }, [results]);

  return { inputs, inputsRef, results, snapshot, run, commit, reset, cancelRun, resumeRun };
}
