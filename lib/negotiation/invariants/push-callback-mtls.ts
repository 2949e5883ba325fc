import type { NormalizedCard } from "../card/model";
import { resolveRuleDefaults } from "../profile";
import { cardRef, makeFinding, notConcerned, profileRef } from "./finding";
import type { EvidenceRef, Invariant, InvariantMeta } from "./types";

/**
 * Rule invariant 2: push callbacks the server sends under mutual TLS are silently dropped by a plain
 * HTTPS listener. mTLS binds the callbacks when the push scheme the card names requires it, or, when
 * the card names none, when every security alternative of the card requires it (the server's posture
 * then covers its outbound calls too). The client's listener defaults to plain, as in the rule.
 */
type MessageId =
  | "notConcerned"
  | "fireAndForget"
  | "clientDoesNotUsePush"
  | "pushNotOffered"
  | "pushSchemeUndeclared"
  | "pushSchemeNotMtls"
  | "callbacksNotMtls"
  | "clientListenerMtls"
  | "clientCanEnableMtls"
  | "pushSchemeMtlsPlainListener"
  | "pushSchemeMtlsAssumedPlainListener"
  | "allRequirementsMtlsPlainListener"
  | "allRequirementsMtlsAssumedPlainListener";

const meta: InvariantMeta<MessageId> = {
  id: "push-callback-mtls",
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
  profileFields: ["/callback/supported", "/callback/mtls", "/callback/mtlsConfigurable"],
  concerns: (taskClass) => taskClass.completion === "notification",
  messages: {
    notConcerned: "{{taskClass}} does not wait for a completion notification, so push callbacks do not concern it.",
    fireAndForget:
      "{{taskClass}} is fire-and-forget: it waits for no notification, so the push invariant does not bind.",
    clientDoesNotUsePush: "The client runs no callback listener (callback.supported is false), so it does not use push.",
    pushNotOffered: "The card does not offer push notifications, so no callback can be dropped.",
    pushSchemeUndeclared:
      "The card names {{scheme}} for push callbacks but declares no such security scheme, so no mTLS requirement can be read from it.",
    pushSchemeNotMtls: "Push callbacks go out under {{scheme}}, which does not require mutual TLS.",
    callbacksNotMtls: "The card names no push scheme and not every security alternative requires mutual TLS, so callbacks do not need it.",
    clientListenerMtls: "Push callbacks require mutual TLS ({{schemes}}) and the client's callback listener does mutual TLS.",
    clientCanEnableMtls:
      "Push callbacks require mutual TLS ({{schemes}}); the client's listener is plain HTTPS but the client can turn mTLS on by its own configuration, so the rule does not bind: turn mTLS on before registering a push config.",
    pushSchemeMtlsPlainListener:
      "Push callbacks go out under {{schemes}}, which requires mutual TLS, but the client's callback listener is plain HTTPS: every callback would be dropped, so push is unreachable.",
    pushSchemeMtlsAssumedPlainListener:
      "Push callbacks go out under {{schemes}}, which requires mutual TLS; the profile does not say whether the callback listener does mTLS, so it is taken as plain HTTPS (the rule's default): every callback would be dropped, so push is unreachable.",
    allRequirementsMtlsPlainListener:
      "Every security alternative of the card requires mutual TLS ({{schemes}}), so push callbacks do too, but the client's callback listener is plain HTTPS: every callback would be dropped, so push is unreachable.",
    allRequirementsMtlsAssumedPlainListener:
      "Every security alternative of the card requires mutual TLS ({{schemes}}), so push callbacks do too; the profile does not say whether the callback listener does mTLS, so it is taken as plain HTTPS (the rule's default): every callback would be dropped, so push is unreachable.",
  },
};

interface MtlsDemand {
  via: "pushScheme" | "allRequirements";
  schemes: string[];
  evidence: EvidenceRef[];
}

