import type { AgentCard } from "@a2a-js/sdk";
import { type AgentCardResolver, type AgentCardResolverOptions, DefaultAgentCardResolver } from "@a2a-js/sdk/client";

/**
 * The guard runs inside other people's clients: reading a card must not hang them or fill their
 * memory. The same caps as the CLI's card fetcher (lib/fetch/safe-fetch.ts, FETCH_DEFAULTS), plus
 * a nesting cap so the SDK's recursive parser and writer never see a card they would overflow on.
 */
export const RESOLVER_LIMITS = {
  /** Bytes of card read at most; a larger answer is refused as soon as it passes this. */
  maxBytes: 1024 * 1024,
  /** The whole fetch, headers and body, within this many milliseconds. */
  timeoutMs: 5000,
  /** Arrays and objects nested at most this deep (real cards nest under 10). */
  maxDepth: 64,
} as const;

export type CardResolveErrorCode = "httpStatus" | "timeout" | "tooLarge" | "tooDeep" | "notUtf8" | "notJson" | "invalidCard" | "network";

/**
 * The only error parleyCardResolver throws (docs/library.md): `code` is stable, `message` one
 * English sentence naming the URL and, for a cap, the limit.
 */
export class CardResolveError extends Error {
  readonly code: CardResolveErrorCode;
  readonly url: string;
  /** The cap that was reached (bytes, milliseconds or levels), for tooLarge, timeout and tooDeep. */
  readonly limit?: number;
  /** The HTTP status, for httpStatus. */
  readonly status?: number;

  constructor(code: CardResolveErrorCode, url: string, message: string, extra: { limit?: number; status?: number; cause?: unknown } = {}) {
    super(`parley: ${message}`, extra.cause === undefined ? undefined : { cause: extra.cause });
    this.name = "CardResolveError";
    this.code = code;
    this.url = url;
    if (extra.limit !== undefined) this.limit = extra.limit;
    if (extra.status !== undefined) this.status = extra.status;
  }
}

export interface ParleyCardResolverOptions extends AgentCardResolverOptions {
  /** Default RESOLVER_LIMITS.maxBytes (1 MiB). */
  maxBytes?: number;
  /** Default RESOLVER_LIMITS.timeoutMs (5 s). */
  timeoutMs?: number;
}

/**
 * The card text each AgentCard was parsed from, exactly as its bytes arrived, when
 * parleyCardResolver fetched it. The SDK's parser keeps only the fields its own model has, so the
 * rule's `pushNotifications.securityScheme` is gone from the object the client holds; the guard
 * reviews (and digests) the card as published wherever it can.
 */
const PUBLISHED = new WeakMap<object, string>();

/** The published text of a card parleyCardResolver produced, if it did. */
export function publishedText(card: object): string | undefined {
  return PUBLISHED.get(card);
}

/**
 * An AgentCardResolver for ClientFactory (`cardResolver`) that fetches the card as the SDK's own
 * resolver does (same path, `A2A-Version` header, `fetchImpl`, `legacyCompat`), within
 * RESOLVER_LIMITS, and keeps its text beside the parsed card. Throws only CardResolveError.
 */
