import { describe, expect, it } from "vitest";
import type { Path } from "../task-classes";
import { describeCut, describeMissing } from "./cut-label";

describe("describeCut", () => {
  it.each<[Path, string]>([
    [{ kind: "input", modes: ["audio/pcm"] }, "cuts input audio/pcm"],
    [{ kind: "output", modes: ["audio/pcm", "video/mp4"], reachable: [] }, "cuts output audio/pcm, video/mp4"],
    [{ kind: "input", modes: [] }, "cuts the input path"],
    [{ kind: "output", modes: [], reachable: [] }, "cuts the output path"],
    [{ kind: "completion", channel: "push" }, "cuts push completion"],
    [{ kind: "transport" }, "cuts transport"],
  ])("names the path a cell cuts (%o)", (path, label) => {
    expect(describeCut(path)).toBe(label);
  });
});

describe("describeMissing", () => {
  it("names the profile fields a cell waits for, as the profile spells them", () => {
    expect(describeMissing(["/canPoll"])).toBe("declare canPoll");
    expect(describeMissing(["/callback/mtls", "/callback/supported"])).toBe("declare callback.mtls, callback.supported");
  });
});
