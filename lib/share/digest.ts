import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";

const utf8 = new TextEncoder();

/**
 * sha256 (lowercase hex) of the card's UTF-8 bytes: the identity of "this exact card".
 * Lone surrogates become U+FFFD on the way to UTF-8, exactly as in a snapshot link, so a card
 * and its snapshot always share a digest.
 */
export function digestCardText(cardText: string): string {
  return bytesToHex(sha256(utf8.encode(cardText)));
}
