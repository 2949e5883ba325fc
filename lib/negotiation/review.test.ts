import { describe, expect, it, vi } from "vitest";
import type { ReviewContext } from "./context";
import type { DecisionKind, Review } from "./decision-types";
import { CONTOSO, CONTOSO_LIVE_AUDIO, CONTOSO_PUSH_MTLS, CONTOSO_RESUBSCRIBE_ONLY } from "./examples/incidents";
import { describeProblem } from "./explain/validity";
import { INVARIANTS } from "./invariants";
import { findPreset, NORTHWIND, type ClientProfile } from "./profile";
import { review } from "./review";
import { BUILT_IN_TASK_CLASS_IDS, BUILT_IN_TASK_CLASSES, type TaskClass } from "./task-classes";

function decisionsOf(r: Review): Record<string, DecisionKind> {
  return Object.fromEntries(r.decisions.map((d) => [d.taskClass, d.decision]));
}
function decisionFor(r: Review, id: string) {
  const d = r.decisions.find((x) => x.taskClass === id);
  if (!d) throw new Error(`no decision for ${id}`);
  return d;
}
function preset(name: string): ClientProfile {
  const p = findPreset(name);
  if (!p) throw new Error(`no preset ${name}`);
  return p;
}
const cannotPoll: ClientProfile = { ...NORTHWIND, canPoll: false };

describe("review: the rule's incidents (Contoso × Northwind)", () => {
  it("decides per task class, never per card", () => {
    const r = review(CONTOSO.text, NORTHWIND);
    expect(r.validity.valid).toBe(true);
    expect(r.inputErrors).toBeUndefined();
    expect(decisionsOf(r)).toEqual({
      "request-response": "accept",
      "live-input": "reject",
      "async-completion": "accept-degraded",
      "fire-and-forget": "accept",
      "streaming-output": "reject",
    });
  });

  it("rejects live input for the live-input invariant, the server not the card", () => {
    const d = decisionFor(review(CONTOSO.text, NORTHWIND), "live-input");
    expect(d.target).toBe("server");
    expect(d.reasons.map((r) => r.invariant)).toEqual(["live-input-needs-streaming"]);
  });

  it("degrades async completion from push to polling because of mTLS", () => {
    const d = decisionFor(review(CONTOSO.text, NORTHWIND), "async-completion");
    expect(d.degradations).toEqual([
      expect.objectContaining({ invariant: "push-callback-mtls", lost: ["push"], fallback: ["polling"] }),
    ]);
  });

  it("reports one finding per (task class, invariant)", () => {
    const r = review(CONTOSO.text, NORTHWIND);
    for (const d of r.decisions) expect(d.findings.map((f) => f.invariant)).toEqual(INVARIANTS.map((i) => i.meta.id));
  });

  it.each([
    { card: CONTOSO_LIVE_AUDIO, expected: { "live-input": "reject", "request-response": "accept", "async-completion": "accept" } },
    { card: CONTOSO_PUSH_MTLS, expected: { "live-input": "accept", "async-completion": "accept-degraded", "streaming-output": "accept" } },
    { card: CONTOSO_RESUBSCRIBE_ONLY, expected: { "request-response": "accept-degraded", "async-completion": "accept-degraded", "fire-and-forget": "accept" } },
  ])("$card.id × Northwind", ({ card, expected }) => {
    expect(decisionsOf(review(card.text, NORTHWIND))).toMatchObject(expected);
  });
});

