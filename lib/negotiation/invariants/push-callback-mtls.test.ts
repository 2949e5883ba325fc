import { describe, expect, it } from "vitest";
import { NORTHWIND, type ClientProfile } from "../profile";
import { pushCallbackMtls as inv } from "./push-callback-mtls";
import { makeCard, push, requirement, scheme } from "./test-card";
import { BARE_PROFILE, pointers, runCheck } from "./test-helpers";

// The incident card: push under a named scheme that requires mutual TLS.
const incident = makeCard({
  pushNotifications: push(true, "contosoMtls"),
  securitySchemes: [scheme("contosoMtls", true)],
  securityRequirements: [requirement(0, "contosoMtls")],
});
// No named push scheme, but every alternative needs mTLS (0.3 `mutualTLS` + OAuth, or mTLS alone).
const everyAlternativeMtls = makeCard({
  pushNotifications: push(true),
  securitySchemes: [scheme("mtls", true), scheme("key", false)],
  securityRequirements: [requirement(0, "mtls"), requirement(1, "mtls", "key")],
});
const oneAlternativeWithoutMtls = makeCard({
  pushNotifications: push(true),
  securitySchemes: [scheme("mtls", true), scheme("key", false)],
  securityRequirements: [requirement(0, "mtls"), requirement(1, "key")],
});
const mtlsListener: ClientProfile = { ...NORTHWIND, callback: { supported: true, mtls: true } };
const configurable: ClientProfile = { ...NORTHWIND, callback: { supported: true, mtls: false, mtlsConfigurable: true } };
const unknownListener: ClientProfile = { ...NORTHWIND, callback: { supported: true } };
const noListener: ClientProfile = { ...NORTHWIND, callback: { supported: false } };

describe("push-callback-mtls", () => {
  const cases = [
    { name: "card offers no push", card: makeCard(), profile: NORTHWIND, status: "holds", messageId: "pushNotOffered" },
    { name: "client runs no callback listener", card: incident, profile: noListener, status: "not-applicable", messageId: "clientDoesNotUsePush" },
    { name: "push scheme named but not declared", card: makeCard({ pushNotifications: push(true, "ghost") }), profile: NORTHWIND, status: "holds", messageId: "pushSchemeUndeclared" },
    { name: "push scheme is not mTLS", card: makeCard({ pushNotifications: push(true, "key"), securitySchemes: [scheme("key", false)] }), profile: NORTHWIND, status: "holds", messageId: "pushSchemeNotMtls" },
    { name: "no push scheme, one alternative without mTLS", card: oneAlternativeWithoutMtls, profile: NORTHWIND, status: "holds", messageId: "callbacksNotMtls" },
    { name: "no push scheme, no security requirements", card: makeCard({ pushNotifications: push(true), securitySchemes: [scheme("mtls", true)] }), profile: NORTHWIND, status: "holds", messageId: "callbacksNotMtls" },
    { name: "listener does mTLS", card: incident, profile: mtlsListener, status: "holds", messageId: "clientListenerMtls" },
    { name: "exception: client can turn mTLS on", card: incident, profile: configurable, status: "holds", messageId: "clientCanEnableMtls", exception: "client-configurable" },
    { name: "incident 2: mTLS push scheme, plain listener", card: incident, profile: NORTHWIND, status: "violated", messageId: "pushSchemeMtlsPlainListener" },
    { name: "listener mTLS unknown: assumed plain (rule default)", card: incident, profile: unknownListener, status: "violated", messageId: "pushSchemeMtlsAssumedPlainListener" },
    { name: "callback unknown entirely: assumed plain", card: incident, profile: BARE_PROFILE, status: "violated", messageId: "pushSchemeMtlsAssumedPlainListener" },
    { name: "every alternative requires mTLS, plain listener", card: everyAlternativeMtls, profile: NORTHWIND, status: "violated", messageId: "allRequirementsMtlsPlainListener" },
    { name: "every alternative requires mTLS, listener unknown", card: everyAlternativeMtls, profile: unknownListener, status: "violated", messageId: "allRequirementsMtlsAssumedPlainListener" },
  ] as const;

  it.each(cases)("$name → $status ($messageId)", (c) => {
    const f = runCheck(inv, c.card, c.profile, "async-completion");
    expect(f.status).toBe(c.status);
    expect(f.messageId).toBe(c.messageId);
    expect(f.exception).toBe("exception" in c ? c.exception : undefined);
    if (c.status === "violated") expect(f.cuts).toEqual({ kind: "completion", channel: "push" });
    else expect(f.cuts).toBeUndefined();
  });

  it("says when the plain listener is assumed rather than declared", () => {
    expect(runCheck(inv, incident, unknownListener, "async-completion").data.mtlsAssumed).toBe(true);
    expect(runCheck(inv, incident, NORTHWIND, "async-completion").data.mtlsAssumed).toBe(false);
  });

  it("points at the push flag, the push scheme, the scheme and the listener", () => {
    const f = runCheck(inv, incident, NORTHWIND, "async-completion");
    expect(pointers(f, "card")).toEqual([
      "/capabilities/pushNotifications",
      "/capabilities/pushNotifications/securityScheme",
      "/securitySchemes/contosoMtls",
    ]);
    expect(pointers(f, "profile")).toEqual(["/callback/mtls"]);
    expect(f.data.schemes).toEqual(["contosoMtls"]);
  });

  it("names every mTLS scheme and requirement when the posture imposes it", () => {
    const f = runCheck(inv, everyAlternativeMtls, NORTHWIND, "async-completion");
    expect(f.data.schemes).toEqual(["mtls"]);
    expect(pointers(f, "card")).toContain("/securityRequirements/1");
  });

  it("does not bind for fire-and-forget, and says so", () => {
    const f = runCheck(inv, incident, NORTHWIND, "fire-and-forget");
    expect(f.status).toBe("not-applicable");
    expect(f.messageId).toBe("fireAndForget");
  });

  it.each(["request-response", "live-input", "streaming-output"])("does not concern %s", (id) => {
    const f = runCheck(inv, incident, NORTHWIND, id);
    expect(f.status).toBe("not-applicable");
    expect(f.messageId).toBe("notConcerned");
  });
});
