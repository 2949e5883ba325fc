import { describe, expect, it } from "vitest";
import type * as z from "../zod";
import { mapIssues, ReportedPointers } from "./issue-map";
import { ProblemSink } from "./problems";

/** A zod "wrong type" issue at a path, as the card schemas report it. */
function wrongType(path: PropertyKey[]): z.core.$ZodIssue {
  return { code: "invalid_type", expected: "string", path, message: "", input: undefined } as unknown as z.core.$ZodIssue;
}

/** The pointers a spec-tier pass reports after the critical tier reported `critical`. */
function specPointersAfter(root: unknown, critical: PropertyKey[][], spec: PropertyKey[][]): string[] {
  const sink = new ProblemSink();
  const seen = new ReportedPointers();
  mapIssues(critical.map(wrongType), "critical", root, [], sink, seen);
  const before = sink.problems.length;
  mapIssues(spec.map(wrongType), "spec", root, [], sink, seen);
  return sink.problems.slice(before).map((p) => p.pointer);
}

describe("mapIssues: a field the critical tier reported is not reported again by the spec tier", () => {
  const root = { a: { b: { c: 1 }, bc: 2, "": { x: 3 } }, ab: 4, skills: Array.from({ length: 40 }, (_, i) => ({ id: i })) };
  it.each([
    { name: "the same field", critical: [["a", "b"]], spec: [["a", "b"]], reported: [] },
    { name: "a field inside a reported object", critical: [["a", "b"]], spec: [["a", "b", "c"]], reported: [] },
    { name: "a sibling whose name starts with the reported one's", critical: [["a", "b"]], spec: [["a", "bc"]], reported: ["/a/bc"] },
    { name: "a top-level field whose name starts with the reported one's", critical: [["a"]], spec: [["ab"]], reported: ["/ab"] },
    { name: "a field under an empty key, below a reported object", critical: [["a", ""]], spec: [["a", "", "x"]], reported: [] },
    { name: "a field beside an empty key", critical: [["a", ""]], spec: [["a", "b"]], reported: ["/a/b"] },
    { name: "the parent of a reported field", critical: [["a", "b", "c"]], spec: [["a", "b"]], reported: ["/a/b"] },
  ])("$name", ({ critical, spec, reported }) => {
    expect(specPointersAfter(root, critical, spec)).toEqual(reported);
  });

  // Past a few reported pointers the check looks ancestors up instead of comparing each: same answers.
  it.each([3, 16, 17, 40])("with %i skills already reported, their fields are skipped and others kept", (count) => {
    const critical = Array.from({ length: count }, (_, i) => ["skills", i]);
    const spec = [["skills", 0, "id"], ["skills", count - 1, "id"], ["skills", 1], ["a", "b"]];
    if (count < 40) spec.push(["skills", count, "id"]);
    const expected = count < 40 ? ["/a/b", `/skills/${count}/id`] : ["/a/b"];
    expect(specPointersAfter(root, critical, spec)).toEqual(expected);
  });
});
