import type { AccountView, SpendView } from '../shared/sidebar-api';
import { countOf, creditsText, formatCount } from './count-text';
import type { Fact } from './estimate-text';

/** "12 of 50 credits (24%)", or "12 credits (no budget)" when none is set. */
export function budgetText(spent: number, budget: number | null): string {
  if (budget === null) return `${creditsText(spent)} (no budget set)`;
  if (budget <= 0) return `${creditsText(spent)} of a budget of 0: paid actions are blocked`;
  const percent = Math.round((spent / budget) * 100);
  return `${formatCount(spent)} of ${creditsText(budget)} (${percent}%)`;
}

/** A credit balance the API did not report shows as unknown rather than as zero. */
export function balanceText(value: number | null, noun: string): string {
  return value === null ? 'Unknown' : countOf(value, noun);
}

/**
 * What is left on the API account, for admins; for members the worker's sentence saying that only
 * admins see it, rather than two lines of "Unknown".
 */
export function balanceFacts(
  account: Pick<AccountView, 'creditsLeft' | 'rawRequestsLeft' | 'balanceNote'>,
): Fact[] {
  if (account.balanceNote !== null) return [{ label: 'API balance', value: account.balanceNote }];
  return [
    { label: 'Credits left', value: balanceText(account.creditsLeft, 'credit') },
    { label: 'Raw requests left', value: balanceText(account.rawRequestsLeft, 'request') },
  ];
}

/** One column of the spend table: what a day or a month cost and what the cache saved. */
export function spendFacts(spend: SpendView): Fact[] {
  return [
    { label: 'Credits', value: formatCount(spend.credits) },
    { label: 'Calls', value: formatCount(spend.calls) },
    { label: 'Cache hits', value: formatCount(spend.cacheHits) },
    { label: 'Credits saved', value: formatCount(spend.creditsSaved) },
  ];
}
