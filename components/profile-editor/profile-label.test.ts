import { describe, expect, it } from "vitest";
import { findPreset } from "@/lib/negotiation";
import { profileLabel } from "./profile-label";

describe("profileLabel", () => {
  const js = findPreset("a2a-js")!;
  it.each([
    ["the stock preset", js, js.name],
    ["the preset with a field changed", { ...js, streaming: !js.streaming }, `${js.name} (edited)`],
    ["the preset with its keys in another order", Object.fromEntries(Object.entries(js).reverse()) as typeof js, js.name],
    ["a profile renamed by the user", { ...js, name: "Our gateway", streaming: !js.streaming }, "Our gateway"],
    ["a profile with no name", { ...js, name: "  " }, "unnamed profile"],
  ])("%s", (_, profile, label) => {
    expect(profileLabel(profile)).toBe(label);
  });
});
