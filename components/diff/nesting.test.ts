import { describe, expect, it } from "vitest";
import { describeTooDeep, MAX_DIFF_NESTING, nestingDepth, tooDeepSide } from "./nesting";

describe("how deeply a version nests", () => {
  it("counts brackets and braces, not those inside strings", () => {
    expect(nestingDepth('{"a": [1, {"b": "[[[{{{"}]}')).toBe(3);
    expect(nestingDepth('{"a": "\\"[[["}')).toBe(1);
    expect(nestingDepth("not json at all")).toBe(0);
  });

  it("names the version nested past the limit, Before first", () => {
    const deep = `{"a": ${"[".repeat(3000)}${"]".repeat(3000)}}`;
    const fine = '{"name": "x"}';
    expect(tooDeepSide(deep, fine)).toBe("before");
    expect(tooDeepSide(fine, deep)).toBe("after");
    expect(tooDeepSide(deep, deep)).toBe("before");
    expect(tooDeepSide(fine, fine)).toBeUndefined();
    // Exactly at the limit is still compared.
    const atLimit = "[".repeat(MAX_DIFF_NESTING) + "]".repeat(MAX_DIFF_NESTING);
    expect(tooDeepSide(atLimit, fine)).toBeUndefined();
  });

  it("says which version and why, in plain words", () => {
    const text = describeTooDeep("after");
    expect(text).toContain("After is nested more than");
    expect(text).not.toMatch(/postMessage|stack|RangeError/);
  });
});
