import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { agentsClosedAfterEach } from "../../reality/test-agents";
import { type FaultyAgent, startFaultyAgent } from "../probe/faulty-agent";
import { runCli } from "./test-io";
import { HEAVY_TEST_MS } from "../../fixtures/test-budget";

const { agent } = agentsClosedAfterEach();
const LOOPBACK = { PARLEY_ALLOW_LOOPBACK_FETCH: "1" };

describe("parley probe", () => {
  it("answers the issue's json shape for an honest agent, exit 0, and creates no task", async () => {
    const a = await agent({ bindings: ["JSONRPC", "HTTP+JSON"] });
    const { code, stdout } = await runCli(["probe", "--card", a.cardUrl, "--profile", "a2a-js", "--format", "json"], { env: LOOPBACK });
    expect(code).toBe(0);
    const doc = JSON.parse(stdout);
    expect(doc.card).toEqual({ url: a.cardUrl, servedToSdkDiffers: false, name: "reality-agent", location: expect.objectContaining({ status: "found", cardPaths: ["/.well-known/agent-card.json"] }) });
    expect(doc.interfaces).toEqual([
      { index: 0, pointer: "/supportedInterfaces/0", url: `${a.origin}/a2a/jsonrpc`, binding: "JSONRPC", version: "1.0", picked: true, reachable: true },
      { index: 1, pointer: "/supportedInterfaces/1", url: `${a.origin}/a2a/rest`, binding: "HTTP+JSON", version: "1.0", picked: false, reachable: true },
    ]);
    expect(doc.classes["request-response"]).toEqual({ predicted: "accept", observed: "skipped", error: "not sent (--send runs it)" });
    expect(doc.contradictions).toEqual([]);
    expect(a.log.messages).toEqual([]);
  }, HEAVY_TEST_MS);

  it("prints the contradicted field and exits 1 when the stream is refused", async () => {
    const a = await agent({ lies: { streamRefused: true } });
    const { code, stdout } = await runCli(["probe", "--card", a.cardUrl, "--profile", "a2a-js"], { env: LOOPBACK });
    expect(code).toBe(1);
    expect(stdout).toMatch(/\/capabilities\/streaming: capabilities\.streaming is true; the stream was refused: \w*UnsupportedOperationError/);
    expect(stdout).toMatch(/Contradicted, breaking the protocol or disagreeing \(exit 1\)/);
  });

  it("reports the contradiction as a JUnit failure", async () => {
    const a = await agent({ protocolVersion: "1.0.0" });
    const { code, stdout } = await runCli(["probe", "--card", a.cardUrl, "--profile", "a2a-js", "--format", "junit"], { env: LOOPBACK });
    expect(code).toBe(1);
    expect(stdout).toContain('name="claim /supportedInterfaces/0/protocolVersion"><failure type="contradicted"');
    expect(stdout).toContain('<failure type="versionNotSupported"');
  });

  it("never prints a credential, and sends it so the interface answers", async () => {
    const a = await agent({ security: { kind: "bearer", token: "tok-do-not-print" } });
    const { code, stdout, stderr } = await runCli(["probe", "--card", a.cardUrl, "--profile", "a2a-js", "--header", "Authorization: Bearer tok-do-not-print", "--format", "json"], { env: LOOPBACK });
    expect(code).toBe(0);
    expect(JSON.parse(stdout).interfaces[0].reachable).toBe(true);
    expect(stdout + stderr).not.toContain("tok-do-not-print");
  });

  it("refuses --send without a terminal unless --yes, and sends nothing", async () => {
    const a = await agent({});
    const refused = await runCli(["probe", "--card", a.cardUrl, "--profile", "a2a-js", "--send"], { env: LOOPBACK });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/creates real tasks on .*may bill/);
    expect(refused.stderr).toMatch(/needs --yes/);
    expect(a.log.messages).toEqual([]);
    const sent = await runCli(["probe", "--card", a.cardUrl, "--profile", "a2a-js", "--send", "--yes", "--task-class", "request-response", "--format", "json"], { env: LOOPBACK });
    expect(sent.code).toBe(0);
    expect(JSON.parse(sent.stdout).classes["request-response"]).toEqual({ predicted: "accept", observed: "completed" });
    expect(a.log.messages).toHaveLength(1);
  });

  it("is unusable input (exit 2) when the card cannot be had, or a loopback agent without the setting", async () => {
    const a = await agent({});
    const blocked = await runCli(["probe", "--card", a.cardUrl, "--profile", "a2a-js"]);
    expect(blocked.code).toBe(2);
    expect(blocked.stderr).toMatch(/probe: The card could not be fetched: .*loopback/i);
    const badHeader = await runCli(["probe", "--card", a.cardUrl, "--profile", "a2a-js", "--header", "no colon here"], { env: LOOPBACK });
    expect(badHeader.code).toBe(2);
    expect(badHeader.stderr).toMatch(/--header number 1 is not "Name: value"/);
    expect(badHeader.stderr).not.toContain("no colon here");
  });

  describe("the wire", () => {
    const faulty: FaultyAgent[] = [];
    afterEach(async () => void (await Promise.all(faulty.splice(0).map((f) => f.close()))));

    it("names a broken frame, what it breaks and what each client does; exit 1; --trace writes the exchange log", async () => {
      const f = await startFaultyAgent({ faults: { idNull: true, echoCredentials: true } });
      faulty.push(f);
      const dir = await mkdtemp(join(tmpdir(), "parley-probe-"));
      const { code, stdout } = await runCli(
        ["probe", "--card", f.cardUrl, "--profile", "a2a-js", "--send", "--yes", "--task-class", "request-response", "--trace", join(dir, "trace.jsonl"), "--header", "Authorization: Bearer sk-cli-secret-42"],
        { env: LOOPBACK },
      );
      expect(code).toBe(1);
      expect(stdout).toContain("On the wire (answers that break the protocol, and what each SDK client does with them):");
      expect(stdout).toMatch(/jsonrpc-id-mismatch at http:\/\/127\.0\.0\.1:\d+\/a2a \(exchange \d+\): the answer to message\/send carries id null, not the request's \d+ \(breaks JSON-RPC 2\.0/);
      expect(stdout).toContain("fails with the JS SDK 1.x client and the JS SDK 0.3 client; works with the Python SDK client");
      expect(stdout).toMatch(/- the JS SDK 1\.x client throws: JSON-RPC response ID mismatch for method message\/send\. Expected \d+, got null\./);
      const lines = (await readFile(join(dir, "trace.jsonl"), "utf8")).trim().split("\n").map((l) => JSON.parse(l) as { seq: number; method: string; url: string; status?: number; startedMs: number });
      expect(lines.map((l) => l.seq)).toEqual(lines.map((_, i) => i));
      expect(lines.some((l) => l.method === "POST" && l.status === 200)).toBe(true);
      const all = stdout + JSON.stringify(lines);
      expect(all).not.toContain("sk-cli-secret-42");
    });

    it("stops at --time-limit and says what it did not reach", async () => {
      // An agent that accepts the connection and never answers: each call would wait its 5 s.
      const net = await import("node:net");
      const sockets: import("node:net").Socket[] = [];
      const silent = net.createServer((s) => void sockets.push(s));
      await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
      const port = (silent.address() as { port: number }).port;
      const f = await startFaultyAgent({ streaming: false, extraInterfaces: Array.from({ length: 3 }, (_, i) => `http://127.0.0.1:${port}/dead${i}`) });
      faulty.push(f);
      try {
        const { stdout } = await runCli(["probe", "--card", f.cardUrl, "--profile", "a2a-js", "--time-limit", "1", "--format", "json"], { env: LOOPBACK });
        const doc = JSON.parse(stdout) as { notes: string[]; interfaces: { error?: { detail: string } }[] };
        expect(doc.notes).toContain("The check stopped at its time limit (1 s; --time-limit sets it).");
        expect(doc.interfaces.filter((i) => i.error?.detail === "not called: the check's time ran out").length).toBeGreaterThan(0);
      } finally {
        sockets.forEach((s) => s.destroy());
        silent.close();
      }
    });
  });
});
