import { AgentCard } from "@a2a-js/sdk";
import { ClientFactory, JsonRpcTransportFactory, RestTransportFactory, type Client } from "@a2a-js/sdk/client";
import { GrpcTransportFactory } from "@a2a-js/sdk/client/grpc";
import { describe, expect, it } from "vitest";
import { NORTHWIND, parseDecisionRecord, readLogLine, review, type ClientProfile } from "../negotiation";
import { decodeReviewLink } from "../share";
import { type AgentSpec, type RunningAgent } from "../../reality/agents";
import { agentsClosedAfterEach } from "../../reality/test-agents";
import { callOptions, userMessage } from "../../reality/clients";
import { CardRejectedError, parleyCardResolver, parleyInterceptor, type DecisionEvent, type ParleyInterceptorOptions } from "./index";

/**
 * The guard against real @a2a-js/sdk 1.3 servers on loopback (reality/agents.ts): what reaches the
 * server is read from the server's own log, not inferred from the guard's answer.
 */
const { agent, receiver } = agentsClosedAfterEach();

async function guardedClient(
  origin: string,
  guard: Partial<ParleyInterceptorOptions> & { profile: ClientProfile },
  events: DecisionEvent[],
  { published = false } = {},
): Promise<Client> {
  const interceptor = parleyInterceptor({ onDecision: (e) => events.push(e), ...guard });
  const factory = new ClientFactory({
    transports: [new JsonRpcTransportFactory(), new RestTransportFactory(), new GrpcTransportFactory()],
    clientConfig: { acceptedOutputModes: [], interceptors: [interceptor] },
    ...(published ? { cardResolver: parleyCardResolver() } : {}),
  });
  return factory.createFromUrl(origin);
}

/** The rule's second invariant on a 1.0 card: every security alternative is mTLS, so push callbacks are too. */
const MTLS_ONLY = (card: Record<string, unknown>) => ({
  ...card,
  securitySchemes: { mtls: { mtlsSecurityScheme: { description: "client certificates" } } },
  securityRequirements: [{ schemes: { mtls: { list: [] } } }],
});

const messageCalls = (a: RunningAgent) => a.log.calls.filter((c) => c.method !== "getAgentCard");

