import { describe, expect, it } from "vitest";
import type { Review, TaskClassDecision } from "../decision-types";
import { readCorpusCard } from "../../../fixtures/corpus";
import { CONTOSO } from "../examples/incidents";
import { INVARIANT_IDS } from "../invariants/types";
import { NORTHWIND } from "../profile";
import { parseDecisionRecord } from "../record";
import { review } from "../review";
import { findTaskClass } from "../task-classes";
import {
  describeInvariant,
  explainAdvisory,
  explainDecision,
  explainFinding,
  explainInputError,
  explainRecordError,
  explainReason,
  formatList,
  renderTemplate,
  UnfilledPlaceholderError,
  whatWouldChange,
} from "./index";

function decision(r: Review, id: string): TaskClassDecision {
  const d = r.decisions.find((x) => x.taskClass === id);
  if (!d) throw new Error(id);
  return d;
}
const incident = review(CONTOSO.text, NORTHWIND);

function findBuiltIn(id: string) {
  const found = findTaskClass(id);
  if (!found) throw new Error(id);
  return found;
}

describe("templates", () => {
  it.each([
    [[], "none"],
    [["a"], "a"],
    [["a", "b"], "a and b"],
    [["a", "b", "c"], "a, b and c"],
  ] as const)("formatList(%j) = %s", (items, text) => {
    expect(formatList(items)).toBe(text);
  });

  it("fills placeholders, rendering lists and numbers", () => {
    expect(renderTemplate("{{modes}} ({{n}})", { modes: ["x", "y"], n: 2 })).toBe("x and y (2)");
  });

  it("throws on an unfilled placeholder under test, and leaves it visible otherwise", () => {
    expect(() => renderTemplate("cuts {{modes}}", {})).toThrow(UnfilledPlaceholderError);
    expect(renderTemplate("cuts {{modes}}", {}, { strict: false })).toBe("cuts {{modes}}");
  });
});

describe("explanations of the incident review", () => {
  it("explains each decision in one paragraph", () => {
    expect(incident.decisions.map((d) => explainDecision(d, incident))).toMatchInlineSnapshot(`
      [
        "Accept Request–response. No invariant cuts a path request-response needs. It works over JSONRPC at https://agents.contoso.example/a2a/v1, sending text/plain, reading text/plain and audio/pcm; the result comes in the reply.",
        "Reject Live input before the first task is created: this client and this server cannot complete it together. live-input-needs-streaming cuts the input path for audio/pcm, which live-input requires.",
        "Accept Async completion, degraded. push-callback-mtls cuts push notifications, which async-completion can do without: it falls back to polling.",
        "Accept Fire and forget. No invariant cuts a path fire-and-forget needs. It works over JSONRPC at https://agents.contoso.example/a2a/v1, sending text/plain; it awaits no completion.",
        "Reject Streaming output before the first task is created: this client and this server cannot complete it together. stream-channel-available cuts the stream its results arrive on, which streaming-output requires.",
      ]
    `);
  });

  it("explains the incident findings", () => {
    const live = decision(incident, "live-input").findings.find((f) => f.status === "violated");
    const push = decision(incident, "async-completion").findings.find((f) => f.status === "violated");
    expect([live && explainFinding(live), push && explainFinding(push)]).toMatchInlineSnapshot(`
      [
        "The card takes audio/pcm as input but does not stream (capabilities.streaming is false), and the client has audio/pcm only live and cannot buffer it: the input path is unreachable.",
        "Push callbacks go out under contosoMtls, which requires mutual TLS, but the client's callback listener is plain HTTPS: every callback would be dropped, so push is unreachable.",
      ]
    `);
  });

  it("says what would change a rejection, including the conditions of validity", () => {
    const d = decision(incident, "live-input");
    const finding = d.findings.find((f) => f.status === "violated");
    expect(finding && whatWouldChange(finding, d)).toMatchInlineSnapshot(`
      [
        "Profile: add audio/pcm to bufferableInputModes if the client can buffer it whole before sending (the rule then does not bind).",
        "Card: set capabilities.streaming to true once the server keeps a live exchange open.",
        "Card: stop advertising audio/pcm as an input mode while the endpoint does not stream.",
        "Profile: set fixed to false if the client can renegotiate its own capabilities at negotiation time (defer).",
        "Context: set outOfBandCapabilityExchange or priorTaskHistory if another discovery channel exists (defer).",
        "Context: list the extension in honoredExtensions with resolves: ["live-input-needs-streaming"] if the server is known to honor one that resolves this contradiction (escalate).",
        "Context: set cardKnownStale and serverKnownGood if the card, not the server, is out of date (reject the card and refetch it).",
      ]
    `);
  });

  it("does not offer conditions of validity for a degrade (they only change rejections)", () => {
    const d = decision(incident, "async-completion");
    const finding = d.findings.find((f) => f.status === "violated");
    const changes = finding ? whatWouldChange(finding, d) : [];
    expect(changes.some((c) => c.includes("fixed to false"))).toBe(false);
    expect(changes.some((c) => c.includes("callback.mtls"))).toBe(true);
  });
});