describe("review: the rule's exceptions and conditions of validity on the incident card", () => {
  const cases: Array<{ name: string; profile: ClientProfile; context?: ReviewContext; taskClass: string; decision: DecisionKind; target?: string }> = [
    { name: "Northwind with audio buffering → live input accepted", profile: preset("Northwind with audio buffering"), taskClass: "live-input", decision: "accept" },
    { name: "Northwind with mTLS listener → async completion accepted", profile: preset("Northwind with mTLS listener"), taskClass: "async-completion", decision: "accept" },
    { name: "renegotiable client → defer", profile: { ...NORTHWIND, fixed: false }, taskClass: "live-input", decision: "defer" },
    { name: "server honors an extension → escalate", profile: NORTHWIND, context: { honoredExtensions: [{ uri: "https://contoso.example/a2a/ext/chunked-pcm", resolves: ["live-input-needs-streaming"] }] }, taskClass: "live-input", decision: "escalate" },
    { name: "out-of-band capability exchange → defer", profile: NORTHWIND, context: { outOfBandCapabilityExchange: true }, taskClass: "live-input", decision: "defer" },
    { name: "prior task history → defer", profile: NORTHWIND, context: { priorTaskHistory: true }, taskClass: "streaming-output", decision: "defer" },
    { name: "stale card + good server → reject the card", profile: NORTHWIND, context: { cardKnownStale: true, serverKnownGood: true }, taskClass: "live-input", decision: "reject", target: "card" },
    { name: "client cannot poll → push was the only path: reject", profile: cannotPoll, taskClass: "async-completion", decision: "reject", target: "server" },
    { name: "fire-and-forget is unaffected by push, even without polling", profile: cannotPoll, taskClass: "fire-and-forget", decision: "accept" },
  ];

  it.each(cases)("$name", (c) => {
    const d = decisionFor(review(CONTOSO.text, c.profile, { context: c.context }), c.taskClass);
    expect(d.decision).toBe(c.decision);
    expect(d.target).toBe(c.target);
  });

  it("fire-and-forget's push finding says the invariant does not bind", () => {
    const d = decisionFor(review(CONTOSO.text, cannotPoll), "fire-and-forget");
    expect(d.findings.find((f) => f.invariant === "push-callback-mtls")).toMatchObject({
      status: "not-applicable",
      messageId: "fireAndForget",
    });
  });
});

describe("review: validity first", () => {
  const invalidInputs: Array<[string, unknown]> = [
    ["text that is not JSON", "{ this is not json"],
    ["an empty string", ""],
    ["a JSON array", "[1, 2, 3]"],
    ["a number", 42],
    ["null", null],
    ["undefined", undefined],
    ["a card with wrong types", JSON.stringify({ ...JSON.parse(CONTOSO.text), capabilities: { streaming: "yes" }, skills: 7 })],
  ];
  it.each(invalidInputs)("%s → no accept anywhere, the card is rejected", (_name, input) => {
    const r = review(input, NORTHWIND);
    expect(r.validity.valid).toBe(false);
    expect(r.decisions).toHaveLength(BUILT_IN_TASK_CLASS_IDS.length);
    for (const d of r.decisions) {
      expect(d.decision).toBe("reject");
      expect(d.target).toBe("card");
      expect(d.reasons.map((x) => x.reason)).toEqual(["invalidCard"]);
    }
  });

  it("still rejects an invalid card when conditions of validity would defer or escalate", () => {
    const r = review("[]", { ...NORTHWIND, fixed: false }, { context: { honoredExtensions: ["urn:x"], priorTaskHistory: true } });
    expect(new Set(r.decisions.map((d) => d.decision))).toEqual(new Set(["reject"]));
  });
});

describe("review: 0.x cards are advisory", () => {
  /** Northwind speaking 0.3 as well, so the card's version is not what decides. */
  const NORTHWIND_03 = { ...NORTHWIND, protocolVersions: ["1.0", "0.3"] };
  const card03 = {
    protocolVersion: "0.3.0",
    name: "Legacy voice agent",
    description: "A 0.3 card with the incident's combination.",
    url: "https://legacy.example/a2a",
    version: "1.0.0",
    capabilities: { streaming: false },
    defaultInputModes: ["text/plain", "audio/pcm"],
    defaultOutputModes: ["text/plain"],
    skills: [{ id: "talk", name: "Talk", description: "Talks.", tags: ["voice"] }],
  };

  // Rule, scope: "Does not apply to ... A2A v0.x, where capability fields were advisory only."
  it("marks the review advisory and defers, not rejects, what rests on the rule's invariants", () => {
    const r = review(JSON.stringify(card03), NORTHWIND_03);
    expect(r.validity.valid).toBe(true);
    expect(r.advisory).toEqual({ reason: "zeroXAdvisory", data: { shape: "0.3", protocolVersion: "0.3.0", via: "shape" } });
    expect(decisionsOf(r)).toMatchObject({ "live-input": "defer", "request-response": "accept" });
    expect(r.decisions.find((d) => d.taskClass === "live-input")?.reasons.map((x) => x.reason)).toEqual(["zeroXAdvisory"]);
  });

  it("still rejects structural facts on a 0.x card: no shared binding", () => {
    const r = review(JSON.stringify({ ...card03, preferredTransport: "GRPC" }), NORTHWIND_03);
    expect(r.advisory).toBeDefined();
    expect(decisionsOf(r)).toMatchObject({ "request-response": "reject" });
  });

  it("reads a 1.0-shaped card whose every interface speaks 0.x as advisory, naming the version", () => {
    const card = JSON.parse(CONTOSO.text) as { supportedInterfaces: Array<Record<string, unknown>> };
    card.supportedInterfaces[0]!.protocolVersion = "0.3";
    const r = review(JSON.stringify(card), NORTHWIND_03);
    expect(r.advisory).toEqual({ reason: "zeroXAdvisory", data: { shape: "1.0", protocolVersion: "0.3", via: "interfaces" } });
    expect(decisionsOf(r)["live-input"]).toBe("defer");
  });

  it("does not mark a 1.0 card advisory", () => {
    expect(review(CONTOSO.text, NORTHWIND).advisory).toBeUndefined();
  });

  it("reviews a parsed object the same as its text", () => {
    expect(decisionsOf(review(card03, NORTHWIND))).toEqual(decisionsOf(review(JSON.stringify(card03), NORTHWIND)));
  });
});

