import { afterEach, describe, expect, it } from "vitest";
import { runReactiveAgentsClient, startReactiveAgentsServer } from "./reactive-agents";
import { startVoltAgentServer } from "./voltagent";

const running: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((r) => r.close()));
});
const keep = <T extends { close(): Promise<void> }>(s: T): T => (running.push(s), s);

async function rpc(url: string, body: unknown): Promise<{ status: number; text: string }> {
  const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body), signal: AbortSignal.timeout(5_000) });
  return { status: res.status, text: await res.text() };
}
const textMessage = (text: string) => ({ kind: "message", role: "user", messageId: "m-1", parts: [{ kind: "text", text }] });

describe("vendor launchers", () => {
  it("Reactive Agents: its server serves its card at agent.json only, and its own client completes a send and a poll", async () => {
    const server = keep(await startReactiveAgentsServer());
    expect(server.card).toMatchObject({ protocolVersion: "0.3.0", url: `${server.origin}/`, defaultInputModes: ["text/plain", "application/json"] });
    expect((await fetch(`${server.origin}/.well-known/agent-card.json`)).status).toBe(404);
    const run = await runReactiveAgentsClient(server.origin, { text: "ping", poll: true });
    expect(run.error).toBeUndefined();
    expect(run.result).toMatchObject({ kind: "task", status: { state: "completed" } });
    expect(run.polled).toMatchObject({ status: { state: "completed" } });
    expect(server.inputs).toEqual(["ping"]);
    // The wire as its code writes it: id null on a send, every stream event id 1, final before the artifact.
    expect(JSON.parse((await rpc(server.rpcUrl, { jsonrpc: "2.0", id: 42, method: "message/send", params: { message: textMessage("a") } })).text).id).toBeNull();
    const stream = await rpc(server.rpcUrl, { jsonrpc: "2.0", id: 43, method: "message/stream", params: { message: textMessage("b") } });
    const events = stream.text.split("\n\n").filter(Boolean).map((e) => JSON.parse(e.replace(/^data: /, "")) as { id: unknown; result: { kind: string; final?: boolean } });
    expect(events.map((e) => [e.id, e.result.kind, e.result.final ?? null])).toEqual([
      [1, "status-update", true],
      [1, "artifact-update", null],
    ]);
  }, 30_000);

  it("Reactive Agents: a failing agent gives a failed task; its client finds no card on a server that serves none", async () => {
    const server = keep(await startReactiveAgentsServer({ behaviour: { outcome: "failed" } }));
    const run = await runReactiveAgentsClient(server.origin);
    expect(run.result).toMatchObject({ status: { state: "failed" } });
    const volt = keep(await startVoltAgentServer());
    const lost = await runReactiveAgentsClient(volt.origin);
    expect(lost.discoveryError).toMatch(/404/);
    expect(lost.error).toMatch(/no URL to call/);
  }, 30_000);

  it("VoltAgent: one card per agent under .well-known/<agentId>/, task records without kind, errors on HTTP 400, a stray byte in every stream event", async () => {
    const server = keep(await startVoltAgentServer({ agentId: "volt-1" }));
    expect(server.cardUrl).toBe(`${server.origin}/.well-known/volt-1/agent-card.json`);
    expect(server.card).toMatchObject({ url: `${server.origin}/a2a/volt-1`, defaultInputModes: ["text"], capabilities: { streaming: true, pushNotifications: false } });
    expect(server.card).not.toHaveProperty("protocolVersion");
    const sent = await rpc(server.rpcUrl, { jsonrpc: "2.0", id: 7, method: "message/send", params: { message: textMessage("hi") } });
    expect(sent.status).toBe(200);
    const result = JSON.parse(sent.text) as { id: number; result: Record<string, unknown> & { status: { state: string; message: { parts: { text: string }[] } } } };
    expect(result.id).toBe(7);
    expect(result.result).not.toHaveProperty("kind");
    expect(result.result.status.state).toBe("completed");
    expect(result.result.status.message.parts[0]!.text).toBe("echo: hi");
    const data = await rpc(server.rpcUrl, { jsonrpc: "2.0", id: 8, method: "message/send", params: { message: { ...textMessage(""), parts: [{ kind: "data", data: { a: 1 } }] } } });
    expect(data.status).toBe(400);
    expect(JSON.parse(data.text).error.code).toBe(-32602);
    const stream = await rpc(server.rpcUrl, { jsonrpc: "2.0", id: 9, method: "message/stream", params: { message: textMessage("yo") } });
    const frames = stream.text.split("\n\n").filter(Boolean);
    // Every event is "data: " + U+001E + the JSON: no JSON parser reads it as written.
    expect(frames.every((e) => e.startsWith("data: \u001E{"))).toBe(true);
    const states = frames.map((e) => (JSON.parse(e.slice("data: \u001E".length)) as { result: { status: { state: string } } }).result.status.state);
    expect(states.at(-1)).toBe("completed");
    expect(server.inputs).toEqual(["hi", "yo"]);
  }, 30_000);
});
