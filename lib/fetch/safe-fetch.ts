import { createHash } from "node:crypto";
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import type { Readable } from "node:stream";
import zlib from "node:zlib";
import { ENGINE_NAME, ENGINE_VERSION } from "../negotiation";
import { SETTING_NAMES } from "../settings";
import { decodeUtf8 } from "../triage/utf8";
import { classifyAddress } from "./address-policy";
import { checkRequestableUrl, type DiscoveredVia, listCandidates, parseCardUrl, redact } from "./card-url";
import {
  CardFetchError,
  describeBlockedAddress,
  describeNetworkFailure,
  describeNoPublicAddress,
  describeNotAllowed,
  type FetchAttempt,
} from "./errors";
import { hasAddressRules, type HostRules, isEmptyHostRules, matchesAddress, matchesHostName, NO_HOST_RULES } from "./host-rules";
import { Slots } from "./slots";

/**
 * SSRF-safe Agent Card fetch, shared by the web route handler and the CLI. Node only; it reads no
 * environment variable (callers pass what lib/settings read).
 *
 * Every address is checked where the socket is made: a custom `lookup` validates every address DNS
 * returns (so a second, rebinding answer cannot slip through), literal IP hosts are checked before
 * connecting, and the socket's remote address is checked again once connected. An operator's
 * allow- and deny-lists are applied to the name before DNS and to every address after it.
 *
 * One call makes at most `maxRequests` outbound requests (discovery paths and redirects together)
 * and holds at most `maxBytes` of body; decompression runs in a few process-wide slots so many
 * compressed answers at once cannot each hold a decoder's buffers.
 */

export { CardFetchError, isCardFetchError } from "./errors";
export type { CardFetchErrorCode, CardFetchErrorDetails, FetchAttempt } from "./errors";
export type { DiscoveredVia } from "./card-url";

