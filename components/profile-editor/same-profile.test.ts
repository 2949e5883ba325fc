import { describe, expect, it } from "vitest";
import { NORTHWIND, PRESETS } from "@/lib/negotiation";
import { sameProfile } from "./same-profile";

describe("sameProfile", () => {
  it("ignores key order, at every depth", () => {
    const reordered = Object.fromEntries(Object.entries(NORTHWIND).reverse()) as typeof NORTHWIND;
    const callback = NORTHWIND.callback && (Object.fromEntries(Object.entries(NORTHWIND.callback).reverse()) as typeof NORTHWIND.callback);
    expect(sameProfile(NORTHWIND, { ...reordered, ...(callback ? { callback } : {}) })).toBe(true);
  });

  it("tells apart profiles that differ in a value, a nested value or a key", () => {
    expect(sameProfile(NORTHWIND, { ...NORTHWIND, streaming: !NORTHWIND.streaming })).toBe(false);
    expect(sameProfile(NORTHWIND, { ...NORTHWIND, callback: { ...NORTHWIND.callback, mtls: !NORTHWIND.callback?.mtls } })).toBe(false);
    expect(sameProfile({ name: "a" }, { name: "a", fixed: true })).toBe(false);
    // Keys that sort differently by code unit and by locale ("B" < "a" by code unit) still compare.
    expect(sameProfile({ name: "a", B: 1, a: 2 } as never, { a: 2, name: "a", B: 1 } as never)).toBe(true);
  });

  it("finds each preset among the presets, and only itself", () => {
    for (const [i, preset] of PRESETS.entries()) {
      expect(PRESETS.findIndex((p) => sameProfile(p, { ...preset }))).toBe(i);
    }
  });
});
