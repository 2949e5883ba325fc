import http from "node:http";
import https from "node:https";
import { CardFetchError, guardAddresses } from "../fetch/safe-fetch";
import type { HostRules } from "../fetch/host-rules";
import { ENGINE_NAME, ENGINE_VERSION } from "../negotiation";

/**
 * A `fetch` for the `@a2a-js/sdk` transports (their `fetchImpl`), with the address rules of a card
 * fetch: every DNS answer, literal host and connected peer checked (loopback only when allowed),
 * the operator's allow and deny lists, no redirects followed (a 3xx is handed back as it is), no
 * compressed answers asked for, each answer capped in bytes and each request (its body included)
 * in time. Credentials go only to one origin, the card's, and appear nowhere else.
 */
export interface ProbeFetchOptions {
  allowLoopback?: boolean;
  allow?: HostRules;
  deny?: HostRules;
  resolveHost?: (hostname: string) => Promise<import("node:dns").LookupAddress[]>;
  /** Headers sent only to `origin` (the card's). Their values are never logged or reported. */
  credentials?: { origin: string; headers: readonly (readonly [string, string])[] };
  /** Whole request, answer body included. */
  timeoutMs: number;
  /** Body cap per answer, in bytes. */
  maxBytes: number;
  /** Ends every request in flight (the probe's overall budget, a client that went away). */
  signal?: AbortSignal;
  /** Told each answer's status (the probe reads 401/403 from it, whatever the SDK makes of them). */
  onStatus?: (url: string, status: number) => void;
}

const USER_AGENT = `${ENGINE_NAME}/${ENGINE_VERSION} probe`;

export function createProbeFetch(opts: ProbeFetchOptions): typeof fetch {
  return async (input, init) => {
    // The address rules first: a URL the fetch API itself would refuse (credentials in it, a zone
    // id) is refused here the way a card fetch refuses it.
    const raw = input instanceof Request ? input.url : String(input);
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new CardFetchError("badUrl", `"${raw.slice(0, 200)}" is not a URL Parley can request.`, {});
    }
    const guard = guardAddresses(url, opts);
    guard.checkUrl();
    let request: Request;
    try {
      request = new Request(input, init);
    } catch {
      throw new CardFetchError("badUrl", `${url.origin} is not a URL Parley can request.`, {});
    }
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    headers["accept-encoding"] = "identity";
    headers["user-agent"] = USER_AGENT;
    if (opts.credentials && url.origin === opts.credentials.origin) {
      for (const [name, value] of opts.credentials.headers) headers[name.toLowerCase()] = value;
    }
    const body = request.body === null ? undefined : Buffer.from(await request.arrayBuffer());
    if (body !== undefined) headers["content-length"] = String(body.length);

    const timeout = new AbortController();
    const timer = setTimeout(
      () => timeout.abort(new CardFetchError("timeout", `${url.origin} did not answer within ${opts.timeoutMs} ms.`, { limit: opts.timeoutMs })),
      opts.timeoutMs,
    );
    const signals = [timeout.signal, request.signal, ...(opts.signal ? [opts.signal] : [])];
    const signal = AbortSignal.any(signals);
    const client = url.protocol === "https:" ? https : http;
    const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const req = client.request(url, { method: request.method, headers, agent: false, lookup: guard.lookup, signal });
      req.once("socket", (socket) => {
        socket.once("connect", () => {
          if (socket.remoteAddress === undefined) return;
          try {
            guard.checkPeer(socket.remoteAddress);
          } catch (e) {
            req.destroy(e as Error);
          }
        });
      });
      req.once("response", resolve);
      req.once("error", (e) => reject(signal.aborted && signal.reason instanceof Error ? signal.reason : unwrap(e)));
      req.end(body);
    }).catch((e: unknown) => {
      clearTimeout(timer);
      throw e;
    });
    const status = res.statusCode ?? 0;
    opts.onStatus?.(url.href, status);
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value === undefined || name === "set-cookie") continue;
      responseHeaders.set(name, Array.isArray(value) ? value.join(", ") : value);
    }
    if (status === 204 || status === 304 || request.method === "HEAD") {
      res.destroy();
      clearTimeout(timer);
      return new Response(null, { status, headers: responseHeaders });
    }
    let size = 0;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        // Once errored or closed the stream takes nothing more (bytes already buffered still arrive).
        let settled = false;
        const fail = (e: Error) => {
          clearTimeout(timer);
          if (!settled) {
            settled = true;
            controller.error(e);
          }
          res.destroy();
        };
        res.on("data", (chunk: Buffer) => {
          if (settled) return;
          size += chunk.length;
          if (size > opts.maxBytes) {
            return fail(new CardFetchError("tooLarge", `${url.origin} sent more than ${opts.maxBytes} bytes in one answer.`, { limit: opts.maxBytes }));
          }
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length));
        });
        res.once("end", () => {
          clearTimeout(timer);
          if (settled) return;
          settled = true;
          controller.close();
        });
        res.once("error", (e) => fail(signal.aborted && signal.reason instanceof Error ? signal.reason : e));
        res.once("aborted", () => fail(new CardFetchError("network", `${url.origin} closed the connection mid-answer.`, {})));
        signal.addEventListener("abort", () => fail(signal.reason instanceof Error ? signal.reason : new Error("aborted")), { once: true });
      },
      cancel() {
        clearTimeout(timer);
        res.destroy();
      },
    });
    return new Response(stream, { status: status < 200 || status > 599 ? 502 : status, statusText: res.statusMessage ?? "", headers: responseHeaders });
  };
}

/** A lookup that refused an address hands Node a CardFetchError; the request error wraps it. */
function unwrap(e: unknown): unknown {
  const cause = (e as { cause?: unknown } | undefined)?.cause;
  return cause instanceof CardFetchError ? cause : e;
}

/** `--header "Name: value"`: a header name is a token; the value must not break the line. */
export function parseHeaderFlag(text: string): [string, string] | undefined {
  const colon = text.indexOf(":");
  if (colon <= 0) return undefined;
  const name = text.slice(0, colon).trim();
  const value = text.slice(colon + 1).trim();
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name) || /[\r\n\0]/.test(value)) return undefined;
  return [name, value];
}
