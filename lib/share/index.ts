/** Review links: snapshot and live links in the URL fragment. Pure: runs in the browser. */
export {
  decodeReviewLink,
  encodeLiveLink,
  encodeReviewLink,
  ReviewLinkEncodeError,
  tryEncodeLiveLink,
  tryEncodeReviewLink,
  type DecodedLink,
  type DecodeResult,
  type EncodeResult,
} from "./codec";
export { compareSnapshot, type DecisionMove, type SnapshotComparison, type SnapshotSide } from "./compare";
export { cardDigestHex } from "./digest";
export { LINK_ERROR_CODES, type CorruptReason, type LinkError, type LinkErrorCode, type LinkIssue } from "./errors";
export { MAX_FRAGMENT_LENGTH, MAX_PAYLOAD_BYTES, MAX_STATE_JSON_BYTES, PREFIX_V1, PREFIX_V2, REVIEW_LINK_FORMATS, type ReviewLinkFormat } from "./format-v1";
export { liveStateFromSnapshot } from "./live";
export { describeDiffLinkError, describeLinkError } from "./messages";
export {
  decodeDiffLink,
  DIFF_LINK_FORMAT,
  isDiffFragment,
  MAX_DIFF_LINK_PROFILES,
  tryEncodeDiffLink,
  type DiffLinkDecodeResult,
  type DiffLinkEncodeResult,
  type DiffLinkState,
  type DiffLinkVersion,
} from "./diff-link";
export { DecisionMap, LinkTaskClass, LiveLinkState, MAX_LINK_ACKNOWLEDGEMENTS, SnapshotLinkState } from "./schema";
