import { describe, expect, it } from "vitest";
import { NORTHWIND } from "@/lib/negotiation/profile";
import { decodeSavedProfiles } from "./saved-profiles";

describe("decodeSavedProfiles", () => {
  it("reads back what was saved", () => {
    expect(decodeSavedProfiles(JSON.stringify([NORTHWIND]))).toEqual([NORTHWIND]);
  });

  it.each([
    ["nothing saved", null],
    ["corrupt storage", "{not json"],
    ["not a list", '{"name":"x"}'],
  ])("yields no profiles for %s", (_, raw) => {
    expect(decodeSavedProfiles(raw)).toEqual([]);
  });

  it("skips entries that are not valid profiles and keeps the rest", () => {
    const raw = JSON.stringify([{ name: "" }, NORTHWIND, { name: "x", streaming: "yes" }]);
    expect(decodeSavedProfiles(raw).map((p) => p.name)).toEqual([NORTHWIND.name]);
  });
});
