/**
 * Token buckets per client: each client may burst `capacity` fetches, then gets `perMinute` more
 * per minute. In memory and per instance (several instances behind a load balancer each keep their
 * own buckets, so the effective limit there is N times this one).
 */
export interface RateDecision {
  allowed: boolean;
  /** Whole seconds until one more request would be allowed (0 when allowed). */
  retryAfterSeconds: number;
}

interface Bucket {
  tokens: number;
  updated: number;
}

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly refillPerMs: number;

  constructor(
    readonly perMinute: number,
    readonly capacity: number,
    private readonly now: () => number = () => Date.now(),
    /** Clients remembered at once; past it the longest-idle are forgotten (they start full again). */
    private readonly maxClients = 10_000,
  ) {
    this.refillPerMs = perMinute / 60_000;
  }

  take(client: string): RateDecision {
    const now = this.now();
    const bucket = this.refill(client, now);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { allowed: true, retryAfterSeconds: 0 };
    }
    const waitMs = (1 - bucket.tokens) / this.refillPerMs;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
  }

  get size(): number {
    return this.buckets.size;
  }

  private refill(client: string, now: number): Bucket {
    const known = this.buckets.get(client);
    // Re-inserting keeps the Map in least-recently-used order, so eviction takes the idlest.
    if (known) this.buckets.delete(client);
    const bucket = known ?? { tokens: this.capacity, updated: now };
    bucket.tokens = Math.min(this.capacity, bucket.tokens + Math.max(0, now - bucket.updated) * this.refillPerMs);
    bucket.updated = now;
    this.buckets.set(client, bucket);
    if (this.buckets.size > this.maxClients) this.evict();
    return bucket;
  }

  private evict(): void {
    // Map order is least recently used first; a dropped client starts again with a full bucket.
    for (const client of this.buckets.keys()) {
      if (this.buckets.size <= this.maxClients) return;
      this.buckets.delete(client);
    }
  }
}
