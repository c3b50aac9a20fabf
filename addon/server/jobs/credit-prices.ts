import type { Platform } from '../../../shared/platforms';
import { estimateCredits, sumCharges } from '../../../shared/pricing';

/**
 * The most a sidebar action can cost, from the shared price table (shared/pricing.ts, zod-free so
 * it bundles into Code.js): the add-on shows the same figure the worker checks budgets with.
 */

/** The most an e-mail search of `unique` distinct valid addresses can cost (every one matching). */
export function maxEmailCredits(unique: readonly string[]): number {
  return estimateCredits('emailSearch', { emails: unique }).credits;
}

/** The most reports of these distinct creators can cost; the spec's test report is free. */
export function maxReportCredits(targets: readonly { platform: Platform; handle: string }[]): number {
  return sumCharges(
    targets.map((target) => estimateCredits('report', { platform: target.platform, userId: target.handle })),
  ).credits;
}

/** The most `pages` search pages can cost; an Instagram search without conditions is free. */
export function maxSearchCredits(
  platform: Platform,
  filter: Parameters<typeof estimateCredits<'search'>>[1]['filter'],
  pages: number,
): number {
  const page = estimateCredits('search', { platform, filter });
  return sumCharges(Array.from({ length: pages }, () => page)).credits;
}