export function parleyCardResolver(options: ParleyCardResolverOptions = {}): AgentCardResolver {
  const sdk = new DefaultAgentCardResolver(options);
  const maxBytes = options.maxBytes ?? RESOLVER_LIMITS.maxBytes;
  const timeoutMs = options.timeoutMs ?? RESOLVER_LIMITS.timeoutMs;

  const normalize = (raw: unknown, url: string): AgentCard => {
    try {
      return sdk.normalizeAgentCard(raw);
    } catch (cause) {
      throw new CardResolveError("invalidCard", url, `the card at ${url} is not a card the A2A SDK can read.`, { cause });
    }
  };

  return {
    async resolve(baseUrl: string, path?: string): Promise<AgentCard> {
      let url: URL;
      try {
        url = new URL(path ?? options.path ?? "/.well-known/agent-card.json", baseUrl);
      } catch (cause) {
        throw new CardResolveError("network", String(baseUrl), `${JSON.stringify(String(baseUrl).slice(0, 200))} is not a URL.`, { cause });
      }
      const where = url.href;
      const text = await fetchCardText(url, options.fetchImpl ?? fetch, maxBytes, timeoutMs);
      const depth = nestingDepth(text, RESOLVER_LIMITS.maxDepth);
      if (depth > RESOLVER_LIMITS.maxDepth) {
        throw new CardResolveError("tooDeep", where, `the card at ${where} nests more than ${RESOLVER_LIMITS.maxDepth} levels deep.`, { limit: RESOLVER_LIMITS.maxDepth });
      }
      let raw: unknown;
      try {
        raw = JSON.parse(text);
      } catch (cause) {
        throw new CardResolveError("notJson", where, `the answer from ${where} is not JSON.`, { cause });
      }
      if (raw === null || typeof raw !== "object" || Array.isArray(raw)) {
        throw new CardResolveError("invalidCard", where, `the answer from ${where} is not a JSON object.`);
      }
      const card = normalize(raw, where);
      PUBLISHED.set(card, text);
      return card;
    },
    // ClientFactory.createFromAgentCard hands the app's own card object here: there are no
    // published bytes, and the guard writes the SDK's object back (docs/library.md).
    normalizeAgentCard: (raw: unknown) => normalize(raw, "(a card object)"),
  };
}

async function fetchCardText(url: URL, fetchImpl: typeof fetch, maxBytes: number, timeoutMs: number): Promise<string> {
  const where = url.href;
  const timeoutError = () => new CardResolveError("timeout", where, `the card at ${where} did not arrive within ${timeoutMs} ms.`, { limit: timeoutMs });
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A fetchImpl that ignores the signal is still cut off: the read races the timer.
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(timeoutError());
    }, timeoutMs);
  });
  expired.catch(() => {});
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  try {
    let response: Response;
    try {
      response = await Promise.race([fetchImpl(url, { headers: { "A2A-Version": "1.0" }, signal: controller.signal }), expired]);
    } catch (cause) {
      if (cause instanceof CardResolveError) throw cause;
      if (controller.signal.aborted) throw timeoutError();
      throw new CardResolveError("network", where, `the card at ${where} could not be fetched.`, { cause });
    }
    if (!response.ok) {
      void response.body?.cancel().catch(() => {});
      throw new CardResolveError("httpStatus", where, `the card at ${where} was answered with HTTP ${response.status}.`, { status: response.status });
    }
    const tooLarge = () => new CardResolveError("tooLarge", where, `the card at ${where} is larger than ${maxBytes} bytes.`, { limit: maxBytes });
    const declared = Number(response.headers.get("content-length"));
    if (Number.isFinite(declared) && declared > maxBytes) {
      void response.body?.cancel().catch(() => {});
      throw tooLarge();
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    if (response.body) {
      reader = response.body.getReader();
      for (;;) {
        let step: ReadableStreamReadResult<Uint8Array>;
        try {
          step = await Promise.race([reader.read(), expired]);
        } catch (cause) {
          if (cause instanceof CardResolveError) throw cause;
          if (controller.signal.aborted) throw timeoutError();
          throw new CardResolveError("network", where, `the card at ${where} stopped arriving.`, { cause });
        }
        if (step.done) break;
        size += step.value.byteLength;
        if (size > maxBytes) throw tooLarge();
        chunks.push(step.value);
      }
      reader = undefined;
    }
    const bytes = new Uint8Array(size);
    let at = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, at);
      at += chunk.byteLength;
    }
    try {
      // Kept byte for byte (a BOM too): the record's digest is the digest of the bytes as published.
      return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
    } catch (cause) {
      throw new CardResolveError("notUtf8", where, `the card at ${where} is not UTF-8 text.`, { cause });
    }
  } finally {
    clearTimeout(timer);
    if (reader) {
      controller.abort();
      void reader.cancel().catch(() => {});
    }
  }
}

/** How deep arrays and objects nest in JSON text, counted without recursion, stopping past `cap`. */
export function nestingDepth(text: string, cap: number): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > max && (max = depth) > cap) return max;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return max;
}
