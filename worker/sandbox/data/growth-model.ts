import { clamp, Rng } from './random';

/**
 * Follower growth, month by month. The core derives the growth rates i1month..i6months from these
 * multipliers, and the stat history walks them back from today's followers, so both agree.
 */

/** Months of stat history kept per creator. */
export const HISTORY_MONTHS = 12;
const DAY_MS = 86_400_000;

interface MonthlyGrowth {
  /** False for the few creators the service has no growth data for. */
  readonly known: boolean;
  /** multipliers[k] = followers at the end of month k back / followers a month earlier (k = 0 is the last month). */
  readonly multipliers: readonly number[];
}

export function drawMonthlyGrowth(rng: Rng, followers: number): MonthlyGrowth {
  const multipliers = new Float64Array(HISTORY_MONTHS);
  const known = drawMonthlyGrowthInto(rng, followers, multipliers);
  return { known, multipliers: Array.from(multipliers) };
}

/**
 * The same draw into `multipliers` (no allocation), for its first `months` months only (the draws
 * are sequential, so they equal the full draw's); returns whether growth is known.
 */
export function drawMonthlyGrowthInto(
  rng: Rng,
  followers: number,
  multipliers: Float64Array,
  months = HISTORY_MONTHS,
): boolean {
  const known = !rng.chance(0.05);
  // Small accounts grow faster in relative terms; a few shrink.
  const sizeBoost = clamp((6 - Math.log10(Math.max(1000, followers))) * 0.006, -0.01, 0.02);
  const trend = 0.01 + sizeBoost + 0.02 * rng.normal();
  for (let month = 0; month < months; month++) {
    multipliers[month] = clamp(Math.exp(trend + 0.012 * rng.normal()), 0.7, 1.6);
  }
  return known;
}

/** Whole months between account creation and now. */
export function monthsOfHistory(now: number, accountCreatedAt: number): number {
  return Math.max(0, Math.floor((now - accountCreatedAt) / (30.44 * DAY_MS)));
}
