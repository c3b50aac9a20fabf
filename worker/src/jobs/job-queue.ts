import type { Clock, Sleep } from '../../common/clock';

interface JobQueueOptions {
  /** Jobs running at once. */
  concurrency: number;
  /** One run of a job; it must not reject (the runner logs what goes wrong). */
  work(jobId: string): Promise<void>;
  clock: Clock;
  sleep: Sleep;
}

/**
 * Which jobs run in this process, and when: at most `concurrency` at once, the rest queued in
 * order, and jobs waiting out a pause woken by a timer. It knows job ids only: what a run does is
 * `work` (job-run.ts), and the store never sees this bookkeeping, so a restart starts it afresh
 * from what the store says (`resumeUnfinished`).
 */
export class JobQueue {
  private readonly queue: string[] = [];
  private readonly running = new Map<string, Promise<void>>();
  private readonly cancelled = new Set<string>();
  /** Jobs waiting out a pause, with the timer that wakes them. */
  private readonly waiting = new Map<string, AbortController>();
  /** Jobs whose pause ended while their last run was still winding down: queued when it has. */
  private readonly wakeAfterRun = new Set<string>();
  private idleWaiters: (() => void)[] = [];
  private stopping: Promise<void> | null = null;

  constructor(private readonly options: JobQueueOptions) {
    const { concurrency } = options;
    if (!Number.isInteger(concurrency) || concurrency < 1) {
      throw new RangeError(`job concurrency must be a whole number of at least 1, got ${concurrency}`);
    }
  }

  /** Queues the job unless it is queued, running or waiting already, or the queue is stopping. */
  enqueue(id: string): void {
    if (this.stopping !== null || this.isActive(id)) return;
    this.queue.push(id);
    this.pump();
  }

  /** Queues the job when its pause ends (at once when it has ended already). */
  wakeAt(id: string, until: number): void {
    this.waiting.get(id)?.abort();
    const timer = new AbortController();
    this.waiting.set(id, timer);
    const { clock, sleep } = this.options;
    void sleep(Math.max(0, until - clock.now()), timer.signal).then(() => {
      if (timer.signal.aborted) return;
      this.waiting.delete(id);
      if (this.running.has(id)) this.wakeAfterRun.add(id);
      else this.enqueue(id);
    });
  }

  /** Forgets the job's pause: nothing wakes it any more. */
  stopWaiting(id: string): void {
    this.waiting.get(id)?.abort();
    this.waiting.delete(id);
  }

  /** Takes the job out of the queue; a run of it under way stops before its next batch. */
  withdraw(id: string): void {
    // A batch in flight commits its rows; the run stops before the next one.
    if (this.running.has(id)) this.cancelled.add(id);
    const queued = this.queue.indexOf(id);
    if (queued >= 0) {
      this.queue.splice(queued, 1);
      this.wakeIdle();
    }
  }

  /** Queued, running or waiting out a pause. */
  isActive(id: string): boolean {
    return this.running.has(id) || this.queue.includes(id) || this.waiting.has(id);
  }

  isRunning(id: string): boolean {
    return this.running.has(id);
  }

  isStopping(): boolean {
    return this.stopping !== null;
  }

  /** The job's run ends before its next batch: the queue is stopping, or the job was withdrawn. */
  shouldStop(id: string): boolean {
    return this.stopping !== null || this.cancelled.has(id);
  }

  /** Resolves when nothing is queued or running (a job waiting out a pause is neither). */
  idle(): Promise<void> {
    if (this.running.size === 0 && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /**
   * Starts nothing new, forgets the queue and the pauses, and waits for the runs under way: true
   * once they have ended, false when `timeoutMs` passed first. Idempotent.
   */
  async stop(timeoutMs?: number): Promise<boolean> {
    this.stopping ??= this.drain();
    if (timeoutMs === undefined) {
      await this.stopping;
      return true;
    }
    const timer = new AbortController();
    try {
      return await Promise.race([
        this.stopping.then(() => true),
        this.options.sleep(timeoutMs, timer.signal).then(() => false),
      ]);
    } finally {
      timer.abort();
    }
  }

  private async drain(): Promise<void> {
    this.queue.length = 0;
    for (const timer of this.waiting.values()) timer.abort();
    this.waiting.clear();
    await Promise.all([...this.running.values()]);
    this.wakeIdle();
  }

  private pump(): void {
    while (this.stopping === null && this.running.size < this.options.concurrency && this.queue.length > 0) {
      const id = this.queue.shift() as string;
      const work = this.options.work(id).finally(() => {
        this.running.delete(id);
        this.cancelled.delete(id);
        if (this.wakeAfterRun.delete(id)) this.queue.push(id);
        this.pump();
        this.wakeIdle();
      });
      this.running.set(id, work);
    }
    this.wakeIdle();
  }

  private wakeIdle(): void {
    if (this.running.size > 0 || this.queue.length > 0) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const wake of waiters) wake();
  }
}
