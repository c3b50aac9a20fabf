import { searchResponseSchema } from '../../../shared/responses/search';
import { headerRow } from '../../../shared/rows/columns';
import { SEARCH_COLUMNS, searchToRows } from '../../../shared/rows/search-rows';
import { withValue } from '../responses/fixtures/edit-path';
import {
  instagramSearchPageWithLookalikes,
  searchPageWithoutTotalAndPartialProfiles,
  tiktokSearchPageWithViews,
} from '../responses/fixtures/search';

describe('searchToRows', () => {
  it('pins the columns', () => {
    expect(SEARCH_COLUMNS.map((col) => [col.id, col.label, col.format])).toEqual([
      ['match_type', 'Found as', 'text'],
      ['handle', 'Handle', 'text'],
      ['name', 'Name', 'text'],
      ['followers', 'Followers', 'integer'],
      ['engagements', 'Avg engagements', 'integer'],
      ['engagement_rate', 'Engagement rate', 'percent'],
      ['avg_views', 'Avg views', 'integer'],
      ['url', 'URL', 'url'],
      ['user_id', 'User id', 'text'],
    ]);
  });

  it('writes directs, then lookalikes, each marked, with missing optional fields empty', () => {
    const page = searchResponseSchema.parse(instagramSearchPageWithLookalikes());
    expect(searchToRows(page, { withHeader: true })).toEqual([
      headerRow(SEARCH_COLUMNS),
      [
        'filter match',
        'ada.runs',
        'Ada Runner',
        52000,
        1800,
        0.0346,
        null,
        'https://www.instagram.com/ada.runs/',
        '173560420',
      ],
      [
        'lookalike',
        'bo.trails',
        null,
        21000,
        640,
        0.0305,
        null,
        'https://www.instagram.com/bo.trails/',
        '99887766',
      ],
    ]);
  });

  it('fills average views on TikTok and copes with a page without lookalikes', () => {
    const page = searchResponseSchema.parse(tiktokSearchPageWithViews());
    const rows = searchToRows(page);
    expect(rows).toHaveLength(1);
    expect(rows[0][6]).toBe(140000);
  });

  it('keeps the API order inside each list', () => {
    const body = withValue(
      instagramSearchPageWithLookalikes(),
      ['directs'],
      [
        {
          userId: '2',
          profile: {
            username: 'second',
            url: 'u',
            picture: 'p',
            followers: 1,
            engagements: 1,
            engagementRate: 0,
          },
        },
        {
          userId: '1',
          profile: {
            username: 'first',
            url: 'u',
            picture: 'p',
            followers: 9,
            engagements: 1,
            engagementRate: 0,
          },
        },
      ],
    );
    const rows = searchToRows(searchResponseSchema.parse(body));
    expect(rows.map((row) => row[1])).toEqual(['second', 'first', 'bo.trails']);
  });

  it('writes empty cells for what a partial profile lacks, and the profile user id when the item has none', () => {
    const page = searchResponseSchema.parse(searchPageWithoutTotalAndPartialProfiles());
    expect(searchToRows(page)).toEqual([
      ['filter match', 'gadgetlab', null, 880000, 30000, 0.02, 250000, null, 'UCgadgetlab000000000000'],
      [
        'filter match',
        'techtalk',
        null,
        120000,
        2000,
        null,
        null,
        'https://www.youtube.com/@techtalk',
        'UCtechtalk0000000000000',
      ],
    ]);
  });

  it('writes an empty cell for followers the schema could not read', () => {
    const body = withValue(
      instagramSearchPageWithLookalikes(),
      ['directs', 0, 'profile', 'followers'],
      '52K',
    );
    expect(searchToRows(searchResponseSchema.parse(body))[0][3]).toBeNull();
  });
});
