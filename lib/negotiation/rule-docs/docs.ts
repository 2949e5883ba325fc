import type { InvariantId } from "../invariants/types";
import { page as liveInputNeedsStreaming } from "../invariants/live-input-needs-streaming/page";
import { page as pushCallbackMtls } from "../invariants/push-callback-mtls/page";
import { page as resubscribeOnlyOutput } from "../invariants/resubscribe-only-output/page";
import { page as sharedTransport } from "../invariants/shared-transport/page";
import { page as streamChannelAvailable } from "../invariants/stream-channel-available/page";
import { page as completionChannelAvailable } from "../invariants/completion-channel-available/page";
import { page as inputModes } from "../invariants/input-modes/page";
import { page as outputModes } from "../invariants/output-modes/page";
import { page as requiredExtensions } from "../invariants/required-extensions/page";
import { page as securitySatisfiable } from "../invariants/security-satisfiable/page";
import { page as signedCard } from "../invariants/signed-card/page";
import type { RuleDoc } from "../invariants/page-types";

/**
 * Every invariant's rule page, kept in the invariant's own folder (page.ts beside its check) and
 * gathered here apart from the registry, so the workspace bundle never carries page examples.
 * Typed by InvariantId: an invariant without a page does not compile.
 */
export const RULE_DOCS: Record<InvariantId, RuleDoc> = {
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

export { NORTHWIND_AUDIO_OUT, NORTHWIND_NO_POLLING } from "../examples/rule-page-profiles";