type SchemeReading = MtlsDemand | { none: "pushSchemeUndeclared" | "pushSchemeNotMtls" | "callbacksNotMtls"; evidence: EvidenceRef[] };

/** Reads whether the card's callbacks require mTLS, and why. */
function readCallbackSecurity(card: NormalizedCard): SchemeReading {
  const named = card.pushNotifications.value.securityScheme;
  if (named) {
    const ref = cardRef(named.pointer, named.value);
    const scheme = card.securitySchemes.find((s) => s.name === named.value);
    if (!scheme) return { none: "pushSchemeUndeclared", evidence: [ref] };
    const evidence = [ref, cardRef(scheme.pointer, scheme.kind)];
    if (!scheme.mtls) return { none: "pushSchemeNotMtls", evidence };
    return { via: "pushScheme", schemes: [scheme.name], evidence };
  }
  const requirements = card.securityRequirements;
  const schemes: string[] = [];
  const evidence: EvidenceRef[] = [];
  for (const requirement of requirements) {
    const mtlsScheme = card.securitySchemes.find((s) => s.mtls && requirement.schemes.includes(s.name));
    if (!mtlsScheme) return { none: "callbacksNotMtls", evidence: [] };
    if (!schemes.includes(mtlsScheme.name)) {
      schemes.push(mtlsScheme.name);
      evidence.push(cardRef(mtlsScheme.pointer, mtlsScheme.kind));
    }
    evidence.push(cardRef(requirement.pointer, requirement.schemes));
  }
  if (requirements.length === 0) return { none: "callbacksNotMtls", evidence: [] };
  return { via: "allRequirements", schemes, evidence };
}

export const pushCallbackMtls: Invariant<MessageId> = {
  meta,
  check({ card, profile, taskClass }) {
    if (taskClass.completion === "none") return notConcerned(meta, taskClass, "fireAndForget");
    if (!meta.concerns(taskClass)) return notConcerned(meta, taskClass, "notConcerned");
    const callback = profile.callback;
    if (callback?.supported === false) {
      return makeFinding(meta, taskClass, "not-applicable", "clientDoesNotUsePush", {}, [
        profileRef("/callback/supported", false),
      ]);
    }
    const pushRef = cardRef(card.pushNotifications.pointer, card.pushNotifications.value.supported);
    if (!card.pushNotifications.value.supported) {
      return makeFinding(meta, taskClass, "holds", "pushNotOffered", {}, [pushRef]);
    }
    const reading = readCallbackSecurity(card);
    if ("none" in reading) {
      const scheme = card.pushNotifications.value.securityScheme?.value ?? "";
      return makeFinding(meta, taskClass, "holds", reading.none, { scheme }, [pushRef, ...reading.evidence]);
    }
    const evidence = [pushRef, ...reading.evidence, profileRef("/callback/mtls", callback?.mtls)];
    const data = { schemes: reading.schemes, via: reading.via };
    const { callbackMtls, callbackMtlsAssumed: assumed } = resolveRuleDefaults(profile);
    if (callbackMtls) {
      return makeFinding(meta, taskClass, "holds", "clientListenerMtls", data, evidence);
    }
    if (callback?.mtlsConfigurable === true) {
      evidence.push(profileRef("/callback/mtlsConfigurable", true));
      return makeFinding(meta, taskClass, "holds", "clientCanEnableMtls", data, evidence, {
        exception: "client-configurable",
      });
    }
    const messageId: MessageId =
      reading.via === "pushScheme"
        ? assumed
          ? "pushSchemeMtlsAssumedPlainListener"
          : "pushSchemeMtlsPlainListener"
        : assumed
          ? "allRequirementsMtlsAssumedPlainListener"
          : "allRequirementsMtlsPlainListener";
    return makeFinding(meta, taskClass, "violated", messageId, { ...data, mtlsAssumed: assumed }, evidence, {
      cuts: { kind: "completion", channel: "push" },
    });
  },
};
