import { describe, expect, it } from "vitest";
import { decodeUtf8, firstInvalidUtf8 } from "./utf8";

const bytes = (...parts: Array<string | number[]>) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === "string" ? [...new TextEncoder().encode(p)] : p)));

describe("where bytes stop being UTF-8", () => {
  it("decodes UTF-8, accents and emoji included", () => {
    expect(decodeUtf8(bytes('{"name":"café 🎧"}'))).toEqual({ ok: true, text: '{"name":"café 🎧"}' });
  });

  it("places a broken sequence at its first byte, with that byte", () => {
    // "caf" then 0xC3 0x28: 0xC3 starts a two-byte character that "(" does not continue.
    expect(decodeUtf8(bytes('{"name":"caf', [0xc3, 0x28], ' ', [0xff, 0xfe], '"}'))).toEqual({ ok: false, offset: 12, byte: 0xc3 });
    expect(decodeUtf8(bytes([0xff, 0xfe, 0x00], "garbage"))).toEqual({ ok: false, offset: 0, byte: 0xff });
  });

  it("refuses overlong forms, surrogates, code points past U+10FFFF and a sequence cut short at the end", () => {
    expect(firstInvalidUtf8(bytes("ab", [0xc0, 0xaf]))).toBe(2);
    expect(firstInvalidUtf8(bytes("ab", [0xed, 0xa0, 0x80]))).toBe(2);
    expect(firstInvalidUtf8(bytes("ab", [0xf4, 0x90, 0x80, 0x80]))).toBe(2);
    expect(firstInvalidUtf8(bytes("ab", [0xe2, 0x82]))).toBe(2);
    expect(firstInvalidUtf8(bytes("é€𝄞"))).toBe(bytes("é€𝄞").length);
  });

  it("agrees with the browser's strict decoder on every two-byte sequence", () => {
    const strict = new TextDecoder("utf-8", { fatal: true });
    for (let a = 0x80; a < 0x100; a++) {
      for (let b = 0; b < 0x100; b += 7) {
        const input = Uint8Array.from([a, b, 0x41]);
        let valid = true;
        try {
          strict.decode(input);
        } catch {
          valid = false;
        }
        expect(firstInvalidUtf8(input) === input.length).toBe(valid);
      }
    }
  });
});

describe("firstInvalidUtf8, case by case and against TextDecoder", () => {
  it("finds the first byte TextDecoder refuses, and only where it refuses one", () => {
    const strict = new TextDecoder("utf-8", { fatal: true });
    const decodes = (b: Uint8Array) => {
      try {
        strict.decode(b);
        return true;
      } catch {
        return false;
      }
    };
    const ALL = -1; // well formed throughout: the offset is the length
    const cases: Array<[number[], number]> = [
      [[0x41, 0x42], ALL],
      [[0xc3, 0xa9], ALL], // é
      [[0xf0, 0x9f, 0x98, 0x80], ALL], // an emoji
      [[0x41, 0xc0, 0x80], 1], // overlong NUL
      [[0x41, 0x42, 0xed, 0xa0, 0x80], 2], // a surrogate
      [[0xf4, 0x90, 0x80, 0x80], 0], // past U+10FFFF
      [[0x41, 0xe2, 0x82], 1], // cut off at the end
      [[0x80], 0], // a continuation byte alone
    ];
    for (const [bytes, at] of cases) expect(firstInvalidUtf8(Uint8Array.from(bytes))).toBe(at === ALL ? bytes.length : at);
    // Random bytes: the offset is the length exactly when TextDecoder decodes them, and everything before it decodes.
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) & 0xff;
    for (let n = 0; n < 2000; n++) {
      const bytes = Uint8Array.from({ length: 1 + (n % 9) }, () => (n % 3 === 0 ? next() | 0x80 : next()));
      const at = firstInvalidUtf8(bytes);
      expect(at === bytes.length).toBe(decodes(bytes));
      if (at !== bytes.length) expect(decodes(bytes.subarray(0, at))).toBe(true);
    }
  });
});
