import type { NormalizedCard } from "../../card/model";
import { cardRef, cardUnclearFinding, locatedRef, cutFinding, makeFinding, notConcerned, profileRef, unknownFinding } from "../finding";
import { originOf, pickInterface } from "../interfaces";
import type { EvidenceRef, FixTemplate, Invariant, InvariantMeta } from "../types";

/**
 * The rule's second invariant: push callbacks the server sends under mutual TLS are silently
 * dropped by a plain HTTPS listener. A scheme requires mTLS by its kind (1.0 `mtlsSecurityScheme`,
 * 0.3/OpenAPI `type: mutualTLS`), never by the words in it. mTLS binds the callbacks only when the
 * push scheme the card names (the rule's own `capabilities.pushNotifications.securityScheme`)
 * requires it. The card's `securitySchemes`/`securityRequirements` govern calls INTO the agent,
 * not its outbound callbacks (the A2A JS SDK's DefaultPushNotificationSender posts with a plain
 * `fetch` and no client certificate, whatever the card's security), so nothing is inferred from
 * them: a card that names no push scheme (or names one it never declares) does not say how its
 * callbacks authenticate. Then a plain listener holds, unless the card's requests require mTLS:
 * the rule's incident server presented mTLS on its callbacks too, and the card cannot tell whether
 * this server does (not evaluated, from the card; `parley probe --send --webhook` settles it). A
 * listener that demands a client certificate cannot be told to receive them either (not
 * evaluated). Either way a class that polls keeps polling as its safe path. The rule is about a
 * webhook on another origin than the endpoint: a callback URL on the same origin as the interface
 * the client calls is outside it. A listener whose mTLS the profile leaves out is unknown, not plain.
 */
