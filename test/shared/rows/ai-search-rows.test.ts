import { aiSearchResponseSchema } from '../../../shared/responses/ai-search';
import { percentToFraction } from '../../../shared/rows/cell-values';
import { AI_SEARCH_COLUMNS, aiSearchToRows } from '../../../shared/rows/ai-search-rows';
import { columnIds } from '../../../shared/rows/columns';
import { withValue, without } from '../responses/fixtures/edit-path';
import { aiImageSearchPageOfOne } from '../responses/fixtures/ai-search';

const rowOf = (body: unknown, platform: 'instagram' | 'tiktok' | 'youtube' = 'instagram') => {
  const row = aiSearchToRows(aiSearchResponseSchema.parse(body), platform)[0];
  return Object.fromEntries(columnIds(AI_SEARCH_COLUMNS).map((id, i) => [id, row[i]]));
};

describe('aiSearchToRows', () => {
  it('pins the columns', () => {
    expect(AI_SEARCH_COLUMNS.map((col) => [col.id, col.label, col.format])).toEqual([
      ['handle', 'Handle', 'text'],
      ['name', 'Name', 'text'],
      ['followers', 'Followers', 'integer'],
      ['engagement_rate', 'Engagement rate', 'percent'],
      ['posts_per_month', 'Posts per month', 'decimal'],
      ['median_views', 'Median views', 'integer'],
      ['mean_views', 'Mean views', 'integer'],
      ['followers_growth', 'Follower growth', 'percent'],
      ['account_category', 'Account category', 'text'],
      ['top_post_url', 'Top matched post', 'url'],
      ['top_post_likes', 'Top post likes', 'integer'],
      ['top_post_plays', 'Top post plays', 'integer'],
      ['url', 'URL', 'url'],
      ['user_id', 'User id', 'text'],
    ]);
  });

  it('turns the percentage engagement rate into the fraction other sheets use', () => {
    expect(rowOf(aiImageSearchPageOfOne())).toEqual({
      handle: 'ada.runs',
      name: 'Ada Runner',
      followers: 52000,
      engagement_rate: 0.0346,
      posts_per_month: 11.5,
      median_views: 9000,
      mean_views: 12500,
      followers_growth: 0.05,
      account_category: 'individual_creator',
      top_post_url: 'https://www.instagram.com/p/C1abc/',
      top_post_likes: null,
      top_post_plays: 0,
      url: 'https://www.instagram.com/ada.runs/',
      user_id: '173560420',
    });
  });

  it.each([
    [0.71, 0.0071],
    [3.46, 0.0346],
    [100, 1],
    [0, 0],
  ])('engagementRate %s%% reads as %s', (percent, fraction) => {
    const body = withValue(aiImageSearchPageOfOne(), ['profiles', 0, 'engagementRate'], percent);
    expect(rowOf(body).engagement_rate).toBe(fraction);
    expect(percentToFraction(percent)).toBe(fraction);
  });

  it('leaves optional fields and a missing top post empty, and builds the URL for the platform', () => {
    let body = withValue(aiImageSearchPageOfOne(), ['profiles', 0, 'matchedPosts'], []);
    for (const key of ['userId', 'fullName', 'viewsCountMedian', 'viewsCountMean', 'followersGrowthRate']) {
      body = without(body, ['profiles', 0, key]);
    }
    expect(rowOf(body, 'tiktok')).toMatchObject({
      name: null,
      median_views: null,
      mean_views: null,
      followers_growth: null,
      top_post_url: null,
      top_post_likes: null,
      user_id: null,
      url: 'https://www.tiktok.com/@ada.runs',
    });
  });

  it('keeps the API order', () => {
    const page = aiImageSearchPageOfOne();
    const second = { ...page.profiles[0], username: 'bo.trails' };
    const rows = aiSearchToRows(
      aiSearchResponseSchema.parse({ ...page, profiles: [second, page.profiles[0]] }),
      'instagram',
    );
    expect(rows.map((row) => row[0])).toEqual(['bo.trails', 'ada.runs']);
  });
});
