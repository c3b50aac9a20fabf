import type { Logger } from 'pino';
import type { Store } from '../store/store';
import { chargeOfBody } from './billed-items';

/**
 * Before a worker serves anything: what an earlier run paid for and never recorded
 * (store/paid-call-journal.ts). Calls it sent and never heard back from go in the ledger at their
 * estimate, marked unconfirmed; answers it got and never recorded go in at what they were billed,
 * and are kept a day so that asking again replays them; those of unfinished jobs wait for the job.
 */
export async function recoverPaidCalls(store: Store, logger: Logger): Promise<void> {
  const unfinished = new Set((await store.jobs.unfinished()).map((job) => job.id));
  const report = await store.paidCalls.recover(unfinished, chargeOfBody);
  if (report.unconfirmed + report.recovered + report.leftForJobs === 0) return;
  logger.warn(report, 'paid calls of the last run recorded: the worker stopped while they were under way');
}
