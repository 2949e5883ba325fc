import type { ReviewContext } from "../context";
import type { EvidenceRef } from "../invariants/types";
import type { ClientProfile } from "../profile";
import type { ConditionId, RuleDoc } from "../invariants/page-types";

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
  /** What the rule says about the condition, in Parley's words (docs/rule.md has the whole of it). */
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
    ruleText: "A client that can acquire capabilities at negotiation time is outside the rule's fixed-profile condition: the decision waits.",
    apply: (doc) => changeProfile(doc, { fixed: false }, [["/fixed", false]]),
  },
  "honored-extension": {
    id: "honored-extension",
    title: "Honored vendor extension",
    ruleText:
      "A card that contradicts itself, from a server known to honor an extension that resolves the contradiction, is neither accepted nor refused: negotiate out of band.",
    apply: (doc) => changeContext(doc, { honoredExtensions: [{ uri: doc.extensionUri, resolves: [doc.id] }] }),
  },
  "out-of-band-exchange": {
    id: "out-of-band-exchange",
    title: "Out-of-band capability exchange",
    ruleText: "When capabilities were also exchanged outside the card, the card is not the only discovery channel, so its claim alone does not bind.",
    apply: (doc) => changeContext(doc, { outOfBandCapabilityExchange: true }),
  },
  "prior-task-history": {
    id: "prior-task-history",
    title: "Prior task history",
    ruleText: "When the client has completed tasks with this server before, that history is a discovery channel too, so the card's claim alone does not bind.",
    apply: (doc) => changeContext(doc, { priorTaskHistory: true }),
  },
  "stale-card": {
    id: "stale-card",
    title: "Stale card, known-good server",
    ruleText: "When the server is known to work and its card is known to be out of date, the card is what is wrong: refuse the card, not the server.",
    apply: (doc) => changeContext(doc, { cardKnownStale: true, serverKnownGood: true }),
  },
  "fire-and-forget": {
    id: "fire-and-forget",
    title: "Fire-and-forget task",
    ruleText: "A send that waits for no notification never depends on push callbacks, so the push invariant does not bind.",
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
      "A push config the client could not receive is not registered; the client learns of completion by polling instead and records the degradation.",
    apply: (doc) => changeProfile(doc, { canPoll: true }, [["/canPoll", true]]),
  },
  "client-buffers": {
    id: "client-buffers",
    title: "Client buffers the live mode",
    ruleText: "A client that can collect the live mode whole and send it as one message is not stuck on a non-streaming card.",
    apply: (doc) =>
      changeProfile(doc, { bufferableInputModes: [...(doc.failing.profile.bufferableInputModes ?? []), ...LIVE_MODES] }, [
        ["/bufferableInputModes", LIVE_MODES],
      ]),
  },
  "client-configurable-mtls": {
    id: "client-configurable-mtls",
    title: "Client can turn on mTLS",
    ruleText: "A mismatch the client can fix itself, by turning mTLS on for its listener, is not a violation.",
    apply: (doc) =>
      changeProfile(doc, { callback: { ...doc.failing.profile.callback, mtlsConfigurable: true } }, [
        ["/callback/mtlsConfigurable", true],
      ]),
  },
  "documented-fallback": {
    id: "documented-fallback",
    title: "Documented fallback",
    ruleText:
      "An output the card makes look unreachable is fine when the server documents another route to it that the card leaves out.",
    apply: (doc) => changeContext(doc, { documentedFallbackOutputModes: ["audio/pcm"] }),
  },
};
