import { describe, expect, it } from "vitest";
import { CONTOSO } from "@/lib/negotiation/examples/incidents";
import { NORTHWIND } from "@/lib/negotiation";
import { locateNearest, problemDiagnostics, runReview, loadEngine } from "./workspace-review";

// The workspace loads the review engine on demand; these tests use it from the start.
await loadEngine();

describe("locateNearest", () => {
  const text = '{\n  "capabilities": {\n    "pushNotifications": true\n  }\n}\n';
  it("finds a field that is there", () => {
    const range = locateNearest(text, "/capabilities/pushNotifications");
    expect(range && text.slice(range.from, range.to)).toBe('"pushNotifications": true');
  });
  it("falls back to the first line of the nearest ancestor for a field the card leaves out", () => {
    const range = locateNearest(text, "/capabilities/streaming");
    expect(range && text.slice(range.from, range.to)).toBe('"capabilities": {');
  });
  it("gives up on text that is not JSON", () => {
    expect(locateNearest("not json", "/a")).toBeUndefined();
  });
});

describe("problemDiagnostics", () => {
  it("puts a schema problem on the field it names", () => {
    const text = '{\n  "name": 12345,\n  "capabilities": "invalid"\n}\n';
    const diagnostics = problemDiagnostics(runReview(text, NORTHWIND, {}), text);
    const marked = diagnostics.filter((d) => d.severity === "error").map((d) => text.slice(d.from, d.to));
    expect(marked).toContain('"name": 12345');
    expect(marked).toContain('"capabilities": "invalid"');
  });
  it("puts a syntax error at its offset", () => {
    const text = '{"name": "x",, }';
    const [first] = problemDiagnostics(runReview(text, NORTHWIND, {}), text);
    expect(first?.severity).toBe("error");
    expect(first?.from).toBeGreaterThanOrEqual(12);
    expect(first?.from).toBeLessThanOrEqual(15);
  });
  it("marks a flood of one warning once per kept warning, plus one for the rest, where locateNearest puts each", () => {
    const card = JSON.parse(CONTOSO.text) as Record<string, unknown>;
    const text = JSON.stringify({ ...card, defaultInputModes: Array.from({ length: 50_000 }, () => "text") }, null, 2);
    const review = runReview(text, NORTHWIND, {});
    const diagnostics = problemDiagnostics(review, text);
    expect(diagnostics.length).toBe(review.validity.problems.length);
    expect(diagnostics.filter((d) => d.message.includes("49,980 more of this kind"))).toHaveLength(1);
    expect(diagnostics.length).toBeLessThan(100);
    review.validity.problems.forEach((problem, i) => {
      if (problem.position) return;
      const expected = locateNearest(text, problem.pointer) ?? { from: 0, to: 1 };
      expect([problem.pointer, diagnostics[i]!.from, diagnostics[i]!.to]).toEqual([problem.pointer, expected.from, expected.to]);
    });
  });
  it("marks each empty skill of a long list where locateNearest puts it, and a field left out on its nearest ancestor", () => {
    const card = JSON.parse(CONTOSO.text) as Record<string, unknown>;
    const text = JSON.stringify({ ...card, skills: Array.from({ length: 20_000 }, () => ({})) });
    const review = runReview(text, NORTHWIND, {});
    const problems = [...review.validity.problems, { severity: "warning" as const, code: "nullValue", pointer: "/capabilities/absent/deeper", data: { field: "capabilities.absent.deeper" } }];
    const diagnostics = problemDiagnostics({ ...review, validity: { ...review.validity, problems } }, text);
    expect(diagnostics.slice(0, 4).map((d) => text.slice(d.from, d.to))).toEqual(["{}", "{}", "{}", "{}"]);
    problems.forEach((problem, i) => {
      const expected = locateNearest(text, problem.pointer) ?? { from: 0, to: 1 };
      expect([problem.pointer, diagnostics[i]!.from, diagnostics[i]!.to]).toEqual([problem.pointer, expected.from, expected.to]);
    });
  });
  it("has nothing to mark on the incident card", () => {
    expect(problemDiagnostics(runReview(CONTOSO.text, NORTHWIND, {}), CONTOSO.text).filter((d) => d.severity === "error")).toEqual([]);
  });
});
