import { describe, expect, it } from "vitest";
import { checkJsonContentType, checkSameOrigin } from "./request-guard";

const own = { host: "parley.example:3000" };

describe("checkSameOrigin", () => {
  it.each([
    ["a same-origin fetch", { ...own, origin: "http://parley.example:3000", "sec-fetch-site": "same-origin" }],
    ["an Origin matching Host (no fetch metadata)", { ...own, origin: "http://parley.example:3000" }],
    ["https behind a TLS proxy keeping Host", { host: "parley.example", origin: "https://parley.example" }],
    ["fetch metadata alone", { ...own, "sec-fetch-site": "same-origin" }],
  ])("accepts %s", (_what, headers) => {
    expect(checkSameOrigin(new Headers(headers), null)).toBeNull();
  });

  it.each([
    ["a cross-site form post", { ...own, origin: "https://evil.example", "sec-fetch-site": "cross-site" }],
    ["a same-site sibling", { ...own, origin: "http://other.parley.example:3000", "sec-fetch-site": "same-site" }],
    ["a no-cors fetch from another site, metadata stripped", { ...own, origin: "https://evil.example" }],
    ["an opaque origin", { ...own, origin: "null" }],
    ["another port", { ...own, origin: "http://parley.example:4000" }],
    ["a request with no Origin and no metadata", { ...own }],
    ["metadata saying same-origin with a foreign Origin", { ...own, origin: "https://evil.example", "sec-fetch-site": "same-origin" }],
    ["a user-typed navigation", { ...own, "sec-fetch-site": "none" }],
  ])("refuses %s with 403", (_what, headers) => {
    const r = checkSameOrigin(new Headers(headers), null);
    expect(r).toMatchObject({ status: 403, code: "crossOrigin" });
  });

  it("uses the base URL's origin when set, whatever Host says", () => {
    const behindProxy = { host: "127.0.0.1:3000", origin: "https://parley.example" };
    expect(checkSameOrigin(new Headers(behindProxy), null)).not.toBeNull();
    expect(checkSameOrigin(new Headers(behindProxy), "https://parley.example")).toBeNull();
    expect(checkSameOrigin(new Headers({ host: "evil.example", origin: "https://evil.example" }), "https://parley.example")).not.toBeNull();
  });

  it("never echoes a header it does not know", () => {
    const r = checkSameOrigin(new Headers({ ...own, "sec-fetch-site": "<b>made-up</b>" }), null);
    expect(r?.message).not.toContain("made-up");
  });
});

describe("checkJsonContentType", () => {
  it.each(["application/json", "application/json; charset=utf-8", "Application/JSON"])("accepts %s", (type) => {
    expect(checkJsonContentType(new Headers({ "content-type": type }))).toBeNull();
  });
  it.each(["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/jsonp", ""])(
    "refuses %s with 415",
    (type) => {
      expect(checkJsonContentType(new Headers(type ? { "content-type": type } : {}))).toMatchObject({ status: 415, code: "unsupportedMediaType" });
    },
  );
});
