import { describe, expect, it } from "vitest";
import { askedTaskClass, searchWithoutTaskClass, workspaceHref } from "./task-class-param";

describe("the task class a workspace link names", () => {
  it.each([
    ["a built-in class", "live-input", "/?class=live-input#v1.abc"],
    ["a profile's own class", "nightly-batch-2", "/?class=nightly-batch-2#v1.abc"],
    ["no class", undefined, "/#v1.abc"],
    ["a value that is not an id (kept out of the address)", "Live Input", "/#v1.abc"],
    ["markup", "<script>", "/#v1.abc"],
    ["a query of its own", "a&b=c", "/#v1.abc"],
    ["an id too long to be one", "a".repeat(65), "/#v1.abc"],
  ])("%s", (_, taskClass, href) => {
    expect(workspaceHref("v1.abc", taskClass)).toBe(href);
  });

  it.each([
    ["?class=live-input", "live-input"],
    ["?x=1&class=async-completion", "async-completion"],
    ["", undefined],
    ["?class=", undefined],
    ["?class=Live%20Input", undefined],
    ["?class=live-input%0A", undefined],
  ])("reads %j as %j", (search, asked) => {
    expect(askedTaskClass(search)).toBe(asked);
  });

  it("drops only its own parameter from the address", () => {
    expect(searchWithoutTaskClass("?class=live-input")).toBe("");
    expect(searchWithoutTaskClass("?x=1&class=live-input")).toBe("?x=1");
  });
});
