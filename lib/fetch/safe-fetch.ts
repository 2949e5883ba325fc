import { createHash } from "node:crypto";
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import type { Readable } from "node:stream";
import zlib from "node:zlib";
import { ENGINE_NAME, ENGINE_VERSION } from "../negotiation/version";
import { type AddressPolicy, classifyAddress } from "./address-policy";
import { checkRequestableUrl, type DiscoveredVia, listCandidates, parseCardUrl, redact } from "./card-url";
import { CardFetchError, describeBlockedAddress, type FetchAttempt } from "./errors";

/**
 * SSRF-safe Agent Card fetch, shared by the web route handler and the CLI. Node only.
 *
 * Every address is checked where the socket is made: a custom `lookup` validates every address DNS
 * returns (so a second, rebinding answer cannot slip through), literal IP hosts are checked before
 * connecting, and the socket's remote address is checked again once connected.
 */

export { CardFetchError, isCardFetchError } from "./errors";
export type { CardFetchErrorCode, CardFetchErrorDetails, FetchAttempt } from "./errors";
export type { DiscoveredVia } from "./card-url";

export interface FetchCardOptions {
  /** Allow loopback addresses (tests, local development). Also on with PARLEY_ALLOW_LOOPBACK_FETCH=1. */
  allowLoopback?: boolean;
  /** Budget for the whole fetch: discovery attempts and redirects included. Default 5000. */
  timeoutMs?: number;
  /** Body cap in bytes (after decompression). Default 1 MiB. */
  maxBytes?: number;
  /** Redirects followed per attempt. Default 3. */
  maxRedirects?: number;
  /** Lets a caller (an aborted HTTP request) cancel the fetch. */
  signal?: AbortSignal;
  /** Replaces DNS (tests: make a name resolve to chosen addresses). Its answers are checked the same way. */
  resolveHost?: (hostname: string) => Promise<dns.LookupAddress[]>;
}

export interface FetchedCard {
  requestedUrl: string;
  finalUrl: string;
  discoveredVia: DiscoveredVia;
  status: number;
  /** As the server sent it; "" when it sent none. */
  contentType: string;
  size: number;
  /** Hex SHA-256 of the body bytes. */
  sha256: string;
  text: string;
  redirects: string[];
  attempts: FetchAttempt[];
}

export const FETCH_DEFAULTS = { timeoutMs: 5000, maxBytes: 1024 * 1024, maxRedirects: 3 } as const;
export const LOOPBACK_ENV = "PARLEY_ALLOW_LOOPBACK_FETCH";
const USER_AGENT = `${ENGINE_NAME}/${ENGINE_VERSION}`;

interface Ctx {
  policy: AddressPolicy;
  maxBytes: number;
  maxRedirects: number;
  signal: AbortSignal;
  attempts: FetchAttempt[];
  redirects: string[];
  resolveHost: (hostname: string, family: number) => Promise<dns.LookupAddress[]>;
}

const resolveWithDns = (hostname: string, family: number) =>
  dns.promises.lookup(hostname, { all: true, family, verbatim: true });

/** Fetch a card by base URL (discovery) or full URL. Rejects only with CardFetchError. */
export async function fetchCard(input: string, opts: FetchCardOptions = {}): Promise<FetchedCard> {
  const timeoutMs = opts.timeoutMs ?? FETCH_DEFAULTS.timeoutMs;
  const timeout = new AbortController();
  const timer = setTimeout(
    () => timeout.abort(new CardFetchError("timeout", `The fetch did not finish within ${timeoutMs} ms.`, { limit: timeoutMs })),
    timeoutMs,
  );
  const signal = opts.signal ? AbortSignal.any([timeout.signal, opts.signal]) : timeout.signal;
  const ctx: Ctx = {
    policy: { allowLoopback: opts.allowLoopback === true || process.env[LOOPBACK_ENV] === "1" },
    maxBytes: opts.maxBytes ?? FETCH_DEFAULTS.maxBytes,
    maxRedirects: opts.maxRedirects ?? FETCH_DEFAULTS.maxRedirects,
    signal,
    attempts: [],
    redirects: [],
    resolveHost: opts.resolveHost ?? resolveWithDns,
  };
  try {
    const url = parseCardUrl(input);
    return await discover(url, ctx);
  } catch (e) {
    throw toFetchError(e, signal);
  } finally {
    clearTimeout(timer);
  }
}

