import {
  collaborationPostsResponseSchema,
  collaborationSummaryResponseSchema,
  deprecatedCollaborationsResponseSchema,
} from '../../../shared/responses/collaborations';
import { readAnswer } from '../../../shared/responses/tolerant';
import { driftByPath } from './drift-by-path';
import {
  brandPostsLastPage,
  brandSummaryPerInfluencer,
  collaborationsWithNeitherSide,
  deprecatedCollaborationsPage,
  influencerPostsWithOnePaidPost,
  summaryWithBrandObject,
  summaryWithOlderBrandFields,
} from './fixtures/collaborations';
import { withValue, without } from './fixtures/edit-path';

describe('collaborationPostsResponseSchema', () => {
  const schema = collaborationPostsResponseSchema;
  const drift = (body: unknown) => driftByPath(schema, body);
  const post = ['influencer', 'posts', 0];

  it('reads the influencer side with a next cursor, with no drift', () => {
    const answer = schema.parse(influencerPostsWithOnePaidPost());
    expect(answer.influencer?.posts?.[0]?.collaboration_type).toBe('Paid');
    expect(answer.influencer?.posts?.[0]?.sponsors?.[0]?.user_id).toBe('13460080');
    expect(answer.cursor).toBe('c-2');
    expect(drift(influencerPostsWithOnePaidPost())).toEqual([]);
  });

  it('reads the brand side on its last page: a null cursor reads as none', () => {
    const answer = schema.parse(brandPostsLastPage());
    expect(answer.brand?.is_more_available).toBe(false);
    expect(answer.brand?.brand_name).toBe('Nike');
    expect(answer.cursor).toBeUndefined();
    expect(drift(brandPostsLastPage())).toEqual([{ kind: 'missing', path: 'brand.posts[].post_timestamp' }]);
  });

  it('reads an answer with neither side as an empty answer, not an error', () => {
    const answer = schema.parse(collaborationsWithNeitherSide());
    expect(answer.influencer).toBeUndefined();
    expect(answer.brand).toBeUndefined();
    expect(drift(collaborationsWithNeitherSide())).toEqual([]);
  });

  it('passes an unknown collaboration type through as text, and reports it', () => {
    const body = withValue(influencerPostsWithOnePaidPost(), [...post, 'collaboration_type'], 'Barter');
    expect(schema.parse(body).influencer?.posts?.[0]?.collaboration_type).toBe('Barter');
    expect(drift(body)).toEqual([
      { kind: 'unknown_value', path: 'influencer.posts[].collaboration_type', value: 'Barter' },
    ]);
  });

  it('reports a post without its id, a missing paging flag, and reads a string count as none', () => {
    let body = without(influencerPostsWithOnePaidPost(), [...post, 'post_id']);
    body = without(body, ['influencer', 'is_more_available']);
    body = withValue(body, [...post, 'stats', 'likes'], '2100');
    const answer = schema.parse(body);
    expect(answer.influencer?.posts?.[0]?.stats).toEqual({ comments: 80, plays: 0, views: 0, shares: 3 });
    expect(answer.influencer?.is_more_available).toBeUndefined();
    expect(drift(body)).toEqual([
      { kind: 'missing', path: 'influencer.is_more_available' },
      { kind: 'missing', path: 'influencer.posts[].post_id' },
    ]);
  });

  it('reports a side without its posts list', () => {
    const body = without(influencerPostsWithOnePaidPost(), ['influencer', 'posts']);
    expect(schema.parse(body).influencer?.username).toBe('ada.runs');
    expect(drift(body)).toEqual([{ kind: 'missing', path: 'influencer.posts' }]);
  });

  it('keeps unknown fields at every level', () => {
    let body = withValue(influencerPostsWithOnePaidPost(), ['expiresAt'], 'later');
    body = withValue(body, [...post, 'sponsors', 0, 'verified'], true);
    expect(schema.parse(body)).toMatchObject({
      expiresAt: 'later',
      influencer: { posts: [{ sponsors: [{ verified: true }] }] },
    });
  });

  it('rejects a body that is not an object', () => {
    expect(readAnswer(schema, [influencerPostsWithOnePaidPost()]).ok).toBe(false);
    expect(readAnswer(schema, null).ok).toBe(false);
  });
});

