import {
  collaborationPostsResponseSchema,
  collaborationSummaryResponseSchema,
  deprecatedCollaborationsResponseSchema,
} from '../../../shared/responses/collaborations';
import { withValue, without } from './fixtures/edit-path';

function influencerPostsWithOnePaidPost() {
  return {
    error: false,
    cursor: 'c-2',
    influencer: {
      id: '173560420',
      platform: 'instagram',
      is_more_available: true,
      username: 'ada.runs',
      user_picture: 'https://cdn.example/ada.jpg',
      posts: [
        {
          post_id: 'C2spn',
          post_thumbnail: 'https://cdn.example/c2.jpg',
          post_timestamp: 1712916000000,
          title: '',
          description: 'New shoes #ad',
          label: 'Paid partnership',
          collaboration_type: 'Paid',
          stats: { likes: 2100, comments: 80, plays: 0, views: 0, shares: 3 },
          sponsors: [{ name: 'Nike', username: 'nike', domain: 'nike.com', user_id: '13460080' }],
        },
      ],
    },
  };
}

function brandPostsLastPage() {
  return {
    error: false,
    cursor: null,
    brand: {
      id: 'nike.com',
      platform: 'youtube',
      is_more_available: false,
      brand_name: 'Nike',
      brand_domain: 'nike.com',
      posts: [{ post_id: 'dQw4w9WgXcQ', collaboration_type: 'Unspecified' }],
    },
  };
}

function influencerSummaryPerBrand() {
  return {
    error: false,
    influencer: {
      summary: { total_likes: 5000, total_shares: 30, total_views: 0, total_collects: 0, total_plays: 0 },
      per_brand_summary: [
        { brand: { brand_name: 'Nike', brand_domain: 'nike.com' }, summary: { total_likes: 2100 } },
      ],
    },
  };
}

function brandSummaryPerInfluencer() {
  return {
    error: false,
    brand: {
      summary: { total_likes: 9000 },
      per_influencer_summary: [
        { influencer: { username: 'ada.runs', user_id: '173560420' }, summary: { total_likes: 2100 } },
      ],
    },
  };
}

describe('collaborationPostsResponseSchema', () => {
  const parse = (body: unknown) => collaborationPostsResponseSchema.safeParse(body).success;

  it('reads the influencer side with a next cursor', () => {
    const answer = collaborationPostsResponseSchema.parse(influencerPostsWithOnePaidPost());
    expect(answer.influencer?.posts[0]?.collaboration_type).toBe('Paid');
    expect(answer.cursor).toBe('c-2');
  });

  it('reads the brand side on its last page, with a null cursor and a bare post', () => {
    const answer = collaborationPostsResponseSchema.parse(brandPostsLastPage());
    expect(answer.brand?.is_more_available).toBe(false);
    expect(answer.cursor).toBeNull();
  });

  it('rejects an answer with neither side', () => {
    const result = collaborationPostsResponseSchema.safeParse({ error: false, cursor: 'x' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/"influencer" or "brand"/);
  });

  it('rejects an unknown collaboration type, a missing post id and a string like count', () => {
    const posts = ['influencer', 'posts', 0];
    expect(
      parse(withValue(influencerPostsWithOnePaidPost(), [...posts, 'collaboration_type'], 'Barter')),
    ).toBe(false);
    expect(parse(without(influencerPostsWithOnePaidPost(), [...posts, 'post_id']))).toBe(false);
    expect(parse(withValue(influencerPostsWithOnePaidPost(), [...posts, 'stats', 'likes'], '2100'))).toBe(
      false,
    );
    expect(parse(without(influencerPostsWithOnePaidPost(), ['influencer', 'is_more_available']))).toBe(false);
  });

  it('keeps unknown fields at every level', () => {
    let body = withValue(influencerPostsWithOnePaidPost(), ['expiresAt'], 'later');
    body = withValue(body, ['influencer', 'posts', 0, 'sponsors', 0, 'verified'], true);
    expect(collaborationPostsResponseSchema.parse(body)).toMatchObject({
      expiresAt: 'later',
      influencer: { posts: [{ sponsors: [{ verified: true }] }] },
    });
  });
});

describe('collaborationSummaryResponseSchema', () => {
  it('reads both variants', () => {
    expect(
      collaborationSummaryResponseSchema.parse(influencerSummaryPerBrand()).influencer?.summary.total_likes,
    ).toBe(5000);
    const brand = collaborationSummaryResponseSchema.parse(brandSummaryPerInfluencer()).brand;
    expect(brand?.per_influencer_summary[0]?.influencer.username).toBe('ada.runs');
  });

  it('rejects a missing per-brand list, a string total and an empty answer', () => {
    expect(
      collaborationSummaryResponseSchema.safeParse(
        without(influencerSummaryPerBrand(), ['influencer', 'per_brand_summary']),
      ).success,
    ).toBe(false);
    expect(
      collaborationSummaryResponseSchema.safeParse(
        withValue(brandSummaryPerInfluencer(), ['brand', 'summary', 'total_likes'], '9000'),
      ).success,
    ).toBe(false);
    expect(collaborationSummaryResponseSchema.safeParse({ error: false }).success).toBe(false);
  });

  it('keeps unknown fields', () => {
    const body = withValue(influencerSummaryPerBrand(), ['influencer', 'summary', 'total_saves'], 7);
    expect(collaborationSummaryResponseSchema.parse(body).influencer?.summary).toMatchObject({
      total_saves: 7,
    });
  });
});

describe('deprecatedCollaborationsResponseSchema', () => {
  const page = () => ({
    error: false,
    collaborations: [{ brand: 'Nike', posts: 3 }],
    more_available: true,
    end_cursor: 'e-30',
  });

  it('reads a page and keeps the unknown item fields', () => {
    expect(deprecatedCollaborationsResponseSchema.parse(page()).collaborations[0]).toEqual({
      brand: 'Nike',
      posts: 3,
    });
  });

  it('rejects a page without its cursor or with a string flag', () => {
    expect(deprecatedCollaborationsResponseSchema.safeParse(without(page(), ['end_cursor'])).success).toBe(
      false,
    );
    expect(
      deprecatedCollaborationsResponseSchema.safeParse(withValue(page(), ['more_available'], 'true')).success,
    ).toBe(false);
  });
});
