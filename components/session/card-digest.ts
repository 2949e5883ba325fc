/**
 * The card digest a decision record carries ("sha256:" + hex of the text's UTF-8 bytes), computed
 * in the browser with WebCrypto so the workspace ships no hash library. WebCrypto exists only in a
 * secure context (https, localhost); elsewhere the core's own hashing is loaded on demand.
 */
export async function digestCardTextAsync(cardText: string): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (subtle) {
    try {
      const bytes = new Uint8Array(await subtle.digest("SHA-256", new TextEncoder().encode(cardText)));
      return `sha256:${toHex(bytes)}`;
    } catch {
      // fall through to the library
    }
  }
  const { digestCardText } = await import("@/lib/negotiation/digest");
  return digestCardText(cardText);
}

function toHex(bytes: Uint8Array): string {
  let hex = "";
  for (const byte of bytes) hex += byte.toString(16).padStart(2, "0");
  return hex;
}
