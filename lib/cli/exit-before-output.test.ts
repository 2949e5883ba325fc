import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CONTOSO } from "../negotiation/examples/incidents";
import { runCli } from "./test-io";

// A reader that stops early (`… | head`) sees the exit code the command declared before writing:
// every command that can know its answer first must declare it before its first byte.
const dir = mkdtempSync(path.join(tmpdir(), "parley-exit-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const contoso = path.join(dir, "contoso.json");
writeFileSync(contoso, CONTOSO.text);
const fixed = path.join(dir, "contoso-streams.json");
writeFileSync(fixed, JSON.stringify({ ...(JSON.parse(CONTOSO.text) as object), capabilities: { streaming: true, pushNotifications: false } }));

describe("the exit code is known before the answer is written", () => {
  it.each([
    ["check, a rejection", ["check", "--card", contoso, "--profile", "northwind"], 1],
    ["check, nothing rejected", ["check", "--card", contoso, "--profile", "northwind", "--task-class", "request-response"], 0],
    ["triage, a rejected pair", ["triage", "--cards", contoso, "--profiles", "northwind,a2a-python", "--format", "csv"], 1],
    ["diff, a decision got worse", ["diff", fixed, contoso, "--profile", "northwind"], 1],
    ["diff, none got worse", ["diff", contoso, fixed, "--profile", "northwind", "--format", "json"], 0],
  ])("%s", async (_, argv, code) => {
    const r = await runCli(argv as string[]);
    expect(r.code).toBe(code);
    expect(r.stdout.length).toBeGreaterThan(0);
    expect(r.decided).toEqual({ code, stdoutBytes: 0 });
  });
});
