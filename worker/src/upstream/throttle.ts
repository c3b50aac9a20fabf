import type { RateFamily } from '../../../shared/operations';
import { RATE_LIMITS_PER_SECOND } from '../../../shared/limits';
import type { Clock, Sleep } from '../../common/clock';

/** Requests per second per family; `null` means not paced. */
export type FamilyRates = Record<RateFamily, number | null>;

/** The documented limits (api-notes "Rate limits"); `free` is not limited by the service. */
const DOCUMENTED_RATES: FamilyRates = {
  ai: RATE_LIMITS_PER_SECOND.ai,
  discovery: RATE_LIMITS_PER_SECOND.discovery,
  dictionaryFast: RATE_LIMITS_PER_SECOND.dictionaryFast,
  free: RATE_LIMITS_PER_SECOND.dictionaryFree,
};

/**
 * Share of a documented rate the pacer aims at. The service counts arrivals, not departures: two
 * requests sent exactly 1/rate apart can arrive closer when the first one is delayed on the way,
 * and a 429 costs a whole second (Retry-After is in seconds). 0.95 leaves 50 ms of slack per
 * 1-second window in every family and still runs heavy work at 95% of the allowed rate.
 */
const DEFAULT_UTILIZATION = 0.95;

export interface ThrottleOptions {
  clock: Clock;
  sleep: Sleep;
  /** Allowed rates per family; missing families take `DOCUMENTED_RATES`. */
  rates?: Partial<FamilyRates>;
  /** Share of each rate actually used, in (0, 1]. */
  utilization?: number;
  /** Requests a family may start back to back after being idle; 1 (no burst) by default. */
  burst?: Partial<Record<RateFamily, number>>;
  /** Requests of a family in flight at once; unlimited by default. */
  maxConcurrent?: Partial<Record<RateFamily, number>>;
  /** The pace shared with other instances using the same token (a Postgres store); none by default. */
  shared?: SharedPace;
}

/**
 * Where instances sharing one API token book their requests' starts (store/postgres/rate-slots.ts),
 * so that together they keep each family's rate and no instance spends another's share.
 */
export interface SharedPace {
  /** Books the family's next slot, `intervalMs` after the last one booked; ms to wait before starting. */
  book(family: RateFamily, intervalMs: number): Promise<number>;
  /** Holds the family for every instance for `forMs` (after a 429). */
  hold(family: RateFamily, forMs: number): Promise<void>;
}

/** The right to start one request; give it back when the request is over. */
interface ThrottlePermit {
  /** How long this caller waited for its turn, in ms of the injected clock. */
  readonly waitedMs: number;
  /** Idempotent. */
  release(): void;
}

interface Waiter {
  enqueuedAt: number;
  resolve: (permit: ThrottlePermit) => void;
  reject: (reason: unknown) => void;
  detach: () => void;
}

function positiveOrThrow(what: string, value: number): number {
  if (!(value > 0) || !Number.isFinite(value))
    throw new RangeError(`${what} must be a finite number above 0, got ${value}`);
  return value;
}

/**
 * One family's queue. Start times follow GCRA (the "virtual scheduling" form of a token bucket):
 * `tat` is when the next request would be due if requests came exactly one interval apart; a
 * request may start `burst - 1` intervals ahead of it. A single pump hands out permits in arrival
 * order, so many callers awaiting at once are served first come, first served.
 */
class FamilyPacer {
  private readonly queue: Waiter[] = [];
  private tat = Number.NEGATIVE_INFINITY;
  private active = 0;
  private pumping = false;
  private wakeUp: AbortController | undefined;

  constructor(
    private readonly clock: Clock,
    private readonly sleep: Sleep,
    private intervalMs: number,
    private readonly burst: number,
    private readonly maxConcurrent: number,
    private readonly family: RateFamily,
    private readonly shared: SharedPace | undefined,
  ) {}

  get interval(): number {
    return this.intervalMs;
  }

  get waiting(): number {
    return this.queue.length;
  }

  get inFlight(): number {
    return this.active;
  }

  setInterval(intervalMs: number): void {
    // The last start booked one old interval ahead; rebook it at the new one, so that a slower
    // rate holds from the very next request and a faster one brings the next turn forward.
    if (Number.isFinite(this.tat)) this.tat += intervalMs - this.intervalMs;
    this.intervalMs = intervalMs;
    this.wake();
  }

  pauseUntil(until: number): void {
    this.tat = Math.max(this.tat, until + (this.burst - 1) * this.intervalMs);
  }

  acquire(signal?: AbortSignal): Promise<ThrottlePermit> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise<ThrottlePermit>((resolve, reject) => {
      const waiter: Waiter = {
        enqueuedAt: this.clock.now(),
        resolve,
        reject,
        detach: () => signal?.removeEventListener('abort', onAbort),
      };
      const onAbort = () => {
        const index = this.queue.indexOf(waiter);
        if (index >= 0) this.queue.splice(index, 1);
        if (this.queue.length === 0) this.wake();
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(waiter);
      void this.pump();
    });
  }

