import { describe, expect, it } from "vitest";
import { acknowledgeReview, gateDecision, readAcknowledgements, type Acknowledgement } from "./acknowledgements";
import { digestCardText } from "./digest";
import { CONTOSO } from "./examples/incidents";
import { describeClassAcknowledgement, explainAcknowledgementProblem } from "./explain/acknowledgements";
import { NORTHWIND } from "./profile";
import { review } from "./review";

// The README's example: Northwind against Contoso rejects live-input (live-input-needs-streaming)
// and degrades async-completion (push-callback-mtls); request-response is a plain accept.
const contoso = review(CONTOSO.text, NORTHWIND, { taskClasses: ["request-response", "live-input", "async-completion"] });
const digest = digestCardText(CONTOSO.text);
const NOW = new Date("2026-12-06T12:00:00Z");

function byClass(acks: Acknowledgement[], cardDigest?: string) {
  return Object.fromEntries(acknowledgeReview(contoso, acks, { now: NOW, cardDigest }).map((entry) => [entry.taskClass, entry]));
}

describe("acknowledgeReview", () => {
  it("the example review is what these tests assume", () => {
    expect(contoso.decisions.map((d) => [d.taskClass, d.decision])).toEqual([
      ["request-response", "accept"],
      ["live-input", "reject"],
      ["async-completion", "accept-degraded"],
    ]);
  });

  it("an acknowledged rule marks the class acknowledged without changing its decision, and the gate counts it as accept", () => {
    const out = byClass([{ invariant: "live-input-needs-streaming", reason: "we buffer audio from Q1", by: "ana" }]);
    expect(out["live-input"]).toMatchObject({ decision: "reject", acknowledged: true, unacknowledged: [] });
    expect(out["live-input"]!.applied.map((a) => a.index)).toEqual([0]);
    expect(gateDecision(out["live-input"]!)).toBe("accept");
    // Other classes are untouched: nothing behind them is that rule.
    expect(out["async-completion"]).toMatchObject({ decision: "accept-degraded", acknowledged: false, applied: [] });
    expect(gateDecision(out["async-completion"]!)).toBe("accept-degraded");
    expect(out["request-response"]).toMatchObject({ acknowledged: false, applied: [] });
  });

  it.each([
    ["another class", { invariant: "live-input-needs-streaming", taskClass: "request-response", reason: "r" }],
    ["another rule", { invariant: "push-callback-mtls", reason: "r" }],
    ["another card", { invariant: "live-input-needs-streaming", reason: "r", card: `sha256:${"0".repeat(64)}` }],
  ] as const)("an acknowledgement for %s does not apply", (_name, ack) => {
    const out = byClass([ack as Acknowledgement], digest);
    expect(out["live-input"]).toMatchObject({ decision: "reject", acknowledged: false, unacknowledged: ["live-input-needs-streaming"] });
    expect(gateDecision(out["live-input"]!)).toBe("reject");
  });

  it("narrowed to the class and this card's digest, it applies; without the digest given it does not", () => {
    const ack: Acknowledgement = { invariant: "live-input-needs-streaming", taskClass: "live-input", reason: "r", card: digest };
    expect(byClass([ack], digest)["live-input"]!.acknowledged).toBe(true);
    expect(byClass([ack])["live-input"]!.acknowledged).toBe(false);
  });

  it("an expired acknowledgement is reported as expired and the finding counts again; the last day still holds", () => {
    const expired = byClass([{ invariant: "push-callback-mtls", reason: "r", until: "2026-12-05" }])["async-completion"]!;
    expect(expired).toMatchObject({ acknowledged: false, applied: [], unacknowledged: ["push-callback-mtls"] });
    expect(expired.expired).toHaveLength(1);
    expect(describeClassAcknowledgement(expired)).toContain("expired on 2026-12-05");
    const lastDay = byClass([{ invariant: "push-callback-mtls", reason: "r", until: "2026-12-06" }])["async-completion"]!;
    expect(lastDay.acknowledged).toBe(true);
    expect(byClass([{ invariant: "push-callback-mtls", reason: "r", until: "2026-12-06T11:59:59Z" }])["async-completion"]!.acknowledged).toBe(false);
  });

  it("an invalid card's rejection rests on no rule and is never acknowledged", () => {
    const invalid = review('{"name": 5}', NORTHWIND, { taskClasses: ["request-response"] });
    expect(invalid.decisions[0]!.decision).toBe("reject");
    const all = readAcknowledgements([{ invariant: "shared-transport", reason: "r" }]).acknowledgements;
    expect(acknowledgeReview(invalid, all, { now: NOW })[0]!.acknowledged).toBe(false);
  });

  it("the sentence says the decision stands and names the acknowledged rule", () => {
    const out = byClass([{ invariant: "live-input-needs-streaming", reason: "r" }]);
    expect(describeClassAcknowledgement(out["live-input"]!)).toBe("live-input: reject, acknowledged (live-input-needs-streaming); it does not fail a gate.");
    expect(describeClassAcknowledgement(out["request-response"]!)).toBeUndefined();
  });
});

describe("readAcknowledgements", () => {
  it("keeps every entry that reads and names each that does not, with where and why", () => {
    const reading = readAcknowledgements([
      { invariant: "push-callback-mtls", reason: "vendor confirmed plain callbacks", until: "2027-01-31" },
      { invariant: "push-calback-mtls", reason: "typo" },
      { invariant: "output-modes" },
      { invariant: "output-modes", reason: "r", until: "2026-02-31" },
      { invariant: "output-modes", reason: "r", card: "sha256:ABC" },
      { invariant: "output-modes", reason: "r", extra: 1 },
    ]);
    expect(reading.acknowledgements).toHaveLength(1);
    expect(reading.problems.map((p) => [p.code, p.pointer])).toEqual([
      ["invalidAcknowledgement", "/1/invariant"],
      ["invalidAcknowledgement", "/2/reason"],
      ["invalidUntil", "/3/until"],
      ["invalidAcknowledgement", "/4/card"],
      ["invalidAcknowledgement", "/5"],
    ]);
    const words = reading.problems.map(explainAcknowledgementProblem);
    expect(words[0]).toContain("/1/invariant");
    expect(words[2]).toContain("not a date that exists");
    expect(words[3]).toContain("64 lowercase hex digits");
  });

  it("refuses what is not a list and reads at most the limit from a huge one", () => {
    expect(readAcknowledgements({ invariant: "x" }).problems[0]).toMatchObject({ code: "notAList", data: { got: "object" } });
    const many = readAcknowledgements(Array.from({ length: 600 }, () => ({ invariant: "signed-card", reason: "r" })));
    expect(many.acknowledgements).toHaveLength(500);
    expect(many.problems).toEqual([{ code: "tooMany", pointer: "", data: { count: 600, limit: 500 } }]);
  });
});
