import { locatedRef, cutFinding, makeFinding, notConcerned, profileRef, unknownFinding } from "../finding";
import type { EvidenceRef, Invariant, InvariantMeta } from "../types";

/**
 * A task class that learns of completion later needs at least one notification channel: push (the
 * card offers it and the client listens) or polling (the client polls tasks/get). A class that
 * names one channel (`push` or `polling` completion) needs that one. Whether a push
 * channel survives mTLS is push-callback-mtls's business; here push only counts as offered and
 * listened for.
 *
 * Path model: when violated, the finding cuts `completion/polling`: polling is the channel every A2A
 * server offers, closed because the client does not poll, while push is unavailable too. `decide`
 * treats that cut as the only completion path gone (a required path). A card that offers no push
 * rests on the card's claim (another channel may know the server calls back); a client without a
 * listener for offered push is the client's own limit.
 */
type MessageId =
  | "notConcerned"
  | "channelsAvailable"
  | "pollingUnknown"
  | "callbackUnknown"
  | "noChannelPushNotOffered"
  | "noChannelNoListener"
  | "pushOnlyListenerUnknown"
  | "pushOnlyNotOffered"
  | "pushOnlyNoListener"
  | "pollingOnlyUnknown"
  | "pollingOnlyNoPolling";

const meta: InvariantMeta<MessageId> = {
  id: "completion-channel-available",
  origin: "parley",
  title: "Completion channel available",
  shortTitle: "Completion",
  description: "Refuse notification-completed task classes when the client can neither receive push nor poll (or not the one channel a class uses)",
  specRef: "docs/rule.md#completion-channel",
  cardFields: ["/capabilities/pushNotifications"],
  profileFields: ["/canPoll", "/callback/supported"],
  concerns: (taskClass) => LATER.has(taskClass.completion),
  reads: ["completion"],
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
    pushOnlyListenerUnknown:
      "{{taskClass}} learns of completion by push only, and the profile does not say whether the client runs a callback listener: declare callback.supported to evaluate this.",
    pushOnlyNotOffered: "{{taskClass}} learns of completion by push only, and the card offers no push notifications: it can never learn that the task completed.",
    pushOnlyNoListener: "{{taskClass}} learns of completion by push only, and the client runs no callback listener: it can never learn that the task completed.",
    pollingOnlyUnknown: "{{taskClass}} learns of completion by polling only, and the profile does not say whether the client can poll: declare canPoll to evaluate this.",
    pollingOnlyNoPolling: "{{taskClass}} learns of completion by polling only, and the client does not poll (canPoll is false): it can never learn that the task completed.",
  },
  generalFixes: [
      "Profile: set canPoll to true if the client can poll tasks/get, or run a callback listener for the card's push.",
    ],
  fixes: {
    noChannelPushNotOffered: [
      "Profile: set canPoll to true if the client can poll tasks/get.",
      "Card: offer push notifications (capabilities.pushNotifications) if the server can call back.",
    ],
    noChannelNoListener: [
      "Profile: set canPoll to true if the client can poll tasks/get.",
      "Profile: run a callback listener and set callback.supported to true.",
    ],
    pollingUnknown: ["Profile: declare canPoll (true if the client can poll tasks/get)."],
    callbackUnknown: ["Profile: declare callback.supported."],
    pushOnlyListenerUnknown: ["Profile: declare callback.supported."],
    pushOnlyNotOffered: [
      "Card: offer push notifications (capabilities.pushNotifications) if the server can call back.",
      "Task class: learn of completion by push or polling (async-completion) if the client can poll.",
    ],
    pushOnlyNoListener: [
      "Profile: run a callback listener and set callback.supported to true.",
      "Task class: learn of completion by push or polling (async-completion) if the client can poll.",
    ],
    pollingOnlyUnknown: ["Profile: declare canPoll (true if the client can poll tasks/get)."],
    pollingOnlyNoPolling: [
      "Profile: set canPoll to true if the client can poll tasks/get.",
      "Task class: learn of completion by push or polling (async-completion) if the card offers push.",
    ],
  },
};

const POLLING = { kind: "completion", channel: "polling" } as const;
const PUSH = { kind: "completion", channel: "push" } as const;
/** Completions learned of after the send call returns. */
const LATER = new Set(["notification", "push", "polling"]);

export const completionChannelAvailable: Invariant<MessageId> = {
  meta,
  check({ card, profile, taskClass }) {
    if (!meta.concerns(taskClass)) return notConcerned(meta, taskClass, "notConcerned");
    const pushOffered = card.pushNotifications.value.supported;
    const listens = profile.callback?.supported;
    const evidence: EvidenceRef[] = [
      locatedRef(card.pushNotifications, pushOffered),
      profileRef("/callback/supported", listens),
      profileRef("/canPoll", profile.canPoll),
    ];
    if (taskClass.completion === "push") {
      if (!pushOffered) return cutFinding(meta, taskClass, "pushOnlyNotOffered", { channels: [] }, evidence.slice(0, 2), PUSH, { acquirable: [], cardClaim: "capabilities" });
      if (listens === true) return makeFinding(meta, taskClass, "holds", "channelsAvailable", { channels: ["push"] }, evidence.slice(0, 2));
      if (listens === undefined) return unknownFinding(meta, taskClass, "pushOnlyListenerUnknown", {}, evidence.slice(0, 2), ["/callback/supported"], PUSH);
      return cutFinding(meta, taskClass, "pushOnlyNoListener", { channels: [] }, evidence.slice(0, 2), PUSH, { acquirable: [] });
    }
    if (taskClass.completion === "polling") {
      const pollRef = [evidence[2]!];
      if (profile.canPoll === true) return makeFinding(meta, taskClass, "holds", "channelsAvailable", { channels: ["polling"] }, pollRef);
      if (profile.canPoll === undefined) return unknownFinding(meta, taskClass, "pollingOnlyUnknown", {}, pollRef, ["/canPoll"], POLLING);
      return cutFinding(meta, taskClass, "pollingOnlyNoPolling", { channels: [] }, pollRef, POLLING, { acquirable: [] });
    }
    const channels: string[] = [];
    if (pushOffered && listens === true) channels.push("push");
    if (profile.canPoll === true) channels.push("polling");
    if (channels.length > 0) return makeFinding(meta, taskClass, "holds", "channelsAvailable", { channels }, evidence);

    // Not evaluated before violated: an unknown field is never read as "cannot".
    if (profile.canPoll === undefined) {
      const missing = pushOffered && listens === undefined ? ["/canPoll", "/callback/supported"] : ["/canPoll"];
      return unknownFinding(meta, taskClass, "pollingUnknown", {}, evidence, missing, POLLING);
    }
    if (pushOffered && listens === undefined) {
      return unknownFinding(meta, taskClass, "callbackUnknown", {}, evidence, ["/callback/supported"], POLLING);
    }
    if (pushOffered) {
      return cutFinding(meta, taskClass, "noChannelNoListener", { channels: [] }, evidence, POLLING, { acquirable: [] });
    }
    // Only a client that listens would get push if another channel showed the server calls back.
    return cutFinding(
      meta,
      taskClass,
      "noChannelPushNotOffered",
      { channels: [] },
      evidence,
      POLLING,
      listens === false ? { acquirable: [] } : { acquirable: [], cardClaim: "capabilities" },
    );
  },
};
