"use client";

import { lazy, Suspense, useCallback, useEffect, useMemo, useState, useSyncExternalStore } from "react";
import type { CardSource } from "@/components/session/card-source";
import type { MatrixSelection } from "@/components/session/selection";
import { PENDING_STYLE_ID } from "@/components/share/link-location";
import { LinkPending, type KeptReview } from "@/components/share/link-pending";
import { seedFromFailedLink, seedFromSnapshot } from "@/components/session/open-link";
import { useLinkFragment } from "@/components/share/use-link-fragment";
import type { ClientProfile, Review, ReviewContext } from "@/lib/negotiation";
import { createDraftReader, readStoredDraft, type DraftRead } from "@/components/session/draft";
import { primeReview } from "@/components/session/workspace-review";
import type { SessionSeed } from "@/components/session/session-seed";
import { askedSelection, askedTaskClass, searchWithoutTaskClass } from "@/components/session/task-class-param";
import { WorkspaceSession } from "./workspace-session";

// Only a live link needs it, and it brings react-query: loaded when one is opened.
const LiveLinkSession = lazy(() =>
  import("./live-link-session").then(
    (m) => ({ default: m.LiveLinkSession }),
    () => ({ default: LiveLinkUnavailable }),
  ),
);

function LiveLinkUnavailable({ onLeaveLink, kept }: { onLeaveLink: () => void; kept?: KeptReview }) {
  return (
    <LinkPending
      message="Parley could not load the part of the page that opens live links (the network may be down). Reload the page to try again."
      onCancel={onLeaveLink}
      kept={kept}
    />
  );
}

interface WorkspaceProps {
  initialCard: { text: string; source: CardSource | null };
  initialProfile: ClientProfile;
  initialSelection?: MatrixSelection;
  /** The server saw the cookie that says this browser keeps a draft: show "Restoring…", not the example. */
  draftExpected?: boolean;
  /** The review of the initial card, profile and an empty context, as the server computed it. */
  initialReview?: Review;
}

/**
 * The review workspace. Without a review link in the address it opens on the default example;
 * with one it opens exactly what the link holds, or — when the link cannot be read — an empty
 * workspace that says why (never the default example in its place).
 *
 * The fragment stays in the address bar while the review is the link's (a reload or a copied
 * address reopens it) and is removed, without a history entry, on the first edit: from then on
 * the address would describe a review that is no longer on screen.
 *
 * Without a link, the draft this browser kept (components/session/draft.ts) is restored in place of
 * the example; the draft's "Start fresh" forgets it. Leaving a link (dismissing its banner or
 * cancelling it) never does: it brings the kept draft back, or the example when there is none.
 */
