import type { RateFamily } from '../../shared/operations';
import type { Clock } from '../common/clock';

/** Families the service throttles; `free` operations are never limited. */
type LimitedFamily = Exclude<RateFamily, 'free'>;

/** Requests per second per token and family; `null` turns the family's limit off. */
export type RateLimits = Record<LimitedFamily, number | null>;

type RateDecision = { allowed: true } | { allowed: false; retryAfterMs: number };

interface Window {
  limit: number;
  windowMs: number;
}

/**
 * A rate of r per second as a sliding window: r requests in any second for r >= 1 (fractions
 * dropped), or one request per 1/r seconds below that (0.5 means one every two seconds).
 */
export function windowForRate(perSecond: number): Window {
  if (!(perSecond > 0)) throw new RangeError(`a rate must be above 0 per second, got ${perSecond}`);
  return perSecond >= 1
    ? { limit: Math.floor(perSecond), windowMs: 1000 }
    : { limit: 1, windowMs: Math.round(1000 / perSecond) };
}

/**
 * A sliding-window log per token and family: a request is allowed when fewer than `limit` allowed
 * requests happened in the last `windowMs`. A sliding window is stricter than a token bucket (no
 * double burst at a window edge), so a client that passes here passes the real service too.
 * Refused requests are not logged: a client that keeps knocking is not pushed further back.
 */
export class RateLimiter {
  private limits: RateLimits;
  private readonly log = new Map<string, number[]>();

  constructor(
    limits: RateLimits,
    private readonly clock: Clock,
  ) {
    this.limits = { ...limits };
  }

  getLimits(): RateLimits {
    return { ...this.limits };
  }

  setLimits(limits: Partial<RateLimits>): void {
    this.limits = { ...this.limits, ...limits };
  }

  tryAcquire(token: string, family: RateFamily): RateDecision {
    if (family === 'free') return { allowed: true };
    const perSecond = this.limits[family];
    if (perSecond === null) return { allowed: true };
    const { limit, windowMs } = windowForRate(perSecond);
    const now = this.clock.now();
    const key = `${family}\u0000${token}`;
    const recent = (this.log.get(key) ?? []).filter((at) => at > now - windowMs);
    if (recent.length >= limit) {
      this.log.set(key, recent);
      // The oldest request in the window is the next to leave it and free a slot.
      const oldest = recent[recent.length - limit];
      return { allowed: false, retryAfterMs: oldest + windowMs - now };
    }
    recent.push(now);
    this.log.set(key, recent);
    return { allowed: true };
  }

  reset(): void {
    this.log.clear();
  }
}
