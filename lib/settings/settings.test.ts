import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS, describeSettingsWarnings, readSettings, SETTING_NAMES, SettingsError } from "./index";

describe("readSettings", () => {
  it("gives the documented defaults for an empty environment", () => {
    const s = readSettings({});
    expect(s).toMatchObject({
      port: 3000,
      host: "0.0.0.0",
      baseUrl: null,
      allowLoopbackFetch: false,
      fetchRatePerMinute: DEFAULT_SETTINGS.fetchRatePerMinute,
      fetchBurst: DEFAULT_SETTINGS.fetchBurst,
      fetchConcurrency: DEFAULT_SETTINGS.fetchConcurrency,
      trustForwardedFor: 0,
    });
    expect(s.fetchAllow.source).toEqual([]);
    expect(s.fetchDeny.source).toEqual([]);
    expect(describeSettingsWarnings(s)).toEqual([]);
  });

  it("reads every variable", () => {
    const s = readSettings({
      PORT: "8080",
      HOSTNAME: "127.0.0.1",
      PARLEY_BASE_URL: "https://parley.example.com/tools/",
      PARLEY_ALLOW_LOOPBACK_FETCH: "1",
      PARLEY_FETCH_ALLOW: "*.vendor.example, 203.0.113.0/24",
      PARLEY_FETCH_DENY: "bad.vendor.example",
      PARLEY_FETCH_RATE_PER_MINUTE: "60",
      PARLEY_FETCH_BURST: "5",
      PARLEY_FETCH_CONCURRENCY: "2",
      PARLEY_TRUST_X_FORWARDED_FOR: "1",
    });
    expect(s).toMatchObject({
      port: 8080,
      host: "127.0.0.1",
      baseUrl: "https://parley.example.com/tools",
      allowLoopbackFetch: true,
      fetchRatePerMinute: 60,
      fetchBurst: 5,
      fetchConcurrency: 2,
      trustForwardedFor: 1,
    });
    expect(s.fetchAllow.source).toEqual(["*.vendor.example", "203.0.113.0/24"]);
    expect([...s.fetchDeny.names]).toEqual(["bad.vendor.example"]);
  });

  it("warns when the loopback switch is on", () => {
    const [warning] = describeSettingsWarnings(readSettings({ PARLEY_ALLOW_LOOPBACK_FETCH: "1" }));
    expect(warning).toContain("PARLEY_ALLOW_LOOPBACK_FETCH=1");
    expect(warning).toContain("tests only");
  });

  it("names every invalid variable at once, and what it must be", () => {
    let error: unknown;
    try {
      readSettings({
        PORT: "eighty",
        PARLEY_BASE_URL: "https://user:pw@parley.example/?q=1",
        PARLEY_ALLOW_LOOPBACK_FETCH: "yes",
        PARLEY_FETCH_DENY: "http://bad.example",
        PARLEY_FETCH_BURST: "0",
        PARLEY_TRUST_X_FORWARDED_FOR: "-1",
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SettingsError);
    const problems = (error as SettingsError).problems;
    expect(problems).toHaveLength(6);
    for (const name of ["PORT", "PARLEY_BASE_URL", "PARLEY_ALLOW_LOOPBACK_FETCH", "PARLEY_FETCH_DENY", "PARLEY_FETCH_BURST", "PARLEY_TRUST_X_FORWARDED_FOR"]) {
      expect(problems.some((p) => p.startsWith(name))).toBe(true);
    }
  });

  it("treats an empty variable as unset", () => {
    expect(readSettings({ PORT: "", PARLEY_BASE_URL: "  " })).toMatchObject({ port: 3000, baseUrl: null });
  });

  it("lists each variable once", () => {
    const names = Object.values(SETTING_NAMES);
    expect(new Set(names).size).toBe(names.length);
  });
});
