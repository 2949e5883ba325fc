import { describe, expect, it } from "vitest";
import { loadOnce } from "./load-once";

describe("loadOnce", () => {
  it("loads once, however often it is asked", async () => {
    let calls = 0;
    const load = loadOnce(async () => ++calls);
    expect(await Promise.all([load(), load(), load()])).toEqual([1, 1, 1]);
    expect(await load()).toBe(1);
    expect(calls).toBe(1);
  });

  it("tries again after a failed load, and keeps the first success", async () => {
    let calls = 0;
    const load = loadOnce(async () => {
      calls++;
      if (calls === 1) throw new Error("chunk load failed");
      return "module";
    });
    await expect(load()).rejects.toThrow("chunk load failed");
    expect(await load()).toBe("module");
    expect(await load()).toBe("module");
    expect(calls).toBe(2);
  });
});
