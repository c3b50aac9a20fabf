import type { Platform } from '../../../../shared/platforms';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The caches the worker keeps, each in its own namespace of the cache table. A namespace is only a
 * prefix: `CacheRepository` takes any string, these are the ones the worker uses.
 */
export const CACHE_NAMESPACES = {
  /** Key: reportCacheKey(). The API refreshes reports every 2 to 4 weeks. */
  reports: 'reports',
  dictionaries: 'dictionaries',
  searchPages: 'search-pages',
  /** Key: emailCacheKey(), never the address. Written through EmailResultCache. */
  emails: 'emails',
} as const;

export type CacheNamespace = (typeof CACHE_NAMESPACES)[keyof typeof CACHE_NAMESPACES];

export const DEFAULT_REPORT_CACHE_DAYS = 30;

/** `reportCacheDays` comes from `REPORT_CACHE_DAYS`; the others are fixed. */
export function defaultCacheTtlMs(
  options: { reportCacheDays?: number } = {},
): Readonly<Record<CacheNamespace, number>> {
  const reportDays = options.reportCacheDays ?? DEFAULT_REPORT_CACHE_DAYS;
  if (!Number.isFinite(reportDays) || reportDays <= 0) {
    throw new RangeError(`REPORT_CACHE_DAYS must be a number greater than 0, got ${String(reportDays)}`);
  }
  return {
    reports: reportDays * DAY_MS,
    dictionaries: DAY_MS,
    'search-pages': DAY_MS,
    emails: 30 * DAY_MS,
  };
}

/**
 * One cached report per platform, handle and calculation method. The handle must already be
 * normalized by the caller (the same creator must always give the same key).
 */
export function reportCacheKey(
  platform: Platform,
  normalizedHandle: string,
  calculationMethod: string,
): string {
  return JSON.stringify([platform, normalizedHandle, calculationMethod]);
}
