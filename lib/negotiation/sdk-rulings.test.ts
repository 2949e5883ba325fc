import { describe, expect, it } from "vitest";
import { explainDecision } from "./explain";
import { findPreset, NORTHWIND, type ClientProfile } from "./profile";
import { review } from "./review";

/**
 * Issue 39's rulings on the rule's text, held against what the SDKs do: each case is a decision
 * the card cannot settle alone (defer, naming the probe that would), or one it settles whatever
 * server is behind it.
 */
const card10 = (extra: Record<string, unknown> = {}, version = "1.0") =>
  JSON.stringify({
    name: "Desk",
    description: "Answers.",
    version: "1.0.0",
    supportedInterfaces: [{ url: "https://desk.example/a2a", protocolBinding: "JSONRPC", protocolVersion: version }],
    capabilities: { streaming: true, pushNotifications: false },
    defaultInputModes: ["text/plain"],
    defaultOutputModes: ["text/plain"],
    skills: [{ id: "s", name: "S", description: "d", tags: ["t"] }],
    ...extra,
  });
const decide = (card: string, profile: ClientProfile, taskClass: string) => {
  const r = review(card, profile, { taskClasses: [taskClass] });
  return { d: r.decisions[0]!, r };
};
const js = findPreset("a2a-js")!;
const python = findPreset("a2a-python")!;

describe("the A2A-Version header against an interface version with patch digits", () => {
  it.each(["1.0.0", "1.0.2"])("%s: the SDK clients send 1.0, which one server refuses and another takes: defer, naming parley probe", (version) => {
    for (const profile of [js, python, NORTHWIND]) {
      const { d, r } = decide(card10({}, version), profile, "request-response");
      expect(d.decision).toBe("defer");
      expect(d.reasons[0]).toMatchObject({ reason: "cardUnclear", invariant: "shared-transport", data: { path: "transport", probe: "versionHeader" } });
      expect(explainDecision(d, r)).toContain("`parley probe`");
      // The author's warning stays beside the decision.
      expect(r.validity.problems.map((p) => p.code)).toContain("interfaceVersionPatchDigits");
    }
  });

  it('"1.0" as A2A writes it: every server takes the header, a plain accept', () => {
    expect(decide(card10({}, "1.0"), js, "request-response").d.decision).toBe("accept");
  });

  it("a client that sends the version as declared is accepted on 1.0.0", () => {
    expect(decide(card10({}, "1.0.0"), { ...js, a2aVersionHeader: "as-declared" }, "request-response").d.decision).toBe("accept");
  });

  it("a profile that does not say which header it sends is asked to declare it", () => {
    const unsaid: ClientProfile = { ...js };
    delete unsaid.a2aVersionHeader;
    const { d } = decide(card10({}, "1.0.0"), unsaid, "request-response");
    expect(d.decision).toBe("defer");
    expect(d.reasons[0]).toMatchObject({ reason: "profileUnknown", data: { missing: ["/a2aVersionHeader"] } });
  });

  it("a 0.3 interface's patch digits are no header question (0.3 has no A2A-Version check)", () => {
    const card = JSON.stringify({
      name: "Old",
      description: "d",
      version: "1",
      url: "https://old.example/a2a",
      protocolVersion: "0.3.0",
      capabilities: {},
      defaultInputModes: ["text/plain"],
      defaultOutputModes: ["text/plain"],
      skills: [{ id: "s", name: "S", description: "d", tags: ["t"] }],
    });
    expect(decide(card, python, "request-response").d.decision).toBe("accept");
  });
});

