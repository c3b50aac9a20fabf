import {
  collaborationPostsResponseSchema,
  collaborationSummaryResponseSchema,
} from '../../../shared/responses/collaborations';
import {
  COLLABORATION_POST_COLUMNS,
  COLLABORATION_SUMMARY_COLUMNS,
  collaborationPostsToRows,
  collaborationSummaryToRows,
} from '../../../shared/rows/collaboration-rows';
import { columnIds, headerRow } from '../../../shared/rows/columns';
import {
  brandPostsLastPage,
  collaborationsWithNeitherSide,
  summaryWithBrandObject,
  summaryWithOlderBrandFields,
} from '../responses/fixtures/collaborations';
import { withValue } from '../responses/fixtures/edit-path';

function influencerPostsPage() {
  return collaborationPostsResponseSchema.parse({
    error: false,
    cursor: 'c-2',
    influencer: {
      id: '173560420',
      platform: 'instagram',
      is_more_available: true,
      username: 'ada.runs',
      posts: [
        {
          post_id: 'C2spn',
          post_thumbnail: 'https://cdn.example/c2.jpg',
          post_timestamp: Date.UTC(2024, 3, 12, 10),
          title: 'New shoes',
          description: 'New shoes #ad',
          label: 'Paid partnership',
          collaboration_type: 'Paid',
          stats: { likes: 2100, comments: 80, views: 15000, plays: 16000, shares: 12 },
          sponsors: [{ name: 'Nike', domain: 'nike.com' }, { username: 'adidas' }, { domain: 'puma.com' }],
        },
        { post_id: 'C2gft', collaboration_type: 'Gifted' },
      ],
    },
  });
}

describe('collaborationPostsToRows', () => {
  it('pins the columns', () => {
    expect(columnIds(COLLABORATION_POST_COLUMNS)).toEqual([
      'post_id',
      'post_date',
      'collaboration_type',
      'title',
      'description',
      'label',
      'likes',
      'comments',
      'views',
      'plays',
      'shares',
      'sponsors',
      'thumbnail',
    ]);
  });

  it('writes one row per post, with missing optional fields empty', () => {
    expect(collaborationPostsToRows(influencerPostsPage(), { withHeader: true })).toEqual([
      headerRow(COLLABORATION_POST_COLUMNS),
      [
        'C2spn',
        '2024-04-12',
        'Paid',
        'New shoes',
        'New shoes #ad',
        'Paid partnership',
        2100,
        80,
        15000,
        16000,
        12,
        'Nike, adidas, puma.com',
        'https://cdn.example/c2.jpg',
      ],
      ['C2gft', null, 'Gifted', null, null, null, null, null, null, null, null, null, null],
    ]);
  });

  it('reads the posts of a brand-side answer', () => {
    const page = collaborationPostsResponseSchema.parse({
      error: false,
      brand: {
        id: 'nike.com',
        is_more_available: false,
        posts: [{ post_id: 'X1', collaboration_type: 'Ambassador' }],
      },
    });
    expect(collaborationPostsToRows(page).map((row) => row[0])).toEqual(['X1']);
  });

  it("dates a post on the sheet's calendar: 23:30 UTC is the next day in Berlin", () => {
    const page = withValue(
      influencerPostsPage(),
      ['influencer', 'posts', 0, 'post_timestamp'],
      Date.UTC(2024, 3, 12, 23, 30),
    );
    expect(collaborationPostsToRows(page)[0][1]).toBe('2024-04-12');
    expect(collaborationPostsToRows(page, { timeZone: 'Europe/Berlin' })[0][1]).toBe('2024-04-13');
  });
});

describe('collaborationPostsToRows with partial answers', () => {
  it('writes no rows for a creator with neither side, only the header when asked', () => {
    const page = collaborationPostsResponseSchema.parse(collaborationsWithNeitherSide());
    expect(collaborationPostsToRows(page)).toEqual([]);
    expect(collaborationPostsToRows(page, { withHeader: true })).toEqual([
      headerRow(COLLABORATION_POST_COLUMNS),
    ]);
  });

  it('writes a bare post and an unknown collaboration type as they came', () => {
    const body = withValue(brandPostsLastPage(), ['brand', 'posts', 0, 'collaboration_type'], 'Barter');
    const page = collaborationPostsResponseSchema.parse(body);
    expect(collaborationPostsToRows(page)).toEqual([
      ['dQw4w9WgXcQ', null, 'Barter', null, null, null, null, null, null, null, null, null, null],
    ]);
  });

  it('writes a side without its posts list as no rows', () => {
    const page = collaborationPostsResponseSchema.parse({
      error: false,
      influencer: { username: 'ada.runs' },
    });
    expect(collaborationPostsToRows(page)).toEqual([]);
  });
});

