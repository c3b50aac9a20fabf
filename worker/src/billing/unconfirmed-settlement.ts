import type { Store } from '../store/store';
import type { UnconfirmedCall } from '../store/unconfirmed-calls';

/**
 * Unconfirmed calls settle (issue 23). A call the worker sent and never heard back from (killed
 * during the API's latency) is counted at its estimate, unconfirmed: the API may have billed it
 * on receipt, or never, having nobody to answer. That estimate stands only until the account's
 * balance shows what was billed. Between the last reading before the call was sent and the first
 * one after it could still have been billed (`billingWindowMs`), the balance
 * went down by what the API billed in that window; the ledger knows every other row placed there.
 * What is left is what the unconfirmed calls of the window were billed, shared out in the order
 * they were sent, each at most its estimate. The row is then charged that (0 when nothing was
 * billed) and marked settled, so every budget counts what was billed and releases the rest.
 *
 * A window in which the balance went up (credits were added) tells nothing: its estimates stand,
 * and the reconciliation shows the difference. Another client spending through the same token
 * would be taken for these calls (up to their estimates), as it is shown as a difference today.
 */
export interface SettledCall {
  callId: string;
  estimatedCredits: number;
  billedCredits: number;
}

interface SettlementDeps {
  store: Pick<Store, 'unconfirmed' | 'accountReadings'>;
  /** How long after its journaling a call may still be billed: its wait in the throttle, every attempt's timeout. */
  billingWindowMs: number;
}

const thousandths = (value: number) => Math.round(value * 1000) / 1000;

/** Settles every unconfirmed call whose window has both its readings; what it settled. */
export async function settleUnconfirmed(deps: SettlementDeps): Promise<SettledCall[]> {
  const settled: SettledCall[] = [];
  for (const call of await deps.store.unconfirmed.pending()) {
    const billed = await billedFor(deps, call);
    if (billed === null) continue;
    if (await deps.store.unconfirmed.settle(call.rowId, billed))
      settled.push({
        callId: call.callId,
        estimatedCredits: call.estimatedCredits,
        billedCredits: billed.credits,
      });
  }
  return settled;
}

/** What the call was billed, as the balance and the rest of the ledger tell; null while they cannot. */
async function billedFor(
  deps: SettlementDeps,
  call: UnconfirmedCall,
): Promise<{ credits: number; rawRequests: number } | null> {
  const readings = deps.store.accountReadings;
  const from = (await readings.around(call.sentAt)).before;
  const to = (await readings.around(call.sentAt + deps.billingWindowMs)).after;
  if (from === null || to === null || to.at <= from.at) return null;
  const drop = thousandths(from.credits - to.credits);
  if (drop < 0) return null;
  const known = await deps.store.unconfirmed.knownSpendBetween(from.at, to.at);
  const credits = Math.min(call.estimatedCredits, Math.max(0, thousandths(drop - known.credits)));
  // The raw allowance the same way, when both readings carry it; otherwise its estimate stands.
  const rawDrop =
    from.rawRequests === null || to.rawRequests === null ? null : from.rawRequests - to.rawRequests;
  const rawRequests =
    rawDrop === null || rawDrop < 0
      ? call.rawRequests
      : Math.min(call.rawRequests, Math.max(0, rawDrop - known.rawRequests));
  return { credits, rawRequests };
}
