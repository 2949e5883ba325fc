import http from "node:http";
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { answerBudget, ByteBudget, CLIENT_IN_FLIGHT_BYTES, guardRequest, holdUntilSent } from "./slow-readers";

// Clients that stop reading: the budget as a table, then a real server on 127.0.0.1 with raw
// sockets that send a request and never read a byte of the answer.
describe("ByteBudget", () => {
  it("holds bytes per client and in total, refuses past either limit, and gives them back once", () => {
    const budget = new ByteBudget(10, 6);
    const a1 = budget.take("a", 4)!;
    expect(budget.take("a", 3)).toBeNull(); // a: 4 + 3 > 6
    const b1 = budget.take("b", 6)!;
    expect(budget.take("c", 1)).toBeNull(); // total: 10 + 1 > 10
    a1();
    a1();
    expect(budget.inFlight).toBe(6);
    expect(budget.heldBy("a")).toBe(0);
    expect(budget.take("c", 4)).not.toBeNull();
    b1();
    expect(budget.heldBy("b")).toBe(0);
  });
});

let server: http.Server | undefined;
const sockets: net.Socket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
  server = undefined;
});

/** Resolves as each server-side socket closes (a paused client never reads the end, so it is watched here). */
let serverSocketClosed: Array<Promise<void>> = [];

async function listen(handler: http.RequestListener): Promise<number> {
  serverSocketClosed = [];
  server = http.createServer((req, res) => {
    serverSocketClosed.push(new Promise<void>((resolve) => req.socket.once("close", () => resolve())));
    handler(req, res);
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return (server.address() as net.AddressInfo).port;
}

/** Sends a GET and never reads; `closed` resolves when the server has closed its end. */
async function nonReader(port: number, path = "/"): Promise<{ closed: Promise<void> }> {
  const socket = net.connect({ port, host: "127.0.0.1" });
  sockets.push(socket);
  socket.pause();
  socket.on("error", () => undefined);
  const seen = serverSocketClosed.length;
  socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
  while (serverSocketClosed.length === seen) await new Promise((resolve) => setTimeout(resolve, 5));
  return { closed: serverSocketClosed[seen]! };
}

const BIG = Buffer.alloc(48 * 1024 * 1024, 0x61);

describe("a client that never reads", () => {
  it("has its socket closed once nothing moves on it, instead of being held open", async () => {
    const port = await listen((req, res) => {
      guardRequest(req, res, req.socket, 200);
      res.end(BIG);
    });
    const { closed } = await nonReader(port);
    await closed;
    expect(await new Promise((resolve) => server!.getConnections((_e, n) => resolve(n)))).toBe(0);
  }, 30_000);

  it("holds answers in the budget until they are sent or the socket closes, then lets the next one through", async () => {
    const statuses: number[] = [];
    const port = await listen((req, res) => {
      guardRequest(req, res, req.socket, 200);
      const headers = new Headers(Object.entries(req.headers).map(([k, v]): [string, string] => [k, String(v)]));
      if (!holdUntilSent(headers, "client-x", 6 * 1024 * 1024)) {
        statuses.push(503);
        res.writeHead(503).end();
        return;
      }
      statuses.push(200);
      res.end(BIG);
    });
    // A client may have 8 MiB of answers unread: a second 6 MiB one while the first is unread is refused.
    expect(CLIENT_IN_FLIGHT_BYTES).toBeLessThan(12 * 1024 * 1024);
    const first = await nonReader(port);
    const second = await fetch(`http://127.0.0.1:${port}/`, { headers: { connection: "close" } });
    expect(second.status).toBe(503);
    await first.closed;
    // Closed by the idle guard: its bytes are given back.
    expect(answerBudget().heldBy("client-x")).toBe(0);
    const third = await nonReader(port);
    await third.closed;
    expect(statuses).toEqual([200, 503, 200]);
  }, 30_000);
});
