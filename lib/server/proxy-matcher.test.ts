import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { describe, expect, it } from "vitest";
import { config } from "@/proxy";

// Which requests proxy.ts runs for, i.e. which get the page Content-Security-Policy: the matcher
// is what Next evaluates, so it is what is tested.
const matches = (url: string, headers: Record<string, string> = {}) => unstable_doesMiddlewareMatch({ config, url, headers });

describe("the CSP proxy runs", () => {
  it.each([
    ["a page", "/", {}],
    ["a page prefetched by the browser (Purpose: prefetch)", "/", { purpose: "prefetch" }],
    ["a page prefetched by Chromium (Sec-Purpose: prefetch)", "/triage", { "sec-purpose": "prefetch" }],
    ["a page prefetched by the Next router", "/diff", { "next-router-prefetch": "1" }],
    ["an RSC prefetch", "/rules", { rsc: "1", "next-router-prefetch": "1", purpose: "prefetch" }],
  ])("for %s", (_what, url, headers) => {
    expect(matches(url, headers)).toBe(true);
  });

  it.each([
    ["an API route", "/api/fetch-card"],
    ["a static chunk", "/_next/static/chunks/main.js"],
  ])("not for %s, which carries its own headers", (_what, url) => {
    expect(matches(url)).toBe(false);
  });
});
