import { stableErrorName } from "./error-name";

/**
 * The exchange log of a probe: every request Parley made and every answer it got, in order, with
 * timing, as the wire carried it (an answer is read to its end even when the SDK stopped reading,
 * so the wire checks see everything the server sent). Credentials never get in: the headers that
 * carry them are shown as "[redacted]", and any credential value the agent echoes back in a body
 * or a header is replaced wherever it appears.
 */
export interface Exchange {
  /** Order of the request, from 0. */
  seq: number;
  /** "out": a request Parley made; "in": a push callback the agent made to the probe's receiver. */
  direction: "out" | "in";
  method: string;
  url: string;
  requestHeaders: Record<string, string>;
  requestBody?: string;
  /** Milliseconds from the start of the probe. */
  startedMs: number;
  status?: number;
  responseHeaders?: Record<string, string>;
  /** When the answer's headers arrived. */
  headersMs?: number;
  /** The answer's body as received (the first LOGGED_BODY_CHARS of it in the log). */
  responseBody?: string;
  /** When each piece of the body arrived (ms from the start of the probe): events as they happen, or all at once. */
  arrivals?: number[];
  endedMs?: number;
  /** The request failed: no answer (refused, timed out, blocked). */
  error?: string;
  /** The body was longer than the log keeps. */
  truncated?: boolean;
}

/** A recorded answer in full (what the checks read); the log keeps a shortened copy. */
export interface RecordedExchange extends Exchange {
  /** The body's pieces with their arrival times, in full (up to the fetcher's cap). */
  pieces: { atMs: number; text: string }[];
}

export const LOGGED_BODY_CHARS = 16 * 1024;
export const MAX_LOGGED_EXCHANGES = 400;
export const REDACTED = "[redacted]";

/** Header names whose values are credentials, whatever the operator called them. */
const CREDENTIAL_HEADER = /^(authorization|proxy-authorization|cookie|set-cookie|x-api-key|api-key|x-a2a-notification-token)$|token|secret|session|password|api[-_]?key/i;

export class ExchangeRecorder {
  private readonly list: RecordedExchange[] = [];
  private readonly pending: Promise<void>[] = [];
  private readonly secrets: string[];
  private readonly t0 = performance.now();

  constructor(
    secrets: readonly string[] = [],
    /** Headers the fetcher adds for one origin (credentials): logged by name only. */
    private readonly added?: { origin: string; names: readonly string[] },
  ) {
    this.secrets = expandSecrets(secrets);
  }

  now(): number {
    return Math.round((performance.now() - this.t0) * 10) / 10;
  }

  /** Every exchange recorded, in order, complete (after `settled`). */
  get exchanges(): readonly RecordedExchange[] {
    return this.list;
  }

  /** Waits until every answer body has been read to its end (or failed). */
  async settled(): Promise<void> {
    await Promise.allSettled(this.pending);
  }

  redact(text: string): string {
    return redactText(text, this.secrets);
  }

  /** A `fetch` that records what passes through `inner` (the safe fetcher). */
  wrap(inner: typeof fetch): typeof fetch {
    return async (input, init) => {
      const request = input instanceof Request ? input : undefined;
      const url = request ? request.url : String(input);
      const method = (init?.method ?? request?.method ?? "GET").toUpperCase();
      const headers = new Headers(init?.headers ?? request?.headers);
      const body = typeof init?.body === "string" ? init.body : undefined;
      const entry: RecordedExchange = {
        seq: this.list.length,
        direction: "out",
        method,
        url: this.redact(url),
        requestHeaders: { ...this.headersOf(headers), ...this.addedFor(url) },
        ...(body !== undefined ? { requestBody: this.redact(body) } : {}),
        startedMs: this.now(),
        pieces: [],
      };
      this.list.push(entry);
      let res: Response;
      try {
        res = await inner(input, init);
      } catch (e) {
        entry.endedMs = this.now();
        entry.error = this.redact(e instanceof Error ? `${stableErrorName(e)}: ${e.message}` : String(e)).slice(0, 500);
        throw e;
      }
      entry.status = res.status;
      entry.headersMs = this.now();
      entry.responseHeaders = this.headersOf(res.headers);
      if (!res.body) {
        entry.endedMs = entry.headersMs;
        return res;
      }
      const [forCaller, forLog] = res.body.tee();
      this.pending.push(this.read(forLog, entry));
      return new Response(forCaller, { status: res.status, statusText: res.statusText, headers: res.headers });
    };
  }

