/**
 * A rate limit as the service enforces it: at most `limit` requests in any `windowMs` (2 per
 * second is 2 in any second; one every two seconds is 0.5 per second), counted when they arrive.
 */
export interface PaceWindow {
  limit: number;
  windowMs: number;
}

export function windowOfRate(perSecond: number): PaceWindow {
  return perSecond >= 1
    ? { limit: Math.floor(perSecond), windowMs: 1000 }
    : { limit: 1, windowMs: Math.round(1000 / perSecond) };
}

/** One request's turn: when it was due, when it really started, and when it may have been counted. */
export interface StartRecord {
  readonly slot: number;
  /** When it started: its grant, until started() says. */
  at: number;
  /** The latest the service may have counted it: `at`, until its answer shows it arrived late. */
  counted: number;
  /** What it asked (an operation id): answer times are compared within one kind only. */
  readonly kind: string;
  /** Its turn among every instance's (a shared pace), when it has one. */
  readonly turn?: SharedTurn;
}

/** A turn booked among every instance's: where the family's next one stood once it was booked. */
export interface SharedTurn {
  next: number;
  intervalMs: number;
}

/** However late an answer, its request is taken as counted at most this share of the window late. */
const MAX_LATE_SHARE = 0.2;
/** Answer times kept per kind, for its quickest one lately. */
const ANSWERS_KEPT = 15;

/**
 * The starts of one family's last `limit` requests as they really happened, and how late each may
 * have been counted (issue 28). A pacer that trusts its clock when it lets a request go is wrong
 * twice on a busy machine: its own event loop runs the request's first byte late (a timer fires 50
 * to 100 ms late now and then), and the service's runs it late too (its counter is behind the same
 * kind of queue). Either way the request two turns later, sent on time, arrives less than a window
 * after it: a 429, and a second lost. So:
 * - each request says when it really started, and the one `limit` turns later may start only a
 *   whole window (over the utilization) after that, however late it was;
 * - each says when its answer began to arrive: later than the quickest answer of its kind lately
 *   by more than the window's slack, it may have been counted that much late (at most a fifth of
 *   the window), and the request `limit` turns later starts that much later when it has not left
 *   yet (at 2/s an answer within a second comes in time), on this instance or, through the shared
 *   pace, on any.
 * A quiet machine and a quiet service lose nothing to either; a busy one pays only the lag it shows.
 */
export class StartWindow {
  private readonly starts: StartRecord[] = [];
  /** Recent send-to-answer times per kind, newest last. */
  private readonly answerTimes = new Map<string, number[]>();

  constructor(
    private window: PaceWindow,
    private readonly utilization: number,
  ) {}

  /** From a start, when the `limit`-th next one may start. */
  get spanMs(): number {
    return this.window.windowMs / this.utilization;
  }

  get limit(): number {
    return this.window.limit;
  }

  setWindow(window: PaceWindow): void {
    this.window = window;
    this.starts.splice(0, Math.max(0, this.starts.length - window.limit));
  }

  /** The earliest the next request may start, by when the last `limit` may have been counted. */
  earliest(): number {
    if (this.starts.length < this.window.limit) return Number.NEGATIVE_INFINITY;
    return (this.starts[this.starts.length - this.window.limit]?.counted ?? 0) + this.spanMs;
  }

  /**
   * The earliest a request of the shared `turn` may start, by this instance's own requests up to
   * `limit` turns before it (issue 28). Other instances' turns sit between them, so the window of
   * this instance's own last starts says nothing about it, and the turn was booked before the
   * lateness of the earlier request reached the store: the request `limit` turns after a late
   * one comes no earlier than a span after it, each turn fewer an interval less.
   */
  earliestForTurn(turn: SharedTurn): number {
    let earliest = Number.NEGATIVE_INFINITY;
    for (const record of this.starts) {
      if (record.turn === undefined) continue;
      const turnsAfter = Math.round((turn.next - record.turn.next) / turn.intervalMs);
      if (turnsAfter < 1 || turnsAfter > this.window.limit) continue;
      const due = record.counted + this.spanMs - (this.window.limit - turnsAfter) * turn.intervalMs;
      earliest = Math.max(earliest, due);
    }
    return earliest;
  }

  /** A request let go at `at`, due since `slot`; its start is `at` until started() says otherwise. */
  letGo(slot: number, at: number, kind: string, turn?: SharedTurn): StartRecord {
    const record = { slot, at, counted: at, kind, ...(turn === undefined ? {} : { turn }) };
    this.starts.push(record);
    if (this.starts.length > this.window.limit) this.starts.shift();
    return record;
  }

  /** The request really started at `at`; answers how late that was after its slot. */
  started(record: StartRecord, at: number): number {
    record.at = Math.max(record.at, at);
    record.counted = Math.max(record.counted, record.at);
    return Math.max(0, record.at - record.slot);
  }

  /**
   * Its answer (a 2xx: a refusal comes back at once and says nothing of the way) began to arrive
   * at `at`. Later than its kind's quickest lately by more than the slack the window
   * already leaves, it may have been counted that much late: answers how much (0 when not).
   */
  answered(record: StartRecord, at: number): number {
    const took = Math.max(0, at - record.at);
    const times = this.answerTimes.get(record.kind) ?? [];
    // The quickest, not the usual: on a busy machine slow answers are the usual ones, and a
    // request whose answer was slow may have been counted late however many others were (issue 28).
    const quickest = times.length === 0 ? took : Math.min(...times);
    times.push(took);
    if (times.length > ANSWERS_KEPT) times.shift();
    this.answerTimes.set(record.kind, times);
    const slack = this.spanMs - this.window.windowMs;
    const late = Math.min(this.window.windowMs * MAX_LATE_SHARE, Math.max(0, took - quickest - slack));
    record.counted = Math.max(record.counted, record.at + late);
    return late;
  }
}
