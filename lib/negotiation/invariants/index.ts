import { completionChannelAvailable } from "./completion-channel-available";
import { inputModes } from "./input-modes";
import { outputModes } from "./output-modes";
import { requiredExtensions } from "./required-extensions";
import { securitySatisfiable } from "./security-satisfiable";
import { liveInputNeedsStreaming } from "./live-input-needs-streaming";
import { pushCallbackMtls } from "./push-callback-mtls";
import { resubscribeOnlyOutput } from "./resubscribe-only-output";
import { sharedTransport } from "./shared-transport";
import { signedCard } from "./signed-card";
import { streamChannelAvailable } from "./stream-channel-available";
import { INVARIANT_IDS, type Invariant, type InvariantId } from "./types";

/**
 * The registry: one entry per id of INVARIANT_IDS, typed by it, so adding an id without its
 * invariant (or the reverse) does not compile. Each invariant lives in its own folder
 * (invariants/<id>/: index.ts with meta, messages, fixes and check; page.ts with its rule page;
 * <id>.test.ts with its table test).
 */
const REGISTRY: { readonly [K in InvariantId]: Invariant } = {
  "live-input-needs-streaming": liveInputNeedsStreaming,
  "push-callback-mtls": pushCallbackMtls,
  "resubscribe-only-output": resubscribeOnlyOutput,
  "shared-transport": sharedTransport,
  "required-extensions": requiredExtensions,
  "security-satisfiable": securitySatisfiable,
  "input-modes": inputModes,
  "output-modes": outputModes,
  "stream-channel-available": streamChannelAvailable,
  "completion-channel-available": completionChannelAvailable,
  "signed-card": signedCard,
};

/** Every invariant, in INVARIANT_IDS order: the order findings are reported and matrix columns shown. */
export const INVARIANTS: readonly Invariant[] = INVARIANT_IDS.map((id) => REGISTRY[id]);

/** The invariant with this id, or undefined for an unknown id (e.g. from a newer engine's record). */
export function getInvariant(id: string): Invariant | undefined {
  return isInvariantId(id) ? REGISTRY[id] : undefined;
}

export function isInvariantId(id: string): id is InvariantId {
  return Object.prototype.hasOwnProperty.call(REGISTRY, id);
}

export { INVARIANT_IDS, docsPath, specHref } from "./types";
export type { CheckInput, CutCause, EvidenceRef, Finding, FindingStatus, Invariant, InvariantId, InvariantMeta } from "./types";
