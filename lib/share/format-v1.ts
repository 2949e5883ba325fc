/**
 * The frozen constants of the v1 link format (docs/review-links.md describes the layout).
 * Changing any of these changes which links decode: bump the format version instead.
 */
export const FORMAT_V1 = "v1";
export const PREFIX_V1 = "v1.";
/**
 * v2 is v1's frame unchanged (this dictionary, the check, every limit below, the NUL before the
 * card); only its state may hold more: the acknowledged findings. A review link without any is
 * still written as v1, so a Parley that reads only v1 opens it.
 */
export const FORMAT_V2 = "v2";
export const PREFIX_V2 = "v2.";
/** The review-link formats this build reads, oldest first. */
export const REVIEW_LINK_FORMATS = [FORMAT_V1, FORMAT_V2] as const;
export type ReviewLinkFormat = (typeof REVIEW_LINK_FORMATS)[number];

/** Bytes of sha256(payload) stored in front of the deflate stream: catches links altered in transit. */
export const CHECK_BYTES = 4;
/** Separates the state JSON from the card bytes. JSON.stringify never writes a raw NUL, so the first NUL is the frame. */
export const FRAME_SEPARATOR = 0;

/** Longest fragment we look at, in characters (a card of a few MB would not fit in a URL anyway). */
export const MAX_FRAGMENT_LENGTH = 2 * 1024 * 1024;
/** Most bytes we inflate before giving up: a decompression bomb stops here, not at the end of the bomb. */
export const MAX_PAYLOAD_BYTES = 4 * 1024 * 1024;
/**
 * Most bytes of state JSON (everything but the card). Real states are a few KB; the cap keeps a
 * hostile state from making the schema check build millions of issues.
 */
export const MAX_STATE_JSON_BYTES = 64 * 1024;
/** Compressed bytes handed to the inflater per step. Deflate expands at most ~1032x, so one step yields at most ~1 MB. */
export const INFLATE_STEP_BYTES = 1024;
