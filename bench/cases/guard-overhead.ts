import { AgentCard, type SendMessageRequest } from "@a2a-js/sdk";
import { Client, type Transport } from "@a2a-js/sdk/client";
import { AgentEvent, DefaultRequestHandler, InMemoryTaskStore, ServerCallContext, type AgentExecutor } from "@a2a-js/sdk/server";
import { BUILT_IN_TASK_CLASSES, NORTHWIND, review } from "../../lib/negotiation";
import { installCompiledCardSchemas } from "../../lib/negotiation/card/schemas/compiled";
import { parleyInterceptor } from "../../lib/a2a-js";
import { type BenchResult, type BenchSection, consume, median } from "../harness";

/** A guarded call after the first may add at most this share of the SDK's own in-process call. */
export const MAX_GUARD_SHARE = 0.05;
/**
 * What the guard adds to the first call on a card ≤ this × a plain review() of the card: beside
 * the review it writes the card back to ProtoJSON, hashes it (SHA-256 in JavaScript, about as long
 * as the review of this 1.5 KB card) and formats the record. Measured without the record's review
 * link (`reviewLink: false`), as the guard ran when this bound was set; the default, with the link
 * (deflating the card against the links' 10 KB dictionary, once per card), is printed beside it. The SDK's own first call on a fresh
 * client is measured beside it and taken out: counted in, as it was, the ratio grew each time the
 * review got faster (2.65× to 4.04× when a review of the built-in classes passed as objects stopped
 * re-reading them), while the first call itself got faster. The same 3× as before, now without the
 * SDK's share: a tighter bound.
 */
export const MAX_FIRST_CALL_TO_REVIEW = 3;

/** A 1.0 card with security, three interfaces and skills, as a client would hold it. */
export const CARD_JSON = {
  name: "Bench agent",
  description: "An agent for the guard bench.",
  version: "1.0.0",
  supportedInterfaces: [
    { url: "https://agent.example.com/a2a/jsonrpc", protocolBinding: "JSONRPC", protocolVersion: "1.0" },
    { url: "https://agent.example.com/a2a/rest", protocolBinding: "HTTP+JSON", protocolVersion: "1.0" },
    { url: "agent.example.com:443", protocolBinding: "GRPC", protocolVersion: "1.0" },
  ],
  capabilities: { streaming: true, pushNotifications: true },
  securitySchemes: { bearer: { httpAuthSecurityScheme: { scheme: "Bearer" } } },
  securityRequirements: [{ schemes: { bearer: { list: [] } } }],
  defaultInputModes: ["text/plain"],
  defaultOutputModes: ["text/plain"],
  skills: Array.from({ length: 8 }, (_, i) => ({ id: `skill-${i}`, name: `Skill ${i}`, description: "A skill.", tags: ["bench"] })),
};

/**
 * The SDK's own in-process call: its client, over a transport that hands the request straight to
 * its server's request handler (DefaultRequestHandler, in-memory task store, an agent that
 * completes at once). No network, no JSON: what is left is the SDK's own work for one call.
 */
export function inProcessTransport(card: AgentCard): Transport {
  const executor: AgentExecutor = {
    async execute(ctx, bus) {
      const status = { state: 3, message: undefined, timestamp: "2026-01-01T00:00:00Z" };
      bus.publish(AgentEvent.task({ id: ctx.taskId, contextId: ctx.contextId, status, artifacts: [], history: [], metadata: undefined } as never));
      bus.finished();
    },
    async cancelTask(_taskId, bus) {
      bus.finished();
    },
  };
  const handler = new DefaultRequestHandler(card, new InMemoryTaskStore(), executor);
  return {
    protocolName: "JSONRPC",
    protocolVersion: "1.0",
    sendMessage: (params: SendMessageRequest) => handler.sendMessage(params, new ServerCallContext()),
  } as unknown as Transport;
}

let sent = 0;
/** A new message per call (the server's handler refuses a message without an id). */
export const request = () => ({
  tenant: "",
  message: { messageId: `m${++sent}`, contextId: "", taskId: "", role: 1, parts: [{ content: { $case: "text", value: "hi" }, mediaType: "text/plain", filename: "", metadata: undefined }], metadata: undefined, extensions: [], referenceTaskIds: [] },
  configuration: undefined,
  metadata: undefined,
}) as unknown as SendMessageRequest;

export async function cpuPerCall(client: Client, calls: number): Promise<number> {
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < calls; i++) consume(await client.sendMessage(request()));
  const used = process.cpuUsage(cpu0);
  return (used.user + used.system) / 1000 / calls;
}

