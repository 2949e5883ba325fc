import { runReview } from "./workspace-review";
import type { SessionSeed } from "./session-seed";
import type { FetchedCardResponse } from "@/lib/wire/fetch-card";
import { ENGINE_VERSION } from "@/lib/negotiation";
import type { LiveLinkState } from "@/lib/share";
import type { Compare } from "./open-link";
import { decisionMapOf } from "./snapshot";

// Apart from open-link.ts: only a live link needs these, and it loads on demand (live-link-session).

/** A live link whose card arrived: review it now and say whether the card and its decisions drifted. */
export function seedFromLive(state: LiveLinkState, fetched: FetchedCardResponse, share: Compare): SessionSeed {
  const now = runReview(fetched.text, state.profile, state.context, state.taskClasses);
  const digestNow = share.cardDigestHex(fetched.text);
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
    ...(state.acknowledgements?.length ? { acknowledgements: state.acknowledgements } : {}),
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
    ...(state.acknowledgements?.length ? { acknowledgements: state.acknowledgements } : {}),
    notice: { kind: "fetchFailed", cardUrl: state.cardUrl, code: failure.code, message: failure.message },
  };
}