describe("push callbacks when the card does not say how they authenticate", () => {
  const mtlsRequests = (push: Record<string, unknown> | boolean = true) =>
    card10({
      capabilities: { streaming: true, pushNotifications: push },
      securitySchemes: { mtls: { mtlsSecurityScheme: { description: "client certificates" } } },
      securityRequirements: [{ schemes: { mtls: { list: [] } } }],
    });
  const pushOnly = { id: "push-only", title: "Push only", description: "Waits for a callback.", input: "whole" as const, completion: "push" as const, output: "required" as const };
  const onPushOnly = (card: string, profile: ClientProfile) => {
    const r = review(card, profile, { taskClasses: [pushOnly] });
    return { d: r.decisions[0]!, r };
  };

  it("requests under mTLS, no push scheme: a push-only class is deferred, naming parley probe --send --webhook", () => {
    const { d, r } = onPushOnly(mtlsRequests(), NORTHWIND);
    expect(d.decision).toBe("defer");
    expect(d.reasons[0]).toMatchObject({ reason: "cardUnclear", invariant: "push-callback-mtls", data: { probe: "pushWebhook" } });
    expect(explainDecision(d, r)).toContain("`parley probe --send --webhook URL`");
  });

  it("a push scheme the card names but never declares reads the same", () => {
    const { d } = onPushOnly(mtlsRequests({ supported: true, securityScheme: "ghost" }), NORTHWIND);
    expect(d.decision).toBe("defer");
    expect(d.reasons[0]).toMatchObject({ reason: "cardUnclear", invariant: "push-callback-mtls" });
  });

  it("a class that can poll stays a plain accept: polling is its path whatever the callbacks do", () => {
    const { d } = decide(mtlsRequests(), NORTHWIND, "async-completion");
    expect(d.decision).toBe("accept");
    expect(d.degradations).toEqual([]);
  });

  it("with no mTLS anywhere a plain listener is a plain accept, push-only or not", () => {
    const plain = card10({ capabilities: { streaming: true, pushNotifications: true } });
    expect(onPushOnly(plain, NORTHWIND).d.decision).toBe("accept");
    expect(decide(plain, NORTHWIND, "async-completion").d.decision).toBe("accept");
  });
});

describe("a skill's empty mode list means the card's defaults (proto3 cannot tell empty from absent)", () => {
  const withSkill = (skill: Record<string, unknown>) => card10({ skills: [{ id: "s", name: "S", description: "d", tags: ["t"], ...skill }] });
  const aimed = { id: "aimed", title: "Aimed", description: "At skill s.", input: "whole" as const, completion: "response" as const, output: "required" as const, skill: "s" };

  it.each([
    ["inputModes", { inputModes: [] }],
    ["outputModes", { outputModes: [] }],
    ["both", { inputModes: [], outputModes: [] }],
  ])("%s []: decided as if left out, for the card and for a class aimed at the skill", (_label, modes) => {
    for (const [profile, taskClass] of [js, NORTHWIND].flatMap((p) => (["request-response", aimed] as const).map((t) => [p, t] as const))) {
      const empty = review(withSkill(modes), profile, { taskClasses: [taskClass] }).decisions[0]!;
      const absent = review(withSkill({}), profile, { taskClasses: [taskClass] }).decisions[0]!;
      expect(empty.decision).toBe("accept");
      expect(empty.decision).toBe(absent.decision);
      expect(empty.findings.filter((f) => f.status === "not-evaluated").map((f) => f.invariant)).toEqual([]);
    }
  });
});

describe("servers that take more than the card says: the card's decision stands, the explanation says so", () => {
  it("an input mode the card does not take: reject, naming lenient servers and parley probe --send", () => {
    const audio = card10({ defaultInputModes: ["audio/wav"] });
    const { d, r } = decide(audio, js, "request-response");
    expect(d.decision).toBe("reject");
    expect(explainDecision(d, r)).toMatch(/Python SDK's server checks no input mode.*`parley probe --send`/);
  });

  it("a required extension the client does not support: reject, naming lenient servers and parley probe --send", () => {
    const ext = card10({ capabilities: { streaming: true, pushNotifications: false, extensions: [{ uri: "urn:example:ext", required: true }] } });
    const { d, r } = decide(ext, js, "request-response");
    expect(d.decision).toBe("reject");
    expect(explainDecision(d, r)).toMatch(/enforces no required extension.*`parley probe --send`/);
  });

  it("a cut that is the client's own limit (live audio an SDK client does not have) says nothing of lenient servers", () => {
    const live = card10({ defaultInputModes: ["audio/pcm"], capabilities: { streaming: true, pushNotifications: false } });
    const { d, r } = decide(live, js, "live-input");
    expect(d.target).toBe("client");
    expect(explainDecision(d, r)).not.toMatch(/parley probe/);
  });
});
