import { randomUUID } from "node:crypto";
import diagnostics from "node:diagnostics_channel";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";

/**
 * Clients that stop reading. A socket whose client reads nothing keeps every byte written to it
 * in the server's memory for as long as it stays open, and Node closes it never (0 of 10 in
 * 420 s). So, for every request of the process (Next's standalone server too: this hooks Node's
 * `http.server.request.start` channel, which every HTTP server publishes on):
 *
 * - a socket on which nothing moves for WRITE_IDLE_MS while a response is on its way — no byte
 *   read from it, none the kernel took — is closed (a keep-alive socket between requests keeps
 *   Node's own keep-alive timeout);
 * - the fetch route holds the answers it sends in a budget, per client and per process, from the
 *   moment it answers until the response is finished or its socket closed: past it, a request is
 *   refused with 503 before its answer is made.
 */

/** Nothing read and nothing written for this long while answering: the client is gone or stalling. */
export const WRITE_IDLE_MS = 20_000;
/** Bytes of card answers not yet delivered, per client and per process. */
export const CLIENT_IN_FLIGHT_BYTES = 8 * 1024 * 1024;
export const PROCESS_IN_FLIGHT_BYTES = 64 * 1024 * 1024;

export const RESPONSE_HEADER = "x-parley-response";

/** A byte budget per key and in total; `take` gives a release function, or null when it would go over. */
export class ByteBudget {
  private total = 0;
  private readonly byKey = new Map<string, number>();

  constructor(
    readonly processLimit: number,
    readonly clientLimit: number,
  ) {}

  get inFlight(): number {
    return this.total;
  }

  heldBy(key: string): number {
    return this.byKey.get(key) ?? 0;
  }

  take(key: string, bytes: number): (() => void) | null {
    const mine = this.heldBy(key);
    if (this.total + bytes > this.processLimit || mine + bytes > this.clientLimit) return null;
    this.total += bytes;
    this.byKey.set(key, mine + bytes);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total -= bytes;
      const left = this.heldBy(key) - bytes;
      if (left > 0) this.byKey.set(key, left);
      else this.byKey.delete(key);
    };
  }
}

interface Shared {
  token: string;
  responses: Map<string, ServerResponse>;
  budget: ByteBudget;
  installed: boolean;
}

const SHARED = Symbol.for("parley.slowReaders");

/** One per process, shared through globalThis: the instrumentation hook and each route bundle load their own copy of this module. */
function shared(): Shared {
  const g = globalThis as { [SHARED]?: Shared };
  g[SHARED] ??= {
    token: randomUUID(),
    responses: new Map(),
    budget: new ByteBudget(PROCESS_IN_FLIGHT_BYTES, CLIENT_IN_FLIGHT_BYTES),
    installed: false,
  };
  return g[SHARED];
}

/** The process's answer budget (stress suites and tests read it). */
export function answerBudget(): ByteBudget {
  return shared().budget;
}

/** Watches one request: names its response for the route, and closes its socket when it stalls. */
export function guardRequest(request: IncomingMessage, response: ServerResponse, socket: Socket | undefined, idleMs = WRITE_IDLE_MS): void {
  const s = shared();
  const id = randomUUID();
  s.responses.set(id, response);
  request.headers[RESPONSE_HEADER] = `${s.token} ${id}`;
  const forget = () => s.responses.delete(id);
  response.once("close", forget);
  response.once("finish", forget);
  if (socket && idleMs > 0) {
    // Node's http server closes a socket that times out when nothing else handles the event; the
    // keep-alive timeout replaces this one once the response is finished.
    socket.setTimeout(idleMs);
  }
}

/**
 * Holds `bytes` of the fetch route's answer for `client` until the response behind `headers` is
 * finished or closed. False when the budget is spent (the caller answers 503). A request this
 * process did not stamp (an in-process test) holds nothing and is always let through.
 */
export function holdUntilSent(headers: Headers, client: string, bytes: number): boolean {
  const s = shared();
  const stamp = headers.get(RESPONSE_HEADER);
  const response = stamp?.startsWith(`${s.token} `) ? s.responses.get(stamp.slice(s.token.length + 1)) : undefined;
  if (!response) return true;
  const release = s.budget.take(client, bytes);
  if (!release) return false;
  response.once("close", release);
  response.once("finish", release);
  return true;
}

/** Subscribes once per process; safe to call again (a dev server reloads the hook). */
export function installSlowReaderGuard(idleMs = WRITE_IDLE_MS): void {
  const s = shared();
  if (s.installed) return;
  s.installed = true;
  diagnostics.subscribe("http.server.request.start", (message) => {
    const { request, response, socket } = message as { request: IncomingMessage; response: ServerResponse; socket?: Socket };
    guardRequest(request, response, socket ?? request.socket, idleMs);
  });
}
