import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { ClientFactory, JsonRpcTransportFactory } from "@a2a-js/sdk/client";
import { afterEach, describe, expect, it } from "vitest";
import { digestCardText, NORTHWIND } from "../negotiation";
import { agentsClosedAfterEach } from "../../reality/test-agents";
import { callOptions, userMessage } from "../../reality/clients";
import { CardResolveError, parleyCardResolver, parleyInterceptor, RESOLVER_LIMITS, type DecisionEvent } from "./index";

/**
 * parleyCardResolver runs inside other people's clients: hostile card servers on loopback must get
 * a CardResolveError within its caps, never a hang, a whole oversized read or a RangeError.
 */
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((resolve) => {
    s.closeAllConnections();
    s.close(() => resolve());
  })));
});

async function serve(handler: (res: ServerResponse) => void): Promise<{ origin: string; sent: () => number }> {
  let sent = 0;
  const server = createServer((_req, res) => {
    const write = res.write.bind(res);
    res.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
      sent += typeof chunk === "string" ? Buffer.byteLength(chunk) : chunk.byteLength;
      return write(chunk, ...rest);
    }) as typeof res.write;
    handler(res);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, sent: () => sent };
}

const CARD = { name: "drip", description: "d", version: "1", supportedInterfaces: [{ url: "http://127.0.0.1:1/a2a", protocolBinding: "JSONRPC", protocolVersion: "1.0" }], capabilities: {}, defaultInputModes: ["text/plain"], defaultOutputModes: ["text/plain"], skills: [] };

const failure = (p: Promise<unknown>) => p.then(() => undefined, (e: unknown) => e);

describe("parleyCardResolver within its caps", () => {
  it("gives up on a card sent one byte at a time once its time cap passes", async () => {
    const text = JSON.stringify(CARD);
    const { origin, sent } = await serve((res) => {
      res.writeHead(200, { "content-type": "application/json" });
      let i = 0;
      const drip = setInterval(() => {
        if (res.destroyed || i >= text.length) return clearInterval(drip);
        res.write(text[i++]!);
      }, 50);
      res.on("close", () => clearInterval(drip));
    });
    const error = await failure(parleyCardResolver({ timeoutMs: 600 }).resolve(origin));
    expect(error).toBeInstanceOf(CardResolveError);
    expect(error).toMatchObject({ code: "timeout", limit: 600 });
    expect((error as Error).message).toMatch(/did not arrive within 600 ms/);
    // It stopped well before the card was done.
    expect(sent()).toBeLessThan(text.length);
  });

  it("refuses a card larger than its size cap as it passes the cap, not after reading it whole", async () => {
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const { origin, sent } = await serve((res) => {
      // No content-length: the cap must hold on the bytes as they come.
      res.writeHead(200, { "content-type": "application/json" });
      res.write("{\"name\":\"big\",\"pad\":\"");
      let n = 0;
      const pump = () => {
        while (!res.destroyed && n < 640) {
          n++;
          if (!res.write(chunk)) return void res.once("drain", pump);
        }
        if (!res.destroyed) res.end("\"}");
      };
      pump();
    });
    const error = await failure(parleyCardResolver().resolve(origin));
    expect(error).toBeInstanceOf(CardResolveError);
    expect(error).toMatchObject({ code: "tooLarge", limit: RESOLVER_LIMITS.maxBytes });
    expect((error as Error).message).toContain(`larger than ${RESOLVER_LIMITS.maxBytes} bytes`);
    // 40 MiB offered; the reader stopped near the cap (socket buffers account for the rest).
    expect(sent()).toBeLessThan(12 * 1024 * 1024);
  });

  it("refuses a declared content-length over the cap before reading the body", async () => {
    const { origin } = await serve((res) => {
      res.writeHead(200, { "content-type": "application/json", "content-length": String(9 * 1024 * 1024) });
      res.write("{");
    });
    await expect(failure(parleyCardResolver().resolve(origin))).resolves.toMatchObject({ code: "tooLarge" });
  });

  it("gives a 50,000-deep card a documented tooDeep error, not a RangeError", async () => {
    const deep = JSON.stringify({ ...CARD, skills: [] }).replace('"skills":[]', `"skills":${"[".repeat(50_000)}${"]".repeat(50_000)}`);
    const { origin } = await serve((res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(deep);
    });
    const error = await failure(parleyCardResolver().resolve(origin));
    expect(error).toBeInstanceOf(CardResolveError);
    expect(error).toMatchObject({ code: "tooDeep", limit: RESOLVER_LIMITS.maxDepth });
  });

  it.each([
    ["an HTTP error", (res: ServerResponse) => res.writeHead(503).end("busy"), "httpStatus"],
    ["text that is not JSON", (res: ServerResponse) => res.writeHead(200).end("<html>"), "notJson"],
    ["bytes that are not UTF-8", (res: ServerResponse) => res.writeHead(200).end(Buffer.from([0x7b, 0xff, 0x7d])), "notUtf8"],
    ["a JSON array", (res: ServerResponse) => res.writeHead(200).end("[1,2]"), "invalidCard"],
  ])("answers %s with its documented code", async (_name, handler, code) => {
    const { origin } = await serve(handler);
    await expect(failure(parleyCardResolver().resolve(origin))).resolves.toMatchObject({ name: "CardResolveError", code });
  });
});

const { agent } = agentsClosedAfterEach();

describe("the record's card digest is the digest of the card's bytes as published", () => {
  it("for a pretty-printed card, the record's digest matches the served bytes, not a re-serialisation", async () => {
    const a = await agent({ name: "plain", defaultInputModes: ["text/plain"], defaultOutputModes: ["text/plain"] });
    // The same card, as an author would write it: indented, with a trailing newline.
    const published = JSON.stringify(a.card, null, 2) + "\n";
    const { origin } = await serve((res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(published);
    });
    const events: DecisionEvent[] = [];
    const guard = parleyInterceptor({ profile: NORTHWIND, onDecision: (e) => events.push(e) });
    const client = await new ClientFactory({ transports: [new JsonRpcTransportFactory()], cardResolver: parleyCardResolver(), clientConfig: { acceptedOutputModes: [], interceptors: [guard] } }).createFromUrl(origin);
    await client.sendMessage(userMessage("text/plain"), callOptions());

    expect(events).toHaveLength(1);
    expect(events[0]!.cardDigest).toBe(digestCardText(published));
    expect(events[0]!.cardDigest).not.toBe(digestCardText(JSON.stringify(a.card)));
    expect(JSON.parse(events[0]!.record).card.digest).toBe(digestCardText(published));
  });
});
