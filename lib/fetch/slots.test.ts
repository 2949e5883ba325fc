import { describe, expect, it } from "vitest";
import { Slots, SlotsFullError } from "./slots";

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("Slots", () => {
  it("never runs more tasks at once than it has slots, and runs them all", async () => {
    const slots = new Slots(3);
    let running = 0;
    let peak = 0;
    const done = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        slots.run(async () => {
          running++;
          peak = Math.max(peak, running);
          await tick();
          running--;
          return i;
        }),
      ),
    );
    expect(peak).toBe(3);
    expect(done).toHaveLength(20);
    expect(slots.inUse).toBe(0);
  });

  it("refuses at once when the wait line is full", async () => {
    const slots = new Slots(1, 1);
    const first = await slots.acquire();
    const waiting = slots.acquire();
    await expect(slots.acquire()).rejects.toBeInstanceOf(SlotsFullError);
    first();
    (await waiting)();
    expect(slots.inUse).toBe(0);
  });

  it("lets an aborted waiter leave the line without taking a slot", async () => {
    const slots = new Slots(1);
    const held = await slots.acquire();
    const controller = new AbortController();
    const waiter = slots.acquire(controller.signal);
    controller.abort(new Error("client went away"));
    await expect(waiter).rejects.toThrow("client went away");
    expect(slots.waiting).toBe(0);
    held();
    expect(slots.inUse).toBe(0);
  });

  it("releases a slot when the task throws, and only once however often release is called", async () => {
    const slots = new Slots(1);
    await expect(slots.run(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    const release = await slots.acquire();
    release();
    release();
    expect(slots.inUse).toBe(0);
  });

  it("gives six hogs about a slot each, not all eight, and the next freed slot to a client holding none", async () => {
    const slots = new Slots(8, 128);
    const hogs = ["h1", "h2", "h3", "h4", "h5", "h6"];
    const held: Array<() => void> = [];
    const waiting: Array<Promise<() => void>> = [];
    // Each hog asks for three slots at once, in turn.
    for (const hog of hogs) {
      for (let i = 0; i < 3; i++) {
        const p = slots.acquire(undefined, hog);
        const granted = await Promise.race([p, tick().then(() => null)]);
        if (granted) held.push(granted);
        else waiting.push(p);
      }
    }
    expect(slots.inUse).toBeLessThanOrEqual(7);
    expect(hogs.map((h) => slots.heldBy(h)).every((n) => n >= 1 && n <= 2)).toBe(true);
    // Another client gets a slot at once while one is free …
    const other = await slots.acquire(undefined, "someone");
    // … and when everything is taken, the first slot to free goes to a client holding none, not to a hog's extra request.
    const second = slots.acquire(undefined, "someone-else");
    other();
    (await second)();
    expect(slots.heldBy("someone-else")).toBe(0);
    expect(hogs.reduce((n, h) => n + slots.heldBy(h), 0)).toBe(held.length);
    for (const release of held) release();
    for (const p of waiting) (await p)();
    expect(slots.inUse).toBe(0);
  });

  it("lets one client run a few at once on a quiet process, and refuses its callers past its own wait bound", async () => {
    const slots = new Slots(8, 128, { perClientWaiting: 2 });
    const a = await slots.acquire(undefined, "a");
    const b = await slots.acquire(undefined, "a");
    expect(slots.heldBy("a")).toBe(2);
    const w1 = slots.acquire(undefined, "a");
    const w2 = slots.acquire(undefined, "a");
    await expect(slots.acquire(undefined, "a")).rejects.toMatchObject({ name: "SlotsFullError", mine: true });
    // Another client is not affected by a's bound.
    const c = await slots.acquire(undefined, "c");
    c();
    a();
    b();
    (await w1)();
    (await w2)();
    expect(slots.inUse).toBe(0);
    expect(slots.waiting).toBe(0);
  });
});
