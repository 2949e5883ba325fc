import { resolveRuleDefaults } from "../profile";
import { collectCardModes } from "./card-modes";
import { cardRef, makeFinding, notConcerned, profileRef } from "./finding";
import { listHas } from "./modes";
import type { EvidenceRef, Invariant, InvariantMeta } from "./types";

/**
 * Rule invariant 1: a card that does not stream cannot consume an input mode the client has only
 * live (chunk by chunk), unless the client buffers that mode whole itself (the rule's exception).
 */
type MessageId = "notConcerned" | "cardStreams" | "noLiveOnlyModes" | "clientBuffers" | "liveOnlyModesUnservable";

const meta: InvariantMeta<MessageId> = {
  id: "live-input-needs-streaming",
  title: "Live input needs streaming",
  shortTitle: "Live input",
  description: "Refuse live-only input modes on a card that does not stream, unless the client buffers them",
  specRef: "docs/rule.md#invariant-1-live-input-on-a-card-that-does-not-stream",
  cardFields: ["/capabilities/streaming", "/defaultInputModes", "/skills/*/inputModes"],
  profileFields: ["/liveOnlyInputModes", "/bufferableInputModes"],
  concerns: (taskClass) => taskClass.input === "live",
  messages: {
    notConcerned: "{{taskClass}} sends its input whole, so live-only input modes do not concern it.",
    cardStreams: "The card streams (capabilities.streaming is true), so live input can be sent chunk by chunk.",
    noLiveOnlyModes: "None of the card's input modes is one the client has only live, so no input needs streaming.",
    clientBuffers:
      "The card does not stream, but the client buffers {{modes}} whole before sending, so the rule does not bind.",
    liveOnlyModesUnservable:
      "The card accepts {{modes}} as input but does not stream (capabilities.streaming is false), and the client has {{modes}} only live and cannot buffer it: the input path is unreachable.",
  },
};

export const liveInputNeedsStreaming: Invariant<MessageId> = {
  meta,
  check({ card, profile, taskClass }) {
    if (!meta.concerns(taskClass)) return notConcerned(meta, taskClass, "notConcerned");
    const streamingRef = cardRef(card.streaming.pointer, card.streaming.value);
    if (card.streaming.value) return makeFinding(meta, taskClass, "holds", "cardStreams", {}, [streamingRef]);

    const { liveOnlyInputModes: liveOnly, bufferableInputModes: bufferable } = resolveRuleDefaults(profile);
    const unservable: string[] = [];
    const buffered: string[] = [];
    const evidence: EvidenceRef[] = [streamingRef];
    // Only walk the card's modes when the client has live-only modes at all: the common case is free.
    if (liveOnly.length > 0) {
      for (const declared of collectCardModes(card, "input")) {
        if (!listHas(liveOnly, declared.mode)) continue;
        evidence.push(cardRef(declared.pointer, declared.mode));
        (listHas(bufferable, declared.mode) ? buffered : unservable).push(declared.mode);
      }
    }
    evidence.push(profileRef("/liveOnlyInputModes", profile.liveOnlyInputModes));
    if (unservable.length > 0) {
      evidence.push(profileRef("/bufferableInputModes", profile.bufferableInputModes));
      return makeFinding(meta, taskClass, "violated", "liveOnlyModesUnservable", { modes: unservable }, evidence, {
        cuts: { kind: "input", modes: unservable },
      });
    }
    if (buffered.length > 0) {
      evidence.push(profileRef("/bufferableInputModes", profile.bufferableInputModes));
      return makeFinding(meta, taskClass, "holds", "clientBuffers", { modes: buffered }, evidence, {
        exception: "client-buffers",
      });
    }
    return makeFinding(meta, taskClass, "holds", "noLiveOnlyModes", {}, evidence);
  },
};
