import { describe, expect, it } from "vitest";
import { acknowledgeReview, NORTHWIND, review } from "../negotiation";
import { CONTOSO } from "../negotiation/examples/incidents";
import { toJunit } from "./formats";
import { markAcknowledgedJunit } from "./acknowledged";

const ACK = { invariant: "live-input-needs-streaming" as const, taskClass: "live-input", reason: "Streaming ships next quarter.", by: "Ana" };

describe("markAcknowledgedJunit", () => {
  it("skips the acknowledged class with who and why, keeps its failure text, and lowers both failure counts", () => {
    const reviewed = review(CONTOSO.text, NORTHWIND);
    const junit = toJunit({ review: reviewed, cardText: CONTOSO.text, cardUri: "contoso.json" });
    const failuresBefore = Number(/<testsuites [^>]*failures="(\d+)"/.exec(junit)![1]);
    const marked = markAcknowledgedJunit(junit, acknowledgeReview(reviewed, [ACK], { now: new Date("2026-01-01T00:00:00Z") }));
    const liveInput = /<testcase [^>]*name="live-input">[\s\S]*?<\/testcase>/.exec(marked)![0];
    expect(liveInput).not.toContain("<failure");
    expect(liveInput).toContain('<skipped message="reject, acknowledged. live-input-needs-streaming acknowledged by Ana: Streaming ships next quarter."/>');
    expect(liveInput).toContain("<system-out>Reject Live input");
    expect(marked).toContain(`<testsuites name="Parley" tests="${reviewed.decisions.length}" failures="${failuresBefore - 1}">`);
    expect(marked.match(/<failure /g)?.length ?? 0).toBe(failuresBefore - 1);
  });

  it("never reaches into another class's test case when the acknowledged one has no failure", () => {
    // async-completion is accept-degraded: no failure under --fail-on reject. An acknowledgement of its finding must not take live-input's.
    const reviewed = review(CONTOSO.text, NORTHWIND);
    const junit = toJunit({ review: reviewed, cardText: CONTOSO.text, cardUri: "contoso.json" });
    const degraded = reviewed.decisions.find((d) => d.decision === "accept-degraded")!;
    const rule = degraded.reasons.find((r) => r.outcome !== "accept" && r.invariant)!.invariant!;
    const entries = acknowledgeReview(reviewed, [{ invariant: rule, taskClass: degraded.taskClass, reason: "Polling is fine." }], { now: new Date() });
    expect(entries.find((e) => e.taskClass === degraded.taskClass)!.acknowledged).toBe(true);
    // A later class does fail (streaming-output on this card): a match running past the degraded case would take its failure.
    expect(junit.slice(junit.indexOf(`name="${degraded.taskClass}"`))).toContain("<failure ");
    expect(markAcknowledgedJunit(junit, entries)).toBe(junit);
  });

  it("leaves a report with nothing acknowledged as it was", () => {
    const junit = toJunit({ review: review(CONTOSO.text, NORTHWIND), cardText: CONTOSO.text, cardUri: "contoso.json" });
    expect(markAcknowledgedJunit(junit, [])).toBe(junit);
  });
});
