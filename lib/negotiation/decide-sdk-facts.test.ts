import { describe, expect, it } from "vitest";
import type { NormalizedCard } from "./card/model";
import type { ValidityReport } from "./card/validity";
import { decide } from "./decide";
import { describeProblem, explainDecision } from "./explain";
import { review } from "./review";
import { INVARIANTS } from "./invariants";
import { makeCard, push, requirement, scheme, streaming, testInterface } from "./invariants/test-card";
import { taskClass } from "./invariants/test-helpers";
import { ClientProfile, findPreset, NORTHWIND } from "./profile";
import type { TaskClass } from "./task-classes";

/**
 * Decisions issue 28 moved, each checked against what the A2A SDKs do (docs/rule.md, "Where
 * Parley reads differently from the rule's letter"). Each case fails on the model before the change.
 */
const VALID: ValidityReport = { valid: true, shape: "1.0", problems: [] };

function decideFor(card: NormalizedCard, profile: ClientProfile, tc: TaskClass) {
  const findings = INVARIANTS.map((inv) => inv.check({ card, profile, context: {}, taskClass: tc }));
  return decide({ taskClass: tc, findings, profile, context: {}, validity: VALID, card });
}

const pushOnly: TaskClass = { ...taskClass("async-completion"), id: "push-only", completion: "push" };
const asyncCompletion = taskClass("async-completion");

describe("push callbacks: request security is not callback security", () => {
  // Every request alternative needs mTLS, no push scheme named: what the card says about calls into the agent.
  const requestMtls = makeCard({
    streaming: streaming(true),
    pushNotifications: push(true),
    securitySchemes: [scheme("mtls", true)],
    securityRequirements: [requirement(0, "mtls")],
  });
  const plainListener: ClientProfile = { ...NORTHWIND, callback: { supported: true, mtls: false, mtlsConfigurable: false } };
  const certListener: ClientProfile = { ...NORTHWIND, callback: { supported: true, mtls: true, mtlsConfigurable: true } };

  // Issue 39: the SDK's sender posts with plain fetch, but the rule's incident server presented mTLS
  // on its callbacks: with requests under mTLS and callback auth undeclared, the card cannot tell.
  it("a plain listener is not cut, but push-only cannot be judged from the card: defer, naming the probe", () => {
    const d = decideFor(requestMtls, plainListener, pushOnly);
    expect(d.decision).toBe("defer");
    const finding = d.findings.find((f) => f.invariant === "push-callback-mtls")!;
    expect(finding.messageId).toBe("callbackAuthUndeclaredRequestsMtls");
    expect(explainDecision(d)).toContain("parley probe --send --webhook");
  });

  it("with no mTLS on the card's requests a plain listener is a plain accept, push-only too", () => {
    const noMtls = makeCard({ ...requestMtls, securitySchemes: [scheme("key", false)], securityRequirements: [requirement(0, "key")] });
    const d = decideFor(noMtls, { ...plainListener, securitySchemes: ["apiKey"] }, pushOnly);
    expect(d.decision).toBe("accept");
    expect(d.findings.find((f) => f.invariant === "push-callback-mtls")!.messageId).toBe("callbackAuthUndeclared");
  });

  it("async completion on a plain listener is not degraded to polling", () => {
    expect(decideFor(requestMtls, plainListener, asyncCompletion).decision).toBe("accept");
  });

  it("a listener that demands a client certificate: push-only is deferred, naming the card's silence", () => {
    const d = decideFor(requestMtls, certListener, pushOnly);
    expect(d.decision).toBe("defer");
    expect(d.reasons).toEqual([
      expect.objectContaining({ reason: "cardUnclear", invariant: "push-callback-mtls", data: expect.objectContaining({ unclear: ["/capabilities/pushNotifications/securityScheme"] }) }),
    ]);
    expect(explainDecision(d)).toContain("capabilities.pushNotifications.securityScheme");
  });

  it("a listener that demands a client certificate, client polls: polling stays the safe path (accept)", () => {
    expect(decideFor(requestMtls, certListener, asyncCompletion).decision).toBe("accept");
  });

  it("the rule's own field still binds: a named mTLS push scheme cuts push for a plain listener", () => {
    const named = makeCard({ ...requestMtls, pushNotifications: push(true, "mtls") });
    expect(decideFor(named, plainListener, pushOnly).decision).toBe("reject");
    expect(decideFor(named, plainListener, asyncCompletion).decision).toBe("accept-degraded");
  });
});

