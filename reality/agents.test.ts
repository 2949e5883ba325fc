import { afterEach, describe, expect, it } from "vitest";
import { TaskState, type Task } from "@a2a-js/sdk";
import { startAgent, startWebhookReceiver, type AgentSpec, type RunningAgent, type WebhookReceiver } from "./agents";
import { callOptions, sdkClient, userMessage } from "./clients";

const open: Array<RunningAgent | WebhookReceiver> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});
async function agent(spec: AgentSpec): Promise<RunningAgent> {
  const a = await startAgent(spec);
  open.push(a);
  return a;
}
async function receiver(tls: "none" | "server" | "mutual"): Promise<WebhookReceiver> {
  const r = await startWebhookReceiver({ tls });
  open.push(r);
  return r;
}
const state = (result: unknown) => (result as Task).status?.state;
async function errorOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (error) {
    return String((error as Error).message ?? error);
  }
  return "no error";
}

describe("the agent kit: real SDK servers on loopback", () => {
  it.each(["JSONRPC", "HTTP+JSON", "GRPC"] as const)("serves its card and completes a task over %s with the SDK client", async (binding) => {
    const a = await agent({ bindings: [binding] });
    expect(a.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const interfaces = a.card.supportedInterfaces as { protocolBinding: string; url: string }[];
    expect(interfaces.map((i) => i.protocolBinding)).toEqual([binding]);
    const client = await sdkClient(a.origin, { transports: [binding] });
    const result = await client.sendMessage(userMessage(), callOptions());
    expect(state(result)).toBe(TaskState.TASK_STATE_COMPLETED);
    expect((result as Task).artifacts[0]?.parts[0]?.mediaType).toBe("text/plain");
    expect(a.log.calls).toEqual([{ method: "sendMessage", binding }]);
    expect(a.log.messages[0]?.parts).toEqual([{ mediaType: "text/plain", kind: "text" }]);
  });

  it("enforces the security its card declares: 401 without the token, the task completes with it", async () => {
    const a = await agent({ security: { kind: "bearer", token: "s3cret" } });
    expect(a.card.securitySchemes).toEqual({ bearer: { httpAuthSecurityScheme: { scheme: "Bearer" } } });
    const client = await sdkClient(a.origin);
    expect(await errorOf(client.sendMessage(userMessage(), callOptions()))).toMatch(/401/);
    expect(a.log.calls).toEqual([]);
    expect(a.log.authRefusals).toHaveLength(1);
    const ok = await client.sendMessage(userMessage(), callOptions({ credentials: a.credentials! }));
    expect(state(ok)).toBe(TaskState.TASK_STATE_COMPLETED);
  });

  it("enforces an API key on gRPC too (UNAUTHENTICATED)", async () => {
    const a = await agent({ bindings: ["GRPC"], security: { kind: "apiKey", token: "k" } });
    const client = await sdkClient(a.origin, { transports: ["GRPC"] });
    expect(await errorOf(client.sendMessage(userMessage(), callOptions()))).toMatch(/credentials|UNAUTHENTICATED|16/i);
    expect(a.log.calls).toEqual([]);
    expect(state(await client.sendMessage(userMessage(), callOptions({ credentials: a.credentials! })))).toBe(TaskState.TASK_STATE_COMPLETED);
  });

  it("refuses a message that does not activate a required extension, takes one that does", async () => {
    const uri = "https://example.com/ext/required/v1";
    const a = await agent({ requiredExtensions: [uri] });
    const client = await sdkClient(a.origin);
    expect(await errorOf(client.sendMessage(userMessage(), callOptions()))).toMatch(/extension/i);
    expect(state(await client.sendMessage(userMessage(), callOptions({ extensions: [uri] })))).toBe(TaskState.TASK_STATE_COMPLETED);
  });

  it("checks input parts against defaultInputModes; the acceptsUnlistedInputModes lie takes anything", async () => {
    const strict = await agent({ defaultInputModes: ["text/plain"] });
    const c1 = await sdkClient(strict.origin);
    expect(await errorOf(c1.sendMessage(userMessage("application/json"), callOptions()))).toMatch(/not supported/i);
    const lax = await agent({ defaultInputModes: ["text/plain"], lies: { acceptsUnlistedInputModes: true } });
    const c2 = await sdkClient(lax.origin);
    expect(state(await c2.sendMessage(userMessage("application/json"), callOptions()))).toBe(TaskState.TASK_STATE_COMPLETED);
  });

  it("streams when the card says so; the streamRefused lie refuses the stream the card promises", async () => {
    const honest = await agent({ streaming: true });
    const kinds: string[] = [];
    for await (const e of (await sdkClient(honest.origin)).sendMessageStream(userMessage(), callOptions())) kinds.push(e.payload?.$case ?? "?");
    expect(kinds).toEqual(["task", "statusUpdate", "artifactUpdate", "statusUpdate"]);

    const liar = await agent({ streaming: true, lies: { streamRefused: true } });
    expect((liar.card.capabilities as { streaming: boolean }).streaming).toBe(true);
    const stream = (await sdkClient(liar.origin)).sendMessageStream(userMessage(), callOptions());
    expect(await errorOf((async () => { for await (const e of stream) void e; })())).toMatch(/stream/i);
  });

  it("with streaming false the SDK client turns sendMessageStream into one blocking send", async () => {
    const a = await agent({ streaming: false });
    const events = [];
    for await (const e of (await sdkClient(a.origin)).sendMessageStream(userMessage(), callOptions())) events.push(e);
    expect(events.map((e) => e.payload?.$case)).toEqual(["task"]);
    expect(a.log.calls.map((c) => c.method)).toEqual(["sendMessage"]);
  });

  it("deadFirstInterface: the first binding's interface has nothing behind it, and the SDK client picks it", async () => {
    const a = await agent({ bindings: ["JSONRPC", "HTTP+JSON"], lies: { deadFirstInterface: true } });
    const interfaces = a.card.supportedInterfaces as { url: string; protocolBinding: string }[];
    expect(interfaces.map((i) => i.protocolBinding)).toEqual(["JSONRPC", "HTTP+JSON"]);
    expect(interfaces[0]!.url).toMatch(/nothing-here$/);
    const client = await sdkClient(a.origin);
    expect(await errorOf(client.sendMessage(userMessage(), callOptions()))).not.toBe("no error");
    expect(a.log.calls).toEqual([]);
  });

  it("deadFirstInterface with one binding: the 1.3 SDK keeps the last 1.0 interface of a binding, so it skips the dead twin", async () => {
    const a = await agent({ bindings: ["JSONRPC"], lies: { deadFirstInterface: true } });
    expect((a.card.supportedInterfaces as { url: string }[])[0]!.url).toMatch(/nothing-here$/);
    const client = await sdkClient(a.origin);
    expect(state(await client.sendMessage(userMessage(), callOptions()))).toBe(TaskState.TASK_STATE_COMPLETED);
  });

  it("protocolVersion 1.0.0 on the interface: the 1.3 server compares strings and refuses A2A-Version 1.0", async () => {
    const a = await agent({ protocolVersion: "1.0.0" });
    const client = await sdkClient(a.origin);
    expect(await errorOf(client.sendMessage(userMessage(), callOptions()))).toMatch(/version/i);
    expect(a.log.calls).toEqual([]);
  });

  it("cardServing sdk-object serves the SDK's internal {$case} shape, the SDK's own docs' way", async () => {
    const a = await agent({ security: { kind: "bearer", token: "t" }, cardServing: "sdk-object" });
    expect(a.cardText).toContain('"$case":"httpAuthSecurityScheme"');
  });

  it("cardPatch has the last word on the served card", async () => {
    const a = await agent({ cardPatch: (card) => ({ ...card, name: "patched" }) });
    expect(a.card.name).toBe("patched");
  });

  it("the 0.3 SDK server serves a 0.3 card; the 1.3 client talks to it only with legacyCompat", async () => {
    const a = await agent({ sdk: "0.3", bindings: ["JSONRPC"] });
    expect(a.card.protocolVersion).toBe("0.3.0");
    expect(a.card.url).toBe(`${a.origin}/a2a/jsonrpc`);
    const plain = await errorOf((async () => (await sdkClient(a.origin)).sendMessage(userMessage(), callOptions()))());
    expect(plain).not.toBe("no error");
    const compat = await sdkClient(a.origin, { legacyCompat: true });
    expect(state(await compat.sendMessage(userMessage(), callOptions()))).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(a.log.calls.map((c) => c.method)).toEqual(["sendMessage"]);
  });

  it("push: a plain listener gets the callbacks; the pushDropped lie takes the config and never calls back", async () => {
    const hook = await receiver("none");
    const a = await agent({ push: true, behaviour: { delayMs: 50 } });
    const client = await sdkClient(a.origin);
    await client.sendMessage(userMessage("text/plain", { push: { url: hook.url, token: "tok" }, returnImmediately: true }), callOptions());
    const got = await hook.waitFor(2);
    expect(got.length).toBeGreaterThanOrEqual(2);
    expect(got[0]!.headers["x-a2a-notification-token"]).toBe("tok");
    expect(a.log.pushConfigs).toEqual([{ via: "send", url: hook.url, stored: true }]);

    const hook2 = await receiver("none");
    const liar = await agent({ push: true, lies: { pushDropped: true } });
    const task = (await (await sdkClient(liar.origin)).sendMessage(userMessage("text/plain", { push: { url: hook2.url } }), callOptions())) as Task;
    expect(task.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(await hook2.waitFor(1, 300)).toEqual([]);
    expect(liar.log.pushConfigs).toEqual([{ via: "send", url: hook2.url, stored: false }]);
  });

  it("push over TLS: the SDK's sender reaches an HTTPS listener, and never one that demands a client certificate", async () => {
    const https = await receiver("server");
    const mutual = await receiver("mutual");
    const a = await agent({ push: true });
    const client = await sdkClient(a.origin);
    await client.sendMessage(userMessage("text/plain", { push: { url: https.url } }), callOptions());
    await client.sendMessage(userMessage("text/plain", { push: { url: mutual.url } }), callOptions());
    expect((await https.waitFor(1)).length).toBeGreaterThanOrEqual(1);
    await https.waitFor(3, 500);
    expect(mutual.received).toEqual([]);
    expect(mutual.handshakeFailures.join(" ")).toMatch(/certificate/i);
  });

  it("close() really closes: the port refuses afterwards", async () => {
    const a = await startAgent({});
    await a.close();
    expect(await errorOf(fetch(a.cardUrl, { signal: AbortSignal.timeout(2_000) }))).not.toBe("no error");
  });
});
