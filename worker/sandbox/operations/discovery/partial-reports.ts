import type { Platform } from '../../../../shared/platforms';
import { PLATFORM_CODE } from '../../data/generate-core';
import { hashInts } from '../../data/random';

/**
 * Partial reports. The vendor's own examples leave out fields the spec lists as required
 * (api-notes "Seen from the real service"), so the sandbox does too, now and then: about one
 * creator in PARTIAL_REPORT_ONE_IN per platform, picked by a hash of the platform and the creator's
 * index (not the world seed), so a test can find one that is, or is not, with
 * `isPartialReportCreator`. A partial report still has its `profile`, always. What it lacks:
 *
 * - every platform: its oldest `statHistory` entry holds only `month`, `followers` and `avgLikes`;
 * - Instagram: the top-level `avgReelsPlays`;
 * - TikTok: the `median` flag of every `audienceExtra.engagementRateDistribution` bin;
 * - YouTube: `engagements` and `engagementRate` of `profile.profile` (one client shows that).
 */

export const PARTIAL_REPORT_ONE_IN = 10;

/** Keeps the hash apart from every other use of (platform, index). */
const PARTIAL_SALT = 0x9a27;

export function isPartialReportCreator(platform: Platform, index: number): boolean {
  return hashInts(PARTIAL_SALT, PLATFORM_CODE[platform], index) % PARTIAL_REPORT_ONE_IN === 0;
}

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The vendor's example entry: month, followers and average likes, nothing else. */
function trimOldestEntry(history: unknown): void {
  if (!Array.isArray(history) || !isRecord(history[0])) return;
  const { month, followers, avgLikes } = history[0];
  history[0] = { month, followers, avgLikes };
}

/** Removes from a freshly built report (`profile` of the answer) what a partial one lacks. */
export function makeReportPartial(platform: Platform, report: Json): void {
  trimOldestEntry(report.statHistory);
  const all = isRecord(report.statsByContentType) ? report.statsByContentType.all : undefined;
  if (isRecord(all)) trimOldestEntry(all.statHistory);
  if (platform === 'instagram') delete report.avgReelsPlays;
  if (platform === 'tiktok' && isRecord(report.audienceExtra)) {
    const bins = report.audienceExtra.engagementRateDistribution;
    if (Array.isArray(bins)) for (const bin of bins) if (isRecord(bin)) delete bin.median;
  }
  if (platform === 'youtube' && isRecord(report.profile)) {
    delete report.profile.engagements;
    delete report.profile.engagementRate;
  }
}
