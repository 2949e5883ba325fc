"use client";

import { useCallback, useMemo, useState } from "react";
import type { ClientProfile } from "@/lib/negotiation";
import { liveView, staleness, staleSentence, type LiveCheckRun } from "@/components/session/live-observations";
import type { TaskClassSelection } from "@/components/session/workspace-review";

/**
 * The last live check and what it was made on: never stored, never in a link (no credential in
 * it). Its view says whether it still holds for the card, profile and classes on screen.
 */
export function useLiveCheckState(cardText: string, profile: ClientProfile, taskClasses: TaskClassSelection | undefined) {
  const [liveRun, setLiveRun] = useState<LiveCheckRun | null>(null);
  // A value (the same inputs: the same answer), so the view below is remade only when it changes.
  const liveStale = liveRun ? staleness(liveRun, cardText, profile, taskClasses) : null;
  const live = useMemo(() => (liveRun ? liveView(liveRun, liveStale) : null), [liveRun, liveStale]);
  const liveStaleSentence = live ? staleSentence(live) : undefined;
  const clearLive = useCallback(() => setLiveRun(null), []);
  return { liveRun, setLiveRun, clearLive, live, liveStaleSentence };
}