export function Workspace({ initialCard, initialProfile, initialSelection, draftExpected, initialReview }: WorkspaceProps) {
  const { state, startFresh: leaveLink, markEdited } = useLinkFragment();
  // undefined: not read yet (the server render and hydration).
  const [drafts] = useState(() => createDraftReader(initialProfile));
  // The server knows (a cookie) whether there is a draft: when there is none, the client's first
  // reading (null) matches the server's, and hydration needs no second render.
  const draft = useSyncExternalStore(drafts.subscribe, drafts.get, draftExpected ? drafts.getServer : noDraftOnServer);
  const startFresh = useCallback(() => {
    drafts.forget();
    leaveLink();
  }, [drafts, leaveLink]);
  // The review this browser kept stays kept while a link is on screen: leaving the link (dismissing
  // its banner, cancelling it) brings it back, and only the draft's own "Start fresh" forgets it.
  // Read when the link opens: a link opened in this same page (a hashchange) comes after edits
  // the page's first reading does not know about.
  const linkGen = state.phase === "idle" || state.phase === "none" ? undefined : state.gen;
  const kept = useMemo(() => {
    if (linkGen === undefined) return undefined;
    const stored = readStoredDraft(initialProfile);
    return stored ? { savedAt: stored.draft.savedAt } : undefined;
  }, [linkGen, initialProfile]);
  // Back from a link to the plain address (history, in this same page): the kept draft as it is now.
  const backFromLink = state.phase === "none" && state.gen > 0;
  useEffect(() => {
    if (backFromLink) drafts.refresh();
  }, [backFromLink, drafts]);
  const leaveLinkForKept = useCallback(() => {
    drafts.refresh();
    leaveLink();
  }, [drafts, leaveLink]);

  useEffect(() => {
    if (state.phase !== "idle") document.getElementById(PENDING_STYLE_ID)?.remove();
  }, [state.phase]);

  const defaultSeed = useMemo<SessionSeed>(() => {
    const seed: SessionSeed = {
      cardText: initialCard.text,
      source: initialCard.source,
      profile: initialProfile,
      context: EMPTY_CONTEXT,
      offerClients: true,
      ...(initialSelection ? { selection: initialSelection } : {}),
    };
    if (initialReview) primeReview(seed.cardText, seed.profile, seed.context, undefined, initialReview);
    return seed;
  }, [initialCard, initialProfile, initialSelection, initialReview]);

  const linkSeed = useMemo(() => {
    if (state.phase === "failed") return seedFromFailedLink(state.message, initialProfile);
    if (state.phase !== "decoded" || state.link.kind !== "snapshot") return undefined;
    const seed = seedFromSnapshot(state.link.state, state.share);
    // A link that names its task class (the log explainer's, a shared review's) opens on that class's row, or on the cell it names.
    const selection = askedSelection(window.location.search);
    return selection ? { ...seed, selection } : seed;
  }, [state, initialProfile]);
  // Read once, by the link it came with: a link opened later in this page is not about that class.
  const linkRead = state.phase === "decoded" || state.phase === "failed";
  useEffect(() => {
    if (!linkRead || askedTaskClass(location.search) === undefined) return;
    history.replaceState(history.state, "", `${location.pathname}${searchWithoutTaskClass(location.search)}${location.hash}`);
  }, [linkRead]);

  if (state.phase === "decoding") return <LinkPending message="Opening the review link…" onCancel={leaveLinkForKept} kept={kept} />;
  if (state.phase === "decoded" && state.link.kind === "live") {
    return (
      <Suspense fallback={<LinkPending message="Opening the live link…" onCancel={leaveLinkForKept} kept={kept} />}>
        <LiveLinkSession key={`live-${state.gen}`} state={state.link.state} share={state.share} onEdit={markEdited} onLeaveLink={leaveLinkForKept} kept={kept} />
      </Suspense>
    );
  }
  if (linkSeed && (state.phase === "failed" || state.phase === "decoded")) {
    return <WorkspaceSession key={`link-${state.gen}`} seed={linkSeed} onEdit={markEdited} onStartFresh={leaveLinkForKept} kept={kept} />;
  }
  if (state.phase === "none" && draft) {
    return <WorkspaceSession key={`draft-${state.gen}`} seed={seedFromDraft(draft)} onEdit={markEdited} onStartFresh={startFresh} />;
  }
  const restoring = draftExpected === true && draft === undefined;
  return (
    <>
      {state.phase === "idle" && (
        <div data-parley-pending hidden={!restoring}>
          <LinkPending message={restoring ? "Restoring your review from this browser…" : "Opening the review link…"} />
        </div>
      )}
      <div data-parley-default="" hidden={restoring}>
        <WorkspaceSession
          key={`default-${state.phase === "none" ? state.gen : 0}`}
          seed={defaultSeed}
          onEdit={markEdited}
          onStartFresh={startFresh}
        />
      </div>
    </>
  );
}

const noDraftOnServer = (): null => null;

/**
 * One object, whoever builds the default seed: the primed review is found by the identity of its
 * inputs, and development's StrictMode builds the seed twice (a fresh `{}` the second time would
 * miss it, and the hydrating client would render "Reviewing…" where the server rendered the review).
 */
const EMPTY_CONTEXT: ReviewContext = Object.freeze({});

function seedFromDraft({ draft, dropped }: DraftRead): SessionSeed {
  return {
    cardText: draft.cardText,
    source: { kind: "draft", savedAt: draft.savedAt, ...(draft.origin ? { origin: draft.origin } : {}) },
    profile: draft.profile,
    context: draft.context,
    ...(draft.taskClasses ? { taskClasses: draft.taskClasses } : {}),
    ...(draft.selection ? { selection: draft.selection } : {}),
    ...(draft.acknowledgements ? { acknowledgements: draft.acknowledgements } : {}),
    ...(draft.importedConfig ? { importedConfig: draft.importedConfig } : {}),
    draft: { savedAt: draft.savedAt, dropped },
  };
}
