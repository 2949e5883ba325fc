import { cardRef, makeFinding, notConcerned, profileRef } from "./finding";
import type { EvidenceRef, Invariant, InvariantMeta } from "./types";

/**
 * Parley's own invariant: a task class that learns of completion later needs at least one
 * notification channel, push (the card offers it and the client listens) or polling (the client
 * polls tasks/get). Whether a push channel actually survives mTLS is push-callback-mtls's business;
 * here push only counts as offered and listened for.
 *
 * Path model: when violated, the finding cuts `completion/polling`: polling is the channel every A2A
 * server offers, and it is closed because the client does not poll, while push is not available
 * either. `decide` treats that cut as the only completion path gone (a required path).
 */
type MessageId =
  | "notConcerned"
  | "channelsAvailable"
  | "pollingUnknown"
  | "callbackUnknown"
  | "noChannelPushNotOffered"
  | "noChannelNoListener";

const meta: InvariantMeta<MessageId> = {
  id: "completion-channel-available",
  title: "Completion channel available",
  shortTitle: "Completion",
  description: "Refuse notification-completed task classes when the client can neither receive push nor poll",
  specRef: "docs/rule.md#completion-channel",
  cardFields: ["/capabilities/pushNotifications"],
  profileFields: ["/canPoll", "/callback/supported"],
  concerns: (taskClass) => taskClass.completion === "notification",
  messages: {
    notConcerned: "{{taskClass}} does not wait for a completion notification, so notification channels do not concern it.",
    channelsAvailable: "The client can learn of completion by {{channels}}.",
    pollingUnknown:
      "Push is not available to this client and the profile does not say whether it can poll: declare canPoll to evaluate this.",
    callbackUnknown:
      "The client does not poll and the profile does not say whether it runs a callback listener for the push the card offers: declare callback.supported to evaluate this.",
    noChannelPushNotOffered:
      "The card offers no push notifications and the client does not poll (canPoll is false): the client can never learn that the task completed.",
    noChannelNoListener:
      "The card offers push but the client runs no callback listener, and the client does not poll (canPoll is false): the client can never learn that the task completed.",
  },
};

export const completionChannelAvailable: Invariant<MessageId> = {
  meta,
  check({ card, profile, taskClass }) {
    if (!meta.concerns(taskClass)) return notConcerned(meta, taskClass, "notConcerned");
    const pushOffered = card.pushNotifications.value.supported;
    const listens = profile.callback?.supported;
    const evidence: EvidenceRef[] = [
      cardRef(card.pushNotifications.pointer, pushOffered),
      profileRef("/callback/supported", listens),
      profileRef("/canPoll", profile.canPoll),
    ];
    const channels: string[] = [];
    if (pushOffered && listens === true) channels.push("push");
    if (profile.canPoll === true) channels.push("polling");
    if (channels.length > 0) return makeFinding(meta, taskClass, "holds", "channelsAvailable", { channels }, evidence);

    // Not-evaluated before violated: an unknown field is never read as "cannot" (DESIGN point 8).
    if (profile.canPoll === undefined) {
      const missing = pushOffered && listens === undefined ? ["/canPoll", "/callback/supported"] : ["/canPoll"];
      return makeFinding(meta, taskClass, "not-evaluated", "pollingUnknown", {}, evidence, { missing });
    }
    if (pushOffered && listens === undefined) {
      return makeFinding(meta, taskClass, "not-evaluated", "callbackUnknown", {}, evidence, {
        missing: ["/callback/supported"],
      });
    }
    const cuts = { kind: "completion", channel: "polling" } as const;
    const messageId = pushOffered ? "noChannelNoListener" : "noChannelPushNotOffered";
    return makeFinding(meta, taskClass, "violated", messageId, { channels: [] }, evidence, { cuts });
  },
};
