/**
 * A counting semaphore with a bounded wait line: `acquire` resolves with a release function once a
 * slot is free, rejects at once when the line is full, and rejects when the caller's signal aborts
 * while waiting (the waiter leaves the line; no slot is taken). Used to cap concurrent outbound
 * fetches and concurrent decompression, so a burst of requests queues instead of piling up memory.
 *
 * With a client key, slots are shared fairly: a client holding none may take any free slot; one
 * already holding some may take another only while it holds fewer than `perClient` and fewer than
 * `extraBelow` slots are in use at all (a quiet process lets one client run a few fetches at once;
 * a busy one gives each client one); and a client may have at most `perClientWaiting` callers in
 * the line. So six addresses pointing at a host that never answers hold about a slot each, not all
 * eight, and what is left goes to the clients who hold nothing. A freed slot goes to the first
 * waiter in the line who may take it.
 */
export class SlotsFullError extends Error {
  constructor(readonly mine = false) {
    super(mine ? "this client already waits for as many slots as it may" : "every slot is taken and the wait line is full");
    this.name = "SlotsFullError";
  }
}

export interface SlotShare {
  /** Slots one client may hold at once. Default: half of them (at least 1). */
  perClient?: number;
  /** A client that holds a slot gets another only while fewer than this many are in use. Default: a quarter (at least 1). */
  extraBelow?: number;
  /** Callers of one client in the wait line at once. Default: as many as there are slots. */
  perClientWaiting?: number;
}

interface Waiter {
  client: string | undefined;
  grant: () => void;
  signal?: AbortSignal;
  onAbort: () => void;
}

export class Slots {
  private busy = 0;
  private readonly line: Waiter[] = [];
  private readonly held = new Map<string, number>();
  readonly perClient: number;
  readonly extraBelow: number;
  readonly perClientWaiting: number;

  constructor(
    readonly size: number,
    /** How many callers may wait for a slot; one more is refused with SlotsFullError. */
    readonly maxWaiting = Number.POSITIVE_INFINITY,
    share: SlotShare = {},
  ) {
    if (!(size >= 1)) throw new RangeError("Slots needs at least one slot");
    this.perClient = Math.max(1, share.perClient ?? Math.ceil(size / 2));
    this.extraBelow = Math.max(1, share.extraBelow ?? Math.floor(size / 4));
    this.perClientWaiting = Math.max(1, share.perClientWaiting ?? size);
  }

  get inUse(): number {
    return this.busy;
  }

  get waiting(): number {
    return this.line.length;
  }

  /** Slots the client holds now. */
  heldBy(client: string): number {
    return this.held.get(client) ?? 0;
  }

  acquire(signal?: AbortSignal, client?: string): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.mayTake(client)) return Promise.resolve(this.take(client));
    if (this.line.length >= this.maxWaiting) return Promise.reject(new SlotsFullError());
    if (client !== undefined && this.waitingFor(client) >= this.perClientWaiting) return Promise.reject(new SlotsFullError(true));
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        client,
        signal,
        grant: () => {
          signal?.removeEventListener("abort", waiter.onAbort);
          resolve(this.take(client));
        },
        onAbort: () => {
          const at = this.line.indexOf(waiter);
          if (at >= 0) this.line.splice(at, 1);
          reject(signal?.reason);
          // A waiter that leaves can unblock no one (slots only free on release), so nothing to pass on.
        },
      };
      signal?.addEventListener("abort", waiter.onAbort, { once: true });
      this.line.push(waiter);
    });
  }

  /** Runs `task` holding a slot, and releases it however the task ends. */
  async run<T>(task: () => Promise<T>, signal?: AbortSignal, client?: string): Promise<T> {
    const release = await this.acquire(signal, client);
    try {
      return await task();
    } finally {
      release();
    }
  }

  private waitingFor(client: string): number {
    let n = 0;
    for (const w of this.line) if (w.client === client) n++;
    return n;
  }

  private mayTake(client: string | undefined): boolean {
    if (this.busy >= this.size) return false;
    if (client === undefined) return true;
    const held = this.heldBy(client);
    return held === 0 || (held < this.perClient && this.busy < this.extraBelow);
  }

  private take(client: string | undefined): () => void {
    this.busy++;
    if (client !== undefined) this.held.set(client, this.heldBy(client) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.busy--;
      if (client !== undefined) {
        const left = this.heldBy(client) - 1;
        if (left > 0) this.held.set(client, left);
        else this.held.delete(client);
      }
      this.pump();
    };
  }

  /** Hands free slots to the first waiters who may take them, in line order. */
  private pump(): void {
    for (let i = 0; i < this.line.length && this.busy < this.size; ) {
      const waiter = this.line[i]!;
      if (this.mayTake(waiter.client)) {
        this.line.splice(i, 1);
        waiter.grant();
      } else {
        i++;
      }
    }
  }
}
