import type { NormalizedCard } from "../../card/model";
import { NORTHWIND, type ClientProfile } from "../../profile";
import { testInvariant } from "../rule-tester";
import { makeCard, push, requirement, scheme } from "../test-card";
import { pushCallbackMtls as inv } from "./index";

// Rule, invariant 2: push callbacks under a scheme that requires mutual TLS, plain HTTPS listener.
const incident = makeCard({
  pushNotifications: push(true, "contosoMtls"),
  securitySchemes: [scheme("contosoMtls", true)],
  securityRequirements: [requirement(0, "contosoMtls")],
});
// 1.0 cards whose request security is mTLS only, naming no push scheme: request security governs
// calls into the agent, so nothing about callbacks is read from it (issue 28: the SDK's push sender
// posted to plain listeners on such cards, and never presented a client certificate).
const requestMtlsNoPushScheme = makeCard({
  pushNotifications: push(true),
  securitySchemes: [scheme("mtls", true), scheme("key", false)],
  securityRequirements: [requirement(0, "mtls"), requirement(1, "mtls", "key")],
});
// mTLS is read from a scheme's kind, never from its words: a bearer scheme whose description says
// "no mTLS required", or an OAuth2 scheme on an `mtls.` token host (RFC 8705's alias), is not mTLS.
const bearerSaysMtls: NormalizedCard = makeCard({
  pushNotifications: push(true, "bearer"),
  securitySchemes: [{ name: "bearer", kind: "http", pointer: "/securitySchemes/bearer" }],
});
const oauthMtlsHost: NormalizedCard = makeCard({
  pushNotifications: push(true, "oauth"),
  securitySchemes: [{ name: "oauth", kind: "oauth2", pointer: "/securitySchemes/oauth" }],
});
const mtlsListener: ClientProfile = { ...NORTHWIND, callback: { supported: true, mtls: true } };
const configurable: ClientProfile = { ...NORTHWIND, callback: { supported: true, mtls: false, mtlsConfigurable: true } };
const unknownListener: ClientProfile = { ...NORTHWIND, callback: { supported: true } };
const noListener: ClientProfile = { ...NORTHWIND, callback: { supported: false } };
const sameOriginCallback: ClientProfile = { ...NORTHWIND, callback: { supported: true, mtls: false, url: "https://agent.example/callbacks" } };
const otherOriginCallback: ClientProfile = { ...NORTHWIND, callback: { supported: true, mtls: false, url: "https://hooks.northwind.example/a2a" } };
const PUSH = { kind: "completion", channel: "push" } as const;

