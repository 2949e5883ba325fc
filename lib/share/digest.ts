import { digestCardText as digestForRecord } from "../negotiation/digest";

const PREFIX = "sha256:";

/**
 * sha256 (lowercase hex, no prefix) of the card's UTF-8 bytes: the identity of "this exact card"
 * as a v1 live link carries it (`snapshotDigest`). The same hash as a decision record's
 * `card.digest`, which adds the "sha256:" prefix; one implementation, so the two never disagree.
 * Lone surrogates become U+FFFD on the way to UTF-8, exactly as in a snapshot link, so a card
 * and its snapshot always share a digest.
 */
export function cardDigestHex(cardText: string): string {
  return digestForRecord(cardText).slice(PREFIX.length);
}
