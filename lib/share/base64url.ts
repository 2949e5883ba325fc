/** base64url without padding (RFC 4648 §5): the only characters a v1 link body may contain. */
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

const LOOKUP: Int8Array = (() => {
  const table = new Int8Array(128).fill(-1);
  for (let i = 0; i < ALPHABET.length; i++) table[ALPHABET.charCodeAt(i)] = i;
  return table;
})();

export function encodeBase64Url(bytes: Uint8Array): string {
  let out = "";
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]! + ALPHABET[n & 63]!;
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = bytes[i]! << 16;
    out += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]!;
  } else if (rest === 2) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8);
    out += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]!;
  }
  return out;
}

export type Base64UrlResult =
  | { ok: true; bytes: Uint8Array }
  | { ok: false; problem: "badCharacter"; index: number; character: string }
  | { ok: false; problem: "badLength" };

/** Strict decode: reports the first character outside the alphabet instead of skipping it. */
export function decodeBase64Url(text: string): Base64UrlResult {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 128 || LOOKUP[c] === -1) return { ok: false, problem: "badCharacter", index: i, character: charAt(text, i) };
  }
  // 1 leftover character carries only 6 bits: no byte sequence encodes to that, the text was cut.
  if (text.length % 4 === 1) return { ok: false, problem: "badLength" };
  const bytes = new Uint8Array(Math.floor((text.length * 3) / 4));
  let o = 0;
  let i = 0;
  const v = (k: number) => LOOKUP[text.charCodeAt(k)]!;
  for (; i + 3 < text.length; i += 4) {
    const n = (v(i) << 18) | (v(i + 1) << 12) | (v(i + 2) << 6) | v(i + 3);
    bytes[o++] = n >> 16;
    bytes[o++] = (n >> 8) & 255;
    bytes[o++] = n & 255;
  }
  const rest = text.length - i;
  if (rest === 2) {
    bytes[o++] = ((v(i) << 18) | (v(i + 1) << 12)) >> 16;
  } else if (rest === 3) {
    const n = (v(i) << 18) | (v(i + 1) << 12) | (v(i + 2) << 6);
    bytes[o++] = n >> 16;
    bytes[o++] = (n >> 8) & 255;
  }
  return { ok: true, bytes };
}

/** The whole code point at i (so an emoji is reported as itself, not half of it). */
function charAt(text: string, i: number): string {
  const cp = text.codePointAt(i);
  return cp === undefined ? "" : String.fromCodePoint(cp);
}
