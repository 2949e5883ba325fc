import type { NormalizedCard } from "../../card/model";
import { cardRef, locatedRef, cutFinding, makeFinding, notConcerned, profileRef, unknownFinding } from "../finding";
import { originOf, pickInterface } from "../interfaces";
import type { EvidenceRef, FixTemplate, Invariant, InvariantMeta } from "../types";

/**
 * The rule's second invariant: push callbacks the server sends under mutual TLS are silently
 * dropped by a plain HTTPS listener. A scheme requires mTLS by its kind (1.0 `mtlsSecurityScheme`,
 * 0.3/OpenAPI `type: mutualTLS`), never by the words in it. mTLS binds the callbacks when the push
 * scheme the card names requires it or, when the card names none, when every security alternative
 * of the card requires it (the server's posture then covers its outbound calls too). The rule is
 * about a webhook on another origin than the endpoint: a callback URL on the same origin as the
 * interface the client calls is outside it. A listener whose mTLS the profile leaves out is
 * unknown, not plain.
 */
type MessageId =
  | "notConcerned"
  | "fireAndForget"
  | "clientDoesNotUsePush"
  | "pushNotOffered"
  | "pushSchemeUndeclared"
  | "pushSchemeNotMtls"
  | "callbacksNotMtls"
  | "sameOrigin"
  | "clientListenerMtls"
  | "clientCanEnableMtls"
  | "listenerMtlsUnknown"
  | "pushSchemeMtlsPlainListener"
  | "allRequirementsMtlsPlainListener";

const meta: InvariantMeta<MessageId> = {
  id: "push-callback-mtls",
  origin: "rule",
  title: "Push callbacks need a listener that does mTLS",
  shortTitle: "Push mTLS",
  description: "Refuse push callbacks that require mutual TLS when the client's callback listener is plain HTTPS",
  specRef: "docs/rule.md#invariant-2-push-callbacks-behind-mutual-tls",
  cardFields: [
    "/capabilities/pushNotifications",
    "/capabilities/pushNotifications/securityScheme",
    "/securitySchemes",
    "/securityRequirements",
  ],
  profileFields: ["/callback/supported", "/callback/mtls", "/callback/mtlsConfigurable", "/callback/url"],
  concerns: (taskClass) => taskClass.completion === "notification" || taskClass.completion === "push",
  classKey: (taskClass) => taskClass.completion,
  messages: {
    notConcerned: "{{taskClass}} does not wait for a push notification, so push callbacks do not concern it.",
    fireAndForget:
      "{{taskClass}} is fire-and-forget: it waits for no notification, so the push invariant does not bind.",
    clientDoesNotUsePush: "The client runs no callback listener (callback.supported is false), so it does not use push.",
    pushNotOffered: "The card does not offer push notifications, so no callback can be dropped.",
    pushSchemeUndeclared:
      "The card names {{scheme}} for push callbacks but declares no such security scheme, so no mTLS requirement can be read from it.",
    pushSchemeNotMtls: "Push callbacks go out under {{scheme}} (kind {{kind}}), which does not require mutual TLS.",
    callbacksNotMtls: "The card names no push scheme and not every security alternative requires mutual TLS, so callbacks do not need it.",
    sameOrigin:
      "Push callbacks require mutual TLS ({{schemes}}), but the client's callback URL is on the same origin as the interface it calls ({{origin}}); the rule is about a webhook on another origin, so it does not bind.",
    clientListenerMtls: "Push callbacks require mutual TLS ({{schemes}}) and the client's callback listener does mutual TLS.",
    clientCanEnableMtls:
      "Push callbacks require mutual TLS ({{schemes}}); the client's listener is plain HTTPS but the client can turn mTLS on by its own configuration, so the rule does not bind: turn mTLS on before registering a push config.",
    listenerMtlsUnknown:
      "Push callbacks require mutual TLS ({{schemes}}), and the profile does not say whether the client's callback listener does mTLS: declare callback.mtls to evaluate this.",
    pushSchemeMtlsPlainListener:
      "Push callbacks go out under {{schemes}}, which requires mutual TLS, but the client's callback listener is plain HTTPS: every callback would be dropped, so push is unreachable.",
    allRequirementsMtlsPlainListener:
      "Every security alternative of the card requires mutual TLS ({{schemes}}), so push callbacks do too, but the client's callback listener is plain HTTPS: every callback would be dropped, so push is unreachable.",
  },
  generalFixes: [
      "Profile: set callback.mtls (or callback.mtlsConfigurable) to true once the listener can do mutual TLS.",
      "Profile: set canPoll to true: a class completed by notification then falls back to polling instead of rejecting (a push-only class does not).",
      "Card: name a push security scheme that does not require mutual TLS.",
    ],
  fixes: {
    pushSchemeMtlsPlainListener: pushFixes(),
    allRequirementsMtlsPlainListener: pushFixes(),
    clientCanEnableMtls: [
      "Client: turn mTLS on for the callback listener before registering a push config; without callback.mtlsConfigurable, push would be cut.",
    ],
    listenerMtlsUnknown: ["Profile: declare callback.mtls (true if the callback listener terminates mutual TLS, false if it is plain HTTPS)."],
    sameOrigin: ["Profile: with a callback URL on another origin than {{origin}}, the rule would bind."],
  },
};