async function discover(url: URL, ctx: Ctx): Promise<FetchedCard> {
  const candidates = listCandidates(url);
  const misses: CardFetchError[] = [];
  for (const candidate of candidates) {
    ctx.redirects = [];
    try {
      const got = await fetchFollowing(candidate.url, ctx);
      return { ...got, requestedUrl: redact(url), discoveredVia: candidate.via, redirects: ctx.redirects, attempts: ctx.attempts };
    } catch (e) {
      const err = toFetchError(e, ctx.signal);
      // Only "nothing here" answers move discovery on; an unsafe address or a timeout ends it.
      const miss = err.code === "httpStatus" || err.code === "notFound" || err.code === "notJsonContent";
      if (!miss || candidates.length === 1) throw withAttempts(err, ctx.attempts);
      misses.push(err);
    }
  }
  const tried = candidates.map((c, i) => `${c.url.pathname} (${summarize(misses[i])})`).join(" or ");
  throw new CardFetchError("notFound", `No Agent Card was found at ${redact(url)}: tried ${tried}.`, {
    url: redact(url),
    attempts: ctx.attempts,
  });
}

function summarize(e: CardFetchError | undefined): string {
  if (!e) return "not tried";
  if (e.details.status !== undefined) return `HTTP ${e.details.status}`;
  if (e.code === "notJsonContent") return `content type ${e.details.contentType ?? "missing"}`;
  return e.code;
}

async function fetchFollowing(start: URL, ctx: Ctx): Promise<Omit<FetchedCard, "requestedUrl" | "discoveredVia" | "redirects" | "attempts">> {
  let url = start;
  for (let hop = 0; ; hop++) {
    checkRequestableUrl(url);
    const attempt: FetchAttempt = { url: redact(url) };
    ctx.attempts.push(attempt);
    let res: http.IncomingMessage;
    try {
      res = await request(url, ctx);
    } catch (e) {
      const err = toFetchError(e, ctx.signal);
      attempt.error = err.code;
      throw err;
    }
    const status = res.statusCode ?? 0;
    attempt.status = status;
    const location = res.headers.location;
    if (status >= 300 && status < 400 && location) {
      res.destroy();
      if (hop >= ctx.maxRedirects) {
        throw new CardFetchError("tooManyRedirects", `${redact(start)} redirected more than ${ctx.maxRedirects} times.`, {
          url: redact(start),
          limit: ctx.maxRedirects,
        });
      }
      let next: URL;
      try {
        next = new URL(location, url);
      } catch {
        throw new CardFetchError("badUrl", `${redact(url)} redirected to an invalid URL.`, { url: redact(url) });
      }
      ctx.redirects.push(redact(next));
      url = next;
      continue;
    }
    if (status < 200 || status >= 300) {
      res.destroy();
      const code = status === 404 || status === 410 ? "notFound" : "httpStatus";
      throw new CardFetchError(code, `${redact(url)} answered HTTP ${status}.`, { url: redact(url), status });
    }
    const contentType = headerValue(res.headers["content-type"]);
    if (!isCardContentType(contentType)) {
      res.destroy();
      throw new CardFetchError("notJsonContent", `${redact(url)} answered with ${contentType} content, not JSON.`, {
        url: redact(url),
        contentType: contentType ?? undefined,
        status,
      });
    }
    const body = await readBody(res, url, ctx);
    return {
      finalUrl: redact(url),
      status,
      contentType: contentType ?? "",
      size: body.length,
      sha256: createHash("sha256").update(body).digest("hex"),
      text: new TextDecoder("utf-8").decode(body),
    };
  }
}

/** JSON, or the generic types static hosts serve JSON files with. HTML (a login page, a SPA) is not a card. */
export function isCardContentType(contentType: string | null): boolean {
  if (contentType === null) return true;
  const mime = contentType.split(";")[0]!.trim().toLowerCase();
  return (
    mime === "" ||
    mime === "application/json" ||
    mime.endsWith("+json") ||
    mime === "text/json" ||
    mime === "text/plain" ||
    mime === "application/octet-stream"
  );
}

function request(url: URL, ctx: Ctx): Promise<http.IncomingMessage> {
  const literal = url.hostname.replace(/^\[|\]$/g, "");
  if (net.isIP(literal)) assertAllowed(literal, url, ctx.policy);
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(url, {
      method: "GET",
      agent: false,
      signal: ctx.signal,
      lookup: makeLookup(url, ctx),
      headers: { accept: "application/json", "accept-encoding": "gzip, deflate, br", "user-agent": USER_AGENT },
    });
    req.once("socket", (socket) => {
      // Last line of defence: whatever resolved, the peer we actually reached must be allowed.
      socket.once("connect", () => {
        const remote = socket.remoteAddress;
        if (remote === undefined) return;
        try {
          assertAllowed(remote, url, ctx.policy);
        } catch (e) {
          req.destroy(e as Error);
        }
      });
    });
    req.once("response", resolve);
    req.once("error", reject);
    req.end();
  });
}

function assertAllowed(address: string, url: URL, policy: AddressPolicy): void {
  const verdict = classifyAddress(address, policy);
  if (verdict.allowed) return;
  throw new CardFetchError("blockedAddress", `Refused to fetch ${redact(url)}: ${describeBlockedAddress(verdict)}.`, {
    url: redact(url),
    host: url.hostname,
    address,
    verdict,
  });
}

