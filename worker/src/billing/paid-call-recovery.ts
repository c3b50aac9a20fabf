import type { Logger } from 'pino';
import type { Clock } from '../../common/clock';
import type { RecoveryReport } from '../store/paid-call-journal';
import type { Store } from '../store/store';
import { chargeOfBody } from './billed-items';

/**
 * Before a worker serves anything: what an earlier run paid for and never recorded
 * (store/paid-call-journal.ts). Calls it sent and never heard back from go in the ledger at their
 * estimate, marked unconfirmed; answers it got and never recorded go in at what they were billed,
 * and are kept a day so that asking again replays them; those of unfinished jobs wait for the job.
 * `sentBefore`: only calls sent by then (a shared store's grace, below).
 */
export async function recoverPaidCalls(store: Store, logger: Logger, sentBefore?: number): Promise<void> {
  const report = await recoverQuietly(store, sentBefore);
  if (report.unconfirmed + report.recovered + report.leftForJobs === 0) return;
  logger.warn(report, 'paid calls of the last run recorded: the worker stopped while they were under way');
}

async function recoverQuietly(store: Store, sentBefore?: number): Promise<RecoveryReport> {
  const unfinished = new Set((await store.jobs.unfinished()).map((job) => job.id));
  return store.paidCalls.recover(unfinished, chargeOfBody, sentBefore);
}

/** How often a live instance looks for calls that dead instances left (shared store only). */
export const PAID_CALL_RECOVERY_EVERY_MS = 60_000;

export interface PaidCallRecoveryOptions {
  clock: Clock;
  /**
   * How old a call must be to be taken: longer than a live instance can have one on its way (every
   * attempt's timeout). An instance whose lock connection dropped looks gone until it takes the lock
   * again; its calls under way are still its own to record, and taking them would record them twice.
   */
  graceMs: number;
  everyMs?: number;
}

/**
 * On a store several instances share, recovery cannot wait for the next start: an instance killed
 * while no other starts would leave its calls out of the ledger. Every live instance looks for
 * them every minute, as at start-up (each call is taken once, under its run's lock), once they
 * are older than the grace.
 */
export function startPaidCallRecovery(
  store: Store,
  logger: Logger,
  options: PaidCallRecoveryOptions,
): { stop(): void } {
  // Calls left for an unfinished job wait for whoever takes the job over: no news each minute.
  const pass = () =>
    recoverQuietly(store, options.clock.now() - options.graceMs).then(
      (report) => {
        if (report.unconfirmed + report.recovered > 0)
          logger.warn(
            report,
            'paid calls of a stopped instance recorded: it stopped while they were under way',
          );
      },
      (error: unknown) =>
        logger.warn(
          { err: error },
          'paid calls of stopped instances could not be recovered; trying again later',
        ),
    );
  const timer = setInterval(() => void pass(), options.everyMs ?? PAID_CALL_RECOVERY_EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