describe('collaborationSummaryResponseSchema', () => {
  const schema = collaborationSummaryResponseSchema;
  const drift = (body: unknown) => driftByPath(schema, body);

  it('reads the brand object of a per-brand summary, with no drift', () => {
    const influencer = schema.parse(summaryWithBrandObject()).influencer;
    expect(influencer?.summary?.total_likes).toBe(5000);
    expect(influencer?.per_brand_summary?.[0]?.brand).toEqual({
      name: 'Nike',
      username: 'nike',
      domain: 'nike.com',
      logo_url: 'https://cdn.example/nike.png',
      user_id: '13460080',
      category: 'Sportswear',
    });
    expect(drift(summaryWithBrandObject())).toEqual([]);
  });

  it('reads the older brand_name, brand_domain and id, with no drift', () => {
    const brand = schema.parse(summaryWithOlderBrandFields()).influencer?.per_brand_summary?.[0]?.brand;
    expect(brand).toEqual({ id: 'b1', brand_name: 'Nike', brand_domain: 'nike.com' });
    expect(drift(summaryWithOlderBrandFields())).toEqual([]);
  });

  it('reads the brand side per influencer, with no drift', () => {
    const brand = schema.parse(brandSummaryPerInfluencer()).brand;
    expect(brand?.per_influencer_summary?.[0]?.influencer?.username).toBe('ada.runs');
    expect(drift(brandSummaryPerInfluencer())).toEqual([]);
  });

  it('reads an answer with neither side as an empty answer, not an error', () => {
    const answer = schema.parse(collaborationsWithNeitherSide());
    expect(answer.influencer).toBeUndefined();
    expect(answer.brand).toBeUndefined();
    expect(drift(collaborationsWithNeitherSide())).toEqual([]);
  });

  it('reports a missing per-brand list, summary or brand, and reads a string total as none', () => {
    let body = without(summaryWithBrandObject(), ['influencer', 'per_brand_summary', 1, 'brand']);
    body = without(body, ['influencer', 'summary']);
    body = withValue(body, ['influencer', 'per_brand_summary', 0, 'summary', 'total_likes'], '2100');
    const influencer = schema.parse(body).influencer;
    expect(influencer?.per_brand_summary?.[0]?.summary?.total_likes).toBeUndefined();
    expect(drift(body)).toEqual([
      { kind: 'missing', path: 'influencer.per_brand_summary[].brand' },
      { kind: 'missing', path: 'influencer.summary' },
    ]);
    expect(drift(without(brandSummaryPerInfluencer(), ['brand', 'per_influencer_summary']))).toEqual([
      { kind: 'missing', path: 'brand.per_influencer_summary' },
    ]);
  });

  it('keeps unknown fields', () => {
    const body = withValue(summaryWithBrandObject(), ['influencer', 'summary', 'total_saves'], 7);
    expect(schema.parse(body).influencer?.summary).toMatchObject({ total_saves: 7 });
  });
});

describe('deprecatedCollaborationsResponseSchema', () => {
  const schema = deprecatedCollaborationsResponseSchema;

  it('reads a page and keeps the unknown item fields, with no drift', () => {
    expect(schema.parse(deprecatedCollaborationsPage()).collaborations[0]).toEqual({
      brand: 'Nike',
      posts: 3,
    });
    expect(driftByPath(schema, deprecatedCollaborationsPage())).toEqual([]);
  });

  it('reads a last page without its cursor, and reports a paging flag of another type', () => {
    expect(driftByPath(schema, without(deprecatedCollaborationsPage(), ['end_cursor']))).toEqual([]);
    const body = withValue(deprecatedCollaborationsPage(), ['more_available'], 'true');
    expect(schema.parse(body).more_available).toBeUndefined();
    expect(driftByPath(schema, body)).toEqual([{ kind: 'wrong_type', path: 'more_available' }]);
  });

  it('rejects a page whose collaborations are not a list', () => {
    expect(readAnswer(schema, without(deprecatedCollaborationsPage(), ['collaborations'])).ok).toBe(false);
    expect(readAnswer(schema, withValue(deprecatedCollaborationsPage(), ['collaborations'], {})).ok).toBe(
      false,
    );
  });
});