describe("parleyInterceptor on a real SDK client", () => {
  it("refuses a rejected task class before any message request reaches the server, with a record /explain reads", async () => {
    // Northwind's audio is live-only and cannot be buffered; this card does not stream.
    const a = await agent({ name: "no-stream audio", streaming: false, defaultInputModes: ["audio/pcm", "text/plain"], defaultOutputModes: ["text/plain"] });
    const events: DecisionEvent[] = [];
    const client = await guardedClient(a.origin, { profile: NORTHWIND, taskClass: "live-input" }, events);
    const before = a.log.requests.length;

    const error = await client.sendMessage(userMessage("audio/pcm"), callOptions()).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(CardRejectedError);
    const rejected = error as CardRejectedError;
    expect(rejected.taskClass).toBe("live-input");
    expect(rejected.invariant).toBe("live-input-needs-streaming");
    expect(rejected.message).toMatch(/^parley: refused live-input before sending: /);
    // Nothing after the card fetch: no call reached the handler, no request the process.
    expect(messageCalls(a)).toEqual([]);
    expect(a.log.requests.slice(before)).toEqual([]);
    expect(a.log.messages).toEqual([]);

    expect(events.map((e) => e.action)).toEqual(["refused"]);
    expect(events[0]!.record).toBe(rejected.record);
    const parsed = parseDecisionRecord(rejected.record);
    expect(parsed.ok && parsed.record.decision).toBe("reject");
    expect(parsed.ok && parsed.record.rules).toContain("live-input-needs-streaming");
    const line = readLogLine(rejected.record);
    expect(line).toMatchObject({ kind: "record" });
  });

  it("on accept-degraded for push, removes the push config so it never reaches the server and the task completes without it", async () => {
    const hook = await receiver();
    // The rule's own field says callbacks authenticate with the mTLS scheme; Northwind's listener is plain HTTPS.
    const MTLS_CALLBACKS = (card: Record<string, unknown>) => ({
      ...MTLS_ONLY(card),
      capabilities: { ...(card.capabilities as object), pushNotifications: { supported: true, securityScheme: "mtls" } },
    });
    const spec: AgentSpec = { name: "mtls push", push: true, streaming: false, defaultInputModes: ["text/plain"], defaultOutputModes: ["text/plain"], cardPatch: MTLS_CALLBACKS };
    const profile: ClientProfile = { ...NORTHWIND, callback: { ...NORTHWIND.callback, url: hook.url } };

    // The control: the same client without the guard hands the push config to the server.
    const control = await agent(spec);
    const plain = await new ClientFactory({ transports: [new JsonRpcTransportFactory()], clientConfig: { acceptedOutputModes: [] } }).createFromUrl(control.origin);
    await plain.sendMessage(userMessage("text/plain", { push: { url: hook.url } }), callOptions());
    expect(control.log.pushConfigs).toHaveLength(1);

    // The SDK's parsed card has no room for the rule's push scheme: without the card as published
    // the guard cannot see it, and lets the push config through (docs/library.md).
    const unseen = await agent(spec);
    const unseenEvents: DecisionEvent[] = [];
    const sdkOnly = await guardedClient(unseen.origin, { profile }, unseenEvents);
    await sdkOnly.sendMessage(userMessage("text/plain", { push: { url: hook.url } }), callOptions());
    expect(unseenEvents.map((e) => e.action)).toEqual(["allowed"]);

    const a = await agent(spec);
    const events: DecisionEvent[] = [];
    const client = await guardedClient(a.origin, { profile }, events, { published: true });
    const result = await client.sendMessage(userMessage("text/plain", { push: { url: hook.url } }), callOptions());

    expect(a.log.pushConfigs).toEqual([]);
    expect(messageCalls(a).map((c) => c.method)).toEqual(["sendMessage"]);
    expect("status" in result && result.status?.state).toBe(3); // TASK_STATE_COMPLETED
    expect(events).toHaveLength(1);
    expect(events[0]!.action).toBe("push-removed");
    expect(events[0]!.decision.decision).toBe("accept-degraded");
    const parsed = parseDecisionRecord(events[0]!.record);
    expect(parsed.ok && parsed.record.degradations.map((d) => [d.invariant, d.lost, d.fallback])).toEqual([["push-callback-mtls", ["push"], ["polling"]]]);
  });

  it("reviews once per card: later calls reuse the decision and write no second record", async () => {
    const a = await agent({ name: "plain", defaultInputModes: ["text/plain"], defaultOutputModes: ["text/plain"] });
    const events: DecisionEvent[] = [];
    const client = await guardedClient(a.origin, { profile: NORTHWIND, reviewBaseUrl: "https://parley.example.com/" }, events);
    await client.sendMessage(userMessage("text/plain"), callOptions());
    await client.sendMessage(userMessage("text/plain"), callOptions());

    expect(messageCalls(a).map((c) => c.method)).toEqual(["sendMessage", "sendMessage"]);
    expect(events.map((e) => [e.decision.taskClass, e.decision.decision, e.action])).toEqual([["request-response", "accept", "allowed"]]);
    const parsed = parseDecisionRecord(events[0]!.record);
    const link = parsed.ok ? parsed.record.reviewLink : undefined;
    expect(link).toMatch(/^https:\/\/parley\.example\.com\/#/);
    const decoded = decodeReviewLink(link!.slice(link!.indexOf("#") + 1));
    expect(decoded.ok && decoded.link.kind === "snapshot" && decoded.link.state.decisions).toMatchObject({ "request-response": "accept" });
  });

  it("without a workspace address, the record still carries its review, as the fragment alone; reviewLink: false leaves it out", async () => {
    const a = await agent({ name: "plain", defaultInputModes: ["text/plain"], defaultOutputModes: ["text/plain"] });
    const events: DecisionEvent[] = [];
    await (await guardedClient(a.origin, { profile: NORTHWIND }, events)).sendMessage(userMessage("text/plain"), callOptions());
    const parsed = parseDecisionRecord(events[0]!.record);
    const link = parsed.ok ? parsed.record.reviewLink : undefined;
    expect(link).toMatch(/^#v1\./);
    expect(decodeReviewLink(link!.slice(1)).ok).toBe(true);
    const none: DecisionEvent[] = [];
    await (await guardedClient(a.origin, { profile: NORTHWIND, reviewLink: false }, none)).sendMessage(userMessage("text/plain"), callOptions());
    expect(JSON.parse(none[0]!.record)).not.toHaveProperty("reviewLink");
  });

  it("maps a streamed send to streaming-output and lets it through when the card streams", async () => {
    const a = await agent({ name: "streams", streaming: true, defaultInputModes: ["text/plain"], defaultOutputModes: ["text/plain"] });
    const events: DecisionEvent[] = [];
    const client = await guardedClient(a.origin, { profile: NORTHWIND }, events);
    const seen: unknown[] = [];
    for await (const event of client.sendMessageStream(userMessage("text/plain"), callOptions())) seen.push(event);
    expect(seen.length).toBeGreaterThan(0);
    expect(events.map((e) => [e.decision.taskClass, e.action])).toEqual([["streaming-output", "allowed"]]);
  });

  it("refuses a profile the engine cannot read when the guard is made, not on the first call", () => {
    expect(() => parleyInterceptor({ profile: { name: "" } as ClientProfile })).toThrow(/^parley: /);
  });
});

describe("the card the guard reviews is the card the server published", () => {
  const specs: [string, AgentSpec][] = [
    ["three bindings", { bindings: ["JSONRPC", "HTTP+JSON", "GRPC"] }],
    ["bearer security and skills", { security: { kind: "bearer", token: "t0ken" }, skills: [{ id: "transcribe", inputModes: ["audio/pcm"], outputModes: ["text/plain"] }] }],
    ["mTLS security, push, no streaming", { push: true, streaming: false, cardPatch: MTLS_ONLY }],
    ["API key security, a required extension", { security: { kind: "apiKey", token: "k3y", headerName: "X-Api-Key" }, requiredExtensions: ["https://example.com/ext/v1"] }],
  ];
  it.each(specs)("%s: the SDK's parsed AgentCard, written back as ProtoJSON, reviews as the served text does", async (_name, spec) => {
    const a = await agent(spec);
    const parsed = AgentCard.fromJSON(a.card);
    // The parsed form keeps a security scheme's oneof as {$case, value}: not what the server published.
    if (Object.keys((a.card.securitySchemes ?? {}) as object).length > 0) expect(JSON.stringify(parsed)).toContain("$case");
    const written = AgentCard.toJSON(parsed);
    const fromServed = review(a.cardText, NORTHWIND);
    const fromParsed = review(JSON.stringify(written), NORTHWIND);
    expect(fromParsed.validity.valid).toBe(fromServed.validity.valid);
    expect(fromParsed.decisions.map((d) => [d.taskClass, d.decision, d.findings.map((f) => f.messageId)])).toEqual(
      fromServed.decisions.map((d) => [d.taskClass, d.decision, d.findings.map((f) => f.messageId)]),
    );
  });
});

describe("without taskClass, the guard decides on the call it sees", () => {
  it("refuses an audio send to a card whose input gate has no audio, without being told the class; the unguarded send reaches the server", async () => {
    // The card streams, so only the input gate stands in the way.
    const spec: AgentSpec = { name: "text only", streaming: true, defaultInputModes: ["text/plain"], defaultOutputModes: ["text/plain"] };
    const control = await agent(spec);
    const plain = await new ClientFactory({ transports: [new JsonRpcTransportFactory()], clientConfig: { acceptedOutputModes: [] } }).createFromUrl(control.origin);
    const unguarded = await plain.sendMessage(userMessage("audio/pcm"), callOptions()).catch((e: unknown) => e);
    expect(messageCalls(control).map((c) => c.method)).toEqual(["sendMessage"]);
    expect(String(unguarded)).toMatch(/audio\/pcm/); // the server's own ContentTypeNotSupported, after a round trip

    const a = await agent(spec);
    const events: DecisionEvent[] = [];
    const client = await guardedClient(a.origin, { profile: NORTHWIND }, events);
    const error = await client.sendMessage(userMessage("audio/pcm"), callOptions()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CardRejectedError);
    // Northwind has audio only live: the send is live-input.
    expect((error as CardRejectedError).taskClass).toBe("live-input");
    expect(messageCalls(a)).toEqual([]);
    expect(events.map((e) => [e.decision.taskClass, e.decision.decision, e.action])).toEqual([["live-input", "reject", "refused"]]);
  });

  it("for a client that sends audio whole, refuses the audio part the gate does not list, with a class narrowed to it; a text send goes on", async () => {
    const profile: ClientProfile = { ...NORTHWIND, name: "buffering client", bufferableInputModes: ["audio/pcm"] };
    const a = await agent({ name: "text only", streaming: true, defaultInputModes: ["text/plain"], defaultOutputModes: ["text/plain"] });
    const events: DecisionEvent[] = [];
    const client = await guardedClient(a.origin, { profile }, events);
    await client.sendMessage(userMessage("text/plain"), callOptions());
    const error = await client.sendMessage(userMessage("audio/pcm"), callOptions()).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(CardRejectedError);
    expect((error as CardRejectedError).taskClass).toBe("request-response-audio-pcm");
    expect(messageCalls(a).map((c) => c.method)).toEqual(["sendMessage"]);
    expect(a.log.messages.map((m) => m.parts.map((p) => p.mediaType))).toEqual([["text/plain"]]);
    expect(events.map((e) => [e.decision.taskClass, e.decision.decision, e.action])).toEqual([
      ["request-response", "accept", "allowed"],
      ["request-response-audio-pcm", "reject", "refused"],
    ]);
    const parsed = parseDecisionRecord(events[1]!.record);
    expect(parsed.ok && parsed.record.rules).toEqual((error as CardRejectedError).rules);

    // The same two sends again, and one with both parts: decided from what the guard keeps of each
    // shape of send, with no second record of a decision already written.
    await client.sendMessage(userMessage("text/plain"), callOptions());
    const again = await client.sendMessage(userMessage("audio/pcm"), callOptions()).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(CardRejectedError);
    expect((again as CardRejectedError).taskClass).toBe("request-response-audio-pcm");
    expect(messageCalls(a).map((c) => c.method)).toEqual(["sendMessage", "sendMessage"]);
    expect(events).toHaveLength(2);
  });

  it("reads a send that returns at once (the client's polling) as async-completion", async () => {
    const a = await agent({ name: "plain", defaultInputModes: ["text/plain"], defaultOutputModes: ["text/plain"] });
    const events: DecisionEvent[] = [];
    const client = await guardedClient(a.origin, { profile: NORTHWIND }, events);
    await client.sendMessage(userMessage("text/plain", { returnImmediately: true }), callOptions());
    expect(events.map((e) => e.decision.taskClass)).toEqual(["async-completion"]);
  });

  it("keeps the class the app names", async () => {
    const a = await agent({ name: "plain", defaultInputModes: ["text/plain"], defaultOutputModes: ["text/plain"] });
    const events: DecisionEvent[] = [];
    const client = await guardedClient(a.origin, { profile: NORTHWIND, taskClass: "fire-and-forget" }, events);
    await client.sendMessage(userMessage("text/plain"), callOptions());
    expect(events.map((e) => e.decision.taskClass)).toEqual(["fire-and-forget"]);
  });
});
