import { describe, expect, it } from "vitest";
import { BUILT_IN_TASK_CLASSES, NORTHWIND } from "@/lib/negotiation";
import type { ProbedInterface, ProbeReport } from "@/lib/probe/types";
import { classObservations, contradictionDiagnostics, liveView, staleness, staleSentence, type LiveCheckRun } from "./live-observations";

// Reports shaped as lib/probe's probeAgent returns them for the reality kit's agents (see
// lib/probe/probe.test.ts for the real ones): the mapping turns them into what the workspace shows.

const alive = (index: number, extra: Partial<ProbedInterface> = {}): ProbedInterface => ({
  index,
  pointer: `/supportedInterfaces/${index}`,
  url: `http://127.0.0.1:4000/a2a/${index}`,
  binding: "JSONRPC",
  version: "1.0",
  picked: index === 0,
  reachable: true,
  ...extra,
});

const unsent = (predicted: ProbeReport["classes"][string]["predicted"]) => ({ predicted, observed: "skipped" as const, error: "not sent (--send runs it)" });

function report(extra: Partial<ProbeReport> = {}): ProbeReport {
  return {
    card: { url: "http://127.0.0.1:4000/.well-known/agent-card.json", servedToSdkDiffers: false, name: "agent" },
    interfaces: [alive(0)],
    classes: {
      "request-response": unsent("accept"),
      "live-input": unsent("reject"),
      "async-completion": unsent("accept-degraded"),
      "fire-and-forget": unsent("accept"),
      "streaming-output": unsent("accept"),
    },
    contradictions: [],
    sent: false,
    notes: [],
    ...extra,
  };
}

const STREAM_REFUSED = {
  pointer: "/capabilities/streaming",
  claim: "capabilities.streaming is true",
  observed: "the stream was refused: JsonRpcUnsupportedOperationError: streaming is not supported by the agent",
};

const observed = (r: ProbeReport) => Object.fromEntries([...classObservations(r, BUILT_IN_TASK_CLASSES)].map(([id, o]) => [id, [o.observed, o.agreement]]));

describe("classObservations: the probe's report, per task class", () => {
  it("an honest agent checked without sending: nothing observed, nothing against any class", () => {
    const classes = classObservations(report(), BUILT_IN_TASK_CLASSES);
    expect([...classes.values()].every((o) => o.observed === "skipped" && o.agreement === "clear" && o.how === "checked")).toBe(true);
    // The CLI's wording (--send) is not what the workspace says.
    expect(classes.get("request-response")?.said).toBe("not sent: the check creates no task");
  });

  it("a refused stream fails the classes that stream, against their accept, and leaves the others", () => {
    const r = report({ contradictions: [STREAM_REFUSED] });
    expect(observed(r)).toEqual({
      "request-response": ["skipped", "clear"],
      // Its input is live: the SDK would stream it, and the stream is refused. The review rejected it already.
      "live-input": ["failed", "agrees"],
      "async-completion": ["skipped", "clear"],
      "fire-and-forget": ["skipped", "clear"],
      "streaming-output": ["failed", "disagrees"],
    });
    const streaming = classObservations(r, BUILT_IN_TASK_CLASSES).get("streaming-output");
    expect(streaming).toMatchObject({ how: "checked", predicted: "accept", said: STREAM_REFUSED.observed });
  });

  it("a dead interface the SDK picks fails every class (it never tries another); one that timed out hangs them", () => {
    const dead = {
      pointer: "/supportedInterfaces/0/url",
      claim: "interface 0 is at http://127.0.0.1:4000/a2a/0",
      observed: "interface 0 has nothing behind it (HTTP 404) (the SDK picks it and never tries another); interface 1 answers: HTTP 404",
    };
    const r = report({ interfaces: [alive(0, { reachable: false, error: { kind: "notFound", detail: "HTTP 404", status: 404 } }), alive(1)], contradictions: [dead] });
    const classes = classObservations(r, BUILT_IN_TASK_CLASSES);
    expect([...classes.values()].map((o) => o.observed)).toEqual(["failed", "failed", "failed", "failed", "failed"]);
    expect(classes.get("request-response")).toMatchObject({ agreement: "disagrees", said: dead.observed });
    expect(classes.get("live-input")?.agreement).toBe("agrees");

    const slow = report({ interfaces: [alive(0, { reachable: false, error: { kind: "timeout", detail: "no answer in 5000 ms" } }), alive(1)], contradictions: [{ ...dead, observed: "interface 0 did not answer in time" }] });
    expect(classObservations(slow, BUILT_IN_TASK_CLASSES).get("fire-and-forget")).toMatchObject({ observed: "hung", agreement: "disagrees" });
  });

  it("a dead interface the SDK does not pick says nothing about the classes", () => {
    const r = report({
      interfaces: [alive(0), alive(1, { reachable: false, error: { kind: "refused", detail: "ECONNREFUSED" } })],
      contradictions: [{ pointer: "/supportedInterfaces/1/url", claim: "interface 1 is at …", observed: "interface 1 refused the connection" }],
    });
    expect(Object.values(observed(r)).every(([o, a]) => o === "skipped" && a === "clear")).toBe(true);
  });

  it("a version the picked interface refuses is on that interface's field, and fails every class", () => {
    const r = report({
      interfaces: [alive(0, { version: "1.0.0", reachable: false, error: { kind: "versionNotSupported", detail: "VersionNotSupportedError" } })],
      contradictions: [{ pointer: "/supportedInterfaces/0/protocolVersion", claim: 'interface 0 declares protocol version "1.0.0"', observed: "the server refused the version the SDK sends" }],
    });
    expect(observed(r)["request-response"]).toEqual(["failed", "disagrees"]);
  });

  it("refused push configs fail only the classes that need push", () => {
    const push = { ...unsent("accept"), predicted: "accept" as const };
    const r = report({
      classes: { "async-completion": unsent("accept"), "push-only": push },
      contradictions: [{ pointer: "/capabilities/pushNotifications", claim: "capabilities.pushNotifications is true", observed: "push configs were refused: PushNotificationNotSupportedError" }],
    });
    const custom = { id: "push-only", title: "Push only", description: "", input: "whole" as const, completion: "push" as const, output: "required" as const };
    const classes = classObservations(r, [...BUILT_IN_TASK_CLASSES, custom]);
    expect(classes.get("push-only")).toMatchObject({ observed: "failed", agreement: "disagrees" });
    // async-completion falls back to polling: the check cannot say it fails.
    expect(classes.get("async-completion")).toMatchObject({ observed: "skipped", agreement: "clear" });
  });

  it("credentials the SDK's pick wants: nothing could be asked, and it says why", () => {
    const r = report({ interfaces: [alive(0, { reachable: false, error: { kind: "unauthorized", detail: "HTTP 401", status: 401 } })] });
    const rr = classObservations(r, BUILT_IN_TASK_CLASSES).get("request-response");
    expect(rr).toMatchObject({ observed: "skipped", agreement: "unknown" });
    expect(rr?.said).toBe("not sent: the check creates no task; interface 0 (the SDK's pick) did not answer the check (unauthorized, HTTP 401)");
  });

  it("sent classes are what happened to them, beside what the review predicted", () => {
    const r = report({
      sent: true,
      classes: {
        "request-response": { predicted: "accept", observed: "completed" },
        "streaming-output": { predicted: "accept", observed: "failed", error: "JsonRpcUnsupportedOperationError: …", disagrees: true },
        "async-completion": { predicted: "accept-degraded", observed: "completed-fallback", error: "no push callback in 10 s; the task completed (found by polling)" },
        "live-input": { predicted: "reject", observed: "skipped", error: "not sent: the review rejects it (name it with --task-class to send anyway)" },
        "fire-and-forget": { predicted: "escalate", observed: "hung", error: "no end within 10000 ms" },
      },
    });
    const classes = classObservations(r, BUILT_IN_TASK_CLASSES);
    expect(observed(r)).toEqual({
      "request-response": ["completed", "agrees"],
      "streaming-output": ["failed", "disagrees"],
      "async-completion": ["completed-fallback", "agrees"],
      "live-input": ["skipped", "clear"],
      "fire-and-forget": ["hung", "no-claim"],
    });
    expect(classes.get("streaming-output")).toMatchObject({ how: "sent", said: "JsonRpcUnsupportedOperationError: …" });
    expect(classes.get("live-input")?.said).toMatch(/^not sent: the review rejects it/);
  });
});

