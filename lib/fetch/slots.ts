/**
 * A counting semaphore with a bounded wait line: `acquire` resolves with a release function once a
 * slot is free, rejects at once when the line is full, and rejects when the caller's signal aborts
 * while waiting (the waiter leaves the line; no slot is taken). Used to cap concurrent outbound
 * fetches and concurrent decompression, so a burst of requests queues instead of piling up memory.
 */
export class SlotsFullError extends Error {
  constructor() {
    super("every slot is taken and the wait line is full");
    this.name = "SlotsFullError";
  }
}

interface Waiter {
  grant: () => void;
  signal?: AbortSignal;
  onAbort: () => void;
}

export class Slots {
  private busy = 0;
  private readonly line: Waiter[] = [];

  constructor(
    readonly size: number,
    /** How many callers may wait for a slot; one more is refused with SlotsFullError. */
    readonly maxWaiting = Number.POSITIVE_INFINITY,
  ) {
    if (!(size >= 1)) throw new RangeError("Slots needs at least one slot");
  }

  get inUse(): number {
    return this.busy;
  }

  get waiting(): number {
    return this.line.length;
  }

  acquire(signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.busy < this.size) {
      this.busy++;
      return Promise.resolve(this.releaser());
    }
    if (this.line.length >= this.maxWaiting) return Promise.reject(new SlotsFullError());
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        signal,
        grant: () => {
          signal?.removeEventListener("abort", waiter.onAbort);
          resolve(this.releaser());
        },
        onAbort: () => {
          const at = this.line.indexOf(waiter);
          if (at >= 0) this.line.splice(at, 1);
          reject(signal?.reason);
        },
      };
      signal?.addEventListener("abort", waiter.onAbort, { once: true });
      this.line.push(waiter);
    });
  }

  /** Runs `task` holding a slot, and releases it however the task ends. */
  async run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const release = await this.acquire(signal);
    try {
      return await task();
    } finally {
      release();
    }
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.line.shift();
      // The slot passes straight to the next waiter, so `busy` only drops when nobody waits.
      if (next) next.grant();
      else this.busy--;
    };
  }
}
