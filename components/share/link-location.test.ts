import { describe, expect, it } from "vitest";
import { linkUrl, readHash } from "./link-location";

const anchors = new Set(["review-heading", "card-heading"]);
const isAnchor = (id: string) => anchors.has(id);

describe("readHash", () => {
  it.each([
    ["a review link", "#v1.AbC-_9", { kind: "link", fragment: "v1.AbC-_9" }],
    ["a link from a newer Parley (decoded, so the user hears it needs a newer version)", "#v2.xyz", { kind: "link", fragment: "v2.xyz" }],
    ["garbage is read, so its error is shown instead of the default example", "#garbage", { kind: "link", fragment: "garbage" }],
    ["a skip-link anchor on this page is not a link", "#review-heading", { kind: "anchor" }],
    ["another in-page anchor", "#card-heading", { kind: "anchor" }],
    ["no hash", "", { kind: "empty" }],
    ["an empty hash", "#", { kind: "empty" }],
    ["a blank hash", "#   ", { kind: "empty" }],
  ])("%s", (_, hash, expected) => {
    expect(readHash(hash, isAnchor)).toEqual(expected);
  });

  it("does not look up huge or link-shaped fragments as element ids", () => {
    const looked: string[] = [];
    const spy = (id: string) => (looked.push(id), false);
    readHash(`#${"a".repeat(5000)}`, spy);
    readHash("#v1.abc", spy);
    expect(looked).toEqual([]);
  });
});

describe("linkUrl", () => {
  it("is absolute and rooted at the workspace", () => {
    expect(linkUrl("https://parley.example", "v1.abc")).toBe("https://parley.example/#v1.abc");
  });
});
