import { runReview } from "./workspace-review";
import type { SessionSeed } from "./session-seed";
import { type ClientProfile, ENGINE_VERSION } from "@/lib/negotiation";
import { RECONSTRUCTION_LABELS } from "@/lib/negotiation/explain";
import type { SnapshotLinkState } from "@/lib/share";
import type { ShareModule } from "./load-share";
import { decisionMapOf } from "./snapshot";

export type Compare = Pick<ShareModule, "compareSnapshot" | "cardDigestHex">;

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
    ...(state.acknowledgements?.length ? { acknowledgements: state.acknowledgements } : {}),
    notice: {
      kind: "snapshot",
      engineThen: state.engineVersion,
      engineNow: ENGINE_VERSION,
      comparison,
      // Said by its profile's name, which only the log explainer's reconstruction uses.
      ...(state.profile.name === RECONSTRUCTION_LABELS.profileName ? { reconstruction: true } : {}),
    },
  };
}

/** A link that could not be read: an empty workspace, never the default example in its place. */
export function seedFromFailedLink(message: string, profile: ClientProfile): SessionSeed {
  return { cardText: "", source: null, profile, context: {}, notice: { kind: "failed", message } };
}