describe("review: task classes and hostile arguments", () => {
  it("reads a built-in class passed as its object as the built-in itself, deciding as by its id", () => {
    const byObject = review(CONTOSO.text, NORTHWIND, { taskClasses: BUILT_IN_TASK_CLASSES });
    const byId = review(CONTOSO.text, NORTHWIND, { taskClasses: [...BUILT_IN_TASK_CLASS_IDS] });
    // The same objects (so a record or link names them by id), and the same decisions.
    byObject.taskClasses.forEach((t, i) => expect(t).toBe(BUILT_IN_TASK_CLASSES[i]));
    expect(byObject.decisions).toEqual(byId.decisions);
    // A copy is a user-defined class that happens to look the same: read by the schema, its own object.
    const copy = { ...BUILT_IN_TASK_CLASSES[0]! };
    const byCopy = review(CONTOSO.text, NORTHWIND, { taskClasses: [copy] });
    expect(byCopy.taskClasses[0]).not.toBe(BUILT_IN_TASK_CLASSES[0]);
    expect(byCopy.decisions[0]!.decision).toBe(byId.decisions[0]!.decision);
  });


  it("reviews only the requested task classes, in the order asked", () => {
    const r = review(CONTOSO.text, NORTHWIND, { taskClasses: ["streaming-output", "request-response"] });
    expect(r.decisions.map((d) => d.taskClass)).toEqual(["streaming-output", "request-response"]);
  });

  it("reviews a user-defined task class from its data alone", () => {
    const liveNotify: TaskClass = {
      id: "live-dictation",
      title: "Live dictation",
      description: "Live audio in, notified when the transcript is ready.",
      input: "live",
      completion: "notification",
      output: "required",
    };
    const d = decisionFor(review(CONTOSO.text, NORTHWIND, { taskClasses: [liveNotify] }), "live-dictation");
    expect(d.decision).toBe("reject");
    expect(d.reasons.map((r) => [r.invariant, r.outcome])).toEqual([
      ["live-input-needs-streaming", "reject"],
      ["push-callback-mtls", "accept-degraded"],
    ]);
    expect(d.degradations.map((g) => g.invariant)).toEqual(["push-callback-mtls"]);
  });

  it("a class that learns of completion by push alone is rejected where push is cut; one that polls alone is not concerned", () => {
    const base: TaskClass = { id: "x", title: "X", description: "", input: "whole", completion: "push", output: "required" };
    const r = review(CONTOSO.text, NORTHWIND, { taskClasses: [{ ...base, id: "push-only" }, { ...base, id: "polling-only", completion: "polling" }, "async-completion"] });
    const pushOnly = decisionFor(r, "push-only");
    expect(pushOnly.decision).toBe("reject");
    expect(pushOnly.reasons.map((x) => [x.invariant, x.outcome, x.data.pushOnly])).toEqual([["push-callback-mtls", "reject", true]]);
    expect(pushOnly.degradations).toEqual([]);
    const pollingOnly = decisionFor(r, "polling-only");
    expect(pollingOnly.findings.find((f) => f.invariant === "push-callback-mtls")?.status).toBe("not-applicable");
    expect(pollingOnly.findings.find((f) => f.invariant === "completion-channel-available")?.data).toEqual({ channels: ["polling"] });
    // The built-in class that may use either is degraded to polling, as before.
    expect(decisionFor(r, "async-completion").decision).toBe("accept-degraded");
  });

  it("a class's own input and output modes decide for that class alone", () => {
    const base: TaskClass = { id: "x", title: "X", description: "", input: "whole", completion: "response", output: "required" };
    const r = review(CONTOSO.text, NORTHWIND, {
      taskClasses: [{ ...base, id: "scan", inputModes: ["image/png"] }, { ...base, id: "chat", inputModes: ["text/plain"], outputModes: ["text/*"] }, "request-response"],
    });
    const scan = decisionFor(r, "scan");
    expect(scan.decision).toBe("reject");
    const finding = scan.findings.find((f) => f.invariant === "input-modes");
    expect(finding?.messageId).toBe("classModesNotSent");
    expect(finding?.evidence).toContainEqual({ source: "task-class", pointer: "/inputModes", value: ["image/png"] });
    expect(decisionFor(r, "chat").decision).toBe(decisionFor(r, "request-response").decision);
  });

  it("reports an unknown task class id and reviews the rest", () => {
    const r = review(CONTOSO.text, NORTHWIND, { taskClasses: ["live-input", "live-inptu"] });
    expect(r.decisions.map((d) => d.taskClass)).toEqual(["live-input"]);
    expect(r.inputErrors).toEqual([
      { code: "unknownTaskClass", pointer: "/taskClasses/1", data: { id: "live-inptu", known: BUILT_IN_TASK_CLASS_IDS } },
    ]);
  });

  it("reports an invalid custom task class and a duplicate", () => {
    const bad = { id: "Not Kebab", title: "x", description: "", input: "live", completion: "notification", output: "required" };
    const r = review(CONTOSO.text, NORTHWIND, { taskClasses: [bad as TaskClass, "live-input", "live-input"] });
    expect(r.inputErrors?.map((e) => [e.code, e.pointer])).toEqual([
      ["invalidTaskClass", "/taskClasses/0/id"],
      ["duplicateTaskClass", "/taskClasses/2"],
    ]);
    expect(r.decisions.map((d) => d.taskClass)).toEqual(["live-input"]);
  });

  it.each([
    ["a profile without a name", { transports: ["JSONRPC"] }, "/profile/name"],
    ["a profile with a wrong type", { ...NORTHWIND, canPoll: "yes" }, "/profile/canPoll"],
    ["a profile with snake_case keys", { ...NORTHWIND, callback_supports_mtls: true }, "/profile"],
    ["no profile at all", null, "/profile"],
  ])("%s → invalidProfile, no decisions, no throw", (_name, profile, pointer) => {
    const r = review(CONTOSO.text, profile as ClientProfile);
    expect(r.decisions).toEqual([]);
    expect(r.inputErrors?.[0]).toMatchObject({ code: "invalidProfile", pointer });
  });

  it("an invalid context → invalidContext, no decisions", () => {
    const r = review(CONTOSO.text, NORTHWIND, { context: { priorTaskHistory: "often" } as unknown as ReviewContext });
    expect(r.decisions).toEqual([]);
    expect(r.inputErrors?.[0]).toMatchObject({ code: "invalidContext", pointer: "/context/priorTaskHistory" });
  });

  it("decides on the profile as its schema reads it: a padded transport is the same binding", () => {
    const padded: ClientProfile = { ...NORTHWIND, transports: [" jsonrpc "] };
    const r = review(CONTOSO.text, padded);
    expect(r.inputErrors).toBeUndefined();
    expect(decisionsOf(r)).toEqual(decisionsOf(review(CONTOSO.text, NORTHWIND)));
    const transport = decisionFor(r, "request-response").findings.find((f) => f.invariant === "shared-transport");
    expect(transport?.status).toBe("holds");
    // The review still reports the profile it was given.
    expect(r.profile).toBe(padded);
  });

  it("never throws on hostile card input", () => {
    const deep = "[".repeat(100_000) + "]".repeat(100_000);
    const hostile: unknown[] = [deep, "\u0000", "{\"__proto__\": {\"x\": 1}}", { capabilities: null }, [], Symbol("x"), () => 1];
    for (const input of hostile) {
      const r = review(input, NORTHWIND);
      expect(r.decisions.every((d) => d.decision === "reject")).toBe(true);
    }
  });
});

