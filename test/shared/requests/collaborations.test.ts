import {
  collaborationPostsRequestSchema,
  collaborationSummaryRequestSchema,
  collaborationsBrandPathSchema,
  collaborationsBrandQuerySchema,
  collaborationsInfluencerPathSchema,
  collaborationsInfluencerQuerySchema,
} from '../../../shared/requests/collaborations';
import { accepted, rejected } from './expect-parse';

describe('collaborations posts and summary request', () => {
  it('accepts the documented body on both paths', () => {
    const body = {
      id: 'nike.com',
      platform: 'youtube',
      collaboratorId: '@runner',
      cursor: 'c1',
      limit: 10,
      groupBrandCollaborations: true,
      postCreationTimestampMs: { gte: 1_700_000_000_000, lte: 1_710_000_000_000 },
    };
    expect(accepted(collaborationPostsRequestSchema, body)).toEqual(body);
    expect(accepted(collaborationSummaryRequestSchema, { id: 'x', platform: 'tiktok', extra: 1 })).toEqual({
      id: 'x',
      platform: 'tiktok',
      extra: 1,
    });
  });

  it('rejects a time window that ends before it starts', () => {
    expect(
      rejected(collaborationPostsRequestSchema, {
        id: 'x',
        platform: 'instagram',
        postCreationTimestampMs: { gte: 2000, lte: 1000 },
      }),
    ).toBe('postCreationTimestampMs.gte must be at most lte (1000), got 2000');
    expect(
      accepted(collaborationPostsRequestSchema, {
        id: 'x',
        platform: 'instagram',
        postCreationTimestampMs: { gte: 5 },
      }).postCreationTimestampMs,
    ).toEqual({ gte: 5 });
  });

  it.each([
    [{ platform: 'instagram' }, 'id is required'],
    [{ id: 'x' }, 'platform is required and must be one of instagram, tiktok, youtube'],
    [{ id: 'x', platform: 'instagram', limit: 0 }, 'limit must be at least 1, got 0'],
    [
      { id: 'x', platform: 'instagram', groupBrandCollaborations: 'yes' },
      'groupBrandCollaborations must be true or false, got "yes"',
    ],
  ])('rejects %j', (body, message) => {
    expect(rejected(collaborationPostsRequestSchema, body)).toBe(message);
  });
});

describe('deprecated collaborations queries', () => {
  it('influencer: id required, cursor optional, groupedBrands from the query string', () => {
    expect(
      accepted(collaborationsInfluencerQuerySchema, { influencerId: '123', groupedBrands: 'true' }),
    ).toEqual({
      influencerId: '123',
      groupedBrands: true,
    });
    expect(
      accepted(collaborationsInfluencerQuerySchema, {
        influencerId: '1',
        after: 'c',
        groupedBrands: 'false',
      }),
    ).toEqual({ influencerId: '1', after: 'c', groupedBrands: false });
    expect(rejected(collaborationsInfluencerQuerySchema, { influencerId: '1', groupedBrands: 'yes' })).toBe(
      'groupedBrands must be true or false, got "yes"',
    );
    expect(rejected(collaborationsInfluencerQuerySchema, {})).toBe('influencerId is required');
  });

  it('brand: id required, on instagram and tiktok only', () => {
    expect(accepted(collaborationsBrandQuerySchema, { brandId: 'b', after: '' })).toEqual({ brandId: 'b' });
    expect(rejected(collaborationsBrandQuerySchema, { influencerId: 'b' })).toBe('brandId is required');
    expect(rejected(collaborationsBrandPathSchema, { platform: 'youtube' })).toBe(
      'platform must be one of instagram, tiktok, got "youtube"',
    );
    expect(accepted(collaborationsInfluencerPathSchema, { platform: 'youtube' })).toEqual({
      platform: 'youtube',
    });
  });
});
