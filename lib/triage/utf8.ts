/**
 * Where bytes stop being UTF-8. Files (a card, a profile, a saved triage) are read as UTF-8; one
 * that is not is refused with the offset of its first bad byte, never decoded with replacement
 * characters and read as something it is not.
 */
const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

export type Utf8Reading = { ok: true; text: string } | { ok: false; offset: number; byte: number };

/** Decodes UTF-8 strictly; when the bytes are not UTF-8, the 0-based offset and value of the first byte that breaks it. */
export function decodeUtf8(bytes: Uint8Array): Utf8Reading {
  try {
    return { ok: true, text: strictUtf8.decode(bytes) };
  } catch {
    const offset = firstInvalidUtf8(bytes);
    return { ok: false, offset, byte: bytes[offset] ?? 0 };
  }
}

/**
 * The offset of the first byte where a well-formed UTF-8 sequence cannot start or does not continue
 * (overlong forms, surrogates and code points past U+10FFFF are not well formed, as the Encoding
 * standard decodes); a broken or cut-short sequence is placed at its first byte. bytes.length when
 * all are well formed.
 */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    // The second byte's range is narrower after some leads (no overlongs, surrogates or past U+10FFFF).
    let low = 0x80;
    let high = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b === 0xe0) low = 0xa0;
      if (b === 0xed) high = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b === 0xf0) low = 0x90;
      if (b === 0xf4) high = 0x8f;
    } else return i;
    if (i + need >= bytes.length) return i;
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k]!;
      if (c < (k === 1 ? low : 0x80) || c > (k === 1 ? high : 0xbf)) return i;
    }
    i += need + 1;
  }
  return bytes.length;
}
