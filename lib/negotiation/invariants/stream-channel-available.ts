import { cardRef, makeFinding, notConcerned, profileRef } from "./finding";
import type { Invariant, InvariantMeta } from "./types";

/**
 * Parley's own invariant: a task class that completes over a server stream needs both sides to
 * stream. An unknown client streaming flag is reported, not guessed (DESIGN point 8).
 */
type MessageId = "notConcerned" | "bothStream" | "clientStreamingUnknown" | "cardDoesNotStream" | "clientDoesNotStream" | "neitherStreams";

const meta: InvariantMeta<MessageId> = {
  id: "stream-channel-available",
  title: "Stream channel available",
  shortTitle: "Stream",
  description: "Refuse stream-completed task classes unless both the card and the client stream",
  specRef: "docs/rule.md#stream-channel",
  cardFields: ["/capabilities/streaming"],
  profileFields: ["/streaming"],
  concerns: (taskClass) => taskClass.completion === "stream",
  messages: {
    notConcerned: "{{taskClass}} does not complete over a stream, so the stream channel does not concern it.",
    bothStream: "The card streams and the client consumes streams, so the stream channel is open.",
    clientStreamingUnknown:
      "The card streams, but the profile does not say whether the client consumes streams: declare streaming to evaluate this.",
    cardDoesNotStream:
      "The card does not stream (capabilities.streaming is false), so results cannot arrive over a stream.",
    clientDoesNotStream: "The client cannot consume server streams (streaming is false in its profile), so results cannot arrive over a stream.",
    neitherStreams: "Neither the card nor the client streams, so results cannot arrive over a stream.",
  },
};

export const streamChannelAvailable: Invariant<MessageId> = {
  meta,
  check({ card, profile, taskClass }) {
    if (!meta.concerns(taskClass)) return notConcerned(meta, taskClass, "notConcerned");
    const cardStreams = card.streaming.value;
    const evidence = [cardRef(card.streaming.pointer, cardStreams), profileRef("/streaming", profile.streaming)];
    const cuts = { kind: "completion", channel: "stream" } as const;
    if (!cardStreams) {
      const messageId = profile.streaming === false ? "neitherStreams" : "cardDoesNotStream";
      return makeFinding(meta, taskClass, "violated", messageId, {}, evidence, { cuts });
    }
    if (profile.streaming === undefined) {
      return makeFinding(meta, taskClass, "not-evaluated", "clientStreamingUnknown", {}, evidence, {
        missing: ["/streaming"],
      });
    }
    if (!profile.streaming) return makeFinding(meta, taskClass, "violated", "clientDoesNotStream", {}, evidence, { cuts });
    return makeFinding(meta, taskClass, "holds", "bothStream", {}, evidence);
  },
};
