import { NORTHWIND, type ClientProfile } from "../../profile";
import { testInvariant } from "../rule-tester";
import { omitFields } from "../test-helpers";
import { makeCard, push } from "../test-card";
import { completionChannelAvailable as inv } from "./index";

const POLLING = { kind: "completion", channel: "polling" } as const;
const pushCard = makeCard({ pushNotifications: push(true) });
const cannotPoll: ClientProfile = { ...NORTHWIND, canPoll: false };
const pollUnknown = omitFields(NORTHWIND, "canPoll");

testInvariant(inv, {
  taskClass: "async-completion",
  valid: [
    { name: "client polls", messageId: "channelsAvailable", data: { channels: ["polling"] } },
    { name: "push offered and listened for, client cannot poll", card: pushCard, profile: cannotPoll, messageId: "channelsAvailable", data: { channels: ["push"] } },
    { name: "both channels", card: pushCard, messageId: "channelsAvailable", data: { channels: ["push", "polling"] } },
    { name: "does not concern fire-and-forget", taskClass: "fire-and-forget", status: "not-applicable", messageId: "notConcerned" },
  ],
  invalid: [
    { name: "no push offered, client cannot poll", profile: cannotPoll, messageId: "noChannelPushNotOffered", cuts: POLLING, cause: { acquirable: [], cardClaim: "capabilities" } },
    { name: "no push offered, no listener either: the card's claim is not what cuts it", profile: { ...cannotPoll, callback: { supported: false } }, messageId: "noChannelPushNotOffered", cuts: POLLING, cause: { acquirable: [], cardClaim: undefined } },
    { name: "push offered, no listener, cannot poll", card: pushCard, profile: { ...cannotPoll, callback: { supported: false } }, messageId: "noChannelNoListener", cuts: POLLING, cause: { acquirable: [], cardClaim: undefined } },
  ],
  unknown: [
    { name: "canPoll left out, no push", profile: pollUnknown, messageId: "pollingUnknown", missing: ["/canPoll"], atStake: POLLING },
    { name: "canPoll and the listener left out, push offered", card: pushCard, profile: { ...pollUnknown, callback: {} }, messageId: "pollingUnknown", missing: ["/canPoll", "/callback/supported"] },
    { name: "listener left out, cannot poll, push offered", card: pushCard, profile: { ...cannotPoll, callback: {} }, messageId: "callbackUnknown", missing: ["/callback/supported"] },
  ],
});
