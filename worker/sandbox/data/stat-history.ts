import { accountCreatedAt, streamKey } from './generate-core';
import { drawMonthlyGrowth, HISTORY_MONTHS, monthsOfHistory } from './growth-model';
import type { PlatformCreators } from './platform-creators';
import { Rng, STREAM } from './random';
import type { StatHistoryEntry } from './types';

/**
 * Monthly statistics, oldest first, ending with the current month at today's numbers. Followers
 * walk back through the same monthly growth the core's growth rates come from, so "followers six
 * months ago" in the history and `followersGrowthRate.i6months` agree.
 */

function monthLabel(time: number, monthsBack: number): string {
  const date = new Date(time);
  const total = date.getUTCFullYear() * 12 + date.getUTCMonth() - monthsBack;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  return `${year}-${String(month).padStart(2, '0')}`;
}

export function deriveStatHistory(pc: PlatformCreators, index: number): StatHistoryEntry[] {
  const c = pc.columns;
  const seedKey = pc.context.seedKey;
  const followers = c.followers[index];
  const growth = drawMonthlyGrowth(new Rng(streamKey(seedKey, pc.platform, index, STREAM.growth)), followers);
  const available = Math.min(HISTORY_MONTHS - 1, monthsOfHistory(pc.now, accountCreatedAt(c, index)));
  const rng = new Rng(streamKey(seedKey, pc.platform, index, STREAM.history));
  const entries: StatHistoryEntry[] = [];
  let monthFollowers = followers;
  for (let back = 0; back <= available; back++) {
    if (back > 0) monthFollowers = monthFollowers / growth.multipliers[back - 1];
    const ratio = monthFollowers / followers;
    const current = back === 0;
    // Engagement scales a little slower than audience size; each month has its own noise.
    const scale = current ? 1 : Math.pow(ratio, 0.8) * rng.logNormal(0, 0.08);
    const avgLikes = Math.round(c.avgLikes[index] * scale);
    const avgComments = Math.round(c.avgComments[index] * scale);
    entries.push({
      month: monthLabel(pc.now, back),
      followers: Math.round(monthFollowers),
      following: current ? c.following[index] : Math.round(c.following[index] * Math.pow(ratio, 0.3)),
      avgLikes,
      avgComments,
      avgViews: Math.round(c.avgViews[index] * scale),
      avgShares: Math.round(c.avgShares[index] * scale),
      avgSaves: Math.round(c.avgSaves[index] * scale),
      avgEngagements: avgLikes + avgComments,
    });
  }
  return entries.reverse();
}
