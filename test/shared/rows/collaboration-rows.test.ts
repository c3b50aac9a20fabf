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
});
