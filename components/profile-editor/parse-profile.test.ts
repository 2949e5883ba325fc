import { describe, expect, it } from "vitest";
import { NORTHWIND } from "@/lib/negotiation";
import { formatProfile, parseProfileText } from "./parse-profile";

describe("parseProfileText", () => {
  it("accepts a formatted preset and returns the same profile", () => {
    const result = parseProfileText(formatProfile(NORTHWIND));
    expect(result).toEqual({ ok: true, profile: NORTHWIND });
  });

  it.each([
    ["a syntax error", '{"name": "x",}', { offset: 13 }],
    ["a missing name", '{"name": ""}', { pointer: "/name" }],
    ["a wrong type deep inside", '{"name": "x", "callback": {"mtls": "yes"}}', { pointer: "/callback/mtls" }],
    ["an unknown field", '{"name": "x", "bufferable": ["audio/pcm"]}', { pointer: "/bufferable" }],
    ["an empty mode", '{"name": "x", "inputModes": ["text/plain", " "]}', { pointer: "/inputModes/1" }],
  ])("places %s where it is", (_, text, where) => {
    const result = parseProfileText(text);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues[0]).toMatchObject(where);
    expect(result.issues[0]?.message.length).toBeGreaterThan(5);
  });

  it("does not throw on hostile input", () => {
    for (const text of ["", "null", "[]", "{".repeat(5000), '"\\u12"']) {
      expect(parseProfileText(text).ok).toBe(false);
    }
  });
});