export interface FetchCardOptions {
  /** Allow loopback addresses (tests, local development; the server's PARLEY_ALLOW_LOOPBACK_FETCH). */
  allowLoopback?: boolean;
  /** Operator allow-list: when not empty, only these hosts are fetched. */
  allow?: HostRules;
  /** Operator deny-list: these hosts are never fetched. */
  deny?: HostRules;
  /**
   * An Authorization header value (an authenticated extended card). Sent only to the origin of the
   * URL given, never after a redirect to another origin; never logged or put in an error.
   */
  authorization?: string;
  /** Budget for the whole fetch: discovery attempts and redirects included. Default 5000. */
  timeoutMs?: number;
  /** Body cap in bytes (after decompression). Default 1 MiB. */
  maxBytes?: number;
  /** Redirects followed per attempt. Default 3. */
  maxRedirects?: number;
  /** Outbound requests one call may make, discovery and redirects together. Default 5. */
  maxRequests?: number;
  /** Lets a caller (an aborted HTTP request) cancel the fetch. */
  signal?: AbortSignal;
  /** Replaces DNS (tests: make a name resolve to chosen addresses). Its answers are checked the same way. */
  resolveHost?: (hostname: string) => Promise<dns.LookupAddress[]>;
  /** Who the fetch is for (the server's client key): each gets a fair share of the decompression slots. */
  client?: string;
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

export const FETCH_DEFAULTS = {
  timeoutMs: 5000,
  maxBytes: 1024 * 1024,
  maxRedirects: 3,
  maxRequests: 5,
  /** Compressed bodies decoded at once in this process; others wait (within their timeout). */
  decompressionSlots: 4,
} as const;
/** The variable that turns loopback fetches on; lib/settings reads it. */
export const LOOPBACK_ENV = SETTING_NAMES.allowLoopbackFetch;
const USER_AGENT = `${ENGINE_NAME}/${ENGINE_VERSION}`;

const decompression = new Slots(FETCH_DEFAULTS.decompressionSlots);

interface Ctx {
  allowLoopback: boolean;
  allow: HostRules;
  deny: HostRules;
  authorization?: string;
  maxBytes: number;
  maxRedirects: number;
  maxRequests: number;
  requestsMade: number;
  signal: AbortSignal;
  attempts: FetchAttempt[];
  redirects: string[];
  resolveHost: (hostname: string, family: number) => Promise<dns.LookupAddress[]>;
  client?: string;
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
    allowLoopback: opts.allowLoopback === true,
    allow: opts.allow ?? NO_HOST_RULES,
    deny: opts.deny ?? NO_HOST_RULES,
    authorization: opts.authorization,
    maxBytes: opts.maxBytes ?? FETCH_DEFAULTS.maxBytes,
    maxRedirects: opts.maxRedirects ?? FETCH_DEFAULTS.maxRedirects,
    maxRequests: opts.maxRequests ?? FETCH_DEFAULTS.maxRequests,
    requestsMade: 0,
    signal,
    attempts: [],
    redirects: [],
    resolveHost: opts.resolveHost ?? resolveWithDns,
    client: opts.client,
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
      const miss = err.code === "httpStatus" || err.code === "notFound" || err.code === "notJsonContent" || err.code === "notUtf8";
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
  if (e.code === "notUtf8") return "text that is not UTF-8";
  return e.code;
}

async function fetchFollowing(start: URL, ctx: Ctx): Promise<Omit<FetchedCard, "requestedUrl" | "discoveredVia" | "redirects" | "attempts">> {
  let url = start;
  // As browsers do: a redirect to another origin drops the Authorization header for the rest of the
  // chain, even if a later redirect comes back. Each discovery path starts a new chain at the origin
  // the user gave, so it is sent there again.
  let authorization = ctx.authorization;
  for (let hop = 0; ; hop++) {
    checkRequestableUrl(url);
    checkHostName(url, ctx);
    if (ctx.requestsMade >= ctx.maxRequests) {
      throw new CardFetchError(
        "tooManyRedirects",
        `Fetching ${redact(start)} needed more than ${ctx.maxRequests} requests (discovery paths and redirects together); Parley makes at most ${ctx.maxRequests} per fetch.`,
        { url: redact(start), limit: ctx.maxRequests },
      );
    }
    ctx.requestsMade++;
    const attempt: FetchAttempt = { url: redact(url) };
    ctx.attempts.push(attempt);
    let res: http.IncomingMessage;
    try {
      res = await request(url, ctx, authorization);
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
      if (next.origin !== url.origin) authorization = undefined;
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
      // Echo the media type only when it is one: the header is the remote's text, not ours.
      const mime = contentType?.split(";")[0]?.trim() ?? "";
      const shown = /^[\w.+-]{1,64}\/[\w.+-]{1,64}$/.test(mime) ? `${mime} content` : "content of another type";
      throw new CardFetchError("notJsonContent", `${redact(url)} answered with ${shown}, not JSON.`, {
        url: redact(url),
        contentType: contentType ?? undefined,
        status,
      });
    }
    const body = await readBody(res, url, ctx);
    // Read as UTF-8, strictly: an answer in another encoding is refused where it breaks, never
    // decoded with replacement characters and reviewed as something it is not (as a file is).
    const decoded = decodeUtf8(body);
    if (!decoded.ok) {
      throw new CardFetchError(
        "notUtf8",
        `${redact(url)} answered with text that is not UTF-8: byte ${decoded.offset} (counting from 0) does not begin a valid UTF-8 character. A card is JSON in UTF-8.`,
        { url: redact(url), offset: decoded.offset },
      );
    }
    return {
      finalUrl: redact(url),
      status,
      contentType: contentType ?? "",
      size: body.length,
      sha256: createHash("sha256").update(body).digest("hex"),
      // A byte order mark is not part of the card.
      text: decoded.text.charCodeAt(0) === 0xfeff ? decoded.text.slice(1) : decoded.text,
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

function request(url: URL, ctx: Ctx, authorization: string | undefined): Promise<http.IncomingMessage> {
  const literal = url.hostname.replace(/^\[|\]$/g, "");
  if (net.isIP(literal)) checkAddress(literal, url, ctx);
  const client = url.protocol === "https:" ? https : http;
  const headers: Record<string, string> = { accept: "application/json", "accept-encoding": "gzip, deflate, br", "user-agent": USER_AGENT };
  if (authorization !== undefined) headers.authorization = authorization;
  return new Promise((resolve, reject) => {
    const req = client.request(url, {
      method: "GET",
      agent: false,
      signal: ctx.signal,
      lookup: makeLookup(url, ctx),
      headers,
    });
    req.once("socket", (socket) => {
      // Last line of defence: whatever resolved, the peer we actually reached must be allowed.
      socket.once("connect", () => {
        const remote = socket.remoteAddress;
        if (remote === undefined) return;
        try {
          checkAddress(remote, url, ctx);
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

function isLiteralHost(url: URL): boolean {
  return net.isIP(url.hostname.replace(/^\[|\]$/g, "")) !== 0;
}

/** The operator's lists, on the name alone: no DNS query is made for a host they refuse. */
function checkHostName(url: URL, ctx: Ctx): void {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const refused = () => new CardFetchError("notAllowed", describeNotAllowed(host), { url: redact(url), host });
  if (matchesHostName(ctx.deny, host) || (isLiteralHost(url) && matchesAddress(ctx.deny, host))) throw refused();
  if (isEmptyHostRules(ctx.allow) || matchesHostName(ctx.allow, host)) return;
  // Not named: only an address range can still admit it, once the name is resolved.
  if (!hasAddressRules(ctx.allow) || (isLiteralHost(url) && !matchesAddress(ctx.allow, host))) throw refused();
}

/**
 * One address the fetch would connect to: public (or loopback when allowed), not denied, and
 * allowed when there is an allow-list. A literal host's address is echoed in the message; a name's
 * resolved address never is.
 */
function checkAddress(address: string, url: URL, ctx: Ctx): void {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const verdict = classifyAddress(address, { allowLoopback: ctx.allowLoopback });
  const details = { url: redact(url), host, address, verdict };
  if (!verdict.allowed) {
    if (isLiteralHost(url)) {
      throw new CardFetchError("blockedAddress", `Refused to fetch ${redact(url)}: ${describeBlockedAddress({ ...verdict, address: host })}.`, details);
    }
    throw new CardFetchError("noPublicAddress", describeNoPublicAddress(host), details);
  }
  const denied = matchesAddress(ctx.deny, address);
  const admitted = isEmptyHostRules(ctx.allow) || matchesHostName(ctx.allow, host) || matchesAddress(ctx.allow, address);
  if (denied || !admitted) throw new CardFetchError("notAllowed", describeNotAllowed(host), details);
}

type LookupCallback = (err: Error | null, address: string | dns.LookupAddress[], family?: number) => void;

function makeLookup(url: URL, ctx: Ctx) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    ctx.resolveHost(hostname, options.family === 4 || options.family === 6 ? options.family : 0).then(
      (addresses) => {
        if (addresses.length === 0) throw noPublicAddress(hostname, url);
        // Every answer must be allowed, not just the first: the socket may pick any of them.
        for (const a of addresses) checkAddress(a.address, url, ctx);
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (err: NodeJS.ErrnoException) => callback(noPublicAddress(hostname, url, err), ""),
    ).catch((e: Error) => callback(e, ""));
  };
}

/** A name that does not resolve reads exactly like one that resolves only to private addresses. */
function noPublicAddress(hostname: string, url: URL, err?: NodeJS.ErrnoException): CardFetchError {
  if (err instanceof CardFetchError) return err;
  return new CardFetchError("noPublicAddress", describeNoPublicAddress(hostname), {
    url: redact(url),
    host: hostname,
    cause: err?.code,
  });
}

async function readBody(res: http.IncomingMessage, url: URL, ctx: Ctx): Promise<Buffer> {
  const declared = Number(res.headers["content-length"]);
  const encoding = (headerValue(res.headers["content-encoding"]) ?? "identity").trim().toLowerCase();
  if (encoding === "identity" && Number.isFinite(declared) && declared > ctx.maxBytes) {
    res.destroy();
    throw tooLarge(url, ctx);
  }
  const decoder = makeDecoder(encoding);
  if (decoder === undefined) {
    res.destroy();
    throw new CardFetchError("network", `${redact(url)} sent its card with a content encoding Parley does not read (gzip, deflate and br are read).`, {
      url: redact(url),
    });
  }
  if (decoder === null) return collect(res, res, url, ctx);
  // The response waits, unread, until a decoder slot is free: the remote's bytes stay in the kernel.
  let release: () => void;
  try {
    release = await decompression.acquire(ctx.signal, ctx.client);
  } catch (e) {
    res.destroy();
    throw toFetchError(e, ctx.signal);
  }
  try {
    return await collect(res, res.pipe(decoder()), url, ctx);
  } finally {
    release();
  }
}

/** A decoder factory for a Content-Encoding, null for none, undefined for one we do not read. */
function makeDecoder(encoding: string): (() => zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress) | null | undefined {
  if (encoding === "identity") return null;
  if (encoding === "gzip" || encoding === "x-gzip") return () => zlib.createGunzip();
  if (encoding === "deflate") return () => zlib.createInflate();
  if (encoding === "br") return () => zlib.createBrotliDecompress();
  return undefined;
}

function tooLarge(url: URL, ctx: Ctx): CardFetchError {
  return new CardFetchError("tooLarge", `${redact(url)} sent more than ${ctx.maxBytes} bytes; cards are capped at ${ctx.maxBytes} bytes.`, {
    url: redact(url),
    limit: ctx.maxBytes,
  });
}

/**
 * Reads the (decoded) body into memory, never past `maxBytes`: both the bytes on the wire and the
 * decoded bytes are counted, so neither a bomb (small in, huge out) nor a stream of empty
 * compressed blocks (huge in, nothing out) is read further than one card's worth.
 */
function collect(res: http.IncomingMessage, stream: Readable, url: URL, ctx: Ctx): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let wire = 0;
    let settled = false;
    const onAbort = () => fail(toFetchError(null, ctx.signal));
    const fail = (e: Error) => {
      if (settled) return;
      settled = true;
      ctx.signal.removeEventListener("abort", onAbort);
      // A timeout tears the socket down too; report the timeout, not the broken pipe it causes.
      reject(toFetchError(e, ctx.signal));
      res.destroy();
      stream.destroy();
      chunks.length = 0;
    };
    if (stream !== res) {
      res.on("data", (chunk: Buffer) => {
        wire += chunk.length;
        if (wire > ctx.maxBytes) fail(tooLarge(url, ctx));
      });
    }
    stream.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > ctx.maxBytes) return fail(tooLarge(url, ctx));
      chunks.push(chunk);
    });
    stream.once("end", () => {
      if (settled) return;
      settled = true;
      ctx.signal.removeEventListener("abort", onAbort);
      resolve(Buffer.concat(chunks, size));
    });
    stream.once("error", (e) => fail(e));
    res.once("aborted", () =>
      fail(ctx.signal.aborted ? toFetchError(null, ctx.signal) : new CardFetchError("network", `${redact(url)} closed the connection mid-body.`, { url: redact(url) })),
    );
    res.once("error", (e) => fail(e));
    if (ctx.signal.aborted) fail(toFetchError(null, ctx.signal));
    ctx.signal.addEventListener("abort", onAbort, { once: true });
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
  const code = typeof err?.code === "string" ? err.code : undefined;
  return new CardFetchError("network", `The fetch failed: ${describeNetworkFailure(code)}.`, { cause: code });
}

/**
 * The address rules of a card fetch, for another kind of request to an agent (the probe's A2A
 * transport): the same name check, the same checked DNS lookup, the same check of a literal host
 * and of the peer actually connected to. Throws (or hands the lookup callback) CardFetchError.
 */
export interface AddressGuard {
  /** Before any DNS query: scheme, credentials, operator lists, a literal address. */
  checkUrl(): void;
  lookup: ReturnType<typeof makeLookup>;
  /** Once connected: the peer's address. */
  checkPeer(address: string): void;
}

export function guardAddresses(url: URL, opts: Pick<FetchCardOptions, "allowLoopback" | "allow" | "deny" | "resolveHost"> = {}): AddressGuard {
  const ctx = {
    allowLoopback: opts.allowLoopback === true,
    allow: opts.allow ?? NO_HOST_RULES,
    deny: opts.deny ?? NO_HOST_RULES,
    resolveHost: opts.resolveHost ?? resolveWithDns,
  } as Ctx;
  return {
    checkUrl: () => {
      checkRequestableUrl(url);
      checkHostName(url, ctx);
      const literal = url.hostname.replace(/^\[|\]$/g, "");
      if (net.isIP(literal)) checkAddress(literal, url, ctx);
    },
    lookup: makeLookup(url, ctx),
    checkPeer: (address) => checkAddress(address, url, ctx),
  };
}
