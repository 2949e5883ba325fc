import { NORTHWIND } from "../../profile";
import { testInvariant } from "../rule-tester";
import { omitFields } from "../test-helpers";
import { makeCard, streaming } from "../test-card";
import { streamChannelAvailable as inv } from "./index";

const STREAM = { kind: "completion", channel: "stream" } as const;
const streams = makeCard({ streaming: streaming(true) });
const streamingUnknown = omitFields(NORTHWIND, "streaming");

testInvariant(inv, {
  taskClass: "streaming-output",
  valid: [
    { name: "both stream", card: streams, messageId: "bothStream" },
    { name: "both stream, streamingFallback changes nothing", card: streams, profile: { ...NORTHWIND, streamingFallback: true }, messageId: "bothStream" },
    { name: "does not concern request-response", taskClass: "request-response", status: "not-applicable", messageId: "notConcerned" },
  ],
  invalid: [
    // The card's claim: another channel could override it; the client cannot make the server stream.
    { name: "card does not stream", messageId: "cardDoesNotStream", cuts: STREAM, cause: { acquirable: [], cardClaim: "capabilities" } },
    // The client's own limit: it could acquire stream consumption; no other channel changes it.
    { name: "client cannot consume streams", card: streams, profile: { ...NORTHWIND, streaming: false }, messageId: "clientDoesNotStream", cuts: STREAM, cause: { acquirable: ["streaming"], cardClaim: undefined } },
    // Neither side alone would reopen it: no condition applies.
    { name: "neither streams", profile: { ...NORTHWIND, streaming: false }, messageId: "neitherStreams", cuts: STREAM, cause: { acquirable: [], cardClaim: undefined } },
    // The SDK clients send a blocking request when the card does not stream: the stream is still
    // cut (no results as they are produced), the finding says the client falls back (decide degrades).
    {
      name: "card does not stream, client falls back to a blocking request",
      profile: { ...NORTHWIND, streamingFallback: true },
      messageId: "cardDoesNotStreamBlockingFallback",
      cuts: STREAM,
      data: { blockingFallback: true },
      evidence: { card: ["/capabilities/streaming"], profile: ["/streaming", "/streamingFallback"] },
    },
    { name: "streamingFallback false: the card's cut as before", profile: { ...NORTHWIND, streamingFallback: false }, messageId: "cardDoesNotStream", cuts: STREAM },
  ],
  unknown: [{ name: "client streaming left out", card: streams, profile: streamingUnknown, messageId: "clientStreamingUnknown", missing: ["/streaming"], atStake: STREAM }],
});
