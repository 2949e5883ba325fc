import { describe, expect, it } from "vitest";
import type { Review, TaskClassDecision } from "../decision-types";
import { CONTOSO } from "../examples/incidents";
import { INVARIANT_IDS } from "../invariants/types";
import { NORTHWIND } from "../profile";
import { parseDecisionRecord } from "../record";
import { review } from "../review";
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
        "Accept Request–response. No invariant cuts a path request-response needs.",
        "Reject Live input before the first task is created: the server cannot complete it for this client. live-input-needs-streaming cuts the input path for audio/pcm, which live-input requires.",
        "Accept Async completion, degraded. push-callback-mtls cuts push notifications, which async-completion can do without: it falls back to polling.",
        "Accept Fire and forget. No invariant cuts a path fire-and-forget needs.",
        "Reject Streaming output before the first task is created: the server cannot complete it for this client. stream-channel-available cuts the stream its results arrive on, which streaming-output requires.",
      ]
    `);
  });

  it("explains the incident findings", () => {
    const live = decision(incident, "live-input").findings.find((f) => f.status === "violated");
    const push = decision(incident, "async-completion").findings.find((f) => f.status === "violated");
    expect([live && explainFinding(live), push && explainFinding(push)]).toMatchInlineSnapshot(`
      [
        "The card accepts audio/pcm as input but does not stream (capabilities.streaming is false), and the client has audio/pcm only live and cannot buffer it: the input path is unreachable.",
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
        "Card: set capabilities.streaming to true once the server accepts streamed input.",
        "Card: stop advertising audio/pcm as an input mode while the endpoint does not stream.",
        "Profile: set fixed to false if the client can renegotiate its own capabilities (defer).",
        "Context: set outOfBandCapabilityExchange or priorTaskHistory if another discovery channel exists (defer).",
        "Context: list honoredExtensions if the server is known to honor a vendor extension that resolves this (escalate).",
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

describe("explanations of conditions of validity and other reasons", () => {
  const cases: Array<[string, Review, string]> = [
    ["renegotiable client", review(CONTOSO.text, { ...NORTHWIND, fixed: false }), "live-input"],
    ["honored extension", review(CONTOSO.text, NORTHWIND, { context: { honoredExtensions: ["urn:contoso:chunked-pcm"] } }), "live-input"],
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
        "canPoll unknown": "Accept Async completion, degraded. push-callback-mtls cuts push notifications, which async-completion can do without: it falls back to polling. The profile does not declare canPoll; declare it, since polling is now the only way to learn of completion.",
        "honored extension": "Escalate Live input to out-of-band negotiation. live-input-needs-streaming would reject live-input (the input path for audio/pcm), but the server is known to honor urn:contoso:chunked-pcm: escalate to out-of-band negotiation. Known from outside the card: urn:contoso:chunked-pcm.",
        "invalid card": "Reject the card for Request–response: it is not a valid Agent Card, so nothing can be negotiated on it. The card is not valid (errors: notAnAgentCard, wrongType and missingField), so nothing can be accepted on it: reject the card.",
        "other discovery channel": "Defer the decision for Live input: the card alone does not decide it. live-input-needs-streaming would reject live-input (the input path for audio/pcm), but the client has an out-of-band capability exchange and a task history with this server besides the card, so the card is not the binding constraint: defer to that channel.",
        "push the only path": "Reject Async completion before the first task is created: the server cannot complete it for this client. push-callback-mtls cuts push, its only completion-notification path (the client cannot poll), which async-completion requires.",
        "renegotiable client": "Defer the decision for Live input: the card alone does not decide it. live-input-needs-streaming would reject live-input (the input path for audio/pcm), but the client can renegotiate its own capabilities (fixed is false): defer.",
        "stale card": "Reject the card for Live input and refetch it: the card, not the server, is what fails. live-input-needs-streaming cuts the input path for audio/pcm, but the server is known good and the card known stale: reject the card and refetch it, not the server.",
      }
    `);
  });

  it("lists invariants that could not be evaluated and what to declare", () => {
    const r = review(CONTOSO.text, { name: "bare" });
    expect(explainReason(decision(r, "request-response").reasons[0]!)).toMatchInlineSnapshot(`"No invariant cuts a path request-response needs; shared-transport could not be evaluated: declare /transports in the profile."`);
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

  it("explains the 0.x advisory", () => {
    expect(explainAdvisory({ reason: "zeroXAdvisory", data: { shape: "0.3", protocolVersion: "0.3.0" } })).toMatchInlineSnapshot(`"This is a 0.3.0 card: the rule says capability fields were only advisory before A2A 1.0, so these decisions are advisory too (they are computed the same way)."`);
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
        "This decision record is malformed at /engine (invalid_type).",
      ]
    `);
  });
});
