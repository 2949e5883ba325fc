import { randomBytes } from "node:crypto";
import { deflateRawSync } from "node:zlib";
import { deflateSync } from "fflate";
import { sha256 } from "@noble/hashes/sha2.js";
import { describe, expect, it } from "vitest";
import { corpusCardNames, readCorpusCard } from "@/fixtures/corpus";
import { CONTOSO } from "../negotiation/examples/incidents";
import { NORTHWIND } from "../negotiation";
import { encodeBase64Url } from "../share/base64url";
import { DICTIONARY_V1 } from "../share/dictionary-v1";
import { decodeTriageLink, encodeTriageLink, MAX_TRIAGE_LINK_LENGTH, MAX_TRIAGE_LINK_PAYLOAD, TRIAGE_LINK_PREFIX } from "./link";
import { readTriageFile, TRIAGE_FILE_TYPE, writeTriageFile, type TriageFile } from "./triage";

const file: TriageFile = {
  type: TRIAGE_FILE_TYPE,
  v: 1,
  cards: corpusCardNames()
    .slice(0, 10)
    .map((name, i) => ({ id: `c${i}`, label: name, text: readCorpusCard(name) })),
  profiles: [{ id: "p1", profile: NORTHWIND }],
};

/** A link made by hand, as an attacker would: any payload bytes, a right or wrong check. */
function craft(payload: Uint8Array, check = sha256(payload).subarray(0, 4)): string {
  const deflated = deflateSync(payload, { level: 9, dictionary: DICTIONARY_V1 });
  const body = new Uint8Array(4 + deflated.length);
  body.set(check, 0);
  body.set(deflated, 4);
  return TRIAGE_LINK_PREFIX + encodeBase64Url(body);
}

describe("triage links", () => {
  it("round-trips a triage, far shorter than its file", () => {
    const encoded = encodeTriageLink(file);
    expect(encoded.ok).toBe(true);
    if (!encoded.ok) return;
    expect(encoded.fragment.startsWith("t1.")).toBe(true);
    expect(encoded.fragment.length).toBeLessThan(writeTriageFile(file.cards, file.profiles).length / 3);
    expect(decodeTriageLink(encoded.fragment)).toEqual({ ok: true, file });
    // The whole address works too, as people paste it.
    expect(decodeTriageLink(`https://parley.example/triage#${encoded.fragment}`)).toEqual({ ok: true, file });
  });

  it("says a triage is too large for a link, with its length, instead of making one", () => {
    // Random text barely compresses: 2.4 million characters of it cannot fit in 2 MiB of base64.
    const noise = randomBytes(1_800_000).toString("base64");
    const big: TriageFile = { ...file, cards: [{ id: "n", label: "noise", text: noise }] };
    const encoded = encodeTriageLink(big);
    expect(encoded).toMatchObject({ ok: false, code: "tooLarge", limit: MAX_TRIAGE_LINK_LENGTH });
    expect(!encoded.ok && encoded.length).toBeGreaterThan(MAX_TRIAGE_LINK_LENGTH);
  });

  it("refuses hostile fragments with a typed error, never a throw", () => {
    const good = encodeTriageLink(file);
    if (!good.ok) throw new Error("no link");
    expect(decodeTriageLink("v1.abc")).toEqual({ ok: false, error: { code: "notATriageLink", found: "v1.abc" } });
    expect(decodeTriageLink("t9.abc")).toEqual({ ok: false, error: { code: "unknownVersion", version: "t9", supported: "t1" } });
    expect(decodeTriageLink("t1.@@@@")).toEqual({ ok: false, error: { code: "corrupt" } });
    expect(decodeTriageLink("t1.A")).toEqual({ ok: false, error: { code: "truncated" } });
    expect(decodeTriageLink(good.fragment.slice(0, good.fragment.length - 40)).ok).toBe(false);
    // One character changed in the middle: the deflate stream or the check catches it.
    const middle = Math.floor(good.fragment.length / 2);
    const flipped = good.fragment.slice(0, middle) + (good.fragment[middle] === "A" ? "B" : "A") + good.fragment.slice(middle + 1);
    expect(decodeTriageLink(flipped).ok).toBe(false);
    expect(decodeTriageLink("t1." + "A".repeat(MAX_TRIAGE_LINK_LENGTH))).toMatchObject({ ok: false, error: { code: "tooLarge" } });
  });

  it("stops inflating a bomb at its cap", () => {
    // Deflated by Node's zlib, which is native and fast: what is measured is how far the decoder
    // inflates, not how the bomb was made. No check: inflating must stop before one is read.
    const bomb = deflateRawSync(new Uint8Array(MAX_TRIAGE_LINK_PAYLOAD + 1024).fill(32), { level: 1 });
    const body = new Uint8Array(4 + bomb.length);
    body.set(bomb, 4);
    expect(decodeTriageLink(TRIAGE_LINK_PREFIX + encodeBase64Url(body))).toEqual({ ok: false, error: { code: "decompressedTooLarge", limit: MAX_TRIAGE_LINK_PAYLOAD } });
  });

  it("checks what it inflated: a wrong check, bad UTF-8, a state that is not a triage", () => {
    const text = new TextEncoder().encode(JSON.stringify(file));
    expect(decodeTriageLink(craft(text, new Uint8Array(4)))).toEqual({ ok: false, error: { code: "corrupt" } });
    expect(decodeTriageLink(craft(new Uint8Array([0xff, 0xfe, 0x7b])))).toEqual({ ok: false, error: { code: "corrupt" } });
    const hostile = { ...file, cards: [{ id: "x", label: "<img src=x onerror=alert(1)>", text: CONTOSO.text, extra: 1 }] };
    expect(decodeTriageLink(craft(new TextEncoder().encode(JSON.stringify(hostile))))).toMatchObject({ ok: false, error: { code: "invalid", pointer: "/cards/0" } });
    const proto = new TextEncoder().encode('{"__proto__":{"polluted":1},"type":"parley.triage","v":1,"cards":[],"profiles":[]}');
    expect(decodeTriageLink(craft(proto)).ok).toBe(false);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(readTriageFile(JSON.stringify(file)).ok).toBe(true);
  });
});
