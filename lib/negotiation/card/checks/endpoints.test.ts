import { describe, expect, it } from "vitest";
import { canonicalBinding, judgeUrl } from "./endpoints";

describe("judgeUrl", () => {
  it.each([
    ["https://agent.example/a2a", "JSONRPC", "ok"],
    ["https://agent.example/a2a", "grpc", "ok"],
    ["echo.example:443", "GRPC", "ok"],
    ["echo.example:443", " grpc ", "ok"],
    ["[::1]:50051", "GRPC", "ok"],
    ["echo.example:443", "JSONRPC", "notAbsolute"],
    ["echo.example:443", "HTTP+JSON", "notAbsolute"],
    ["/a2a", "JSONRPC", "notAbsolute"],
    ["", "JSONRPC", "notAbsolute"],
    ["https://{host}/a2a", "JSONRPC", "placeholder"],
    ["<AGENT_URL>", "GRPC", "placeholder"],
    ["https://${HOST}/a2a", "JSONRPC", "placeholder"],
  ])("%j over %j is %s", (url, binding, verdict) => {
    expect(judgeUrl(url, binding)).toBe(verdict);
  });

  it("answers for the binding asked about, whatever binding the same URL was judged with before", () => {
    // URLs are remembered by their text alone: the binding must still decide host:port.
    const url = "remembered.example:8443";
    expect(judgeUrl(url, "GRPC")).toBe("ok");
    expect(judgeUrl(url, "JSONRPC")).toBe("notAbsolute");
    expect(judgeUrl(url, "GRPC")).toBe("ok");
  });

  it("judges very long URLs and thousands of distinct ones the same as short ones", () => {
    const long = "https://agent.example/" + "a".repeat(100_000);
    expect(judgeUrl(long, "JSONRPC")).toBe("ok");
    expect(judgeUrl(long + "{x}", "JSONRPC")).toBe("placeholder");
    for (let i = 0; i < 5000; i++) expect(judgeUrl(`host-${i}.example:${i}`, i % 2 ? "GRPC" : "JSONRPC")).toBe(i % 2 ? "ok" : "notAbsolute");
  });
});

describe("canonicalBinding", () => {
  it.each([
    ["JSONRPC", "JSONRPC"],
    ["jsonrpc", "JSONRPC"],
    [" GRPC ", "GRPC"],
    ["http+json", "HTTP+JSON"],
    ["https://example.com/bindings/custom", "https://example.com/bindings/custom"],
    [" custom ", "custom"],
  ])("%j → %j", (binding, canonical) => {
    expect(canonicalBinding(binding)).toBe(canonical);
  });
});
