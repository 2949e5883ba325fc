import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";

/**
 * The card digest a decision record carries: "sha256:" + hex of the card text's UTF-8 bytes.
 * Synchronous (a hash library) for the CLI, the server and tests; the browser workspace uses
 * WebCrypto instead and imports this only where WebCrypto is missing (an insecure context).
 */
export function digestCardText(cardText: string): string {
  return `sha256:${bytesToHex(sha256(utf8ToBytes(cardText)))}`;
}