function pushFixes(): FixTemplate[] {
  return [
    "Profile: set callback.mtls to true once the listener terminates mutual TLS, or callback.mtlsConfigurable to true if the client can turn it on itself.",
    {
      text: "Profile: set canPoll to true if the client can poll: {{taskClass}} then falls back to polling instead of rejecting.",
      unless: "pollingFallbackMoot",
    },
    "Card: name a push security scheme that does not require mutual TLS (capabilities.pushNotifications.securityScheme).",
  ];
}

interface MtlsDemand {
  via: "pushScheme" | "allRequirements";
  schemes: string[];
  evidence: EvidenceRef[];
}

type SchemeReading =
  | MtlsDemand
  | { none: "pushSchemeUndeclared" | "pushSchemeNotMtls" | "callbacksNotMtls"; kind?: string; evidence: EvidenceRef[] };

const requiresMtls = (kind: string) => kind === "mutualTLS";

/** Reads whether the card's callbacks require mTLS, and why. */
function readCallbackSecurity(card: NormalizedCard): SchemeReading {
  const named = card.pushNotifications.value.securityScheme;
  if (named) {
    const ref = cardRef(named.pointer, named.value);
    const scheme = card.securitySchemes.find((s) => s.name === named.value);
    if (!scheme) return { none: "pushSchemeUndeclared", evidence: [ref] };
    const evidence = [ref, cardRef(scheme.pointer, scheme.kind)];
    if (!requiresMtls(scheme.kind)) return { none: "pushSchemeNotMtls", kind: scheme.kind, evidence };
    return { via: "pushScheme", schemes: [scheme.name], evidence };
  }
  const requirements = card.securityRequirements;
  if (requirements.length === 0) return { none: "callbacksNotMtls", evidence: [] };
  const schemes: string[] = [];
  const evidence: EvidenceRef[] = [];
  for (const requirement of requirements) {
    const mtlsScheme = card.securitySchemes.find((s) => requiresMtls(s.kind) && requirement.schemes.includes(s.name));
    if (!mtlsScheme) return { none: "callbacksNotMtls", evidence: [] };
    if (!schemes.includes(mtlsScheme.name)) {
      schemes.push(mtlsScheme.name);
      evidence.push(cardRef(mtlsScheme.pointer, mtlsScheme.kind));
    }
    evidence.push(cardRef(requirement.pointer, requirement.schemes));
  }
  return { via: "allRequirements", schemes, evidence };
}

const PUSH = { kind: "completion", channel: "push" } as const;

export const pushCallbackMtls: Invariant<MessageId> = {
  meta,
  check({ card, profile, taskClass }) {
    if (taskClass.completion === "none") return notConcerned(meta, taskClass, "fireAndForget");
    if (!meta.concerns(taskClass)) return notConcerned(meta, taskClass, "notConcerned");
    const callback = profile.callback;
    if (callback?.supported === false) {
      return makeFinding(meta, taskClass, "not-applicable", "clientDoesNotUsePush", {}, [profileRef("/callback/supported", false)]);
    }
    const pushRef = locatedRef(card.pushNotifications, card.pushNotifications.value.supported);
    if (!card.pushNotifications.value.supported) {
      return makeFinding(meta, taskClass, "holds", "pushNotOffered", {}, [pushRef]);
    }
    const reading = readCallbackSecurity(card);
    if ("none" in reading) {
      const scheme = card.pushNotifications.value.securityScheme?.value ?? "";
      return makeFinding(meta, taskClass, "holds", reading.none, { scheme, kind: reading.kind ?? "" }, [pushRef, ...reading.evidence]);
    }
    const data = { schemes: reading.schemes, via: reading.via };
    const evidence = [pushRef, ...reading.evidence];

    const target = pickInterface(card, profile) ?? card.interfaces[0];
    const endpointOrigin = target ? originOf(target.url) : undefined;
    const callbackOrigin = callback?.url ? originOf(callback.url) : undefined;
    if (endpointOrigin !== undefined && endpointOrigin === callbackOrigin) {
      evidence.push(cardRef(target!.pointer, target!.url), profileRef("/callback/url", callback?.url));
      return makeFinding(meta, taskClass, "holds", "sameOrigin", { ...data, origin: endpointOrigin }, evidence);
    }

    evidence.push(profileRef("/callback/mtls", callback?.mtls));
    if (callback?.mtls === true) return makeFinding(meta, taskClass, "holds", "clientListenerMtls", data, evidence);
    if (callback?.mtlsConfigurable === true) {
      evidence.push(profileRef("/callback/mtlsConfigurable", true));
      return makeFinding(meta, taskClass, "holds", "clientCanEnableMtls", data, evidence, { exception: "client-configurable" });
    }
    if (callback?.mtls === undefined) {
      const missing = callback?.supported === undefined ? ["/callback/mtls", "/callback/supported"] : ["/callback/mtls"];
      return unknownFinding(meta, taskClass, "listenerMtlsUnknown", data, evidence, missing, PUSH);
    }
    const messageId = reading.via === "pushScheme" ? "pushSchemeMtlsPlainListener" : "allRequirementsMtlsPlainListener";
    // Polling already on, or a class that learns of completion by push only: setting canPoll to
    // true would change nothing, so it is not offered as a change.
    const pollingFallbackMoot = profile.canPoll === true || taskClass.completion === "push";
    return cutFinding(meta, taskClass, messageId, { ...data, pollingFallbackMoot }, evidence, PUSH, {
      acquirable: ["mtls-listener"],
      cardClaim: "capabilities",
      contradiction: true,
    });
  },
};