describe("review: mode strings that name Object.prototype members", () => {
  it("a card whose modes are constructor, __proto__, toString is reviewed, warned about and decided, never an internal error", () => {
    const card = JSON.parse(CONTOSO.text) as Record<string, unknown> & { skills: Array<Record<string, unknown>> };
    card.defaultInputModes = ["constructor", "__proto__", "text/plain"];
    card.defaultOutputModes = ["toString", "hasOwnProperty", "text/plain"];
    card.skills[0]!.inputModes = ["valueOf"];
    const result = review(JSON.stringify(card), NORTHWIND);
    expect(result.inputErrors ?? []).toEqual([]);
    expect(result.decisions.map((d) => d.taskClass)).toEqual(BUILT_IN_TASK_CLASS_IDS);
    const nonMime = result.validity.problems.filter((p) => p.code === "nonMimeMode");
    expect(nonMime.map((p) => p.pointer)).toEqual(expect.arrayContaining(["/defaultInputModes/0", "/defaultInputModes/1", "/defaultOutputModes/0"]));
    // No Object.prototype member is read as a media type: none gets a reading, and each says so.
    for (const problem of nonMime) {
      expect(Object.hasOwn(problem.data, "reading")).toBe(false);
      expect(describeProblem(problem)).toContain("Parley reads it as a media type it cannot match");
    }
    // text/plain is still shared both ways: request-response goes through.
    expect(result.decisions.find((d) => d.taskClass === "request-response")!.decision).toBe("accept");
  });

  it("a security scheme typed or wrapped as constructor is of an unknown kind, not Object's", () => {
    const card = JSON.parse(CONTOSO.text) as Record<string, unknown>;
    card.securitySchemes = { odd: { type: "constructor" }, wrapped: { constructor: {} }, proto: { type: "__proto__" } };
    card.securityRequirements = [{ schemes: { odd: { list: [] } } }];
    const result = review(JSON.stringify(card), NORTHWIND);
    expect(result.inputErrors ?? []).toEqual([]);
    const finding = result.decisions.find((d) => d.taskClass === "request-response")!.findings.find((f) => f.invariant === "security-satisfiable");
    // A kind Parley cannot read is not one Northwind cannot present: the card does not say (not evaluated).
    expect(finding?.status).toBe("not-evaluated");
    expect(finding?.unclear).toEqual(["/securitySchemes/odd"]);
    expect(finding?.evidence).toContainEqual({ source: "card", pointer: "/securitySchemes/odd", value: "unknown" });
  });
});