  private earliestStart(): number {
    return this.tat - (this.burst - 1) * this.intervalMs;
  }

  private wake(): void {
    this.wakeUp?.abort();
  }

  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (this.queue.length > 0 && this.active < this.maxConcurrent) {
        const now = this.clock.now();
        const wait = this.earliestStart() - now;
        if (wait > 0) {
          this.wakeUp = new AbortController();
          await this.sleep(wait, this.wakeUp.signal);
          this.wakeUp = undefined;
          continue;
        }
        if (this.shared !== undefined && this.intervalMs > 0) await this.waitSharedTurn();
        const waiter = this.queue.shift();
        if (waiter === undefined) break;
        this.tat = Math.max(this.tat, now) + this.intervalMs;
        this.active += 1;
        waiter.detach();
        waiter.resolve(this.permit(now - waiter.enqueuedAt));
      }
    } finally {
      this.pumping = false;
    }
  }

  /**
   * The turn of this instance's next request among every instance's: the head of the queue books
   * the shared slot and waits for it (one booking at a time, so this instance's requests keep
   * their order). The database out of reach leaves the in-process pace alone in charge.
   */
  private async waitSharedTurn(): Promise<void> {
    let delay = 0;
    try {
      delay = (await this.shared?.book(this.family, this.intervalMs)) ?? 0;
    } catch {
      delay = 0;
    }
    if (delay > 0) await this.sleep(delay);
  }

  private permit(waitedMs: number): ThrottlePermit {
    let released = false;
    return {
      waitedMs,
      release: () => {
        if (released) return;
        released = true;
        this.active -= 1;
        if (this.queue.length > 0) void this.pump();
      },
    };
  }
}

/**
 * Paces requests per rate family so that normal work never draws a 429: requests of a family start
 * at least 1 / (rate x utilization) seconds apart, queued first in, first out. `free` is not
 * paced unless given a rate. Each retry goes through the throttle again, so retries are paced too.
 */
export class Throttle {
  private readonly pacers = new Map<RateFamily, FamilyPacer>();
  private readonly rates: FamilyRates;
  private readonly utilization: number;

  constructor(private readonly options: ThrottleOptions) {
    this.utilization = positiveOrThrow('utilization', options.utilization ?? DEFAULT_UTILIZATION);
    if (this.utilization > 1) throw new RangeError(`utilization must be at most 1, got ${this.utilization}`);
    this.rates = { ...DOCUMENTED_RATES, ...options.rates };
    for (const [family, rate] of Object.entries(this.rates)) {
      if (rate !== null) positiveOrThrow(`the rate of ${family}`, rate);
    }
  }

  /** Waits for the family's next turn. Rejects with `signal.reason` if the signal aborts first. */
  acquire(family: RateFamily, signal?: AbortSignal): Promise<ThrottlePermit> {
    return this.pacer(family).acquire(signal);
  }

  /** Holds the family until `until` (clock ms), e.g. after a 429: other callers would draw one too. */
  pause(family: RateFamily, until: number): void {
    this.pacer(family).pauseUntil(until);
    // Other instances would draw one too; a hold that cannot be written only leaves them their pace.
    this.options.shared?.hold(family, until - this.options.clock.now()).catch(() => undefined);
  }

  setRate(family: RateFamily, perSecond: number | null): void {
    if (perSecond !== null) positiveOrThrow(`the rate of ${family}`, perSecond);
    this.rates[family] = perSecond;
    this.pacers.get(family)?.setInterval(this.intervalFor(family));
  }

  rate(family: RateFamily): number | null {
    return this.rates[family];
  }

  /** Milliseconds between two starts of the family; 0 when not paced. */
  intervalMs(family: RateFamily): number {
    return this.intervalFor(family);
  }

  /** Callers queued and requests in flight, for metrics. */
  stats(family: RateFamily): { waiting: number; inFlight: number } {
    const pacer = this.pacers.get(family);
    return { waiting: pacer?.waiting ?? 0, inFlight: pacer?.inFlight ?? 0 };
  }

  private intervalFor(family: RateFamily): number {
    const rate = this.rates[family];
    return rate === null ? 0 : 1000 / (rate * this.utilization);
  }

  private pacer(family: RateFamily): FamilyPacer {
    let pacer = this.pacers.get(family);
    if (pacer === undefined) {
      const burst = this.options.burst?.[family] ?? 1;
      if (!Number.isInteger(burst) || burst < 1) {
        throw new RangeError(`the burst of ${family} must be a whole number of at least 1, got ${burst}`);
      }
      const cap = positiveOrThrow(
        `the concurrency cap of ${family}`,
        this.options.maxConcurrent?.[family] ?? Number.MAX_SAFE_INTEGER,
      );
      pacer = new FamilyPacer(
        this.options.clock,
        this.options.sleep,
        this.intervalFor(family),
        burst,
        cap,
        family,
        this.options.shared,
      );
      this.pacers.set(family, pacer);
    }
    return pacer;
  }
}