describe("streaming fallback: the SDK clients send a blocking request to a card that does not stream", () => {
  const noStream = makeCard({ streaming: streaming(false) });
  const streamingOutput = taskClass("streaming-output");

  it("with streamingFallback, streaming-output is accept-degraded with a record", () => {
    const d = decideFor(noStream, { ...NORTHWIND, streamingFallback: true }, streamingOutput);
    expect(d.decision).toBe("accept-degraded");
    expect(d.degradations).toEqual([
      expect.objectContaining({ invariant: "stream-channel-available", lost: ["streamed results", "resubscription"], fallback: ["a blocking request (results at the end)"] }),
    ]);
    expect(explainDecision(d)).toContain("a blocking request");
  });

  it("without it (or left out), unchanged: reject", () => {
    expect(decideFor(noStream, { ...NORTHWIND, streamingFallback: false }, streamingOutput).decision).toBe("reject");
    expect(decideFor(noStream, NORTHWIND, streamingOutput).decision).toBe("reject");
  });

  it("the a2a-js and a2a-python presets fall back; text-only does not", () => {
    for (const id of ["a2a-js", "a2a-python"]) {
      const d = decideFor(noStream, findPreset(id)!, streamingOutput);
      expect(d.decision, id).toBe("accept-degraded");
    }
    expect(findPreset("text-only")!.streamingFallback).not.toBe(true);
  });

  it("a profile written before the field existed stays readable", () => {
    const parsed = ClientProfile.safeParse({ name: "old", streaming: true, canPoll: true });
    expect(parsed.success).toBe(true);
  });
});

describe("security: unreadable is not unsatisfiable, and a skill's security adds to the card's", () => {
  const requestResponse = taskClass("request-response");
  const tokensOnly: ClientProfile = { ...NORTHWIND, securitySchemes: ["http", "apiKey"] };

  it("a scheme of no readable kind defers the class, naming the scheme (not a reject)", () => {
    const odd = makeCard({ securitySchemes: [{ name: "odd", kind: "unknown", pointer: "/securitySchemes/odd" }], securityRequirements: [requirement(0, "odd")] });
    const d = decideFor(odd, tokensOnly, requestResponse);
    expect(d.decision).toBe("defer");
    expect(d.reasons[0]).toEqual(expect.objectContaining({ reason: "cardUnclear", invariant: "security-satisfiable", data: expect.objectContaining({ unclear: ["/securitySchemes/odd"] }) }));
  });

  it("card mTLS + skill bearer, client without a certificate: reject", () => {
    const card = makeCard({
      securitySchemes: [scheme("cert", true), { name: "bearer", kind: "http", pointer: "/securitySchemes/bearer" }],
      securityRequirements: [requirement(0, "cert")],
      skills: [{ id: "search", securityRequirements: [{ schemes: ["bearer"], pointer: "/skills/0/securityRequirements/0" }], pointer: "/skills/0" }],
    });
    expect(decideFor(card, tokensOnly, { ...requestResponse, skill: "search" }).decision).toBe("reject");
  });
});

/** A minimal valid 1.0 card as JSON text, edited per case. */
interface TestCard10 {
  supportedInterfaces?: Array<Record<string, unknown>>;
  skills: Array<Record<string, unknown>>;
  [field: string]: unknown;
}

function card10(edit: (card: TestCard10) => void = () => {}): string {
  const card: TestCard10 = {
    name: "Agent",
    description: "An agent.",
    version: "1.0.0",
    supportedInterfaces: [{ url: "https://agent.example/a2a", protocolBinding: "JSONRPC", protocolVersion: "1.0" }],
    capabilities: { streaming: false, pushNotifications: false },
    defaultInputModes: ["text/plain"],
    defaultOutputModes: ["text/plain"],
    skills: [{ id: "s", name: "S", description: "A skill.", tags: ["t"] }],
  };
  edit(card);
  return JSON.stringify(card);
}

describe('protocolVersion "1.0.0" on an interface', () => {
  it("shares the interface by Major.Minor, but the SDK's A2A-Version: 1.0 meets a server the card cannot name: defer, and the card's author is warned", () => {
    const r = review(card10((c) => (c.supportedInterfaces![0]!.protocolVersion = "1.0.0")), findPreset("a2a-js")!);
    const d = r.decisions.find((d) => d.taskClass === "request-response")!;
    expect(d.decision).toBe("defer");
    expect(d.findings.find((f) => f.invariant === "shared-transport")).toMatchObject({ messageId: "versionHeaderUnclear", data: { url: "https://agent.example/a2a", header: "1.0" } });
    const warning = r.validity.problems.find((p) => p.code === "interfaceVersionPatchDigits");
    expect(warning).toEqual(expect.objectContaining({ severity: "warning", pointer: "/supportedInterfaces/0/protocolVersion" }));
    expect(describeProblem(warning!)).toContain("A2A-Version");
  });
});