describe("findings reused across task classes (meta.reads)", () => {
  it("checks an invariant once for classes that agree on the fields it reads, and gives the others the same finding", () => {
    const first: TaskClass = { ...BUILT_IN_TASK_CLASSES[0]!, id: "first", title: "First" };
    // Differs only in what no check reads: every concerned finding is the first class's.
    const second: TaskClass = { ...first, id: "second", title: "Second", description: "Other words." };
    // Aimed at a skill: the checks that read `skill` run again, the others are reused.
    const aimed: TaskClass = { ...first, id: "aimed", skill: "transcribe" };
    const spies = INVARIANTS.map((inv) => vi.spyOn(inv, "check"));
    let r: Review;
    let checks = 0;
    try {
      r = review(CONTOSO.text, NORTHWIND, { taskClasses: [first, second, aimed] });
      checks = spies.reduce((n, spy) => n + spy.mock.calls.length, 0);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    expect(r.inputErrors).toBeUndefined();
    const concerned = INVARIANTS.filter((inv) => inv.meta.concerns(first));
    const readingSkill = concerned.filter((inv) => inv.meta.reads.includes("skill"));
    expect(readingSkill.length).toBeGreaterThan(0);
    // All for the first class; the second and the aimed one each check only what concerns them not
    // (shared per class object) and, for the aimed one, what reads the skill.
    expect(checks).toBe(INVARIANTS.length + 2 * (INVARIANTS.length - concerned.length) + readingSkill.length);
    const [a, b] = r.decisions;
    expect(b!.findings).toEqual(a!.findings.map((f) => ({ ...f, taskClass: "second" })));
  });
});
