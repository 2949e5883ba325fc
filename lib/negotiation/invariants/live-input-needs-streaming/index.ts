import { targetedModes } from "../card-modes";
import { classModesRef, clientInput } from "../class-modes";
import { cardRef, locatedRef, cutFinding, makeFinding, notConcerned, profileRef, unknownFinding } from "../finding";
import { listHas, moreSpecific, rangesOverlap } from "../../card/media-types";
import type { EvidenceRef, Invariant, InvariantMeta } from "../types";

/**
 * The rule's first invariant: a card that does not stream cannot take an input mode the client has
 * only live, unless the client buffers that mode whole itself (the rule's exception). Live-only and
 * bufferable modes left out of the profile are unknown, not empty: the finding is not evaluated.
 */
type MessageId =
  | "notConcerned"
  | "cardStreams"
  | "liveOnlyUnknown"
  | "noLiveOnlyModes"
  | "bufferingUnknown"
  | "clientBuffers"
  | "liveOnlyModesUnservable";

const meta: InvariantMeta<MessageId> = {
  id: "live-input-needs-streaming",
  origin: "rule",
  title: "Live input needs streaming",
  shortTitle: "Live input",
  description: "Refuse live-only input modes on a card that does not stream, unless the client buffers them",
  specRef: "docs/rule.md#invariant-1-live-input-on-a-card-that-does-not-stream",
  cardFields: ["/capabilities/streaming", "/defaultInputModes", "/skills/*/inputModes"],
  profileFields: ["/liveOnlyInputModes", "/bufferableInputModes"],
  concerns: (taskClass) => taskClass.input === "live",
  reads: ["input", "skill", "inputModes"],
  messages: {
    notConcerned: "{{taskClass}} sends its input whole, so live-only input modes do not concern it.",
    cardStreams:
      "The card declares streaming (capabilities.streaming is true). A2A streams run from server to client; the rule takes a streaming endpoint as one that keeps a live exchange open, so it does not refuse live input here.",
    liveOnlyUnknown:
      "The card does not stream, and the profile does not say which input modes the client has only live: declare liveOnlyInputModes (an empty list if none) to evaluate this.",
    noLiveOnlyModes: "None of the card's input modes is one the client has only live, so no input depends on streaming.",
    bufferingUnknown:
      "The card takes {{modes}} as input but does not stream, and the client has {{modes}} only live; the profile does not say whether it can buffer it whole: declare bufferableInputModes to evaluate this.",
    clientBuffers:
      "The card does not stream, but the client buffers {{modes}} whole before sending, so the rule does not bind.",
    liveOnlyModesUnservable:
      "The card takes {{modes}} as input but does not stream (capabilities.streaming is false), and the client has {{modes}} only live and cannot buffer it: the input path is unreachable.",
  },
  generalFixes: [
      "Profile: list the live mode in bufferableInputModes if the client can buffer it whole before sending.",
      "Card: set capabilities.streaming to true once the server keeps a live exchange open.",
    ],
  fixes: {
    liveOnlyModesUnservable: [
      "Profile: add {{modes}} to bufferableInputModes if the client can buffer it whole before sending (the rule then does not bind).",
      "Card: set capabilities.streaming to true once the server keeps a live exchange open.",
      "Card: stop advertising {{modes}} as an input mode while the endpoint does not stream.",
    ],
    clientBuffers: ["Profile: without {{modes}} in bufferableInputModes, the input path would be cut."],
    liveOnlyUnknown: ["Profile: declare liveOnlyInputModes, the modes the client only has live (e.g. [\"audio/pcm\"] for a microphone, [] for none)."],
    bufferingUnknown: ["Profile: declare bufferableInputModes, the live modes the client can collect whole before sending ([] for none)."],
  },
};

export const liveInputNeedsStreaming: Invariant<MessageId> = {
  meta,
  check({ card, profile, taskClass, scope }) {
    if (!meta.concerns(taskClass)) return notConcerned(meta, taskClass, "notConcerned");
    const streamingRef = locatedRef(card.streaming, card.streaming.value);
    if (card.streaming.value) return makeFinding(meta, taskClass, "holds", "cardStreams", {}, [streamingRef]);

    // Only the modes this class sends can need a stream.
    const client = clientInput(profile, taskClass);
    const { liveOnly, bufferable } = client;
    // Spelled out, not spread into the literal: the class's own list, when it has one, in the middle.
    const classRef = classModesRef(taskClass, "inputModes");
    const liveOnlyRef = profileRef("/liveOnlyInputModes", profile.liveOnlyInputModes);
    const evidence: EvidenceRef[] = classRef ? [streamingRef, classRef, liveOnlyRef] : [streamingRef, liveOnlyRef];
    if (liveOnly === undefined) {
      return unknownFinding(meta, taskClass, "liveOnlyUnknown", {}, evidence, ["/liveOnlyInputModes"], {
        kind: "input",
        modes: [],
      });
    }
    const live: string[] = [];
    const liveRanges = client.liveOnlyRanges;
    for (const declared of targetedModes(scope, card, "input", taskClass.skill).offers) {
      let m = 0;
      while (m < liveRanges.length && !rangesOverlap(declared.range, liveRanges[m]!)) m++;
      if (m === liveRanges.length) continue;
      evidence.push(cardRef(declared.pointer, declared.mode));
      const exchanged = moreSpecific(liveRanges[m]!, declared.range) ? liveOnly[m]! : declared.mode;
      if (!live.includes(exchanged)) live.push(exchanged);
    }
    if (live.length === 0) return makeFinding(meta, taskClass, "holds", "noLiveOnlyModes", {}, evidence);

    evidence.push(profileRef("/bufferableInputModes", profile.bufferableInputModes));
    if (bufferable === undefined) {
      return unknownFinding(meta, taskClass, "bufferingUnknown", { modes: live }, evidence, ["/bufferableInputModes"], {
        kind: "input",
        modes: live,
      });
    }
    const unservable = live.filter((mode) => !listHas(bufferable, mode));
    if (unservable.length === 0) {
      return makeFinding(meta, taskClass, "holds", "clientBuffers", { modes: live }, evidence, { exception: "client-buffers" });
    }
    return cutFinding(meta, taskClass, "liveOnlyModesUnservable", { modes: unservable }, evidence, { kind: "input", modes: unservable }, {
      acquirable: ["buffering"],
      cardClaim: "capabilities",
      contradiction: true,
    });
  },
};