describe("input modes: the defaults are the gate, a targeted skill narrows them", () => {
  const requestResponse = taskClass("request-response");
  const cardText = card10((c) => {
    c.defaultInputModes = ["text/plain"];
    c.skills = [
      { id: "talk", name: "Talk", description: "Speaks.", tags: ["voice"], inputModes: ["audio/wav"] },
      { id: "notes", name: "Notes", description: "Takes notes.", tags: ["text"], inputModes: ["text/plain", "image/png"] },
    ];
  });
  const imageClient: ClientProfile = { ...NORTHWIND, inputModes: ["image/png"], liveOnlyInputModes: [] };

  it("a mode only a skill lists is not a reachable path (the SDK server refuses it) and warns the card's author", () => {
    const r = review(cardText, imageClient);
    expect(r.decisions.find((d) => d.taskClass === "request-response")?.decision).toBe("reject");
    const warning = r.validity.problems.find((p) => p.code === "skillOnlyInputMode" && p.pointer === "/skills/1/inputModes/1");
    expect(describeProblem(warning!)).toContain("requests cannot name a skill");
  });

  it("aimed at a skill, its modes within the defaults: text to notes goes through, audio to talk does not", () => {
    const r = review(cardText, NORTHWIND);
    const card = r.card!;
    expect(decideFor(card, NORTHWIND, { ...requestResponse, id: "to-notes", skill: "notes" }).decision).toBe("accept");
    const talk = decideFor(card, { ...NORTHWIND, inputModes: ["audio/wav"] }, { ...requestResponse, id: "to-talk", skill: "talk" });
    expect(talk.decision).toBe("reject");
    expect(talk.findings.find((f) => f.invariant === "input-modes")?.messageId).toBe("skillModesOutsideDefaults");
  });
});

describe("renegotiation defers only cuts the client could remove itself", () => {
  it("a renegotiable client cannot acquire an encoding that makes a text-only card take live audio", () => {
    const renegotiable: ClientProfile = { ...NORTHWIND, fixed: false };
    const d = decideFor(makeCard({ streaming: streaming(true) }), renegotiable, taskClass("live-input"));
    expect(d.decision).toBe("reject");
  });

  it("it still defers a cut an encoding of its own would reopen (the card takes text, the client sends only audio)", () => {
    const audioOnly: ClientProfile = { ...NORTHWIND, fixed: false, inputModes: ["audio/mpeg"], liveOnlyInputModes: [] };
    expect(decideFor(makeCard(), audioOnly, taskClass("request-response")).decision).toBe("defer");
  });
});

describe("snake_case ProtoJSON names are read", () => {
  it("a card written with default_input_modes and supported_interfaces is read, with a warning", () => {
    const text = card10((c) => {
      c.default_input_modes = c.defaultInputModes;
      delete c.defaultInputModes;
      c.supported_interfaces = [{ url: "https://agent.example/a2a", protocol_binding: "JSONRPC", protocol_version: "1.0" }];
      delete c.supportedInterfaces;
    });
    const r = review(text, findPreset("a2a-js")!);
    expect(r.validity.valid).toBe(true);
    expect(r.decisions.find((d) => d.taskClass === "request-response")?.decision).toBe("accept");
    const fields = r.validity.problems.find((p) => p.code === "protoJsonFieldNames")?.data.fields;
    expect([...(fields as string[])].sort()).toEqual(["default_input_modes", "protocol_binding", "protocol_version", "supported_interfaces"]);
  });
});

describe("the rule's 0.x scope follows the interface the client would use", () => {
  const dual = makeCard({
    streaming: streaming(false),
    defaultInputModes: { value: ["text/plain", "audio/pcm"], pointer: "/defaultInputModes" },
    interfaces: [testInterface("JSONRPC", 0, "https://agent.example/v1", { speaks: "1.0" }), testInterface("JSONRPC", 1, "https://agent.example/v03", { speaks: "0.3" })],
  });

  it("a 0.3-only client of a card with 1.0 and 0.3 interfaces talks 0.3: the rule's invariant defers", () => {
    const d = decideFor(dual, { ...NORTHWIND, protocolVersions: ["0.3"] }, taskClass("live-input"));
    expect(d.decision).toBe("defer");
    expect(d.reasons[0]).toEqual(expect.objectContaining({ reason: "zeroXAdvisory", data: expect.objectContaining({ protocolVersion: "0.3", interface: "https://agent.example/v03" }) }));
  });

  it("a 1.0 client of the same card is bound by it: reject", () => {
    expect(decideFor(dual, NORTHWIND, taskClass("live-input")).decision).toBe("reject");
  });
});

describe("a 0.1-shaped card speaks 0.1", () => {
  const v01 = JSON.stringify({
    name: "Old agent",
    description: "Written for A2A 0.1.",
    url: "https://agent.example/a2a",
    version: "1.0.0",
    capabilities: { streaming: false },
    authentication: { schemes: ["public"] },
    defaultInputModes: ["text/plain"],
    defaultOutputModes: ["text/plain"],
    skills: [{ id: "s", name: "S", description: "A skill.", tags: ["t"] }],
  });

  it("its interface speaks 0.1 (tasks/send), so no 0.2+ or 1.0 client shares a version with it", () => {
    const r = review(v01, findPreset("a2a-python")!);
    expect(r.card?.interfaces[0]?.speaks).toBe("0.1");
    const d = r.decisions.find((x) => x.taskClass === "request-response")!;
    expect(d.decision).toBe("reject");
    expect(d.reasons.map((x) => x.invariant)).toContain("shared-transport");
  });

  it("a client that speaks 0.1 shares it", () => {
    const r = review(v01, { ...findPreset("a2a-python")!, protocolVersions: ["0.1"] });
    expect(r.decisions.find((x) => x.taskClass === "request-response")?.decision).toBe("accept");
  });
});
