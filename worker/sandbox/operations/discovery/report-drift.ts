import { GROWTH_SLOTS, type PlatformCreators } from '../../data';
import { streamKey } from '../../data/generate-core';
import { hashInts, STREAM } from '../../data/random';
import { engagementRate } from './influencer-profile';

/**
 * Reports as of the day they are fetched (issue 25). The generated world is fixed at the day the
 * sandbox started, so a report bought again a week later would read the same, and a growth chart
 * of daily snapshots would stay flat. From the sandbox's first day on, a report's numbers move:
 * followers follow the creator's own one-month growth rate (`followersGrowthRate.i1month`, 1% a
 * month where it is unknown), day by day, plus a small seeded step each day in the same direction
 * (at least one follower, about 0.04% of them), so no two days read alike; engagement and
 * averages scale a little slower than the audience (its size to the power 0.8, as the monthly
 * history does). The current month of `statHistory` follows. Deterministic in (seed, creator,
 * day): the same day's report reads the same however often it is fetched, and a day 0 report (the
 * sandbox's first 24 hours) is the world's own. Searches and other answers keep the world's numbers.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** A month's growth where the world does not say the creator's. */
const DEFAULT_MONTHLY_GROWTH = 0.01;
/** A day's own step, as a share of followers, at most. */
const DAILY_STEP = 0.0004;

/** Whole days since the sandbox started; 0 before (a clock set back). */
export function driftDays(now: number, startedAt: number): number {
  return Math.max(0, Math.floor((now - startedAt) / DAY_MS));
}

/** A creator's followers `days` days after the world's day. */
export function driftedFollowers(pc: PlatformCreators, index: number, days: number): number {
  const base = pc.columns.followers[index];
  if (days <= 0 || base === 0) return base;
  const known = pc.columns.growth[index * GROWTH_SLOTS];
  const monthly = Number.isFinite(known) ? known : DEFAULT_MONTHLY_GROWTH;
  const direction = monthly < 0 ? -1 : 1;
  const key = streamKey(pc.context.seedKey, pc.platform, index, STREAM.drift);
  let steps = 0;
  for (let day = 1; day <= days; day++) {
    const share = 0.25 + (hashInts(key, day) / 2 ** 32) * 0.75;
    steps += Math.max(1, Math.round(base * DAILY_STEP * share));
  }
  const trend = base * Math.pow(1 + monthly, days / 30);
  return Math.max(0, Math.round(trend) + direction * steps);
}

/** Moves a finished report (instagram-report.ts, video-report.ts) to `days` after the world's day, in place. */
export function driftReport(
  report: Record<string, unknown>,
  pc: PlatformCreators,
  index: number,
  days: number,
): void {
  if (days <= 0) return;
  const base = pc.columns.followers[index];
  const followers = driftedFollowers(pc, index, days);
  if (base === 0 || followers === base) return;
  const scale = Math.pow(followers / base, 0.8);
  const profile = record(report.profile);
  if (profile !== null) {
    profile.followers = followers;
    scaled(profile, ['engagements', 'averageViews'], scale);
    if (typeof profile.engagements === 'number')
      profile.engagementRate = engagementRate(profile.engagements, followers);
  }
  scaled(report, ['avgLikes', 'avgComments', 'avgViews', 'avgReelsPlays'], scale);
  const byType = record(report.statsByContentType);
  for (const stats of [record(byType?.all), record(byType?.reels)]) {
    if (stats === null) continue;
    scaled(
      stats,
      ['engagements', 'avgLikes', 'avgComments', 'avgViews', 'avgShares', 'avgSaves', 'avgReelsPlays'],
      scale,
    );
    if (typeof stats.engagements === 'number')
      stats.engagementRate = engagementRate(stats.engagements, followers);
  }
  const stats = record(report.stats);
  if (stats !== null) {
    for (const [name, value] of Object.entries(stats)) {
      const entry = record(value);
      if (entry === null || typeof entry.value !== 'number') continue;
      if (name === 'followers') entry.value = followers;
      else if (name === 'engagementRate') continue;
      else entry.value = Math.round(entry.value * scale);
    }
    const engagements = record(stats.engagements)?.value;
    const rate = record(stats.engagementRate);
    if (rate !== null && typeof engagements === 'number') rate.value = engagementRate(engagements, followers);
  }
  // YouTube keeps one history in two places: the same array, moved once.
  const histories = new Set([
    report.statHistory,
    byType === null ? undefined : record(byType.all)?.statHistory,
  ]);
  for (const history of histories) {
    const current = Array.isArray(history) ? record(history[history.length - 1]) : null;
    if (current === null) continue;
    current.followers = followers;
    scaled(
      current,
      ['avgLikes', 'avgComments', 'avgViews', 'avgShares', 'avgSaves', 'avgEngagements'],
      scale,
    );
  }
}

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function scaled(target: Record<string, unknown>, names: readonly string[], scale: number): void {
  for (const name of names) {
    const value = target[name];
    if (typeof value === 'number') target[name] = Math.round(value * scale);
  }
}
