import type { RateFamily } from '../../../shared/operations';
import { RATE_LIMITS_PER_SECOND } from '../../../shared/limits';
import type { Clock, Sleep } from '../../common/clock';
import { StartWindow, windowOfRate, type PaceWindow, type StartRecord } from './start-window';

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
 * and a 429 costs a whole second (Retry-After is in seconds). 0.97 leaves 30 ms of slack per
 * 1-second window; the lag of either event loop is not part of it: the window is kept on the
 * requests' real starts, and booked further ahead after an answer that shows its request was
 * counted late (start-window.ts). So heavy work runs at 97% of the allowed rate on a quiet
 * machine, and a busy one pays only the lag it shows (issue 28).
 */
const DEFAULT_UTILIZATION = 0.97;
/**
 * A start (or a count) later than its slot by more than this is told to the other instances (one
 * more statement): the booking a window after it moves to a window after it.
 */
const LATE_TO_SHARE_MS = 5;

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
  /** Books the family's next slot, `intervalMs` after the last one booked. */
  book(family: RateFamily, intervalMs: number): Promise<SharedSlot>;
  /** Holds the family for every instance for `forMs` (after a 429). */
  hold(family: RateFamily, forMs: number): Promise<void>;
  /**
   * The request of `slot` started `lateMs` after it: the booking `window.limit` turns after it,
   * whoever makes it, comes no earlier than `spanMs` after that real start.
   */
  startedLate(
    family: RateFamily,
    slot: SharedSlot,
    lateMs: number,
    window: { limit: number; spanMs: number },
  ): Promise<void>;
}

/** A booked turn among every instance's. */
export interface SharedSlot {
  /** Ms to wait before starting. */
  delayMs: number;
  /** The family's next slot once this one was booked (this one's plus the interval), in the store's clock. */
  next: number;
  intervalMs: number;
}

/** The right to start one request; give it back when the request is over. */
interface ThrottlePermit {
  /** How long this caller waited for its turn, in ms of the injected clock. */
  readonly waitedMs: number;
  /**
   * Say it right before the request's first byte goes: the pace counts from that real start, not
   * from when the permit was given (start-window.ts). Without it the permit's time counts.
   */
  started(): void;
  /** Say it when a 2xx answer's first byte came: one late for its kind books the next turns later. */
  answered(): void;
  /** Idempotent. */
  release(): void;
}

interface Waiter {
  enqueuedAt: number;
  /** What it will ask (an operation id), for answer times. */
  kind: string;
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
    /** The family's window, kept on real starts; null when it is not paced. */
    private readonly window: StartWindow | null,
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

  setInterval(intervalMs: number, window: PaceWindow | null): void {
    // The last start booked one old interval ahead; rebook it at the new one, so that a slower
    // rate holds from the very next request and a faster one brings the next turn forward.
    if (Number.isFinite(this.tat)) this.tat += intervalMs - this.intervalMs;
    this.intervalMs = intervalMs;
    if (window !== null) this.window?.setWindow(window);
    this.wake();
  }

  pauseUntil(until: number): void {
    this.tat = Math.max(this.tat, until + (this.burst - 1) * this.intervalMs);
  }

  acquire(kind: string, signal?: AbortSignal): Promise<ThrottlePermit> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise<ThrottlePermit>((resolve, reject) => {
      const waiter: Waiter = {
        enqueuedAt: this.clock.now(),
        kind,
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
    const paced = this.tat - (this.burst - 1) * this.intervalMs;
    return this.window === null || this.intervalMs === 0 ? paced : Math.max(paced, this.window.earliest());
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
        const due = this.earliestStart();
        const wait = due - now;
        if (wait > 0) {
          this.wakeUp = new AbortController();
          await this.sleep(wait, this.wakeUp.signal);
          this.wakeUp = undefined;
          continue;
        }
        const turn = this.shared !== undefined && this.intervalMs > 0 ? await this.waitSharedTurn() : null;
        const waiter = this.queue.shift();
        if (waiter === undefined) break;
        // Paced from when this turn was taken: the next one is booked while this one waits for
        // its shared slot, so the booking's round trip is never on a request's way out.
        this.tat = Math.max(this.tat, now) + this.intervalMs;
        this.active += 1;
        waiter.detach();
        const grantedAt = this.clock.now();
        // When it was due: its turn here, its shared slot, or when it asked, whichever is last.
        const slot = Math.max(due, waiter.enqueuedAt, turn?.localSlot ?? Number.NEGATIVE_INFINITY);
        const record = this.window?.letGo(slot, grantedAt, waiter.kind, turn?.slot ?? undefined) ?? null;
        waiter.resolve(this.permit(grantedAt - waiter.enqueuedAt, record, turn?.slot ?? null));
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
  private async waitSharedTurn(): Promise<{ slot: SharedSlot | null; localSlot: number }> {
    let slot: SharedSlot | null = null;
    try {
      slot = (await this.shared?.book(this.family, this.intervalMs)) ?? null;
    } catch {
      slot = null;
    }
    let localSlot = this.clock.now() + (slot?.delayMs ?? 0);
    // Booked ahead, so a start that was late (or an answer that shows it) may be told while this
    // turn waits: look again once awake, until no earlier request of this instance holds it back.
    for (let wait = localSlot - this.clock.now(); wait > 0; wait = localSlot - this.clock.now()) {
      await this.sleep(wait);
      if (slot !== null && this.window !== null)
        localSlot = Math.max(localSlot, this.window.earliestForTurn(slot));
    }
    return { slot, localSlot };
  }

  private permit(waitedMs: number, record: StartRecord | null, slot: SharedSlot | null): ThrottlePermit {
    let released = false;
    let started = false;
    let answered = false;
    /** Tells the other instances how late it started or was counted, past a few ms. */
    const share = (lateMs: number) => {
      if (slot === null || this.window === null || lateMs <= LATE_TO_SHARE_MS) return;
      const window = { limit: this.window.limit, spanMs: this.window.spanMs };
      // A pace that cannot be written leaves the others their bookings, as a failed hold does.
      this.shared?.startedLate(this.family, slot, lateMs, window).catch(() => undefined);
    };
    return {
      waitedMs,
      started: () => {
        if (started || record === null || this.window === null) return;
        started = true;
        share(this.window.started(record, this.clock.now()));
      },
      answered: () => {
        if (!started || answered || record === null || this.window === null) return;
        answered = true;
        if (this.window.answered(record, this.clock.now()) > 0) share(record.counted - record.slot);
      },
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

  /**
   * Waits for the family's next turn. Rejects with `signal.reason` if the signal aborts first.
   * `kind` (an operation id) groups answer times: an answer is late only against its own kind's.
   */
  acquire(family: RateFamily, signal?: AbortSignal, kind: string = family): Promise<ThrottlePermit> {
    return this.pacer(family).acquire(kind, signal);
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
    this.pacers
      .get(family)
      ?.setInterval(this.intervalFor(family), perSecond === null ? null : windowOfRate(perSecond));
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
      const rate = this.rates[family];
      pacer = new FamilyPacer(
        this.options.clock,
        this.options.sleep,
        this.intervalFor(family),
        burst,
        cap,
        family,
        this.options.shared,
        // A family paced later (setRate) gets its window then; an unpaced one has none to keep.
        new StartWindow(rate === null ? { limit: 1, windowMs: 0 } : windowOfRate(rate), this.utilization),
      );
      this.pacers.set(family, pacer);
    }
    return pacer;
  }
}
