import { cardDigestHex } from "./digest";
import type { LiveLinkState, SnapshotLinkState } from "./schema";

/**
 * The live link for a snapshot: same profile, context, task classes and acknowledgements, the card's URL instead of
 * its bytes, and the snapshot's digest and decisions so the opener can show what moved.
 * Undefined when the snapshot has no URL to fetch from (a pasted card).
 */
export function liveStateFromSnapshot(
  snapshot: SnapshotLinkState,
  cardUrl: string | undefined = snapshot.cardUrl,
): LiveLinkState | undefined {
  if (cardUrl === undefined) return undefined;
  return {
    cardUrl,
    profile: snapshot.profile,
    context: snapshot.context,
    ...(snapshot.taskClasses ? { taskClasses: snapshot.taskClasses } : {}),
    engineVersion: snapshot.engineVersion,
    snapshotDigest: cardDigestHex(snapshot.cardText),
    ...(snapshot.decisions ? { snapshotDecisions: snapshot.decisions } : {}),
    ...(snapshot.acknowledgements?.length ? { acknowledgements: snapshot.acknowledgements } : {}),
  };
}
