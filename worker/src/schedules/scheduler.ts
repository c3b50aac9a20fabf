import type { Logger } from 'pino';
import { MAX_FAILURES_IN_A_ROW, type ScheduleRun } from '../../../shared/worker-api/schedules';
import type { Clock, Sleep } from '../../common/clock';
import type { ScheduleRecord, ScheduleRunEnd } from '../store/schedule-repository';
import type { Store } from '../store/store';
import { renewLease } from '../concurrency/lease-renewal';
import { createFairOrder } from './fair-order';
import { nextRunAt } from './next-run';

/** Paused after this many failed runs in a row, with the last failure's message as the reason. */
export { MAX_FAILURES_IN_A_ROW };
/**
 * A run holds its schedule this long unrenewed (SHEETS_LEASE_SECONDS), renewed three times per
 * lease while it runs: a killed worker's schedule runs elsewhere within about one lease.
 */
export const DEFAULT_LEASE_MS = 30_000;
/** The scheduler looks at the store at least this often: another process may have added one. */
const MAX_WAKE_MS = 60 * 1000;
/** Runs of different schedules at once, per worker. */
const DEFAULT_CONCURRENCY = 2;
/** Due schedules looked at to choose the next runs fairly among (fair-order.ts). */
const FAIR_WINDOW = 1000;

/** A run's outcome, with the rows it wrote when it says (the next `replace` run clears the rest). */
export type ScheduleRunOutcome = ScheduleRun | { run: ScheduleRun; rowsWritten: number };

/**
 * One run of a schedule: read the input, fetch, write, log (schedules/run/schedule-run.ts). `signal`
 * aborts on shutdown past its grace: a run that then rejects is not counted, and runs again.
 */
export type RunSchedule = (schedule: ScheduleRecord, signal: AbortSignal) => Promise<ScheduleRunOutcome>;

export interface SchedulerOptions {
  store: Pick<Store, 'schedules' | 'engine'>;
  clock: Clock;
  sleep: Sleep;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  run: RunSchedule;
  leaseMs?: number;
  maxWakeMs?: number;
  concurrency?: number;
  /** A run taken over from an instance whose lease ran out (`/metrics`). */
  onTakeover?: () => void;
}

export interface Scheduler {
  /** Runs due schedules from now on, waking when the earliest is due (at most MAX_WAKE_MS apart). */
  start(): void;
  /**
   * Stops taking runs and waits for those under way to end (their leases freed); past `graceMs`
   * it aborts their signal, hands their leases back at once and still waits for them (SIGTERM
   * passes 0: a live instance takes the run over now). Idempotent.
   */
  stop(graceMs?: number): Promise<void>;
  /** Something changed (a schedule set up, edited, resumed or run now): look again at once. */
  kick(): void;
  /** Starts every due run there is room for and waits for them (tests, and the loop's step). */
  tick(): Promise<void>;
  /** Runs under way in this worker. */
  readonly running: number;
}

/**
 * The worker's scheduler of shared reports. Each run takes its schedule's lease first (one
 * conditional UPDATE in the store), so two schedulers sharing a store, or a restarted worker
 * beside a dying one, never run one schedule twice at once. A run's end sets the next run from
 * the clock at that moment: a schedule whose time passed while the worker was down runs once,
 * not once per missed slot.
 */
