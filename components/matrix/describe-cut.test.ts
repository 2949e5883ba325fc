import { describe, expect, it } from "vitest";
import { describeCut } from "./describe-cut";

describe("describeCut", () => {
  it.each([
    [{ kind: "input", modes: ["audio/pcm"] } as const, "cuts input audio/pcm"],
    [{ kind: "output", modes: ["audio/pcm", "video/mp4"] } as const, "cuts output audio/pcm, video/mp4"],
    [{ kind: "completion", channel: "push" } as const, "cuts push completion"],
    [{ kind: "transport" } as const, "cuts transport"],
  ])("names the path a cell cuts (%o)", (path, label) => {
    expect(describeCut(path)).toBe(label);
  });
});
