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
});
