import type { Logger } from 'pino';
import { accountInfoResponseSchema } from '../../../shared/responses/account';
import { settleUnconfirmed } from './unconfirmed-settlement';
import type { Clock, Sleep } from '../../common/clock';
import type { AccountReading } from '../store/account-reading-repository';
import type { Store } from '../store/store';
import type { UpstreamClient } from '../upstream/request-core';
import type { LedgerReconciliation } from '../../../shared/ledger-reconciliation';

/**
 * The ledger checked against the API account's own balance (issue 11: "reconcile the ledger against
 * the API account's balance on a schedule and show admins any difference, with its window"). The
 * worker reads `/user/info` (free) every so often; between two readings the balance went down by
 * what the API charged, and the ledger says what the worker recorded in the same window.
 *
 * A difference has a reason an admin can look for: another client spending through the same token,
 * a call lost in the one crash window the journal cannot close (answer billed, process killed before
 * a byte of it was kept: paid-call-journal.ts), calls recorded unconfirmed that the API did not bill
 * after all, or credits added to the account. Calls in flight at a reading land in either window.
 */
type Reconciliation = LedgerReconciliation;

interface ReconciliationDeps {
  store: Pick<Store, 'ledger' | 'accountReadings'>;
  upstream: UpstreamClient;
  clock: Clock;
}

const thousandths = (value: number) => Math.round(value * 1000) / 1000;

/** Reads the balance now and keeps the reading. */
export async function readBalance(deps: ReconciliationDeps): Promise<AccountReading> {
  const info = await deps.upstream.request('userInfo', { schema: accountInfoResponseSchema });
  const credits = info.billing?.credits;
  if (credits === undefined) throw new Error('the API account answer says no credit balance');
  const reading = { at: deps.clock.now(), credits, rawRequests: info.billing?.rawRequests ?? null };
  await deps.store.accountReadings.add(reading);
  return reading;
}

/** The window of the last two readings; null before there are two. */
export async function reconcile(deps: Pick<ReconciliationDeps, 'store'>): Promise<Reconciliation | null> {
  const [to, from] = await deps.store.accountReadings.latest(2);
  if (to === undefined || from === undefined) return null;
  const spent = await deps.store.ledger.spendBetween(from.at, to.at);
  const balanceDrop = thousandths(from.credits - to.credits);
  const rawDrop =
    from.rawRequests === null || to.rawRequests === null || to.rawRequests > from.rawRequests
      ? null
      : from.rawRequests - to.rawRequests;
  return {
    from: new Date(from.at).toISOString(),
    to: new Date(to.at).toISOString(),
    balanceDrop,
    recorded: spent.credits,
    unconfirmed: spent.unconfirmedCredits,
    difference: thousandths(balanceDrop - spent.credits),
    raw: {
      drop: rawDrop,
      recorded: spent.rawRequests,
      difference: rawDrop === null ? null : rawDrop - spent.rawRequests,
    },
  };
}

/**
 * Reads the balance every `everyMs` until stopped (the first time at once); each reading settles
 * the unconfirmed calls whose window it closes (unconfirmed-settlement.ts); a difference is logged
 * for whoever watches the logs, and admins see the last window in `GET /api/health`.
 */
export function startReconciler(
  deps: ReconciliationDeps & {
    store: Pick<Store, 'unconfirmed' | 'oneAtATime'>;
    sleep: Sleep;
    logger: Logger;
    /** How long after its sending a call may still be billed (its wait in the throttle, every attempt's timeout). */
    billingWindowMs: number;
  },
  everyMs: number,
): { stop(): void } {
  const stopped = new AbortController();
  void (async () => {
    while (!stopped.signal.aborted) {
      try {
        await readBalance(deps);
        // One instance at a time: two sharing out one window's balance would share it twice.
        const settled = await deps.store.oneAtATime('unconfirmed settlement', () => settleUnconfirmed(deps));
        for (const call of settled)
          deps.logger.info(call, 'an unconfirmed paid call settled: charged what the account was billed');
        const window = await reconcile(deps);
        if (window !== null && (window.difference !== 0 || (window.raw.difference ?? 0) !== 0)) {
          deps.logger.warn(window, 'the API account was charged other than the ledger recorded');
        }
      } catch (error) {
        deps.logger.warn({ err: error }, 'the API account balance could not be read for reconciliation');
      }
      await deps.sleep(everyMs, stopped.signal);
    }
  })();
  return { stop: () => stopped.abort() };
}
