import { afterEach, describe, expect, it, vi } from "vitest";
import { CONTOSO } from "@/lib/negotiation/examples/incidents";
import { digestCardText } from "@/lib/negotiation";
import { digestCardTextAsync } from "./card-digest";

const TEXTS: [string, string][] = [
  ["the empty card", ""],
  ["FIPS 180-2 'abc'", "abc"],
  ["the Contoso card", CONTOSO.text],
  ["non-ASCII text (2-, 3- and 4-byte UTF-8)", "Café ☕ 𝄞"],
  ["a lone surrogate (U+FFFD on the way to UTF-8)", '{"name":"\ud800"}'],
];

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("digestCardTextAsync", () => {
  it("gives 'abc' its FIPS 180-2 digest", async () => {
    expect(await digestCardTextAsync("abc")).toBe("sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it.each(TEXTS)("matches the core's digest (the one the CLI writes) for %s, with WebCrypto", async (_name, text) => {
    expect(await digestCardTextAsync(text)).toBe(digestCardText(text));
  });

  it.each(TEXTS)("matches the core's digest for %s without WebCrypto (an insecure context)", async (_name, text) => {
    vi.stubGlobal("crypto", undefined);
    expect(await digestCardTextAsync(text)).toBe(digestCardText(text));
  });

  it("falls back to the core's digest when WebCrypto refuses", async () => {
    vi.stubGlobal("crypto", { subtle: { digest: () => Promise.reject(new Error("not allowed")) } });
    expect(await digestCardTextAsync(CONTOSO.text)).toBe(digestCardText(CONTOSO.text));
  });
});