type MessageId =
  | "notConcerned"
  | "fireAndForget"
  | "clientDoesNotUsePush"
  | "pushNotOffered"
  | "pushSchemeUndeclared"
  | "pushSchemeNotMtls"
  | "callbackAuthUndeclared"
  | "callbackAuthUndeclaredMtlsListener"
  | "callbackAuthUndeclaredListenerUnknown"
  | "callbackAuthUndeclaredRequestsMtls"
  | "sameOrigin"
  | "clientListenerMtls"
  | "clientCanEnableMtls"
  | "listenerMtlsUnknown"
  | "pushSchemeMtlsPlainListener";

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
  ],
  profileFields: ["/callback/supported", "/callback/mtls", "/callback/mtlsConfigurable", "/callback/url"],
  concerns: (taskClass) => taskClass.completion === "notification" || taskClass.completion === "push",
  reads: ["completion"],
  messages: {
    notConcerned: "{{taskClass}} does not wait for a push notification, so push callbacks do not concern it.",
    fireAndForget:
      "{{taskClass}} is fire-and-forget: it waits for no notification, so the push invariant does not bind.",
    clientDoesNotUsePush: "The client runs no callback listener (callback.supported is false), so it does not use push.",
    pushNotOffered: "The card does not offer push notifications, so no callback can be dropped.",
    pushSchemeUndeclared:
      "The card names {{scheme}} for push callbacks but declares no such security scheme, so no mTLS requirement can be read from it.",
    pushSchemeNotMtls: "Push callbacks go out under {{scheme}} (kind {{kind}}), which does not require mutual TLS.",
    callbackAuthUndeclared:
      "The card does not declare how its push callbacks authenticate (no capabilities.pushNotifications.securityScheme; its securitySchemes govern calls into the agent, not callbacks). A plain listener receives callbacks from a sender that presents no client certificate, as the A2A JS SDK's does; polling stays the safe path.",
    callbackAuthUndeclaredMtlsListener:
      "The card does not declare how its push callbacks authenticate (no capabilities.pushNotifications.securityScheme), and the client's listener demands a client certificate (callback.mtls): a sender that presents none, as the A2A JS SDK's does, gets no callback through, so push cannot be counted on. Polling stays the safe path.",
    callbackAuthUndeclaredRequestsMtls:
      "The card does not declare how its push callbacks authenticate (capabilities.pushNotifications.securityScheme names no scheme it declares), and its requests require mutual TLS ({{requestSchemes}}): a server that presents a client certificate on its callbacks too, as the rule's incident server did, gets none through to the client's plain listener; the A2A SDKs' push senders present none. The card cannot tell which this server is.",
    callbackAuthUndeclaredListenerUnknown:
      "The card does not declare how its push callbacks authenticate (no capabilities.pushNotifications.securityScheme), and the profile does not say whether the client's listener demands a client certificate: declare callback.mtls to evaluate this.",
    sameOrigin:
      "Push callbacks require mutual TLS ({{schemes}}), but the client's callback URL is on the same origin as the interface it calls ({{origin}}); the rule is about a webhook on another origin, so it does not bind.",
    clientListenerMtls: "Push callbacks require mutual TLS ({{schemes}}) and the client's callback listener does mutual TLS.",
    clientCanEnableMtls:
      "Push callbacks require mutual TLS ({{schemes}}); the client's listener is plain HTTPS but the client can turn mTLS on by its own configuration, so the rule does not bind: turn mTLS on before registering a push config.",
    listenerMtlsUnknown:
      "Push callbacks require mutual TLS ({{schemes}}), and the profile does not say whether the client's callback listener does mTLS: declare callback.mtls to evaluate this.",
    pushSchemeMtlsPlainListener:
      "Push callbacks go out under {{schemes}}, which requires mutual TLS, but the client's callback listener is plain HTTPS: every callback would be dropped, so push is unreachable.",
  },
  generalFixes: [
      "Profile: set callback.mtls (or callback.mtlsConfigurable) to true once the listener can do mutual TLS.",
      "Profile: set canPoll to true: a class completed by notification then falls back to polling instead of rejecting (a push-only class does not).",
      "Card: name a push security scheme that does not require mutual TLS.",
    ],
  fixes: {
    pushSchemeMtlsPlainListener: pushFixes(),
    callbackAuthUndeclaredMtlsListener: [
      "Card: name the push security scheme in capabilities.pushNotifications.securityScheme (a mutualTLS one if the server presents a client certificate).",
      "Client: ask for the callback authentication you need in the push config's authentication, or accept callbacks without a client certificate on this listener.",
      { text: "Profile: set canPoll to true if the client can poll: {{taskClass}} then does not depend on push.", unless: "pollingFallbackMoot" },
    ],
    callbackAuthUndeclaredRequestsMtls: [
      "Card: name the push security scheme in capabilities.pushNotifications.securityScheme, and declare it (a mutualTLS one if the server presents a client certificate on callbacks).",
      "Live: run `parley probe --send --webhook URL` with the client's listener: it registers a push config and tells whether callbacks arrive.",
      { text: "Profile: set canPoll to true if the client can poll: {{taskClass}} then does not depend on push.", unless: "pollingFallbackMoot" },
    ],
    callbackAuthUndeclaredListenerUnknown: ["Profile: declare callback.mtls (true if the listener demands a client certificate, false if it is plain HTTPS)."],
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
  schemes: string[];
  evidence: EvidenceRef[];
}

type SchemeReading =
  | MtlsDemand
  | { none: "pushSchemeUndeclared" | "pushSchemeNotMtls"; kind?: string; evidence: EvidenceRef[] }
  | { undeclared: true };

const requiresMtls = (kind: string) => kind === "mutualTLS";

/** Reads whether the card's callbacks require mTLS, and why: from the push scheme it names, and only from that. */
function readCallbackSecurity(card: NormalizedCard): SchemeReading {
  const named = card.pushNotifications.value.securityScheme;
  if (!named) return { undeclared: true };
  const ref = cardRef(named.pointer, named.value);
  const scheme = card.securitySchemes.find((s) => s.name === named.value);
  if (!scheme) return { none: "pushSchemeUndeclared", evidence: [ref] };
  const evidence = [ref, cardRef(scheme.pointer, scheme.kind)];
  if (!requiresMtls(scheme.kind)) return { none: "pushSchemeNotMtls", kind: scheme.kind, evidence };
  return { schemes: [scheme.name], evidence };
}

