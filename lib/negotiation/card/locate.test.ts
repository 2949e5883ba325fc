import { describe, expect, it } from "vitest";
import { locatePointer } from "./locate";
import { escapePointerSegment, joinPointer, parsePointer } from "./pointer";

const text = `{
  "name": "Echo",
  "capabilities": { "streaming": "True" },
  "skills": [
    { "id": "a", "inputModes": ["text", "audio/pcm"] }
  ],
  "securitySchemes": {
    "a/b": { "type": "http" },
    "m~x": { "type": "mutualTLS" }
  },
  "": { "empty": 1 }
}`;

const slice = (pointer: string) => {
  const range = locatePointer(text, pointer);
  return range ? text.slice(range.from, range.to) : undefined;
};

describe("locatePointer", () => {
  it.each([
    ["", text],
    ["/name", '"name": "Echo"'],
    ["/capabilities/streaming", '"streaming": "True"'],
    ["/skills/0/inputModes/0", '"text"'],
    ["/skills/0/inputModes/1", '"audio/pcm"'],
    ["/skills/0", '{ "id": "a", "inputModes": ["text", "audio/pcm"] }'],
    ["/securitySchemes/a~1b", '"a/b": { "type": "http" }'],
    ["/securitySchemes/m~0x/type", '"type": "mutualTLS"'],
    ["//empty", '"empty": 1'],
  ])("finds %j", (pointer, expected) => {
    expect(slice(pointer)).toBe(expected);
  });

  it.each([
    ["/missing"],
    ["/skills/1"],
    ["/skills/x"],
    ["/skills/01"],
    ["/name/deeper"],
    ["no-leading-slash"],
    ["/securitySchemes/a/b"],
  ])("returns undefined for %j", (pointer) => {
    expect(locatePointer(text, pointer)).toBeUndefined();
  });

  it("still locates fields before a syntax error, and never throws on junk", () => {
    const broken = '{"name": "x", "skills": [1,, }';
    expect(locatePointer(broken, "/name")).toEqual({ from: 1, to: 12 });
    expect(locatePointer("", "/name")).toBeUndefined();
    expect(() => locatePointer("[".repeat(100_000), "/0/0")).not.toThrow();
  });
});

describe("JSON pointers", () => {
  it("escapes ~ before / so keys round-trip (RFC 6901)", () => {
    expect(escapePointerSegment("a/b~c")).toBe("a~1b~0c");
    expect(escapePointerSegment("~1")).toBe("~01");
    expect(joinPointer("/securitySchemes", "~1", 0)).toBe("/securitySchemes/~01/0");
    expect(parsePointer("/securitySchemes/~01/0")).toEqual(["securitySchemes", "~1", "0"]);
    expect(parsePointer("")).toEqual([]);
    expect(parsePointer("x")).toBeUndefined();
  });
});