describe("what would change the answer never asks for a value the profile already holds", () => {
  const pushOnly = { id: "push-only", title: "Push only", completion: "push" as const };
  // [profile's canPoll, task class, is "set canPoll to true" offered?]
  const cases: Array<[boolean, string, boolean]> = [
    [true, "async-completion", false],
    [false, "async-completion", true],
    [true, "push-only", false],
    [false, "push-only", false],
  ];
  it.each(cases)("canPoll %s, %s: offers setting canPoll: %s", (canPoll, taskClass, offered) => {
    const taskClasses =
      taskClass === "push-only" ? [{ ...findBuiltIn("async-completion"), ...pushOnly }] : undefined;
    const r = review(CONTOSO.text, { ...NORTHWIND, canPoll }, taskClasses ? { taskClasses } : undefined);
    const d = decision(r, taskClass);
    const finding = d.findings.find((f) => f.invariant === "push-callback-mtls" && f.status === "violated");
    expect(finding).toBeDefined();
    const changes = whatWouldChange(finding!, d);
    expect(changes.some((c) => c.includes("set canPoll to true"))).toBe(offered);
    // The listener's own fix is always there: push itself is what was cut.
    expect(changes.some((c) => c.includes("callback.mtls"))).toBe(true);
  });
});

describe("explanations of conditions of validity and other reasons", () => {
  const cases: Array<[string, Review, string]> = [
    ["renegotiable client", review(CONTOSO.text, { ...NORTHWIND, fixed: false }), "live-input"],
    ["honored extension", review(CONTOSO.text, NORTHWIND, { context: { honoredExtensions: [{ uri: "urn:contoso:chunked-pcm", resolves: ["live-input-needs-streaming"] }] } }), "live-input"],
    ["bare extension URI", review(CONTOSO.text, NORTHWIND, { context: { honoredExtensions: ["urn:contoso:chunked-pcm"] } }), "live-input"],
    ["other discovery channel", review(CONTOSO.text, NORTHWIND, { context: { outOfBandCapabilityExchange: true, priorTaskHistory: true } }), "live-input"],
    ["stale card", review(CONTOSO.text, NORTHWIND, { context: { cardKnownStale: true, serverKnownGood: true } }), "live-input"],
    ["invalid card", review("{\"name\": 3}", NORTHWIND), "request-response"],
    ["push the only path", review(CONTOSO.text, { ...NORTHWIND, canPoll: false }), "async-completion"],
    ["canPoll unknown", review(CONTOSO.text, { ...NORTHWIND, canPoll: undefined }), "async-completion"],
  ];
  it("renders every reason", () => {
    const texts = Object.fromEntries(cases.map(([name, r, id]) => [name, explainDecision(decision(r, id), r)]));
    expect(texts).toMatchInlineSnapshot(`
      {
        "bare extension URI": "Reject Live input before the first task is created: this client and this server cannot complete it together. live-input-needs-streaming cuts the input path for audio/pcm, which live-input requires. An extension the server honors cannot change this finding: an extension only escalates a contradiction in the card that it is named as resolving (honoredExtensions[].resolves).",
        "canPoll unknown": "Defer the decision for Async completion. push-callback-mtls cuts push notifications, and the profile leaves out canPoll, whether the client can poll, which would then be its only completion path: declare it. Until then async-completion is deferred, neither rejected nor accepted on a guess.",
        "honored extension": "Escalate Live input to out-of-band negotiation. live-input-needs-streaming would reject live-input (the input path for audio/pcm), but the card contradicts itself and the server is known to honor urn:contoso:chunked-pcm, which resolves live-input-needs-streaming: escalate to out-of-band negotiation. Known from outside the card: urn:contoso:chunked-pcm.",
        "invalid card": "Reject the card for Request–response: it is not a valid Agent Card, so nothing can be negotiated on it. The card is not valid (not an Agent Card, a field of the wrong type and a missing field), so nothing can be accepted on it: reject the card.",
        "other discovery channel": "Defer the decision for Live input. live-input-needs-streaming would reject live-input (the input path for audio/pcm), but the cut rests on what the card says and the client has an out-of-band capability exchange and a task history with this server besides the card, so the card is not the binding constraint: defer to that channel.",
        "push the only path": "Reject Async completion before the first task is created: this client and this server cannot complete it together. push-callback-mtls cuts push, its only completion-notification path (the client cannot poll), which async-completion requires.",
        "renegotiable client": "Defer the decision for Live input. live-input-needs-streaming would reject live-input (the input path for audio/pcm), but the client can renegotiate its own capabilities (fixed is false) and acquire buffering, which would reopen it: defer.",
        "stale card": "Reject the card for Live input and refetch it: the card, not the server, is what fails. live-input-needs-streaming cuts the input path for audio/pcm, but the server is known good and the card known stale: reject the card and refetch it, not the server.",
      }
    `);
  });

  it("lists invariants that could not be evaluated and what to declare", () => {
    const r = review(CONTOSO.text, { name: "bare" });
    expect(explainReason(decision(r, "request-response").reasons[0]!)).toMatchInlineSnapshot(`"The profile leaves out transports, which shared-transport needs to tell whether every transport binding is reachable: declare it. Until then request-response is deferred, neither rejected nor accepted on a guess."`);
  });
});

