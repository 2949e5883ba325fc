import { EventEmitter } from "node:events";
import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { CLIENT_HEADER, clientKey, readClientAddress, resolveClientAddress, stampRequest } from "./client-address";

describe("resolveClientAddress", () => {
  it("ignores X-Forwarded-For unless proxies are trusted", () => {
    expect(resolveClientAddress("198.51.100.9", "203.0.113.1", 0)).toBe("198.51.100.9");
  });

  it("takes the address the trusted proxy appended, never the client's own claims", () => {
    expect(resolveClientAddress("10.0.0.2", "1.2.3.4, 203.0.113.7", 1)).toBe("203.0.113.7");
    expect(resolveClientAddress("10.0.0.2", "1.2.3.4, 203.0.113.7, 10.0.0.9", 2)).toBe("203.0.113.7");
    expect(resolveClientAddress("10.0.0.2", ["1.2.3.4", "203.0.113.7"], 1)).toBe("203.0.113.7");
  });

  it("reads addresses with ports, and falls back to the socket for junk or too few entries", () => {
    expect(resolveClientAddress("10.0.0.2", "203.0.113.7:5555", 1)).toBe("203.0.113.7");
    expect(resolveClientAddress("10.0.0.2", "[2001:db8::1]:443", 1)).toBe("2001:db8::1");
    expect(resolveClientAddress("10.0.0.2", "not-an-ip", 1)).toBe("10.0.0.2");
    expect(resolveClientAddress("10.0.0.2", "203.0.113.7", 3)).toBe("10.0.0.2");
    expect(resolveClientAddress(undefined, undefined, 0)).toBe("unknown");
  });
});

describe("clientKey", () => {
  it("keys IPv4 as is and IPv6 by its /64", () => {
    expect(clientKey("203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("2001:db8:1:2:aaaa::1")).toBe(clientKey("2001:db8:1:2:bbbb::9"));
    expect(clientKey("2001:db8:1:2::1")).not.toBe(clientKey("2001:db8:1:3::1"));
  });
});

describe("stamping", () => {
  const fakeRequest = (remoteAddress: string, headers: Record<string, string>) =>
    Object.assign(new EventEmitter(), { socket: { remoteAddress }, headers }) as unknown as IncomingMessage;

  it("stamps the socket address over whatever the client sent", () => {
    const req = fakeRequest("198.51.100.9", { [CLIENT_HEADER]: "forged 1.2.3.4", "x-forwarded-for": "1.2.3.4" });
    stampRequest(req, 0);
    expect(readClientAddress(new Headers(req.headers as Record<string, string>))).toBe("198.51.100.9");
  });

  it("ignores a stamp this process did not make", () => {
    expect(readClientAddress(new Headers({ [CLIENT_HEADER]: "00000000-0000-0000-0000-000000000000 1.2.3.4" }))).toBe("unknown");
    expect(readClientAddress(new Headers())).toBe("unknown");
  });
});
