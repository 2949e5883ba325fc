import { describe, expect, it } from "vitest";
import { CONTOSO } from "@/lib/negotiation/examples/incidents";
import { ENGINE_VERSION, NORTHWIND } from "@/lib/negotiation";
import * as share from "@/lib/share";
import { checkCardLimits, LINK_CARD_LIMITS } from "./link-limits";
import { readReviewLink } from "./read-link";

const linkOf = (cardText: string) => share.encodeReviewLink({ cardText, profile: NORTHWIND, context: {}, engineVersion: ENGINE_VERSION });

describe("checkCardLimits", () => {
  it("lets a real card through", () => {
    expect(checkCardLimits(CONTOSO.text)).toBeUndefined();
  });
  it("counts UTF-8 bytes, not characters", () => {
    const text = "é".repeat(600 * 1024); // 600 Ki characters, 1.2 MiB of UTF-8
    expect(checkCardLimits(text)).toEqual({ code: "cardTooLarge", bytes: 1200 * 1024, limit: LINK_CARD_LIMITS.maxBytes });
  });
  it.each([
    ["arrays", "[".repeat(65) + "]".repeat(65)],
    ["objects", '{"a":'.repeat(65) + "1" + "}".repeat(65)],
    ["unclosed brackets (not JSON at all)", "[".repeat(65)],
  ])("refuses %s nested past the limit", (_name, text) => {
    expect(checkCardLimits(text)).toEqual({ code: "cardTooDeep", limit: 64 });
  });
  it("does not count brackets inside strings", () => {
    expect(checkCardLimits(JSON.stringify({ name: "[".repeat(500) + '\\"{'.repeat(100) }))).toBeUndefined();
  });
  it("allows 64 levels", () => {
    expect(checkCardLimits("[".repeat(64) + "]".repeat(64))).toBeUndefined();
  });
});

describe("readReviewLink", () => {
  it("opens an ordinary snapshot link", () => {
    const read = readReviewLink(linkOf(CONTOSO.text), share);
    expect(read.ok && read.link.kind === "snapshot" && read.link.state.cardText).toBe(CONTOSO.text);
  });
  it("says a small link that unpacks to a 3.8 MiB card is too large for the workspace", () => {
    const fragment = linkOf(CONTOSO.text.replace('"name": "', `"name": "${"x".repeat(4_000_000)}`));
    expect(fragment.length).toBeLessThan(10_000);
    const read = readReviewLink(fragment, share);
    expect(read.ok).toBe(false);
    expect(!read.ok && read.message).toMatch(/is 3\.8 MiB once unpacked; the workspace opens cards up to 1 MiB/);
  });
  it("says a deeply nested card would stall the page", () => {
    const read = readReviewLink(linkOf("[".repeat(200_000) + "]".repeat(200_000)), share);
    expect(!read.ok && read.message).toMatch(/nests more than 64 levels deep/);
  });
  it("passes the codec's own errors through, in its words", () => {
    expect(readReviewLink("v1.", share)).toEqual({ ok: false, message: share.describeLinkError({ code: "truncated" }) });
  });
});