describe("other explainers", () => {
  it.each(INVARIANT_IDS)("describes %s with its title, description and docs path", (id) => {
    const text = describeInvariant(id);
    expect(text).toContain(`/rules/${id}`);
    expect(text).toContain(id);
  });

  it("describes an unknown invariant without throwing", () => {
    expect(describeInvariant("from-a-newer-engine")).toContain("Unknown invariant");
  });

  it("explains the 0.x advisory by the card's 0.x shape, and says structural rejections still stand", () => {
    const text = explainAdvisory({ reason: "zeroXAdvisory", data: { shape: "0.3", protocolVersion: "0.3.0", via: "shape" } });
    expect(text).toMatchInlineSnapshot(`"This card has the A2A 0.3 shape, so it is read as a 0.x card, whose capability fields were only advisory. A rejection that rests on one of the rule's invariants (what the card says it can do: streaming, push notifications) becomes a deferral: confirm with the vendor, or get a card in the 1.0 shape whose interfaces speak 1.0. Rejections that come from the card's own structure still stand: an invalid card, no binding shared with the client, input or output modes the client cannot use, security it cannot satisfy."`);
  });

  it("never calls a 0.x-shaped card that declares 1.0 a 1.0 card, and names its shape as the reason", () => {
    // A real card: protocolVersion "1.0" in the 0.3 layout; its output-modes cuts still reject.
    const r = review(readCorpusCard("wild-agent-leash-reference.json"), NORTHWIND);
    expect(r.advisory).toBeDefined();
    expect(decision(r, "request-response").decision).toBe("reject");
    const text = explainAdvisory(r.advisory!);
    expect(text).not.toMatch(/1\.0 card|before 1\.0/);
    expect(text).toContain("This card has the A2A 0.3 shape (it declares protocolVersion 1.0, but its fields are laid out as in 0.3)");
    expect(text).toContain("Rejections that come from the card's own structure still stand");
    expect(text).toContain("input or output modes the client cannot use");
  });

  it("explains the advisory of a 1.0-shaped card by the 0.x version its interfaces speak", () => {
    const text = explainAdvisory({ reason: "zeroXAdvisory", data: { shape: "1.0", protocolVersion: "0.3", via: "interfaces" } });
    expect(text).toMatch(/^Every interface of this card speaks A2A 0\.3 \(an interface with no protocolVersion speaks 0\.3/);
    expect(text).not.toMatch(/1\.0 card|before 1\.0/);
    expect(text).toContain("Rejections that come from the card's own structure still stand");
  });

  it("defers a rule's cut on a 0.x-shaped card that declares 1.0 without calling it a 1.0 card", () => {
    // The 0.3 layout (url and preferred transport at the top level), protocolVersion "1.0", no streaming.
    const card = {
      protocolVersion: "1.0",
      name: "Legacy voice agent",
      description: "A 0.3-shaped card that claims 1.0.",
      url: "https://legacy.example/a2a",
      version: "1.0.0",
      capabilities: { streaming: false },
      defaultInputModes: ["text/plain", "audio/pcm"],
      defaultOutputModes: ["text/plain"],
      skills: [{ id: "talk", name: "Talk", description: "Talks.", tags: ["voice"] }],
    };
    const r = review(JSON.stringify(card), { ...NORTHWIND, protocolVersions: ["1.0", "0.3"] });
    expect(r.advisory?.data).toMatchObject({ shape: "0.3", protocolVersion: "1.0" });
    const live = decision(r, "live-input");
    expect(live.decision).toBe("defer");
    const reason = live.reasons.find((x) => x.reason === "zeroXAdvisory");
    expect(reason).toBeDefined();
    const text = explainReason(reason!);
    expect(text).toContain("the card is read as A2A 0.x");
    expect(text).not.toMatch(/1\.0 card|before (A2A )?1\.0/);
  });

  it("explains input errors", () => {
    const r = review(CONTOSO.text, NORTHWIND, { taskClasses: ["live-inptu"] });
    expect(r.inputErrors?.map(explainInputError)).toMatchInlineSnapshot(`
      [
        "Unknown task class "live-inptu" at /taskClasses/0; known task classes are request-response, live-input, async-completion, fire-and-forget and streaming-output.",
      ]
    `);
  });

  it("explains record parse errors", () => {
    const errors = ["nope", "{\"type\":\"parley.decision\",\"v\":7}", "{\"type\":\"parley.decision\",\"v\":1}"].map((line) => {
      const parsed = parseDecisionRecord(line);
      return parsed.ok ? "" : explainRecordError(parsed.error);
    });
    expect(errors).toMatchInlineSnapshot(`
      [
        "This line is not JSON, so it is not a decision record.",
        "This decision record has format version 7; this engine reads version 1.",
        "This decision record has no /engine; every record has one. Paste the whole record as it was written.",
      ]
    `);
  });
});