/** The mutualTLS schemes the card's security requirements name (calls into the agent), each once. */
function requestMtlsSchemes(card: NormalizedCard): Array<{ name: string; pointer: string }> {
  const out: Array<{ name: string; pointer: string }> = [];
  for (const requirement of card.securityRequirements) {
    for (const name of requirement.schemes) {
      const scheme = card.securitySchemes.find((s) => s.name === name);
      if (scheme && requiresMtls(scheme.kind) && !out.some((o) => o.name === name)) out.push({ name, pointer: scheme.pointer });
    }
  }
  return out;
}

const PUSH_SCHEME_POINTER = "/capabilities/pushNotifications/securityScheme";

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
    // Polling already on, or a class that learns of completion by push only: setting canPoll to
    // true would change nothing, so it is not offered as a change.
    const pollingFallbackMoot = profile.canPoll === true || taskClass.completion === "push";
    // Named but never declared, or not named at all, with requests under mTLS: the card cannot
    // tell whether callbacks come with a client certificate (the incident server's did; the SDKs' do not).
    const undeclared = "undeclared" in reading || ("none" in reading && reading.none === "pushSchemeUndeclared");
    if (undeclared && callback?.mtls === false) {
      const request = requestMtlsSchemes(card);
      if (request.length > 0) {
        const named = card.pushNotifications.value.securityScheme;
        const evidence = [pushRef, named ? cardRef(named.pointer, named.value) : { source: "card" as const, pointer: PUSH_SCHEME_POINTER, absent: true as const }];
        for (const r of request) evidence.push(cardRef(r.pointer, r.name));
        evidence.push(profileRef("/callback/mtls", false));
        const data = { requestSchemes: request.map((r) => r.name), scheme: named?.value ?? "", pollingFallbackMoot, probe: "pushWebhook" };
        return cardUnclearFinding(meta, taskClass, "callbackAuthUndeclaredRequestsMtls", data, evidence, [PUSH_SCHEME_POINTER], PUSH);
      }
    }
    if ("undeclared" in reading) {
      const evidence = [pushRef, { source: "card" as const, pointer: PUSH_SCHEME_POINTER, absent: true as const }, profileRef("/callback/mtls", callback?.mtls)];
      if (callback?.mtls === true) {
        return cardUnclearFinding(meta, taskClass, "callbackAuthUndeclaredMtlsListener", { pollingFallbackMoot }, evidence, [PUSH_SCHEME_POINTER], PUSH);
      }
      if (callback?.mtls === undefined) {
        const missing = callback?.supported === undefined ? ["/callback/mtls", "/callback/supported"] : ["/callback/mtls"];
        return unknownFinding(meta, taskClass, "callbackAuthUndeclaredListenerUnknown", {}, evidence, missing, PUSH);
      }
      return makeFinding(meta, taskClass, "holds", "callbackAuthUndeclared", {}, evidence);
    }
    if ("none" in reading) {
      const scheme = card.pushNotifications.value.securityScheme?.value ?? "";
      return makeFinding(meta, taskClass, "holds", reading.none, { scheme, kind: reading.kind ?? "" }, [pushRef].concat(reading.evidence));
    }
    const data = { schemes: reading.schemes };
    const evidence = [pushRef].concat(reading.evidence);

    const target = pickInterface(card, profile) ?? card.interfaces[0];
    const endpointOrigin = target ? originOf(target.url) : undefined;
    const callbackOrigin = callback?.url ? originOf(callback.url) : undefined;
    if (endpointOrigin !== undefined && endpointOrigin === callbackOrigin) {
      evidence.push(cardRef(target!.pointer, target!.url), profileRef("/callback/url", callback?.url));
      return makeFinding(meta, taskClass, "holds", "sameOrigin", { schemes: data.schemes, origin: endpointOrigin }, evidence);
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
    return cutFinding(meta, taskClass, "pushSchemeMtlsPlainListener", { schemes: data.schemes, pollingFallbackMoot }, evidence, PUSH, {
      acquirable: ["mtls-listener"],
      cardClaim: "capabilities",
      contradiction: true,
    });
  },
};
