import { describe, expect, it } from "vitest";
import { checkJsonContentType, checkSameOrigin, describeOriginWithoutBaseUrl, isTrustedHost } from "./request-guard";

const own = { host: "parley.example:3000" };
// The name the server was started with (HOSTNAME), which the Host check trusts without a base URL.
const SERVER = "parley.example";

describe("checkSameOrigin", () => {
  it.each([
    ["a same-origin fetch", { ...own, origin: "http://parley.example:3000", "sec-fetch-site": "same-origin" }],
    ["an Origin matching Host (no fetch metadata)", { ...own, origin: "http://parley.example:3000" }],
    ["https behind a TLS proxy keeping Host", { host: "parley.example", origin: "https://parley.example" }],
    ["fetch metadata alone", { ...own, "sec-fetch-site": "same-origin" }],
  ])("accepts %s", (_what, headers) => {
    expect(checkSameOrigin(new Headers(headers), null, SERVER)).toBeNull();
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
    const r = checkSameOrigin(new Headers(headers), null, SERVER);
    expect(r).toMatchObject({ status: 403, code: "crossOrigin" });
  });

  it("uses the base URL's origin when set, whatever Host says", () => {
    const behindProxy = { host: "127.0.0.1:3000", origin: "https://parley.example" };
    expect(checkSameOrigin(new Headers(behindProxy), null)).not.toBeNull();
    expect(checkSameOrigin(new Headers(behindProxy), "https://parley.example")).toBeNull();
    expect(checkSameOrigin(new Headers({ host: "evil.example", origin: "https://evil.example" }), "https://parley.example")).not.toBeNull();
  });

  it.each([
    ["a rebinding name, fetch metadata and Origin both same-origin", { host: "rebind.evil.example:3000", origin: "http://rebind.evil.example:3000", "sec-fetch-site": "same-origin" }],
    ["a rebinding name, fetch metadata only", { host: "rebind.evil.example:3000", "sec-fetch-site": "same-origin" }],
    ["a LAN address the server was not started with", { host: "192.168.1.20:3000", origin: "http://192.168.1.20:3000" }],
    ["no Host at all", { origin: "http://parley.example:3000", "sec-fetch-site": "same-origin" }],
  ])("without a base URL, refuses %s, saying which setting fixes it", (_what, headers) => {
    const r = checkSameOrigin(new Headers(headers), null, SERVER);
    expect(r).toMatchObject({ status: 403, code: "crossOrigin" });
    expect(r?.message).toContain("PARLEY_BASE_URL");
  });

  it.each([
    ["localhost", "localhost:3000", null],
    ["a localhost subdomain", "app.localhost:3000", null],
    ["127.0.0.1", "127.0.0.1:3208", null],
    ["another 127/8 address", "127.1.2.3", null],
    ["[::1]", "[::1]:3000", null],
    ["the name the server was started with", "parley.example:3000", "parley.example"],
    ["the name, any case, trailing dot", "Parley.Example.:3000", "parley.example"],
    ["the IPv6 address it was started with", "[2001:db8::5]:3000", "2001:db8::5"],
  ])("trusts the Host %s", (_what, host, serverName) => {
    expect(isTrustedHost(host, serverName)).toBe(true);
  });

  it.each([
    ["any name when started on 0.0.0.0", "parley.example", "0.0.0.0"],
    ["any name when started on ::", "parley.example", "::"],
    ["a name ending like localhost", "evil-localhost.example", null],
    ["a 127-looking name", "127.0.0.1.evil.example", null],
    ["a broken Host", "a b", "parley.example"],
  ])("does not trust %s", (_what, host, serverName) => {
    expect(isTrustedHost(host, serverName)).toBe(false);
  });

  it("says at start-up which addresses work without a base URL", () => {
    expect(describeOriginWithoutBaseUrl("parley.example")).toContain("or parley.example (the HOSTNAME");
    expect(describeOriginWithoutBaseUrl("0.0.0.0")).not.toContain("0.0.0.0");
    expect(describeOriginWithoutBaseUrl(null)).toContain("set PARLEY_BASE_URL");
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