describe('collaborationSummaryToRows', () => {
  it('pins the columns', () => {
    expect(COLLABORATION_SUMMARY_COLUMNS.map((col) => col.label)).toEqual([
      'Partner',
      'Partner id',
      'Likes',
      'Views',
      'Plays',
      'Shares',
      'Collects',
    ]);
  });

  it('writes one row per brand of an influencer, then the totals', () => {
    const summary = collaborationSummaryResponseSchema.parse({
      error: false,
      influencer: {
        summary: { total_likes: 3000, total_views: 20000 },
        per_brand_summary: [
          { brand: { id: 'b1', brand_name: 'Nike' }, summary: { total_likes: 2100, total_views: 15000 } },
          { brand: { brand_domain: 'puma.com' }, summary: { total_likes: 900 } },
        ],
      },
    });
    expect(collaborationSummaryToRows(summary)).toEqual([
      ['Nike', 'b1', 2100, 15000, null, null, null],
      ['puma.com', null, 900, null, null, null, null],
      ['Total', null, 3000, 20000, null, null, null],
    ]);
  });

  it('writes one row per influencer of a brand', () => {
    const summary = collaborationSummaryResponseSchema.parse({
      error: false,
      brand: {
        summary: { total_plays: 50 },
        per_influencer_summary: [
          { influencer: { username: 'cy.dances', user_id: '678' }, summary: { total_plays: 50 } },
        ],
      },
    });
    expect(collaborationSummaryToRows(summary, { withTotals: false })).toEqual([
      ['cy.dances', '678', null, null, 50, null, null],
    ]);
  });

  it('shows the name of the brand object and its user_id as partner id', () => {
    const summary = collaborationSummaryResponseSchema.parse(summaryWithBrandObject());
    expect(collaborationSummaryToRows(summary, { withHeader: true })).toEqual([
      headerRow(COLLABORATION_SUMMARY_COLUMNS),
      ['Nike', '13460080', 2100, 15000, 0, 12, 0],
      ['puma.com', '13460099', 900, 26000, null, null, null],
      ['Total', null, 5000, 41000, 0, 30, 0],
    ]);
  });

  it('reads the older brand_name, brand_domain and id', () => {
    const summary = collaborationSummaryResponseSchema.parse(summaryWithOlderBrandFields());
    expect(collaborationSummaryToRows(summary)).toEqual([
      ['Nike', 'b1', 2100, null, null, null, null],
      ['puma.com', null, 900, null, null, null, null],
      ['Total', null, 3000, 20000, null, null, null],
    ]);
  });

  it('falls back from name to brand_name, domain, brand_domain and username', () => {
    const summary = collaborationSummaryResponseSchema.parse({
      influencer: {
        summary: {},
        per_brand_summary: [
          { brand: { name: 'Nike', brand_name: 'Nike Inc', domain: 'nike.com' }, summary: {} },
          { brand: { brand_name: 'Adidas', domain: 'adidas.com' }, summary: {} },
          { brand: { brand_domain: 'puma.com', username: 'puma' }, summary: {} },
          { brand: { username: 'reebok', user_id: '77', id: 'old-77' }, summary: {} },
          { brand: {}, summary: {} },
          { summary: { total_likes: 1 } },
        ],
      },
    });
    expect(collaborationSummaryToRows(summary, { withTotals: false }).map((row) => row.slice(0, 3))).toEqual([
      ['Nike', null, null],
      ['Adidas', null, null],
      ['puma.com', null, null],
      ['reebok', '77', null],
      [null, null, null],
      [null, null, 1],
    ]);
  });

  it('writes only an empty totals row for a creator with neither side', () => {
    const summary = collaborationSummaryResponseSchema.parse(collaborationsWithNeitherSide());
    expect(collaborationSummaryToRows(summary)).toEqual([['Total', null, null, null, null, null, null]]);
    expect(collaborationSummaryToRows(summary, { withTotals: false })).toEqual([]);
  });

  it('writes the totals alone when the per-brand list is missing', () => {
    const summary = collaborationSummaryResponseSchema.parse({ influencer: { summary: { total_likes: 5 } } });
    expect(collaborationSummaryToRows(summary)).toEqual([['Total', null, 5, null, null, null, null]]);
  });
});