export const guardOverhead: BenchSection = {
  id: "guard",
  title: "The @a2a-js/sdk guard: a guarded call after the first vs the SDK's own in-process call, and the first call's review",
  run: async (log) => {
    installCompiledCardSchemas();
    const card = AgentCard.fromJSON(CARD_JSON);
    const quiet = { profile: NORTHWIND, onDecision: () => {} };
    // One server for both clients, so its growing task store weighs on both alike.
    const transport = inProcessTransport(card);
    const plain = new Client(transport, card, { acceptedOutputModes: [] });
    const guarded = new Client(transport, card, { acceptedOutputModes: [], interceptors: [parleyInterceptor(quiet)] });
    await guarded.sendMessage(request()); // the first call reviews; the rest are cache hits

    const calls = 4000;
    for (let w = 0; w < 3; w++) {
      await cpuPerCall(plain, calls);
      await cpuPerCall(guarded, calls);
    }
    const shares: number[] = [];
    const plainMs: number[] = [];
    for (let s = 0; s < 9; s++) {
      // a b b a: neither side always runs first.
      const a1 = await cpuPerCall(plain, calls);
      const b = (await cpuPerCall(guarded, calls)) / 2 + (await cpuPerCall(guarded, calls)) / 2;
      const a = (a1 + (await cpuPerCall(plain, calls))) / 2;
      plainMs.push(a);
      shares.push((b - a) / a);
    }
    const share = median(shares);
    log(`  SDK call (in-process transport): ${(median(plainMs) * 1000).toFixed(2)} µs CPU; guard adds ${(share * 100).toFixed(1)} % (median of 9 interleaved samples of ${calls} calls)`);

    // The first call on a fresh guarded client and on a fresh plain one, against review() of the
    // same card text, interleaved: the guard's part of a first call is the difference of the two.
    const text = JSON.stringify(AgentCard.toJSON(card));
    const firsts: number[] = [];
    const linkedFirsts: number[] = [];
    const plainFirsts: number[] = [];
    const reviews: number[] = [];
    const unlinked = { ...quiet, reviewLink: false };
    const firstCall = async (interceptors: ReturnType<typeof parleyInterceptor>[]) => {
      const freshCard = AgentCard.fromJSON(CARD_JSON);
      const fresh = new Client(inProcessTransport(freshCard), freshCard, { acceptedOutputModes: [], interceptors });
      const t0 = performance.now();
      consume(await fresh.sendMessage(request()));
      return performance.now() - t0;
    };
    for (let s = 0; s < 21; s++) {
      // Alternating which client goes first, so neither always meets a warmer machine.
      if (s % 2 === 0) {
        firsts.push(await firstCall([parleyInterceptor(unlinked)]));
        linkedFirsts.push(await firstCall([parleyInterceptor(quiet)]));
        plainFirsts.push(await firstCall([]));
      } else {
        plainFirsts.push(await firstCall([]));
        linkedFirsts.push(await firstCall([parleyInterceptor(quiet)]));
        firsts.push(await firstCall([parleyInterceptor(unlinked)]));
      }
      const t0 = performance.now();
      consume(review(text, NORTHWIND, { taskClasses: BUILT_IN_TASK_CLASSES }));
      reviews.push(performance.now() - t0);
    }
    const firstRatio = median(firsts.map((f, i) => (f - plainFirsts[i]!) / reviews[i]!));
    const linkedRatio = median(linkedFirsts.map((f, i) => (f - plainFirsts[i]!) / reviews[i]!));
    log(
      `  first call on a fresh client: guarded ${median(firsts).toFixed(2)} ms (with the record's review link, the default: ` +
        `${median(linkedFirsts).toFixed(2)} ms), plain ${median(plainFirsts).toFixed(2)} ms; a review of the card: ${median(reviews).toFixed(2)} ms`,
    );

    const results: BenchResult[] = [
      {
        name: "guard: added cost per call after the first ÷ the SDK's in-process call",
        value: share,
        unit: "×",
        target: { op: "<", value: MAX_GUARD_SHARE },
        pass: share < MAX_GUARD_SHARE,
      },
      {
        name: "guard: what it adds to the first call on a card ÷ review() of the same card (reviewLink: false)",
        value: firstRatio,
        unit: "×",
        target: { op: "<=", value: MAX_FIRST_CALL_TO_REVIEW },
        pass: firstRatio <= MAX_FIRST_CALL_TO_REVIEW,
      },
      {
        name: "guard: the same with the record's review link (the default), once per card",
        value: linkedRatio,
        unit: "×",
        detail: `the link deflates the card against the links' dictionary: ${(median(linkedFirsts) - median(firsts)).toFixed(2)} ms more than without it`,
      },
    ];
    return results;
  },
};
