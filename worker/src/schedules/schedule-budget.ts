import type { CreditCharge } from '../../../shared/pricing';
import type { PaidCalls } from '../billing/paid-call';
import { fromMilliCredits, toMilliCredits } from '../store/values/milli-credits';

/**
 * A schedule's own monthly budget (issue 25): its runs spend at most `monthlyBudget` credits per
 * calendar month (UTC), on top of the document's allowance and the payer's budgets. A run that
 * would go past it stops before paying, with a sentence: the check wraps the run's paid calls, so
 * the estimate of what the cache lacks is what counts, and a run the cache answers costs nothing.
 */
export class ScheduleBudgetReached extends Error {
  override readonly name = 'ScheduleBudgetReached';
}

function credits(amount: number): string {
  return `${amount} credit${amount === 1 ? '' : 's'}`;
}

/** Said before a run starts when the month's budget is already spent. */
export function budgetSpentSentence(limit: number, spent: number): string {
  return `This schedule has spent ${credits(spent)} of its monthly budget of ${credits(limit)}: nothing was fetched or charged. It runs again next month, or raise its budget (Edit).`;
}

/**
 * `paid` with the schedule's budget in front: each reservation (one per request, for what the
 * cache lacks) is refused once this run's reservations and the month's spend would pass `limit`.
 */
export function withScheduleBudget(paid: PaidCalls, limit: number, spentThisMonth: number): PaidCalls {
  let committed = toMilliCredits(spentThisMonth);
  const take = (estimate: CreditCharge) => {
    const wanted = toMilliCredits(estimate.credits);
    if (wanted === 0) return;
    if (committed + wanted > toMilliCredits(limit)) {
      const left = Math.max(0, fromMilliCredits(toMilliCredits(limit) - committed));
      throw new ScheduleBudgetReached(
        `This run would cost up to ${credits(fromMilliCredits(wanted))}, more than the ${credits(left)} left of this schedule's monthly budget of ${credits(limit)}: nothing was fetched or charged. Raise its budget (Edit) or wait for next month.`,
      );
    }
    committed += wanted;
  };
  return {
    async reserve(context, estimate) {
      take(estimate);
      return paid.reserve(context, estimate);
    },
    async run(context, spec) {
      take(spec.estimate);
      return paid.run(context, spec);
    },
    recordSavings: (context, operation, savings) => paid.recordSavings(context, operation, savings),
  };
}
