import { AgentCard } from "@a2a-js/sdk";
import type { BeforeArgs } from "@a2a-js/sdk/client";
import { describe, expect, it } from "vitest";
import { NORTHWIND, type ClientProfile } from "../negotiation";
import { CardRejectedError, parleyInterceptor, type DecisionEvent } from "./index";

/**
 * What the guard keeps per shape of send (how it completes × its parts' media types), driven
 * through its `before` hook with the SDK's own AgentCard: each shape keeps its own outcome whatever
 * order the shapes come in, and past the cap the guard decides anew rather than answering wrong.
 */
const CARD = AgentCard.fromJSON({
  name: "Shapes agent",
  description: "Text in, text out; streams; no push.",
  version: "1.0.0",
  supportedInterfaces: [{ url: "https://agent.example.com/a2a/jsonrpc", protocolBinding: "JSONRPC", protocolVersion: "1.0" }],
  capabilities: { streaming: true, pushNotifications: false },
  defaultInputModes: ["text/plain"],
  defaultOutputModes: ["text/plain"],
  skills: [{ id: "echo", name: "Echo", description: "Echoes.", tags: ["echo"] }],
});

const PROFILE: ClientProfile = { ...NORTHWIND, name: "buffering client", bufferableInputModes: ["audio/pcm"] };

function send(method: "sendMessage" | "sendMessageStream", modes: string[], configuration?: Record<string, unknown>): BeforeArgs {
  const parts = modes.map((mediaType) => ({ content: { $case: "text", value: "x" }, mediaType, filename: "", metadata: undefined }));
  const value = { tenant: "", message: { messageId: "m", role: 1, parts }, configuration, metadata: undefined };
  return { input: { method, value }, agentCard: CARD } as unknown as BeforeArgs;
}

/** What the guard did with a send: the class it decided and whether it let it go. */
async function outcome(guard: ReturnType<typeof parleyInterceptor>, args: BeforeArgs): Promise<string> {
  try {
    await guard.before!(args);
    return "allowed";
  } catch (error) {
    if (error instanceof CardRejectedError) return `refused ${error.taskClass}`;
    throw error;
  }
}

describe("the guard's outcome per shape of send", () => {
  const shapes: Array<[string, BeforeArgs, string]> = [
    ["a plain text send", send("sendMessage", ["text/plain"]), "allowed"],
    ["a streamed text send", send("sendMessageStream", ["text/plain"]), "allowed"],
    ["a text send that asks for push", send("sendMessage", ["text/plain"], { taskPushNotificationConfig: { url: "https://client.example.com/cb" } }), "allowed"],
    ["an audio send the gate does not list", send("sendMessage", ["audio/pcm"]), "refused request-response-audio-pcm"],
    ["a streamed audio send", send("sendMessageStream", ["audio/pcm"]), "refused streaming-output-audio-pcm"],
    ["a send with text and audio parts", send("sendMessage", ["text/plain", "audio/pcm"]), "refused request-response-audio-pcm"],
    ["a send with no parts", send("sendMessage", []), "allowed"],
  ];

  it("is the same whichever shapes came before it, and each decision is recorded once", async () => {
    const events: DecisionEvent[] = [];
    const guard = parleyInterceptor({ profile: PROFILE, onDecision: (e) => events.push(e) });
    // Forward, backward, then forward again: a shape met before answers from what the guard kept.
    const order = [...shapes, ...[...shapes].reverse(), ...shapes];
    const seen: Array<[string, string]> = [];
    for (const [label, args] of order) seen.push([label, await outcome(guard, args)]);
    expect(seen).toEqual(order.map(([label, , expected]) => [label, expected]));
    const decided = events.map((e) => `${e.decision.taskClass} ${e.action}`);
    expect(new Set(decided).size).toBe(decided.length);
  });

  it("past 256 shapes on one card decides anew, and still right", async () => {
    const guard = parleyInterceptor({ profile: PROFILE, onDecision: () => {} });
    // 360 shapes: every order of five media types the gate does not list, sent three ways. Each
    // refuses on the first part's type; the narrowed classes are reviewed once each, so this stays cheap.
    const ways = [
      ["request-response", (modes: string[]) => send("sendMessage", modes)],
      ["streaming-output", (modes: string[]) => send("sendMessageStream", modes)],
      ["async-completion", (modes: string[]) => send("sendMessage", modes, { returnImmediately: true })],
    ] as const;
    let shapesSent = 0;
    for (const modes of orders(["audio/pcm", "image/png", "video/mp4", "application/pdf", "text/csv"])) {
      for (const [base, make] of ways) {
        expect(await outcome(guard, make(modes))).toBe(`refused ${base}-${modes[0]!.replace("/", "-")}`);
        shapesSent++;
      }
    }
    expect(shapesSent).toBeGreaterThan(256);
    for (const [, args, expected] of shapes) expect(await outcome(guard, args)).toBe(expected);
  });
});

/** Every order of the items. */
function orders(items: string[]): string[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) => orders([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
}
