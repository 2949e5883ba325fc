import { NORTHWIND, type ClientProfile } from "../../profile";
import { testInvariant } from "../rule-tester";
import { omitFields } from "../test-helpers";
import { makeCard, push } from "../test-card";
import { completionChannelAvailable as inv } from "./index";

const POLLING = { kind: "completion", channel: "polling" } as const;
const PUSH = { kind: "completion", channel: "push" } as const;
const pushOnly = { completion: "push" } as const;
const pollingOnly = { completion: "polling" } as const;
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
    { name: "push-only class: push offered and listened for, though the client cannot poll", card: pushCard, profile: cannotPoll, classFields: pushOnly, messageId: "channelsAvailable", data: { channels: ["push"] } },
    { name: "polling-only class: the client polls; push is not counted", card: pushCard, classFields: pollingOnly, messageId: "channelsAvailable", data: { channels: ["polling"] }, evidence: { profile: ["/canPoll"] } },
  ],
  invalid: [
    { name: "no push offered, client cannot poll", profile: cannotPoll, messageId: "noChannelPushNotOffered", cuts: POLLING, cause: { acquirable: [], cardClaim: "capabilities" } },
    { name: "no push offered, no listener either: the card's claim is not what cuts it", profile: { ...cannotPoll, callback: { supported: false } }, messageId: "noChannelPushNotOffered", cuts: POLLING, cause: { acquirable: [], cardClaim: undefined } },
    { name: "push offered, no listener, cannot poll", card: pushCard, profile: { ...cannotPoll, callback: { supported: false } }, messageId: "noChannelNoListener", cuts: POLLING, cause: { acquirable: [], cardClaim: undefined } },
    { name: "push-only class, the card offers no push (polling does not help)", classFields: pushOnly, messageId: "pushOnlyNotOffered", cuts: PUSH, cause: { acquirable: [], cardClaim: "capabilities" } },
    { name: "push-only class, the client runs no listener", card: pushCard, profile: { ...NORTHWIND, callback: { supported: false } }, classFields: pushOnly, messageId: "pushOnlyNoListener", cuts: PUSH, cause: { acquirable: [] } },
    { name: "polling-only class, the client does not poll (push offered and listened for)", card: pushCard, profile: cannotPoll, classFields: pollingOnly, messageId: "pollingOnlyNoPolling", cuts: POLLING },
  ],
  unknown: [
    { name: "canPoll left out, no push", profile: pollUnknown, messageId: "pollingUnknown", missing: ["/canPoll"], atStake: POLLING },
    { name: "canPoll and the listener left out, push offered", card: pushCard, profile: { ...pollUnknown, callback: {} }, messageId: "pollingUnknown", missing: ["/canPoll", "/callback/supported"] },
    { name: "listener left out, cannot poll, push offered", card: pushCard, profile: { ...cannotPoll, callback: {} }, messageId: "callbackUnknown", missing: ["/callback/supported"] },
    { name: "push-only class, listener left out", card: pushCard, profile: { ...NORTHWIND, callback: {} }, classFields: pushOnly, messageId: "pushOnlyListenerUnknown", missing: ["/callback/supported"], atStake: PUSH },
    { name: "polling-only class, canPoll left out", classFields: pollingOnly, profile: pollUnknown, messageId: "pollingOnlyUnknown", missing: ["/canPoll"], atStake: POLLING },
  ],
});
