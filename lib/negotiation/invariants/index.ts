import { completionChannelAvailable } from "./completion-channel-available";
import { liveInputNeedsStreaming } from "./live-input-needs-streaming";
import { pushCallbackMtls } from "./push-callback-mtls";
import { resubscribeOnlyOutput } from "./resubscribe-only-output";
import { sharedTransport } from "./shared-transport";
import { streamChannelAvailable } from "./stream-channel-available";
import type { Invariant, InvariantId } from "./types";

/**
 * Every invariant, in the order findings are reported: the rule's three first, then Parley's own.
 * The registry test keeps this list, INVARIANT_IDS, the files and their tests in step.
 */
export const INVARIANTS: readonly Invariant[] = [
  liveInputNeedsStreaming,
  pushCallbackMtls,
  resubscribeOnlyOutput,
  sharedTransport,
  streamChannelAvailable,
  completionChannelAvailable,
] as Invariant[];

const byId = new Map<string, Invariant>(INVARIANTS.map((inv) => [inv.meta.id, inv]));

/** The invariant with this id, or undefined for an unknown id (e.g. from a newer engine's record). */
export function getInvariant(id: string): Invariant | undefined {
  return byId.get(id);
}

export function isInvariantId(id: string): id is InvariantId {
  return byId.has(id);
}

export { INVARIANT_IDS, docsPath } from "./types";
export type { CheckInput, EvidenceRef, Finding, FindingStatus, Invariant, InvariantId, InvariantMeta } from "./types";
