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
