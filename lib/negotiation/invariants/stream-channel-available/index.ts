import { locatedRef, cutFinding, makeFinding, notConcerned, profileRef, unknownFinding } from "../finding";
import type { Invariant, InvariantMeta } from "../types";

/**
 * A task class that completes over a server stream needs both sides to stream. Which side lacks it
 * decides what can change the cut: a card that does not stream rests on the card's claim (another
 * discovery channel can override it, renegotiation cannot); a client that cannot consume streams
 * can acquire it when it renegotiates, and no other channel changes that; with neither streaming,
 * no single change reopens the path. A client that sends a blocking request when the card does not
 * stream (profile `streamingFallback`, as the SDK clients do) still completes the task: the stream
 * is cut, but as an optional path (decide degrades, results arrive at the end, no resubscription).
 */
type MessageId =
  | "notConcerned"
  | "bothStream"
  | "clientStreamingUnknown"
  | "cardDoesNotStream"
  | "cardDoesNotStreamBlockingFallback"
  | "clientDoesNotStream"
  | "neitherStreams";

const meta: InvariantMeta<MessageId> = {
  id: "stream-channel-available",
  origin: "parley",
  title: "Stream channel available",
  shortTitle: "Stream",
  description: "Refuse stream-completed task classes unless both the card and the client stream",
  specRef: "docs/rule.md#stream-channel",
  cardFields: ["/capabilities/streaming"],
  profileFields: ["/streaming", "/streamingFallback"],
  concerns: (taskClass) => taskClass.completion === "stream",
  reads: ["completion"],
  messages: {
    notConcerned: "{{taskClass}} does not complete over a stream, so the stream channel does not concern it.",
    bothStream: "The card streams and the client consumes server streams, so results can arrive over a stream.",
    clientStreamingUnknown:
      "The card streams, but the profile does not say whether the client consumes server streams: declare streaming to evaluate this.",
    cardDoesNotStream: "The card does not stream (capabilities.streaming is false), so results cannot arrive over a stream.",
    cardDoesNotStreamBlockingFallback:
      "The card does not stream (capabilities.streaming is false), so results cannot arrive over a stream; the client then sends a blocking request instead (streamingFallback), so the task completes with its results at the end and no resubscription.",
    clientDoesNotStream:
      "The client cannot consume server streams (streaming is false in its profile), so results cannot arrive over a stream.",
    neitherStreams: "Neither the card nor the client streams, so results cannot arrive over a stream.",
  },
  generalFixes: ["Card and profile: both must stream for results to arrive over a stream."],
  fixes: {
    cardDoesNotStream: [
      "Card: set capabilities.streaming to true once the server streams.",
      "Profile: set streamingFallback to true if the client sends a blocking request when the card does not stream (the A2A SDK clients do).",
    ],
    cardDoesNotStreamBlockingFallback: ["Card: set capabilities.streaming to true once the server streams, for results as they are produced."],
    clientDoesNotStream: ["Profile: set streaming to true once the client consumes server streams."],
    neitherStreams: [
      "Card: set capabilities.streaming to true once the server streams.",
      "Profile: set streaming to true once the client consumes server streams.",
    ],
    clientStreamingUnknown: ["Profile: declare streaming (true or false)."],
  },
};

const STREAM = { kind: "completion", channel: "stream" } as const;

export const streamChannelAvailable: Invariant<MessageId> = {
  meta,
  check({ card, profile, taskClass }) {
    if (!meta.concerns(taskClass)) return notConcerned(meta, taskClass, "notConcerned");
    const cardStreams = card.streaming.value;
    const evidence = [locatedRef(card.streaming, cardStreams), profileRef("/streaming", profile.streaming)];
    if (!cardStreams) {
      if (profile.streamingFallback === true) {
        evidence.push(profileRef("/streamingFallback", true));
        return cutFinding(meta, taskClass, "cardDoesNotStreamBlockingFallback", { blockingFallback: true }, evidence, STREAM, { acquirable: [], cardClaim: "capabilities" });
      }
      if (profile.streaming === false) {
        return cutFinding(meta, taskClass, "neitherStreams", {}, evidence, STREAM, { acquirable: [] });
      }
      return cutFinding(meta, taskClass, "cardDoesNotStream", {}, evidence, STREAM, { acquirable: [], cardClaim: "capabilities" });
    }
    if (profile.streaming === undefined) {
      return unknownFinding(meta, taskClass, "clientStreamingUnknown", {}, evidence, ["/streaming"], STREAM);
    }
    if (!profile.streaming) {
      return cutFinding(meta, taskClass, "clientDoesNotStream", {}, evidence, STREAM, { acquirable: ["streaming"] });
    }
    return makeFinding(meta, taskClass, "holds", "bothStream", {}, evidence);
  },
};
