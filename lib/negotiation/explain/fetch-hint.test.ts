import { describe, expect, it } from "vitest";
import { hintForSchemelessUrl } from "./fetch-hint";

describe("hintForSchemelessUrl", () => {
  it("says https was tried, and offers plain http when the connection failed", () => {
    const hint = hintForSchemelessUrl("agent.example:8080", "network");
    expect(hint?.tried).toBe("https://agent.example:8080");
    expect(hint?.plainHttp).toBe("http://agent.example:8080");
    expect(hint?.text).toContain("tried https://agent.example:8080 first");
  });

  it("only says which URL was tried when the server answered (the scheme was not the problem)", () => {
    expect(hintForSchemelessUrl("agent.example/card.json", "notFound")).toEqual({
      tried: "https://agent.example/card.json",
      text: "No scheme was typed, so Parley tried https://agent.example/card.json.",
    });
  });

  it.each([["https://agent.example"], ["http://agent.example"], ["ftp://x"], [""], ["not a url at all"]])("says nothing for %j", (typed) => {
    expect(hintForSchemelessUrl(typed, "network")).toBeUndefined();
  });
});
