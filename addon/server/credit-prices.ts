import type { Platform } from '../../shared/platforms';
import { SEARCH_PAGE_SIZE } from '../../shared/limits';

/**
 * The prices the add-on estimates with, in thousandths of a credit, as shared/pricing.ts's
 * PRICE_TABLE states them. They are repeated here because importing shared/pricing.ts brings zod
 * into Code.js (about 280 KB); test/addon/server/credit-prices.test.ts holds both equal.
 */
export const PRICE_MILLI = {
  /** Per matched address; the estimate assumes every unique address matches. */
  emailSearch: 20,
  /** Per report (the worker fetches each creator once). */
  report: 1000,
  /** Per returned search item; a page holds SEARCH_PAGE_SIZE. */
  searchResult: 10,
} as const;

const MILLI_PER_CREDIT = 1000;

function credits(milli: number): number {
  return milli / MILLI_PER_CREDIT;
}

/** The most an e-mail search of `unique` distinct valid addresses can cost. */
export function maxEmailCredits(unique: number): number {
  return credits(PRICE_MILLI.emailSearch * unique);
}

/** The most reports of these distinct creators can cost; the spec's test report is free. */
export function maxReportCredits(targets: readonly { platform: Platform; handle: string }[]): number {
  const paid = targets.filter(
    (target) => !(target.platform === 'instagram' && target.handle === 'instagram'),
  );
  return credits(PRICE_MILLI.report * paid.length);
}

/** The most `pages` search pages can cost; an Instagram search without conditions is free. */
export function maxSearchCredits(platform: Platform, emptyFilter: boolean, pages: number): number {
  if (platform === 'instagram' && emptyFilter) return 0;
  return credits(PRICE_MILLI.searchResult * SEARCH_PAGE_SIZE * pages);
}
