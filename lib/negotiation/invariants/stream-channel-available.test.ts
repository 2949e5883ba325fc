import { describe, expect, it } from "vitest";
import { NORTHWIND } from "../profile";
import { streamChannelAvailable as inv } from "./stream-channel-available";
import { makeCard, streaming } from "./test-card";
import { runCheck } from "./test-helpers";

describe("stream-channel-available", () => {
  const cases = [
    { name: "both stream", card: true, client: true, status: "holds", messageId: "bothStream" },
    { name: "card does not stream", card: false, client: true, status: "violated", messageId: "cardDoesNotStream" },
    { name: "client cannot consume streams", card: true, client: false, status: "violated", messageId: "clientDoesNotStream" },
    { name: "neither streams", card: false, client: false, status: "violated", messageId: "neitherStreams" },
    { name: "client streaming unknown", card: true, client: undefined, status: "not-evaluated", messageId: "clientStreamingUnknown" },
    { name: "card off, client unknown: the card alone cuts it", card: false, client: undefined, status: "violated", messageId: "cardDoesNotStream" },
  ] as const;

  it.each(cases)("$name → $status ($messageId)", (c) => {
    const f = runCheck(inv, makeCard({ streaming: streaming(c.card) }), { ...NORTHWIND, streaming: c.client }, "streaming-output");
    expect(f.status).toBe(c.status);
    expect(f.messageId).toBe(c.messageId);
    expect(f.cuts).toEqual(c.status === "violated" ? { kind: "completion", channel: "stream" } : undefined);
    expect(f.missing).toEqual(c.status === "not-evaluated" ? ["/streaming"] : undefined);
  });

  it.each(["request-response", "live-input", "async-completion", "fire-and-forget"])("does not concern %s", (id) => {
    expect(runCheck(inv, makeCard(), NORTHWIND, id).status).toBe("not-applicable");
  });
});
