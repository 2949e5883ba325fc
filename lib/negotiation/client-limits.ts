import type { Finding, InvariantId } from "./invariants/types";
import type { TaskClassDecision } from "./decision-types";
import type { ClientProfile } from "./profile";

/**
 * The client's own limits (DESIGN.md item 13, docs/rule.md "Not for this client"): findings that
 * cut a required path whatever the card says. No card field, however it were written, reopens the
 * path: the client itself cannot perform the task class (no live mode at all, no stream reader,
 * no callback listener for a push-only class, no polling for a polling-only class, none of the
 * class's own modes). A rejection resting on one of them is `target: "client"`: "not for this
 * client", not a rejection of the card or the server.
 *
 * Listed by message id, not read off a finding's cause: a cut with no card claim is not always the
 * client's own (an unsigned card for a client that requires signatures is the card's doing, and a
 * signed card would pass). The table test (client-limits.test.ts) checks every id still exists
 * and that each entry rejects whatever the card says.
 */
export const CLIENT_LIMITS: Readonly<Partial<Record<InvariantId, readonly string[]>>> = {
  // No live mode at all; or none of the class's own modes live / sent: the class asks what the client has not got.
  "input-modes": ["clientHasNoLiveMode", "classModesNotLive", "classModesNotSent"],
  // The client accepts none of the modes the class waits for.
  "output-modes": ["classModesNotAccepted"],
  // The client reads no streams: a stream class cannot complete, whether the card streams or not.
  "stream-channel-available": ["clientDoesNotStream", "neitherStreams"],
  // Push only without a listener, polling only without polling, or a client that neither listens nor polls.
  "completion-channel-available": ["pushOnlyNoListener", "pollingOnlyNoPolling", "noChannelNoListener", "noChannelPushNotOffered"],
};

/**
 * Cuts the invariant words by the card first, that are the client's own all the same when the
 * profile says so: a push-only class to a client that runs no listener is not for it, whether or
 * not the card offers push.
 */
const CLIENT_LIMITS_WHEN: Readonly<Partial<Record<InvariantId, Readonly<Record<string, (profile: ClientProfile) => boolean>>>>> = {
  "completion-channel-available": { pushOnlyNotOffered: (profile) => profile.callback?.supported === false },
};

/**
 * The two tables as maps, for isClientLimit: asked of every rejecting finding, and most invariants
 * have no entry, a key an object literal answers by searching its keys and then Object.prototype's.
 */
const LIMITS = new Map(Object.entries(CLIENT_LIMITS));
const LIMITS_WHEN = new Map(Object.entries(CLIENT_LIMITS_WHEN));

/** Is this violated finding's cut the client's own limit (no card could reopen the path)? */
export function isClientLimit(finding: Pick<Finding, "invariant" | "messageId" | "status" | "cause">, profile: ClientProfile): boolean {
  if (finding.status !== "violated") return false;
  const when = LIMITS_WHEN.get(finding.invariant);
  if (when && Object.hasOwn(when, finding.messageId)) return when[finding.messageId]!(profile);
  // A cut that rests on what the card says is never the client's own (noChannelPushNotOffered to a
  // client whose listener is unknown: were push offered, it might listen).
  if (finding.cause?.cardClaim !== undefined) return false;
  return LIMITS.get(finding.invariant)?.includes(finding.messageId) === true;
}

/** Every (invariant, message id) that can be the client's own limit: for the table test and docs. */
export function clientLimitMessageIds(): Array<{ invariant: InvariantId; messageId: string }> {
  const out: Array<{ invariant: InvariantId; messageId: string }> = [];
  for (const [invariant, ids] of Object.entries(CLIENT_LIMITS)) for (const messageId of ids!) out.push({ invariant: invariant as InvariantId, messageId });
  for (const [invariant, ids] of Object.entries(CLIENT_LIMITS_WHEN)) for (const messageId of Object.keys(ids!)) out.push({ invariant: invariant as InvariantId, messageId });
  return out;
}

/** The invariants of a decision whose findings are the client's own limits (what makes it "not for this client"). */
export function clientLimitRules(decision: Pick<TaskClassDecision, "findings">, profile: ClientProfile): InvariantId[] {
  const out: InvariantId[] = [];
  for (const f of decision.findings) if (isClientLimit(f, profile) && !out.includes(f.invariant)) out.push(f.invariant);
  return out;
}
