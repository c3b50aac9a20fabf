import type { Clock } from '../../common/clock';

interface TokenBucketsOptions {
  /** Tokens added per second: the sustained rate. */
  perSecond: number;
  /** Tokens a bucket holds at most: the burst a caller may send at once after a quiet spell. */
  capacity: number;
  /** Buckets kept at most; the least recently used goes first (it is the closest to full). */
  maxBuckets: number;
  clock: Clock;
}

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * One token bucket per caller, in memory. A bucket forgotten (evicted, or never made) is a full
 * one, so forgetting only ever lets a caller through: bounding the count bounds memory whatever
 * the number of callers, at the price of a burst for a caller evicted while busy.
 */
export class TokenBuckets {
  /** Map order is insertion order: every take moves its bucket to the end, so the first is the LRU. */
  private readonly buckets = new Map<string, Bucket>();

  constructor(private readonly options: TokenBucketsOptions) {
    if (!(options.perSecond > 0) || !(options.capacity >= 1) || !(options.maxBuckets >= 1)) {
      throw new RangeError(
        'token buckets need a rate above 0, a capacity of 1 or more and room for a bucket',
      );
    }
  }

  get size(): number {
    return this.buckets.size;
  }

  /** Takes a token from `key`'s bucket: 0 when there was one, else milliseconds until there is. */
  take(key: string): number {
    const now = this.options.clock.now();
    const { perSecond, capacity } = this.options;
    const bucket = this.buckets.get(key);
    let tokens = capacity;
    if (bucket !== undefined) {
      this.buckets.delete(key);
      tokens = Math.min(capacity, bucket.tokens + (Math.max(0, now - bucket.at) * perSecond) / 1000);
    }
    const allowed = tokens >= 1;
    this.buckets.set(key, { tokens: allowed ? tokens - 1 : tokens, at: now });
    if (this.buckets.size > this.options.maxBuckets) {
      const oldest = this.buckets.keys().next();
      if (oldest.done !== true) this.buckets.delete(oldest.value);
    }
    return allowed ? 0 : Math.ceil(((1 - tokens) * 1000) / perSecond);
  }
}