  /** A push callback the probe's receiver got (inbound). */
  recordInbound(got: { method: string; url: string; headers: Record<string, string>; body: string; status: number }): void {
    const at = this.now();
    this.list.push({
      seq: this.list.length,
      direction: "in",
      method: got.method,
      url: this.redact(got.url),
      requestHeaders: this.headersOf(new Headers(got.headers)),
      requestBody: this.redact(got.body),
      startedMs: at,
      status: got.status,
      endedMs: at,
      pieces: [],
    });
  }

  /** The log as shown and written (--trace, the workspace): bodies shortened, nothing internal. */
  log(): Exchange[] {
    return this.list.slice(0, MAX_LOGGED_EXCHANGES).map(({ pieces, ...e }) => {
      const full = pieces.map((p) => p.text).join("");
      const out: Exchange = { ...e };
      if (pieces.length > 0 || e.responseBody !== undefined) {
        out.responseBody = this.redact(full.slice(0, LOGGED_BODY_CHARS));
        if (full.length > LOGGED_BODY_CHARS) out.truncated = true;
        if (pieces.length > 1) out.arrivals = pieces.map((p) => p.atMs);
      }
      if (out.requestBody && out.requestBody.length > LOGGED_BODY_CHARS) {
        out.requestBody = out.requestBody.slice(0, LOGGED_BODY_CHARS);
        out.truncated = true;
      }
      return out;
    });
  }

  private addedFor(url: string): Record<string, string> {
    if (!this.added) return {};
    try {
      if (new URL(url).origin !== this.added.origin) return {};
    } catch {
      return {};
    }
    return Object.fromEntries(this.added.names.map((n) => [n.toLowerCase(), REDACTED]));
  }

  private headersOf(headers: Headers): Record<string, string> {
    const out: Record<string, string> = {};
    headers.forEach((value, name) => {
      out[name] = CREDENTIAL_HEADER.test(name) ? REDACTED : this.redact(value);
    });
    return out;
  }

  private async read(stream: ReadableStream<Uint8Array>, entry: RecordedExchange): Promise<void> {
    const decoder = new TextDecoder();
    const reader = stream.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        const text = decoder.decode(value, { stream: true });
        if (text) entry.pieces.push({ atMs: this.now(), text });
      }
      const rest = decoder.decode();
      if (rest) entry.pieces.push({ atMs: this.now(), text: rest });
    } catch (e) {
      entry.error = this.redact(e instanceof Error ? `${stableErrorName(e)}: ${e.message}` : String(e)).slice(0, 500);
    } finally {
      entry.endedMs = this.now();
      entry.responseBody = "";
    }
  }
}

/** The secrets as given, and the token inside an "Authorization: Bearer X"-style value. */
function expandSecrets(secrets: readonly string[]): string[] {
  const out = new Set<string>();
  for (const s of secrets) {
    const v = s.trim();
    if (v.length >= 4) out.add(v);
    const token = v.split(/\s+/).at(-1);
    if (token && token.length >= 4) out.add(token);
  }
  // Longest first: a token inside a longer value is replaced after the value itself.
  return [...out].sort((a, b) => b.length - a.length);
}

export function redactText(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) if (out.includes(s)) out = out.split(s).join(REDACTED);
  return out;
}

/** Every string in a JSON-like value, redacted (a report, before anyone sees it). */
export function redactDeep<T>(value: T, secrets: readonly string[]): T {
  const list = expandSecrets(secrets);
  if (list.length === 0) return value;
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") return redactText(v, list);
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(value) as T;
}

/** One Server-Sent Event as the stream carried it: its data, and when the blank line ending it arrived. */
export interface SseEvent {
  data: string;
  atMs: number;
}

/** The events of an SSE body (the WHATWG parsing rules: "data:" lines joined, one leading space dropped). */
export function sseEvents(pieces: readonly { atMs: number; text: string }[]): SseEvent[] {
  const events: SseEvent[] = [];
  let buffer = "";
  let data: string[] = [];
  let at = 0;
  const line = (raw: string) => {
    const l = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
    if (l === "") {
      if (data.length > 0) events.push({ data: data.join("\n"), atMs: at });
      data = [];
      return;
    }
    if (l.startsWith(":")) return;
    const colon = l.indexOf(":");
    const field = colon < 0 ? l : l.slice(0, colon);
    let value = colon < 0 ? "" : l.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "data") data.push(value);
  };
  for (const p of pieces) {
    at = p.atMs;
    buffer += p.text;
    let i: number;
    while ((i = buffer.indexOf("\n")) >= 0) {
      line(buffer.slice(0, i));
      buffer = buffer.slice(i + 1);
    }
  }
  if (buffer) line(buffer);
  if (data.length > 0) events.push({ data: data.join("\n"), atMs: at });
  return events;
}