testInvariant(inv, {
  taskClass: "async-completion",
  valid: [
    { name: "card offers no push", messageId: "pushNotOffered" },
    { name: "client runs no callback listener", card: incident, profile: noListener, status: "not-applicable", messageId: "clientDoesNotUsePush" },
    { name: "push scheme named but not declared", card: makeCard({ pushNotifications: push(true, "ghost") }), messageId: "pushSchemeUndeclared" },
    { name: "push scheme is not mTLS", card: makeCard({ pushNotifications: push(true, "key"), securitySchemes: [scheme("key", false)] }), messageId: "pushSchemeNotMtls", data: { kind: "apiKey" } },
    { name: "a bearer scheme whose words mention mTLS is not mTLS", card: bearerSaysMtls, messageId: "pushSchemeNotMtls", data: { kind: "http" }, evidence: { card: ["/capabilities/pushNotifications", "/capabilities/pushNotifications/securityScheme", "/securitySchemes/bearer"] } },
    { name: "an OAuth2 scheme on an mtls. token host is not mTLS", card: oauthMtlsHost, messageId: "pushSchemeNotMtls", data: { kind: "oauth2" } },
    // No mTLS anywhere in what the card requires: a plain listener is a plain accept.
    {
      name: "no push scheme, requests under an API key, plain listener",
      card: makeCard({ pushNotifications: push(true), securitySchemes: [scheme("key", false)], securityRequirements: [requirement(0, "key")] }),
      messageId: "callbackAuthUndeclared",
      evidence: { card: ["/capabilities/pushNotifications", "/capabilities/pushNotifications/securityScheme"], profile: ["/callback/mtls"] },
    },
    { name: "no push scheme, an mTLS scheme declared but never required, plain listener", card: makeCard({ pushNotifications: push(true), securitySchemes: [scheme("mtls", true)] }), messageId: "callbackAuthUndeclared" },
    { name: "no push scheme, push-only class, no security, plain listener", card: makeCard({ pushNotifications: push(true) }), classFields: { completion: "push" }, messageId: "callbackAuthUndeclared" },
    { name: "listener does mTLS", card: incident, profile: mtlsListener, messageId: "clientListenerMtls" },
    // Rule: it does not hold "when the security scheme mismatch is resolvable by the client's own configuration".
    { name: "exception: client can turn mTLS on", card: incident, profile: configurable, messageId: "clientCanEnableMtls", exception: "client-configurable" },
    // Rule: invariant 2 concerns a webhook "on a different origin than the card's url".
    { name: "callback URL on the same origin as the endpoint", card: incident, profile: sameOriginCallback, messageId: "sameOrigin", data: { origin: "https://agent.example" }, evidence: { profile: ["/callback/url"] } },
    // Rule: "For fire-and-forget tasks/send with no polling, the push-notification invariant does not bind."
    { name: "does not bind for fire-and-forget", card: incident, taskClass: "fire-and-forget", status: "not-applicable", messageId: "fireAndForget" },
    { name: "does not concern request-response", card: incident, taskClass: "request-response", status: "not-applicable", messageId: "notConcerned" },
  ],
  invalid: [
    {
      name: "incident 2: mTLS push scheme, plain listener",
      card: incident,
      messageId: "pushSchemeMtlsPlainListener",
      cuts: PUSH,
      cause: { acquirable: ["mtls-listener"], cardClaim: "capabilities", contradiction: true },
      data: { schemes: ["contosoMtls"] },
      evidence: { card: ["/capabilities/pushNotifications", "/capabilities/pushNotifications/securityScheme", "/securitySchemes/contosoMtls"], profile: ["/callback/mtls"] },
    },
    { name: "callback URL on another origin binds as before", card: incident, profile: otherOriginCallback, messageId: "pushSchemeMtlsPlainListener", cuts: PUSH },
  ],
  unknown: [
    { name: "listener mTLS left out of the profile", card: incident, profile: unknownListener, messageId: "listenerMtlsUnknown", missing: ["/callback/mtls"], atStake: PUSH },
    { name: "callback left out entirely", card: incident, profile: { name: "bare" }, messageId: "listenerMtlsUnknown", missing: ["/callback/mtls", "/callback/supported"] },
    // The card does not say how callbacks authenticate, and the listener demands a client
    // certificate: the card cannot tell whether callbacks get through (nothing in the profile would).
    { name: "no push scheme, listener demands a client certificate", card: requestMtlsNoPushScheme, profile: mtlsListener, messageId: "callbackAuthUndeclaredMtlsListener", missing: [], atStake: PUSH },
    // Issue 39: requests under mTLS and callback auth undeclared: the incident server presented mTLS
    // on its callbacks, the SDKs' senders present no certificate; the card cannot tell which.
    {
      name: "no push scheme, every request alternative mTLS, plain listener: the card cannot tell",
      card: requestMtlsNoPushScheme,
      messageId: "callbackAuthUndeclaredRequestsMtls",
      missing: [],
      atStake: PUSH,
      data: { requestSchemes: ["mtls"], probe: "pushWebhook" },
      evidence: { card: ["/capabilities/pushNotifications", "/capabilities/pushNotifications/securityScheme", "/securitySchemes/mtls"], profile: ["/callback/mtls"] },
    },
    {
      name: "a push scheme named but never declared, one request alternative mTLS, plain listener: the card cannot tell",
      card: makeCard({ pushNotifications: push(true, "ghost"), securitySchemes: [scheme("mtls", true), scheme("key", false)], securityRequirements: [requirement(0, "key"), requirement(1, "mtls")] }),
      messageId: "callbackAuthUndeclaredRequestsMtls",
      missing: [],
      atStake: PUSH,
      data: { requestSchemes: ["mtls"], scheme: "ghost" },
    },
    { name: "no push scheme, listener mTLS left out", card: requestMtlsNoPushScheme, profile: unknownListener, messageId: "callbackAuthUndeclaredListenerUnknown", missing: ["/callback/mtls"], atStake: PUSH },
  ],
});
