import { describe, expect, it } from "vitest";
import { rememberBounded } from "./bounded-memo";

describe("rememberBounded", () => {
  it("remembers and returns the value", () => {
    const memo = new Map<string, number>();
    expect(rememberBounded(memo, 3, "a", 1)).toBe(1);
    expect(memo.get("a")).toBe(1);
  });

  it("never holds more than its bound, however many keys come", () => {
    const memo = new Map<number, number>();
    for (let i = 0; i < 10_000; i++) {
      rememberBounded(memo, 100, i, i * 2);
      expect(memo.size).toBeLessThanOrEqual(100);
      expect(memo.get(i)).toBe(i * 2);
    }
  });
});
