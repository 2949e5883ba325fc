import { describe, expect, it } from "vitest";
import { listCovers, listHas, modeParameters, modesOverlap, narrower, nonMimeReading, normalizeMode, pushUnique } from "./media-types";

describe("modes as media types", () => {
  it.each([
    ["audio/pcm", "AUDIO/PCM", true],
    ["audio/pcm;rate=16000", "audio/pcm", true],
    ["audio/*", "audio/pcm", true],
    ["audio/pcm", "audio/*", true],
    ["*/*", "image/png", true],
    ["*", "text/plain", true],
    ["audio/*", "video/mp4", false],
    ["text/plain", "text/html", false],
    // Tokens real cards use instead of media types, read as stated in the validity warning.
    ["text", "text/plain", true],
    ["data", "application/json", true],
    ["file", "image/png", true],
    ["text", "application/json", false],
  ])("%s overlaps %s: %s", (a, b, expected) => {
    expect(modesOverlap(a, b)).toBe(expected);
    expect(modesOverlap(b, a)).toBe(expected);
  });

  it("keeps parameters for display, not for matching", () => {
    expect(normalizeMode(" Audio/PCM ; rate=16000")).toBe("audio/pcm");
    expect(modeParameters("audio/pcm;rate=16000")).toBe("rate=16000");
    expect(modeParameters("audio/pcm")).toBe("");
  });

  it("names the more specific of two overlapping modes: what is actually exchanged", () => {
    expect(narrower("audio/*", "audio/pcm")).toBe("audio/pcm");
    expect(narrower("audio/pcm;rate=8000", "*/*")).toBe("audio/pcm;rate=8000");
  });

  it("reads an undefined accepted list as any mode, an undefined declared list as none", () => {
    expect(listCovers(undefined, "video/mp4")).toBe(true);
    expect(listHas(undefined, "video/mp4")).toBe(false);
    expect(listHas([], "video/mp4")).toBe(false);
  });

  it("dedupes by type and subtype, keeping the first spelling", () => {
    const out = ["Text/Plain"];
    pushUnique(out, "text/plain;charset=utf-8");
    pushUnique(out, "audio/pcm");
    expect(out).toEqual(["Text/Plain", "audio/pcm"]);
  });
});

describe("non-MIME tokens", () => {
  it("reads text, data and file (any case, trimmed) and nothing else", () => {
    expect(nonMimeReading(" Text ")).toBe("text/plain");
    expect(nonMimeReading("data")).toBe("application/json");
    expect(nonMimeReading("FILE")).toBe("*/*");
    expect(nonMimeReading("audio/pcm")).toBeUndefined();
  });

  // Card text looked up in a plain object would find Object.prototype's members.
  it.each(["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf", "__defineGetter__"])("%s is not a token, and compares as a bare word", (token) => {
    expect(nonMimeReading(token)).toBeUndefined();
    expect(normalizeMode(token)).toBe(token.toLowerCase());
    expect(modesOverlap(token, "text/plain")).toBe(false);
    expect(modesOverlap(token, token.toUpperCase())).toBe(true);
  });
});
