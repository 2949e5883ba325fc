import { describe, expect, it } from "vitest";
import { HostRuleError, matchesAddress, matchesHostName, parseHostRules } from "./host-rules";

describe("parseHostRules", () => {
  it("reads names, wildcards, addresses and ranges separated by commas or spaces", () => {
    const rules = parseHostRules(" agents.example.com, *.vendor.example  203.0.113.0/24,2001:db8::/32 198.51.100.7 [2001:db8::1]");
    expect([...rules.names]).toEqual(["agents.example.com"]);
    expect(rules.suffixes).toEqual([".vendor.example"]);
    expect(rules.ranges).toHaveLength(4);
    expect(rules.source).toHaveLength(6);
  });

  it("is empty for an unset or blank variable", () => {
    expect(parseHostRules(undefined).source).toEqual([]);
    expect(parseHostRules("  ,, ").source).toEqual([]);
  });

  it.each(["http://agents.example", "agents..example", "-bad.example", "10.0.0.0/33", "bad_name.example", "*."])(
    "refuses %s, naming it",
    (entry) => {
      expect(() => parseHostRules(`ok.example, ${entry}`)).toThrow(HostRuleError);
      expect(() => parseHostRules(entry)).toThrow(entry);
    },
  );
});

describe("matching", () => {
  const rules = parseHostRules("agents.example.com *.vendor.example 10.20.0.0/16 2001:db8::/32");

  it.each([
    ["agents.example.com", true],
    ["AGENTS.example.com.", true],
    ["api.agents.example.com", false],
    ["a.vendor.example", true],
    ["deep.a.vendor.example", true],
    ["vendor.example", false],
    ["evilvendor.example", false],
  ])("name %s matches: %s", (host, expected) => {
    expect(matchesHostName(rules, host)).toBe(expected);
  });

  it.each([
    ["10.20.1.2", true],
    ["10.21.0.1", false],
    ["::ffff:10.20.0.9", true],
    ["2001:db8:1::5", true],
    ["[2001:db8::5]", true],
    ["2001:db9::1", false],
    ["not-an-address", false],
  ])("address %s matches: %s", (address, expected) => {
    expect(matchesAddress(rules, address)).toBe(expected);
  });
});

describe("IPv6 wrappings of a listed IPv4 address", () => {
  const deny = parseHostRules("8.8.8.0/24");

  it.each([
    ["NAT64", "64:ff9b::808:808"],
    ["NAT64, bracketed", "[64:ff9b::8.8.8.8]"],
    ["6to4", "2002:808:808::1"],
    ["IPv4-mapped", "::ffff:8.8.8.8"],
    ["IPv4-compatible", "::8.8.8.8"],
    ["IPv4-translated", "::ffff:0:808:808"],
  ])("%s (%s) matches the IPv4 entry", (_form, address) => {
    expect(matchesAddress(deny, address)).toBe(true);
  });

  it.each([
    ["NAT64 of another network", "64:ff9b::909:909"],
    ["6to4 of another network", "2002:909:909::1"],
    ["plain IPv6", "2001:4860:4860::8888"],
  ])("%s (%s) does not", (_form, address) => {
    expect(matchesAddress(deny, address)).toBe(false);
  });
});
