"use client";

import { useCallback, useEffect, useMemo, useRef } from "react";
import type { Acknowledgement, ClientProfile, ReviewContext } from "@/lib/negotiation";
import type { RecordSource } from "@/components/explain-panel/decision-record";
import type { CardSource } from "@/components/session/card-source";
import type { MatrixSelection } from "@/components/session/selection";
import type { WorkspaceState } from "@/components/session/snapshot";
import type { TaskClassSelection } from "@/components/session/workspace-review";

/**
 * What the share bar and the decision records read: the workspace as it is at click time (this
 * render's values are the latest committed ones), behind callbacks that never change.
 */
export function useShareState(inputs: {
  cardText: string;
  profile: ClientProfile;
  context: ReviewContext;
  taskClasses: TaskClassSelection | undefined;
  source: CardSource | null;
  selection: MatrixSelection | null;
  acknowledgements: readonly Acknowledgement[];
}) {
  const { cardText, profile, context, taskClasses, source, selection, acknowledgements } = inputs;
  const cardUrl = cardUrlOf(source);
  const latest = useRef<WorkspaceState>({ cardText, profile, context });
  useEffect(() => {
    latest.current = {
      cardText,
      profile,
      context,
      ...(taskClasses ? { taskClasses } : {}),
      ...(cardUrl ? { cardUrl } : {}),
      ...(selection ? { selection } : {}),
      ...(acknowledgements.length ? { acknowledgements } : {}),
    };
  });
  const shareState = useCallback(() => latest.current, []);
  const fetchedFrom = source?.kind === "fetch" ? source.card.requestedUrl : undefined;
  const recordSource = useMemo<RecordSource>(() => ({ workspace: shareState, ...(fetchedFrom ? { fetchedFrom } : {}) }), [shareState, fetchedFrom]);
  return { shareState, recordSource, hasCardUrl: cardUrl !== undefined };
}

/** The URL a live link would refetch: the one the user fetched, or the one a snapshot link or a draft remembered. */
function cardUrlOf(source: CardSource | null): string | undefined {
  if (source?.kind === "fetch") return source.card.requestedUrl;
  if (source?.kind === "link") return source.cardUrl;
  if (source?.kind === "draft" && source.origin?.kind === "url") return source.origin.url;
  return undefined;
}