type LookupCallback = (err: Error | null, address: string | dns.LookupAddress[], family?: number) => void;

function makeLookup(url: URL, ctx: Ctx) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    ctx.resolveHost(hostname, options.family === 4 || options.family === 6 ? options.family : 0).then(
      (addresses) => {
        if (addresses.length === 0) throw dnsFailed(hostname, url);
        // Every answer must be allowed, not just the first: the socket may pick any of them.
        for (const a of addresses) assertAllowed(a.address, url, ctx.policy);
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (err: NodeJS.ErrnoException) => callback(dnsFailed(hostname, url, err), ""),
    ).catch((e: Error) => callback(e, ""));
  };
}

function dnsFailed(hostname: string, url: URL, err?: NodeJS.ErrnoException): CardFetchError {
  if (err instanceof CardFetchError) return err;
  return new CardFetchError("dnsFailed", `The host ${hostname} could not be resolved${err ? ` (${err.code ?? err.message})` : ""}.`, {
    url: redact(url),
    host: hostname,
    cause: err?.code,
  });
}

function readBody(res: http.IncomingMessage, url: URL, ctx: Ctx): Promise<Buffer> {
  const declared = Number(res.headers["content-length"]);
  const tooLarge = () =>
    new CardFetchError("tooLarge", `${redact(url)} sent more than ${ctx.maxBytes} bytes; cards are capped at ${ctx.maxBytes} bytes.`, {
      url: redact(url),
      limit: ctx.maxBytes,
    });
  const encoding = (headerValue(res.headers["content-encoding"]) ?? "identity").trim().toLowerCase();
  if (encoding === "identity" && Number.isFinite(declared) && declared > ctx.maxBytes) {
    res.destroy();
    return Promise.reject(tooLarge());
  }
  let stream: Readable = res;
  if (encoding === "gzip" || encoding === "x-gzip") stream = res.pipe(zlib.createGunzip());
  else if (encoding === "deflate") stream = res.pipe(zlib.createInflate());
  else if (encoding === "br") stream = res.pipe(zlib.createBrotliDecompress());
  else if (encoding !== "identity") {
    res.destroy();
    return Promise.reject(
      new CardFetchError("network", `${redact(url)} used an unsupported content encoding (${encoding}).`, { url: redact(url) }),
    );
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const fail = (e: Error) => {
      if (settled) return;
      settled = true;
      // A timeout tears the socket down too; report the timeout, not the broken pipe it causes.
      reject(ctx.signal.aborted && !(e instanceof CardFetchError) ? toFetchError(e, ctx.signal) : e);
      res.destroy();
      stream.destroy();
    };
    // Count decompressed bytes as they arrive: a small gzip body can expand without bound.
    stream.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > ctx.maxBytes) return fail(tooLarge());
      chunks.push(chunk);
    });
    stream.once("end", () => {
      if (settled) return;
      settled = true;
      resolve(Buffer.concat(chunks, size));
    });
    stream.once("error", (e) => fail(e));
    res.once("aborted", () => fail(ctx.signal.aborted ? toFetchError(null, ctx.signal) : new CardFetchError("network", `${redact(url)} closed the connection mid-body.`, { url: redact(url) })));
    res.once("error", (e) => fail(e));
    if (ctx.signal.aborted) fail(toFetchError(null, ctx.signal));
    ctx.signal.addEventListener("abort", () => fail(toFetchError(null, ctx.signal)), { once: true });
  });
}

function headerValue(h: string | string[] | undefined): string | null {
  if (h === undefined) return null;
  return Array.isArray(h) ? (h[0] ?? null) : h;
}

function withAttempts(e: CardFetchError, attempts: FetchAttempt[]): CardFetchError {
  if (e.details.attempts) return e;
  return new CardFetchError(e.code, e.message, { ...e.details, attempts });
}

/** Anything thrown on the way becomes a CardFetchError with a message a user can act on. */
function toFetchError(e: unknown, signal: AbortSignal): CardFetchError {
  if (e instanceof CardFetchError) return e;
  if (signal.aborted) {
    if (signal.reason instanceof CardFetchError) return signal.reason;
    return new CardFetchError("timeout", "The fetch was cancelled.", {});
  }
  const err = e as NodeJS.ErrnoException;
  if (err?.cause instanceof CardFetchError) return err.cause;
  const code = err?.code ?? "";
  const what = code === "ECONNREFUSED" ? "the connection was refused" : code === "ECONNRESET" ? "the connection was reset" : code || err?.message || "unknown error";
  return new CardFetchError("network", `The fetch failed: ${what}.`, { cause: code || undefined });
}
