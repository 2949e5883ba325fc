import { describe, expect, it } from "vitest";
import { linkFragmentOf, linkUrl } from "./link-location";

const anchors = new Set(["review-heading", "card-heading"]);
const isAnchor = (id: string) => anchors.has(id);

describe("linkFragmentOf", () => {
  it.each([
    ["a review link", "#v1.AbC-_9", "v1.AbC-_9"],
    ["a link from a newer Parley (decoded, so the user hears it needs a newer version)", "#v2.xyz", "v2.xyz"],
    ["garbage is read, so its error is shown instead of the default example", "#garbage", "garbage"],
    ["a skip-link anchor on this page is not a link", "#review-heading", undefined],
    ["another in-page anchor", "#card-heading", undefined],
    ["no hash", "", undefined],
    ["an empty hash", "#", undefined],
    ["a blank hash", "#   ", undefined],
  ])("%s", (_, hash, expected) => {
    expect(linkFragmentOf(hash, isAnchor)).toBe(expected);
  });

  it("does not look up huge or link-shaped fragments as element ids", () => {
    const looked: string[] = [];
    const spy = (id: string) => (looked.push(id), false);
    linkFragmentOf(`#${"a".repeat(5000)}`, spy);
    linkFragmentOf("#v1.abc", spy);
    expect(looked).toEqual([]);
  });
});

describe("linkUrl", () => {
  it("is absolute and rooted at the workspace", () => {
    expect(linkUrl("https://parley.example", "v1.abc")).toBe("https://parley.example/#v1.abc");
  });
});
