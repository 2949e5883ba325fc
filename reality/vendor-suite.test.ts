import { spawnSync } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { runVendorSuite, VENDOR_SCENARIOS, type VendorCell } from "./vendor-suite";

// What the cross-vendor lifecycles observe on the vendors' real code (not what Parley predicts:
// that is the suite's output). If one of these moves, a vendor's behaviour moved.
beforeAll(() => {
  for (const level of ["error", "warn", "info", "log"] as const) vi.spyOn(console, level).mockImplementation(() => undefined);
});
afterAll(() => vi.restoreAllMocks());

const ROOT = path.resolve(__dirname, "..");

describe("the cross-vendor cells", () => {
  let cells: VendorCell[];
  let discovery: Awaited<ReturnType<typeof runVendorSuite>>["discovery"];
  const at = (scenario: string, client: string, taskClass: string) => {
    const c = cells.find((x) => x.scenario === scenario && x.client === client && x.taskClass === taskClass);
    if (!c) throw new Error(`no cell ${scenario} · ${client} · ${taskClass}`);
    return c;
  };

  beforeAll(async () => {
    ({ cells, discovery } = await runVendorSuite());
  }, 90_000);

  it("the JS SDK client on Reactive Agents' server: the send breaks on id null, listed apart as a wire fault with the SDK's own error", () => {
    const send = at("ra-server", "a2a-js+legacyCompat", "request-response");
    expect(send).toMatchObject({ kind: "wire", observed: "failed" });
    expect(send.detail).toContain("JSON-RPC response ID mismatch for method message/send. Expected 1, got null.");
    expect(send.why).toContain("jsonrpc-id-mismatch");
    // The stream's events all say id 1, which is this fresh client's first request id: it completes.
    expect(at("ra-server", "a2a-js+legacyCompat", "streaming-output")).toMatchObject({ kind: "decidable", observed: "completed" });
    // Without legacyCompat the 1.0 client finds no interface it speaks in the 0.3 card, and sends nothing.
    expect(at("ra-server", "a2a-js", "request-response").detail).toMatch(/No compatible transport found/);
  });

  it("VoltAgent's server: tasks without kind and a stray byte in stream events break the JS SDK client and a2a-ai-provider; Reactive Agents' client reads the tasks", () => {
    expect(at("volt-server", "a2a-js+legacyCompat", "request-response")).toMatchObject({ kind: "wire", observed: "failed" });
    expect(at("volt-server", "a2a-js+legacyCompat", "request-response").detail).toContain("Unexpected v0.3 message/send result kind: undefined");
    const stream = at("volt-server", "a2a-js+legacyCompat", "streaming-output");
    expect(stream.why).toContain('sse-data-unparseable (message/stream: event 0\'s data starts "\\u001e{');
    expect(stream.detail).toContain("Failed to parse SSE event data");
    expect(at("volt-server", "a2a-ai-provider", "streaming-output")).toMatchObject({ kind: "wire", observed: "failed" });
    expect(at("volt-server", "a2a-ai-provider", "request-response")).toMatchObject({ kind: "wire", detail: "generateText came back with no text" });
    const ra = at("volt-server", "reactive-agents-client", "request-response");
    expect(ra).toMatchObject({ kind: "decidable", observed: "completed" });
    expect(ra.wire).toContain("result-kind-missing");
  });

  it("Reactive Agents' client and a2a-ai-provider on the JS SDK's servers: 0.3 servers complete, the 1.0-only server refuses a request with no A2A-Version", () => {
    for (const server of ["js-compat-server", "js-0.3-server"]) {
      expect(at(server, "reactive-agents-client", "request-response").observed).toBe("completed");
      expect(at(server, "reactive-agents-client", "polling-only").observed).toBe("completed");
      expect(at(server, "a2a-ai-provider", "streaming-output").observed).toBe("completed");
      expect(cells.filter((c) => c.scenario === server).every((c) => c.wire.length === 0)).toBe(true);
    }
    expect(at("js-1.3-server", "reactive-agents-client", "request-response").detail).toMatch(/version '0\.3' is not supported/);
    // Classes a client has no call for are "cannot even try", never a failure of the server.
    expect(at("js-0.3-server", "reactive-agents-client", "streaming-output").observed).toBe("client-cannot");
    expect(cells.some((c) => c.client === "a2a-ai-provider" && c.taskClass === "fire-and-forget")).toBe(false);
  });

  it("every cell is reviewed on the card as served, and counts for its server's and its client's code", () => {
    expect(cells.every((c) => c.predicted !== "none")).toBe(true);
    expect(new Set(cells.map((c) => c.scenario))).toEqual(new Set(VENDOR_SCENARIOS.map((s) => s.id)));
    expect(at("volt-server", "reactive-agents-client", "request-response").vendors).toEqual(["voltagent", "reactive-agents"]);
    expect(at("js-0.3-server", "a2a-ai-provider", "request-response").vendors).toEqual(["a2a-js", "a2a-ai-provider"]);
  });

  it("says where each client looks for the card by itself: the vendors' cards are not where the SDK looks, nor the SDK's where Reactive Agents' client looks", () => {
    const note = (scenario: string, client: string) => discovery.find((d) => d.scenario === scenario && d.client === client)!;
    expect(note("ra-server", "a2a-js")).toMatchObject({ found: false });
    expect(note("ra-server", "a2a-js").detail).toContain("/.well-known/agent.json");
    expect(note("volt-server", "a2a-js").detail).toContain("/.well-known/reality-volt/agent-card.json");
    expect(note("js-0.3-server", "reactive-agents-client")).toMatchObject({ found: false });
    expect(note("js-0.3-server", "reactive-agents-client").detail).toMatch(/HTTP 404/);
  });
});

describe("npm run reality with vendor cells", () => {
  it("prints the agreement per vendor's code and lists wire-fault cells apart; the exit code follows the verdict", () => {
    const run = spawnSync(path.join(ROOT, "node_modules/.bin/tsx"), ["reality/run.ts", "--only=ra-server,volt-server"], { cwd: ROOT, encoding: "utf8", timeout: 120_000 });
    expect(run.stdout).toMatch(/^ {2}reactive-agents +\d+\/\d+ = [\d.]+ %/m);
    expect(run.stdout).toMatch(/^ {2}voltagent +\d+\/\d+ = [\d.]+ %/m);
    expect(run.stdout).toMatch(/^ {2}ra-server · a2a-js\+legacyCompat · request-response: Parley \S+, observed failed — wire fault, not on any card: jsonrpc-id-mismatch/m);
    const last = run.stdout.trim().split("\n").at(-1)!;
    expect(run.status).toBe(last === "PASS" ? 0 : 1);
  }, 120_000);
});
