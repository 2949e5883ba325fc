import type { ReviewContext } from "../context";
import type { EvidenceRef } from "../invariants/types";
import type { ClientProfile } from "../profile";
import type { ConditionId, RuleDoc } from "./types";

/** The inputs one row of a rule page's conditions table reviews: the failing example, changed. */
export interface ConditionInputs {
  profile: ClientProfile;
  context: ReviewContext;
  /** The task class the row is about: the page's focus, or fire-and-forget for that condition. */
  taskClass: string;
  /** What was changed, as pointers into the profile or the context ("task class" for a class swap). */
  changes: Array<Omit<EvidenceRef, "source"> & { source: EvidenceRef["source"] | "taskClass" }>;
}

export interface ConditionDef {
  id: ConditionId;
  title: string;
  /** Where the condition comes from: the rule's own words, shortened. */
  ruleText: string;
  apply: (doc: RuleDoc) => ConditionInputs;
}

/** Modes the failing example's focus finding names (read from the card side of the page data). */
const LIVE_MODES = ["audio/pcm"];

function changeProfile(doc: RuleDoc, patch: Partial<ClientProfile>, pointers: Array<[string, unknown]>): ConditionInputs {
  return {
    profile: { ...doc.failing.profile, ...patch },
    context: doc.failing.context,
    taskClass: doc.focusTaskClass,
    changes: pointers.map(([pointer, value]) => ({ source: "profile", pointer, value })),
  };
}

function changeContext(doc: RuleDoc, patch: ReviewContext): ConditionInputs {
  return {
    profile: doc.failing.profile,
    context: { ...doc.failing.context, ...patch },
    taskClass: doc.focusTaskClass,
    changes: Object.entries(patch).map(([key, value]) => ({ source: "context", pointer: `/${key}`, value })),
  };
}

export const CONDITIONS: Record<ConditionId, ConditionDef> = {
  "renegotiable-client": {
    id: "renegotiable-client",
    title: "Renegotiable client",
    ruleText: "If the client can renegotiate its own capabilities, defer the decision.",
    apply: (doc) => changeProfile(doc, { fixed: false }, [["/fixed", false]]),
  },
  "honored-extension": {
    id: "honored-extension",
    title: "Honored vendor extension",
    ruleText:
      "Escalate to out-of-band negotiation when the card is internally contradictory but the server is known to honor a vendor extension that resolves it.",
    apply: (doc) => changeContext(doc, { honoredExtensions: [doc.extensionUri] }),
  },
  "out-of-band-exchange": {
    id: "out-of-band-exchange",
    title: "Out-of-band capability exchange",
    ruleText: "If there is an out-of-band capability exchange, the card-level invariant is not the binding constraint.",
    apply: (doc) => changeContext(doc, { outOfBandCapabilityExchange: true }),
  },
  "prior-task-history": {
    id: "prior-task-history",
    title: "Prior task history",
    ruleText: "If there is prior task history with this server, the card-level invariant is not the binding constraint.",
    apply: (doc) => changeContext(doc, { priorTaskHistory: true }),
  },
  "stale-card": {
    id: "stale-card",
    title: "Stale card, known-good server",
    ruleText: "If the server is known-good and the card is known-stale, reject the card, not the server.",
    apply: (doc) => changeContext(doc, { cardKnownStale: true, serverKnownGood: true }),
  },
  "fire-and-forget": {
    id: "fire-and-forget",
    title: "Fire-and-forget task",
    ruleText: "For fire-and-forget tasks/send with no polling, the push-notification invariant does not bind.",
    apply: (doc) => ({
      profile: doc.failing.profile,
      context: doc.failing.context,
      taskClass: "fire-and-forget",
      changes: [{ source: "taskClass", pointer: "", value: "fire-and-forget" }],
    }),
  },
  "client-polls": {
    id: "client-polls",
    title: "Client can poll",
    ruleText:
      "Refuse to register a pushNotificationConfig the client cannot honor, falling back to polling with an explicit degradation record.",
    apply: (doc) => changeProfile(doc, { canPoll: true }, [["/canPoll", true]]),
  },
  "client-buffers": {
    id: "client-buffers",
    title: "Client buffers the live mode",
    ruleText: "The rule does not hold when the client is itself capable of buffering.",
    apply: (doc) =>
      changeProfile(doc, { bufferableInputModes: [...(doc.failing.profile.bufferableInputModes ?? []), ...LIVE_MODES] }, [
        ["/bufferableInputModes", LIVE_MODES],
      ]),
  },
  "client-configurable-mtls": {
    id: "client-configurable-mtls",
    title: "Client can turn on mTLS",
    ruleText: "The rule does not hold when the security scheme mismatch is resolvable by the client's own configuration.",
    apply: (doc) =>
      changeProfile(doc, { callback: { ...doc.failing.profile.callback, mtlsConfigurable: true } }, [
        ["/callback/mtlsConfigurable", true],
      ]),
  },
  "documented-fallback": {
    id: "documented-fallback",
    title: "Documented fallback",
    ruleText:
      "The rule does not hold when the unreachable output mode is reachable via a documented fallback the card omits but the server supports.",
    apply: (doc) => changeContext(doc, { documentedFallbackOutputModes: ["audio/pcm"] }),
  },
};
