"use client";

import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { fetchCardQuery } from "@/components/queries/fetch-card";
import { QueryProvider } from "@/components/queries/query-provider";
import { WorkspaceSession } from "./workspace-session";
import type { LiveLinkState } from "@/lib/share";
import { LinkPending, type KeptReview } from "@/components/share/link-pending";
import type { ShareModule } from "@/components/session/load-share";
import { seedFromFailedFetch, seedFromLive } from "@/components/session/open-live-link";

interface LiveLinkSessionProps {
  state: LiveLinkState;
  share: ShareModule;
  onEdit: () => void;
  /** Leave the link: back to the review this browser kept, or the default one. */
  onLeaveLink: () => void;
  kept?: KeptReview;
}

/**
 * A live link: fetch the card as it is now (through the same SSRF-safe route as the fetch form),
 * then review it with the link's profile and context and say what drifted. Mounted once per
 * opening of the link, so opening it again fetches again. Loaded on demand (with react-query)
 * by the workspace, only when a live link is opened.
 */
export function LiveLinkSession(props: LiveLinkSessionProps) {
  return (
    <QueryProvider>
      <LiveLinkFetch {...props} />
    </QueryProvider>
  );
}

function LiveLinkFetch({ state, share, onEdit, onLeaveLink, kept }: LiveLinkSessionProps) {
  const query = useQuery(fetchCardQuery(state.cardUrl));
  const settled = query.isFetchedAfterMount && !query.isFetching;
  const seed = useMemo(() => {
    if (!settled) return undefined;
    if (query.data && query.isSuccess) return seedFromLive(state, query.data, share);
    const error = query.error;
    return seedFromFailedFetch(state, { code: error?.code ?? "internal", message: error?.message ?? "The fetch failed." });
  }, [settled, query.data, query.isSuccess, query.error, state, share]);

  if (!seed) {
    return <LinkPending message={`Fetching the card of this live link from ${state.cardUrl}…`} onCancel={onLeaveLink} kept={kept} />;
  }
  return (
    <WorkspaceSession
      key={query.dataUpdatedAt || `error-${query.errorUpdatedAt}`}
      seed={seed}
      onEdit={onEdit}
      onStartFresh={onLeaveLink}
      kept={kept}
      onRetry={query.isError ? () => void query.refetch() : undefined}
    />
  );
}
