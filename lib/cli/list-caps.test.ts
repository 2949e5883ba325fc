import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "./test-io";
import { HEAVY_TEST_MS } from "../../fixtures/test-budget";

// Issue 41: a card of 40,001 signatures made `check` list every one and `lint --format json`
// write 20 MB. Every list a card can grow is capped in the core; the outputs follow it.
const dir = mkdtempSync(path.join(tmpdir(), "parley-caps-"));
const card = JSON.parse(readFileSync("examples/cards/text-desk.json", "utf8")) as Record<string, unknown>;
card.signatures = Array.from({ length: 40_001 }, () => ({ protected: "eyJhbGciOiJFUzI1NiJ9", signature: "c2ln" }));
const file = path.join(dir, "signed-flood.json");
writeFileSync(file, JSON.stringify(card));

describe("a card of 40,001 signatures", () => {
  it("check lists the first 20 and says the total once", async () => {
    const { code, stdout } = await runCli(["check", "--card", file, "--profile", "a2a-js", "--task-class", "request-response"]);
    expect(code).toBe(0);
    expect(stdout.length).toBeLessThan(20_000);
    expect(stdout.match(/\[signatureUnverifiable\]/g)).toHaveLength(20);
    expect(stdout).toContain("0 errors, 40,001 warnings: 20 of each kind shown, and 39,981 more");
    expect(stdout).toContain("…and 39,981 more of this kind");
  }, HEAVY_TEST_MS);

  it("lint --format json stays small and carries the total as data", async () => {
    const { stdout } = await runCli(["lint", "--card", file, "--format", "json"]);
    expect(stdout.length).toBeLessThan(100_000);
    const doc = JSON.parse(stdout) as { warnings: Array<{ code: string }>; signature: { total: number; signatures: unknown[] } };
    expect(doc.signature.total).toBe(40_001);
    expect(doc.signature.signatures).toHaveLength(20);
    expect(doc.warnings.filter((w) => w.code === "signatureUnverifiable")).toHaveLength(20);
  });

  it("check --format json keeps the count of what it left out", async () => {
    const { stdout } = await runCli(["check", "--card", file, "--profile", "a2a-js", "--task-class", "request-response", "--format", "json"]);
    expect(stdout.length).toBeLessThan(100_000);
    const doc = JSON.parse(stdout) as { validity: Array<{ code: string; data?: { more?: number } }> };
    expect(doc.validity.find((p) => p.code === "moreOfThisKind")?.data?.more).toBe(39_981);
  });
});
