import { runReview } from "@/components/review/core";
import type { SessionSeed } from "@/components/review/session-seed";
import type { FetchedCardResponse } from "@/components/queries/fetch-card-schema";
import type { ClientProfile } from "@/lib/negotiation/profile";
import { ENGINE_VERSION } from "@/lib/negotiation/version";
import type { LiveLinkState, SnapshotLinkState } from "@/lib/share";
import type { ShareModule } from "./load-share";
import { decisionMapOf } from "./snapshot";

type Compare = Pick<ShareModule, "compareSnapshot" | "digestCardText">;

/**
 * A snapshot link → the workspace it reproduces. The link's decisions are compared with this
 * engine's on the very same bytes, so an engine upgrade that moved a decision is said out loud.
 */
export function seedFromSnapshot(state: SnapshotLinkState, share: Compare): SessionSeed {
  const now = runReview(state.cardText, state.profile, state.context, state.taskClasses);
  // Same card on both sides by construction: only the decisions can differ.
  const comparison = share.compareSnapshot(
    { digest: "same-bytes", ...(state.decisions ? { decisions: state.decisions } : {}) },
    { digest: "same-bytes", decisions: decisionMapOf(now) },
  );
  return {
    cardText: state.cardText,
    source: { kind: "link", cardUrl: state.cardUrl },
    profile: state.profile,
    context: state.context,
    taskClasses: state.taskClasses,
    notice: { kind: "snapshot", engineThen: state.engineVersion, engineNow: ENGINE_VERSION, comparison },
  };
}

/** A live link whose card arrived: review it now and say whether the card and its decisions drifted. */
export function seedFromLive(state: LiveLinkState, fetched: FetchedCardResponse, share: Compare): SessionSeed {
  const now = runReview(fetched.text, state.profile, state.context, state.taskClasses);
  const digestNow = share.digestCardText(fetched.text);
  const then = state.snapshotDigest
    ? {
        digest: state.snapshotDigest,
        comparison: share.compareSnapshot(
          { digest: state.snapshotDigest, ...(state.snapshotDecisions ? { decisions: state.snapshotDecisions } : {}) },
          { digest: digestNow, decisions: decisionMapOf(now) },
        ),
      }
    : undefined;
  return {
    cardText: fetched.text,
    source: { kind: "fetch", card: fetched },
    profile: state.profile,
    context: state.context,
    taskClasses: state.taskClasses,
    notice: {
      kind: "live",
      cardUrl: state.cardUrl,
      engineThen: state.engineVersion,
      engineNow: ENGINE_VERSION,
      digestNow,
      ...(then ? { then } : {}),
    },
  };
}

/** A live link whose fetch failed: its profile and context, no card, and why. */
export function seedFromFailedFetch(state: LiveLinkState, failure: { code: string; message: string }): SessionSeed {
  return {
    cardText: "",
    source: null,
    profile: state.profile,
    context: state.context,
    taskClasses: state.taskClasses,
    notice: { kind: "fetchFailed", cardUrl: state.cardUrl, code: failure.code, message: failure.message },
  };
}

/** A link that could not be read: an empty workspace, never the default example in its place. */
export function seedFromFailedLink(message: string, profile: ClientProfile): SessionSeed {
  return { cardText: "", source: null, profile, context: {}, notice: { kind: "failed", message } };
}
