import { describe, expect, it } from "vitest";
import { RateLimiter } from "./rate-limit";

describe("RateLimiter", () => {
  it("allows a burst, then refuses with the seconds until the next token", () => {
    let now = 0;
    const limiter = new RateLimiter(6, 3, () => now); // one token every 10 s
    expect([1, 2, 3].map(() => limiter.take("a").allowed)).toEqual([true, true, true]);
    expect(limiter.take("a")).toEqual({ allowed: false, retryAfterSeconds: 10 });
    now = 4_000;
    expect(limiter.take("a")).toEqual({ allowed: false, retryAfterSeconds: 6 });
    now = 10_000;
    expect(limiter.take("a").allowed).toBe(true);
    expect(limiter.take("a").allowed).toBe(false);
  });

  it("keeps one bucket per client", () => {
    const limiter = new RateLimiter(1, 1, () => 0);
    expect(limiter.take("a").allowed).toBe(true);
    expect(limiter.take("a").allowed).toBe(false);
    expect(limiter.take("b").allowed).toBe(true);
  });

  it("refills up to its capacity, never past it", () => {
    let now = 0;
    const limiter = new RateLimiter(60, 2, () => now);
    limiter.take("a");
    now = 3_600_000;
    expect([1, 2, 3].map(() => limiter.take("a").allowed)).toEqual([true, true, false]);
  });

  it("remembers a bounded number of clients, forgetting the idlest", () => {
    const limiter = new RateLimiter(1, 1, () => 0, 100);
    for (let i = 0; i < 1000; i++) limiter.take(`client-${i}`);
    expect(limiter.size).toBe(100);
    expect(limiter.take("client-999").allowed).toBe(false);
  });
});
