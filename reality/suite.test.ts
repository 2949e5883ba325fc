import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { profileFor, CLIENTS, runSuite, SCENARIOS, TASK_CLASSES } from "./suite";

const ROOT = path.resolve(__dirname, "..");
function runCli(args: string[]) {
  return spawnSync(path.join(ROOT, "node_modules/.bin/tsx"), ["reality/run.ts", ...args], { cwd: ROOT, encoding: "utf8", timeout: 120_000 });
}

// What the lifecycles observe on real SDK servers (not what Parley predicts: that is the suite's
// output, and the model changes it). If one of these moves, the SDK's behaviour moved.
// The SDK's servers log every refused stream and failed push to the console; the tests assert them.
beforeAll(() => {
  for (const level of ["error", "warn", "info"] as const) vi.spyOn(console, level).mockImplementation(() => undefined);
});
afterAll(() => vi.restoreAllMocks());

describe("the reality suite's observations", () => {
  it("push, streaming fallback, client certificates and lies are observed as the SDK behaves", async () => {
    const cells = await runSuite({ only: ["push", "no-stream", "lie-push", "bearer"] });
    const at = (scenario: string, client: string, taskClass: string) => cells.find((c) => c.scenario === scenario && c.client === client && c.taskClass === taskClass);
    expect(at("push", "a2a-js+http-webhook", "push-only")?.observed).toBe("completed");
    expect(at("push", "a2a-js+https-webhook", "push-only")?.observed).toBe("completed");
    expect(at("push", "a2a-js+mtls-webhook", "push-only")).toMatchObject({ observed: "failed", kind: "silent" });
    expect(at("push", "a2a-js+mtls-webhook", "push-only")?.detail).toMatch(/certificate/);
    expect(at("push", "a2a-js+mtls-webhook", "async-completion")?.observed).toBe("completed-fallback");
    expect(at("push", "a2a-js", "async-completion")?.observed).toBe("completed");
    expect(at("push", "a2a-js", "live-input")?.observed).toBe("client-cannot");
    expect(at("no-stream", "a2a-js", "streaming-output")?.observed).toBe("completed-fallback");
    expect(at("lie-push", "a2a-js+http-webhook", "push-only")).toMatchObject({ observed: "failed", kind: "lie" });
    expect(at("bearer", "a2a-js-no-credentials", "request-response")?.detail).toMatch(/401/);
    expect(at("bearer", "a2a-js", "request-response")?.observed).toBe("completed");
    expect(cells.every((c) => c.predicted !== "none")).toBe(true);
  }, 60_000);

  it("covers every built-in task class plus push-only and polling-only, on every binding and both SDKs", () => {
    expect(TASK_CLASSES.map((t) => t.id)).toEqual(["request-response", "live-input", "async-completion", "fire-and-forget", "streaming-output", "push-only", "polling-only"]);
    const bindings = new Set(SCENARIOS.flatMap((s) => s.spec.bindings ?? ["JSONRPC"]));
    expect([...bindings].sort()).toEqual(["GRPC", "HTTP+JSON", "JSONRPC"]);
    expect(SCENARIOS.some((s) => s.spec.sdk === "0.3")).toBe(true);
  });

  it("each client's profile is the a2a-js preset changed only where the client is configured differently", () => {
    expect(profileFor(CLIENTS.jsMutual).callback).toEqual({ supported: true, mtls: true, mtlsConfigurable: false });
    expect(profileFor(CLIENTS.js).callback?.supported).toBe(false);
    expect(profileFor(CLIENTS.jsLegacy).protocolVersions).toEqual(["1.0", "0.3"]);
    expect(profileFor(CLIENTS.jsGrpc).transports).toContain("GRPC");
    expect(profileFor(CLIENTS.jsNoCreds).securitySchemes).toEqual([]);
  });

  it("npm run reality: prints the table and PASS with exit 0 when every cell agrees; a wrong flag exits 2 and says so", () => {
    const ok = runCli(["--only=plain"]);
    expect(ok.stdout).toContain("Agreement on decidable cells: 14/14 = 100.0 %");
    expect(ok.stdout.trim().split("\n").at(-1)).toBe("PASS");
    expect(ok.status).toBe(0);
    const bad = runCli(["--only=no-such-card"]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("unknown scenario in --only");
  }, 120_000);
});
