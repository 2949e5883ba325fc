import { explainAcknowledgementProblem } from "../negotiation/explain/acknowledgements";
import { readAcknowledgements } from "../negotiation/acknowledgements";
import type { CorruptReason, LinkError } from "./errors";
import { FORMAT_V1, FORMAT_V2, REVIEW_LINK_FORMATS, type ReviewLinkFormat } from "./format-v1";
import { decodeUtf8, framePayload, invalidState, openFrame, readState, sealFrame, type FrameFormat } from "./frame";
import { type LinkMeta, LinkMetaV1, LinkMetaV2, LiveLinkState, MAX_LINK_ACKNOWLEDGEMENTS, SnapshotLinkState } from "./schema";

/**
 * The review-link codec, formats v1 and v2 (the same frame):
 *   "v1." | "v2." + base64url( sha256(payload)[0..4] ++ deflateRaw(payload, dictionary v1, level 9) )
 *   payload = UTF-8(JSON state without the card) [ ++ 0x00 ++ UTF-8(card text) ]   (card: snapshot only)
 * A v2 state may also hold the acknowledged findings; a link without any is written as v1.
 * docs/review-links.md is the full description; the golden tests pin it.
 */
export type DecodedLink =
  | { format: ReviewLinkFormat; kind: "snapshot"; state: SnapshotLinkState }
  | { format: ReviewLinkFormat; kind: "live"; state: LiveLinkState };

export type DecodeResult = { ok: true; link: DecodedLink } | { ok: false; error: LinkError };
export type EncodeResult = { ok: true; fragment: string } | { ok: false; error: LinkError };

/** Thrown only by the non-`try` encoders, for states the app should never have built. */
export class ReviewLinkEncodeError extends Error {
  constructor(readonly error: LinkError) {
    super(`cannot encode review link: ${error.code}`);
    this.name = "ReviewLinkEncodeError";
  }
}

const REVIEW_LINK_FORMAT: FrameFormat = { letter: "v", current: FORMAT_V2, readable: REVIEW_LINK_FORMATS };

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
  return opened.ok ? readPayload(opened.payload, opened.version === FORMAT_V1 ? FORMAT_V1 : FORMAT_V2) : fail(opened.error);
}

function readPayload(payload: Uint8Array, format: ReviewLinkFormat): DecodeResult {
  const read = readState(payload);
  if (!read.ok) return fail(read.error);
  if (format === FORMAT_V2) {
    const tooMany = acknowledgementCount(read.json);
    if (tooMany) return fail(tooMany);
  }
  // A v1 link is read with v1's schema: acknowledgements in one are an unknown field, refused.
  const meta = (format === FORMAT_V1 ? LinkMetaV1 : LinkMetaV2).safeParse(read.json);
  if (!meta.success) return fail(invalidState(meta.error));
  const unreadable = acknowledgementProblems(meta.data);
  if (unreadable) return fail(unreadable);

  if (meta.data.kind === "live") {
    if (read.rest !== undefined) return corrupt("framing");
    const { kind, ...state } = meta.data;
    return { ok: true, link: { format, kind, state } };
  }
  if (read.rest === undefined) return corrupt("framing");
  const cardText = decodeUtf8(read.rest);
  if (cardText === undefined) return corrupt("utf8");
  const { kind, ...rest } = meta.data;
  return { ok: true, link: { format, kind, state: { ...rest, cardText } } };
}

function encodePayload(meta: LinkMeta, cardText: string | undefined): EncodeResult {
  // No acknowledgements: a v1 link, which every Parley that reads links opens. With some: v2.
  const { acknowledgements, ...v1 } = meta;
  const format = acknowledgements && acknowledgements.length > 0 ? FORMAT_V2 : FORMAT_V1;
  const state = format === FORMAT_V2 ? meta : v1;
  const tooMany = acknowledgementCount(state);
  if (tooMany) return { ok: false, error: tooMany };
  const unreadable = acknowledgementProblems(state);
  if (unreadable) return { ok: false, error: unreadable };
  // The schema's parse puts keys in schema order, so equal states give equal bytes (and equal links).
  const stateJson = utf8.encode(JSON.stringify(format === FORMAT_V2 ? LinkMetaV2.parse(state) : LinkMetaV1.parse(state)));
  const payload = framePayload(stateJson, cardText === undefined ? undefined : [utf8.encode(cardText)]);
  return payload instanceof Uint8Array ? sealFrame(REVIEW_LINK_FORMAT, payload, format) : { ok: false, error: payload };
}

/** More acknowledgements than a link may hold, counted before any is read. */
function acknowledgementCount(json: unknown): LinkError | undefined {
  if (typeof json !== "object" || json === null || !("acknowledgements" in json)) return undefined;
  const list = (json as { acknowledgements: unknown }).acknowledgements;
  if (!Array.isArray(list) || list.length <= MAX_LINK_ACKNOWLEDGEMENTS) return undefined;
  return { code: "tooManyAcknowledgements", count: list.length, limit: MAX_LINK_ACKNOWLEDGEMENTS };
}

/** What the schema cannot see: an `until` that is no date (2026-02-31). Read as a config file's would be. */
function acknowledgementProblems(meta: object): LinkError | undefined {
  if (!("acknowledgements" in meta) || meta.acknowledgements === undefined) return undefined;
  const { problems } = readAcknowledgements(meta.acknowledgements);
  if (problems.length === 0) return undefined;
  const issues = problems.slice(0, 20).map((problem) => ({
    pointer: `/acknowledgements${problem.pointer}`,
    path: ["acknowledgements", ...problem.pointer.split("/").slice(1).map((key) => (/^\d+$/.test(key) ? Number(key) : key))],
    issue: problem.code,
    detail: explainAcknowledgementProblem(problem),
  }));
  return { code: "invalidState", issues, total: problems.length };
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
