import { profileUrl } from '../handles';
import type { Platform } from '../platforms';
import type { AiProfile } from '../responses/ai-search';
import { listAt, numberCell, percentToFraction, textCell, valueAt } from './cell-values';
import { column, type Column, type Row, type RowOptions, withOptionalHeader } from './columns';

/**
 * AI search results (text, image, lookalikes), one row per profile in the API's order.
 * AI search sends `engagementRate` as a percentage (0.71 = 0.71%); the row holds the fraction
 * (0.0071) so the column shows the same percent format as search and reports. Likes and comments
 * hidden by the creator (-1) are empty cells, never a negative count.
 */

export const AI_SEARCH_COLUMNS: readonly Column[] = [
  column('handle', 'Handle', 'text'),
  column('name', 'Name', 'text'),
  column('followers', 'Followers', 'integer'),
  column('engagement_rate', 'Engagement rate', 'percent'),
  column('posts_per_month', 'Posts per month', 'decimal'),
  column('median_views', 'Median views', 'integer'),
  column('mean_views', 'Mean views', 'integer'),
  column('followers_growth', 'Follower growth', 'percent'),
  column('account_category', 'Account category', 'text'),
  column('top_post_url', 'Top matched post', 'url'),
  column('top_post_likes', 'Top post likes', 'integer'),
  column('top_post_plays', 'Top post plays', 'integer'),
  column('url', 'URL', 'url'),
  column('user_id', 'User id', 'text'),
];

function visibleCount(value: unknown): number | null {
  const count = numberCell(value);
  // HIDDEN_COUNT (-1) marks a hidden count; any negative one is no count either.
  return count === null || count < 0 ? null : count;
}

function profileRow(profile: AiProfile, platform: Platform): Row {
  const topPost = listAt(profile, ['matchedPosts'])[0];
  const username = textCell(profile.username);
  return [
    username,
    textCell(profile.fullName),
    numberCell(profile.followersCount),
    percentToFraction(profile.engagementRate),
    numberCell(profile.postingFrequency),
    numberCell(profile.viewsCountMedian),
    numberCell(profile.viewsCountMean),
    numberCell(profile.followersGrowthRate),
    textCell(profile.accountCategory),
    textCell(valueAt(topPost, ['url'])),
    visibleCount(valueAt(topPost, ['stats', 'likesCount'])),
    visibleCount(valueAt(topPost, ['stats', 'playsCount'])),
    username === null ? null : profileUrl(platform, username.toLowerCase()),
    textCell(profile.userId),
  ];
}

export function aiSearchToRows(
  response: { readonly profiles: readonly AiProfile[] },
  platform: Platform,
  options?: RowOptions,
): Row[] {
  return withOptionalHeader(
    AI_SEARCH_COLUMNS,
    response.profiles.map((profile) => profileRow(profile, platform)),
    options,
  );
}