export function createScheduler(options: SchedulerOptions): Scheduler {
  const { store, clock, logger } = options;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  // Instances sharing a store look four times per lease: one that another stopped and handed
  // back (SIGTERM), or one set up through another, is taken within a quarter lease.
  const maxWakeMs =
    options.maxWakeMs ??
    (store.engine === 'postgres'
      ? Math.min(MAX_WAKE_MS, Math.max(1000, Math.floor(leaseMs / 4)))
      : MAX_WAKE_MS);
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
  const inFlight = new Map<string, Promise<void>>();
  // The documents of the runs under way, and whose turn is next (round robin across documents).
  const inFlightDocuments = new Map<string, string>();
  const fair = createFairOrder();
  let stopped = false;
  let loop: Promise<void> | null = null;
  let wake = new AbortController();
  const shutdown = new AbortController();

  const runOne = async (id: string): Promise<void> => {
    const lease = await store.schedules.take(id, clock.now(), leaseMs);
    if (lease === null) return;
    const { schedule, token } = lease;
    const started = clock.now();
    // A run longer than the lease keeps it; lost to another instance, the run stops
    // (concurrency/lease-renewal.ts).
    const renewal = renewLease(
      leaseMs,
      () => store.schedules.renew(id, token, clock.now() + leaseMs),
      (error) => logger.warn({ err: error, schedule: id }, 'schedule lease not renewed'),
    );
    // Shutdown hands the lease back at once, not when the run winds down: a live instance runs it
    // again now (what this run bought is cached, or waits on its single-flight lock meanwhile).
    const handBack = () => {
      renewal.stop();
      store.schedules
        .release(id, token)
        .catch((error: unknown) =>
          logger.warn({ err: error, schedule: id }, 'schedule lease not handed back'),
        );
    };
    shutdown.signal.addEventListener('abort', handBack, { once: true });
    let result: ScheduleRun;
    let rowsWritten: number | undefined;
    try {
      const outcome = await options.run(schedule, AbortSignal.any([shutdown.signal, renewal.lost]));
      if ('run' in outcome) {
        result = outcome.run;
        rowsWritten = outcome.rowsWritten;
      } else result = outcome;
    } catch (error) {
      if (renewal.lost.aborted) {
        renewal.stop();
        logger.warn({ schedule: id }, 'schedule run stopped: its lease was taken over by another instance');
        return;
      }
      if (shutdown.signal.aborted) {
        logger.warn({ schedule: id }, 'schedule run cut short by shutdown; it runs again at once elsewhere');
        return;
      }
      result = {
        at: started,
        outcome: 'failed',
        rows: 0,
        credits: 0,
        message: error instanceof Error ? error.message : String(error),
      };
    } finally {
      shutdown.signal.removeEventListener('abort', handBack);
      renewal.stop();
    }
    const ended = clock.now();
    const recorded = await store.schedules.finish(id, token, (current) => ({
      ...runEnd(current, result, ended),
      ...(rowsWritten === undefined ? {} : { rowsWritten }),
    }));
    if (!recorded)
      logger.warn({ schedule: id }, 'schedule run ended after its lease was lost; its outcome is dropped');
    else
      logger.info(
        { schedule: id, outcome: result.outcome, rows: result.rows, credits: result.credits },
        'schedule ran',
      );
  };

  const startDue = async (): Promise<Promise<void>[]> => {
    const room = concurrency - inFlight.size;
    if (stopped || room <= 0) return [];
    const due = await store.schedules.due(clock.now(), Math.max(room + inFlight.size, FAIR_WINDOW));
    const started: Promise<void>[] = [];
    for (const schedule of fair.order(due, new Set(inFlightDocuments.values()))) {
      if (started.length >= room) break;
      if (inFlight.has(schedule.id)) continue;
      // Due while a lease still names a run: that run's instance stopped renewing it.
      if (schedule.runningUntil !== null) options.onTakeover?.();
      fair.started(schedule.documentId);
      const run = runOne(schedule.id)
        .catch((error: unknown) => logger.error({ err: error, schedule: schedule.id }, 'schedule run broke'))
        .finally(() => {
          inFlight.delete(schedule.id);
          inFlightDocuments.delete(schedule.id);
          wake.abort();
        });
      inFlight.set(schedule.id, run);
      inFlightDocuments.set(schedule.id, schedule.documentId);
      started.push(run);
    }
    return started;
  };

  const waitMs = async (): Promise<number> => {
    const earliest = await store.schedules.earliestNextRun(clock.now());
    if (earliest === null) return maxWakeMs;
    return Math.max(0, Math.min(maxWakeMs, earliest - clock.now()));
  };

  const runLoop = async () => {
    while (!stopped) {
      try {
        await startDue();
        // Full: wait for a run to end (it wakes the loop) or the next look.
        const ms = inFlight.size >= concurrency ? maxWakeMs : await waitMs();
        // A kick or a run's end while this looked aborts the signal: the sleep then ends at once.
        await options.sleep(Math.max(ms, 1), wake.signal);
      } catch (error) {
        logger.error({ err: error }, 'scheduler could not read the schedules');
        await options.sleep(maxWakeMs, wake.signal);
      }
      if (wake.signal.aborted) wake = new AbortController();
    }
  };

  return {
    start() {
      if (loop !== null || stopped) return;
      loop = (async () => {
        // SQLite: one process owns the data directory, so a lease is an earlier run's (killed).
        if (store.engine === 'sqlite')
          await store.schedules
            .freeLeases()
            .catch((error: unknown) => logger.error({ err: error }, 'schedule leases could not be freed'));
        await runLoop();
      })();
    },
    async stop(graceMs) {
      stopped = true;
      wake.abort();
      await loop;
      const runs = Promise.all(inFlight.values());
      if (graceMs === undefined) {
        await runs;
        return;
      }
      const timer = setTimeout(() => shutdown.abort(new Error('the worker is stopping')), graceMs);
      try {
        await runs;
      } finally {
        clearTimeout(timer);
      }
    },
    kick() {
      wake.abort();
    },
    async tick() {
      await Promise.all(await startDue());
    },
    get running() {
      return inFlight.size;
    },
  };
}

/** A run's end: the failure count, the pause after MAX_FAILURES_IN_A_ROW, the next run from `now`. */
export function runEnd(current: ScheduleRecord, run: ScheduleRun, now: number): ScheduleRunEnd {
  const failuresInARow = run.outcome === 'ok' ? 0 : current.failuresInARow + 1;
  // Paused by hand while it ran: it stays paused.
  if (current.status === 'paused') {
    return {
      lastRun: run,
      failuresInARow,
      status: 'paused',
      pausedReason: current.pausedReason,
      nextRunAt: null,
    };
  }
  if (failuresInARow >= MAX_FAILURES_IN_A_ROW) {
    return { lastRun: run, failuresInARow, status: 'paused', pausedReason: run.message, nextRunAt: null };
  }
  return {
    lastRun: run,
    failuresInARow,
    status: 'active',
    pausedReason: null,
    nextRunAt: nextRunAt(current.cadence, current.timeZone, now),
  };
}
