import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS, SETTING_NAMES } from "./index";

const README = readFileSync("README.md", "utf8");
const settingsTable = README.slice(README.indexOf("### Settings"), README.indexOf("### Several instances"));
const tableVariables = [...settingsTable.matchAll(/^\| `([A-Z_]+)` \|/gm)].map((m) => m[1]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mjs)$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : [];
  });
}

describe("settings, code and README in step", () => {
  it("the README's settings table lists every variable lib/settings reads, and no other", () => {
    expect(tableVariables.sort()).toEqual(Object.values(SETTING_NAMES).sort());
  });

  it("the table's defaults are the code's", () => {
    const row = (name: string) => settingsTable.split("\n").find((line) => line.startsWith(`| \`${name}\``)) ?? "";
    expect(row("PORT")).toContain(`\`${DEFAULT_SETTINGS.port}\``);
    expect(row("PARLEY_FETCH_RATE_PER_MINUTE")).toContain(`\`${DEFAULT_SETTINGS.fetchRatePerMinute}\``);
    expect(row("PARLEY_FETCH_BURST")).toContain(`\`${DEFAULT_SETTINGS.fetchBurst}\``);
    expect(row("PARLEY_FETCH_CONCURRENCY")).toContain(`\`${DEFAULT_SETTINGS.fetchConcurrency}\``);
    expect(row("PARLEY_TRUST_X_FORWARDED_FOR")).toContain(`\`${DEFAULT_SETTINGS.trustForwardedFor}\``);
  });

  it("no server or app code reads a PARLEY_ variable itself", () => {
    const readers = ["app", "lib", "components", "proxy.ts", "instrumentation.ts"]
      .flatMap((root) => (root.includes(".") ? [root] : sourceFiles(root)))
      .filter((file) => !file.startsWith(join("lib", "settings")))
      .filter((file) => /process\.env(\.|\[\s*["'])PARLEY_/.test(readFileSync(file, "utf8")));
    expect(readers).toEqual([]);
  });
});