describe("contradictionDiagnostics: the contradicted field, marked in the card", () => {
  const text = '{\n  "name": "liar",\n  "capabilities": {\n    "streaming": true\n  }\n}\n';
  it("marks the field the pointer names, with the contradiction's sentence", () => {
    const [d] = contradictionDiagnostics([STREAM_REFUSED], text);
    expect(d && text.slice(d.from, d.to)).toBe('"streaming": true');
    expect(d).toMatchObject({ severity: "error", message: `The live agent contradicts the card: capabilities.streaming is true; ${STREAM_REFUSED.observed}` });
  });
  it("marks the first line of the nearest field there is for one the card leaves out", () => {
    const [d] = contradictionDiagnostics([{ pointer: "/securitySchemes", claim: "the card declares no security", observed: "interface 0 answered HTTP 401" }], text);
    expect(d && text.slice(d.from, d.to)).toBe("{");
  });
});

describe("staleness: observations belong to the card and profile they were made on", () => {
  const run: LiveCheckRun = { report: report({ contradictions: [STREAM_REFUSED] }), cardText: "{}", profile: NORTHWIND, taskClasses: undefined };
  it("is fresh for the same card, profile and classes, even as copies", () => {
    expect(staleness(run, "{}", structuredClone(NORTHWIND), undefined)).toBeNull();
  });
  it("names what changed: the card first, then the profile, then the classes", () => {
    expect(staleness(run, "{ }", { ...NORTHWIND, name: "other" }, ["request-response"])).toBe("card");
    expect(staleness(run, "{}", { ...NORTHWIND, name: "other" }, ["request-response"])).toBe("profile");
    expect(staleness(run, "{}", NORTHWIND, ["request-response"])).toBe("taskClasses");
  });
  it("says so, naming the profile the check compared with", () => {
    expect(staleSentence(liveView(run, null))).toBeUndefined();
    expect(staleSentence(liveView(run, "card"))).toMatch(/^The card has changed since the live check/);
    expect(staleSentence(liveView(run, "profile"))).toContain(`predictions for ${NORTHWIND.name}`);
  });
});
