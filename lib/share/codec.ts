import type { CorruptReason, LinkError } from "./errors";
import { FORMAT_V1 } from "./format-v1";
import { decodeUtf8, framePayload, invalidState, openFrame, readState, sealFrame, type FrameFormat } from "./frame";
import { LinkMeta, LiveLinkState, SnapshotLinkState } from "./schema";

/**
 * The review-link codec, format v1:
 *   "v1." + base64url( sha256(payload)[0..4] ++ deflateRaw(payload, dictionary v1, level 9) )
 *   payload = UTF-8(JSON state without the card) [ ++ 0x00 ++ UTF-8(card text) ]   (card: snapshot only)
 * docs/review-links.md is the full description; the golden tests pin it.
 */
export type DecodedLink =
  | { format: "v1"; kind: "snapshot"; state: SnapshotLinkState }
  | { format: "v1"; kind: "live"; state: LiveLinkState };

export type DecodeResult = { ok: true; link: DecodedLink } | { ok: false; error: LinkError };
export type EncodeResult = { ok: true; fragment: string } | { ok: false; error: LinkError };

/** Thrown only by the non-`try` encoders, for states the app should never have built. */
export class ReviewLinkEncodeError extends Error {
  constructor(readonly error: LinkError) {
    super(`cannot encode review link: ${error.code}`);
    this.name = "ReviewLinkEncodeError";
  }
}

const REVIEW_LINK_FORMAT: FrameFormat = { letter: "v", current: FORMAT_V1 };

const utf8 = new TextEncoder();

export function tryEncodeReviewLink(state: SnapshotLinkState): EncodeResult {
  const parsed = SnapshotLinkState.safeParse(state);
  if (!parsed.success) return { ok: false, error: invalidState(parsed.error) };
  const { cardText, ...rest } = parsed.data;
  return encodePayload({ kind: "snapshot", ...rest }, cardText);
}

export function tryEncodeLiveLink(state: LiveLinkState): EncodeResult {
  const parsed = LiveLinkState.safeParse(state);
  if (!parsed.success) return { ok: false, error: invalidState(parsed.error) };
  return encodePayload({ kind: "live", ...parsed.data }, undefined);
}

/** The fragment (without "#") of a snapshot link. Throws ReviewLinkEncodeError on an invalid or oversized state. */
export function encodeReviewLink(state: SnapshotLinkState): string {
  return unwrap(tryEncodeReviewLink(state));
}

/** The fragment (without "#") of a live link. Throws ReviewLinkEncodeError on an invalid or oversized state. */
export function encodeLiveLink(state: LiveLinkState): string {
  return unwrap(tryEncodeLiveLink(state));
}

/**
 * Reads a link fragment ("v1.…", "#v1.…" or a whole URL ending in "#v1.…"). The input is treated
 * as hostile: every failure is a typed error, nothing throws, and inflating stops at
 * MAX_PAYLOAD_BYTES however large the compressed data claims to be.
 */
export function decodeReviewLink(fragment: string): DecodeResult {
  try {
    return decodeUnsafe(fragment);
  } catch {
    // Every known failure is handled above; this is the "never throw" backstop for the unknown.
    return fail({ code: "corrupt", reason: "unreadable" });
  }
}

function decodeUnsafe(input: unknown): DecodeResult {
  const opened = openFrame(REVIEW_LINK_FORMAT, input);
  return opened.ok ? readPayload(opened.payload) : fail(opened.error);
}

function readPayload(payload: Uint8Array): DecodeResult {
  const read = readState(payload);
  if (!read.ok) return fail(read.error);
  const meta = LinkMeta.safeParse(read.json);
  if (!meta.success) return fail(invalidState(meta.error));

  if (meta.data.kind === "live") {
    if (read.rest !== undefined) return corrupt("framing");
    const { kind, ...state } = meta.data;
    return { ok: true, link: { format: FORMAT_V1, kind, state } };
  }
  if (read.rest === undefined) return corrupt("framing");
  const cardText = decodeUtf8(read.rest);
  if (cardText === undefined) return corrupt("utf8");
  const { kind, ...rest } = meta.data;
  return { ok: true, link: { format: FORMAT_V1, kind, state: { ...rest, cardText } } };
}

function encodePayload(meta: LinkMeta, cardText: string | undefined): EncodeResult {
  // LinkMeta.parse puts keys in schema order, so equal states give equal bytes (and equal links).
  const stateJson = utf8.encode(JSON.stringify(LinkMeta.parse(meta)));
  const payload = framePayload(stateJson, cardText === undefined ? undefined : [utf8.encode(cardText)]);
  return payload instanceof Uint8Array ? sealFrame(REVIEW_LINK_FORMAT, payload) : { ok: false, error: payload };
}

function corrupt(reason: CorruptReason): DecodeResult {
  return fail({ code: "corrupt", reason });
}

function fail(error: LinkError): DecodeResult {
  return { ok: false, error };
}

function unwrap(result: EncodeResult): string {
  if (!result.ok) throw new ReviewLinkEncodeError(result.error);
  return result.fragment;
}
