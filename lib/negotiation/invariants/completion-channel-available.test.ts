import { describe, expect, it } from "vitest";
import { NORTHWIND, type ClientProfile } from "../profile";
import { completionChannelAvailable as inv } from "./completion-channel-available";
import { makeCard, push } from "./test-card";
import { runCheck } from "./test-helpers";

const withPush = makeCard({ pushNotifications: push(true) });
const noPush = makeCard();
const p = (canPoll: boolean | undefined, supported: boolean | undefined): ClientProfile => ({
  ...NORTHWIND,
  canPoll,
  callback: supported === undefined ? undefined : { supported },
});

describe("completion-channel-available", () => {
  const cases = [
    { name: "no push offered, client polls (point 11: plain holds)", card: noPush, profile: p(true, true), status: "holds", channels: ["polling"] },
    { name: "push offered and listened for, no polling", card: withPush, profile: p(false, true), status: "holds", channels: ["push"] },
    { name: "both channels", card: withPush, profile: p(true, true), status: "holds", channels: ["push", "polling"] },
    { name: "no push offered, client cannot poll", card: noPush, profile: p(false, true), status: "violated", messageId: "noChannelPushNotOffered" },
    { name: "push offered, no listener, cannot poll", card: withPush, profile: p(false, false), status: "violated", messageId: "noChannelNoListener" },
    { name: "canPoll unknown, no push offered", card: noPush, profile: p(undefined, true), status: "not-evaluated", messageId: "pollingUnknown", missing: ["/canPoll"] },
    { name: "canPoll and listener unknown, push offered", card: withPush, profile: p(undefined, undefined), status: "not-evaluated", messageId: "pollingUnknown", missing: ["/canPoll", "/callback/supported"] },
    { name: "cannot poll, listener unknown, push offered", card: withPush, profile: p(false, undefined), status: "not-evaluated", messageId: "callbackUnknown", missing: ["/callback/supported"] },
  ] as const;

  it.each(cases)("$name → $status", (c) => {
    const f = runCheck(inv, c.card, c.profile, "async-completion");
    expect(f.status).toBe(c.status);
    if ("channels" in c) expect(f.data.channels).toEqual(c.channels);
    if ("messageId" in c) expect(f.messageId).toBe(c.messageId);
    expect(f.missing).toEqual("missing" in c ? c.missing : undefined);
    expect(f.cuts).toEqual(c.status === "violated" ? { kind: "completion", channel: "polling" } : undefined);
  });

  it.each(["request-response", "live-input", "fire-and-forget", "streaming-output"])("does not concern %s", (id) => {
    expect(runCheck(inv, noPush, p(false, false), id).status).toBe("not-applicable");
  });
});
