import {
  aiBrandsResponseSchema,
  aiHashtagsResponseSchema,
  aiListCreateResponseSchema,
  aiListDeleteResponseSchema,
  aiListMembersAddResponseSchema,
  aiListMembersRemoveResponseSchema,
  aiListMembersResponseSchema,
  aiListResponseSchema,
  aiListsResponseSchema,
  aiMentionsResponseSchema,
  aiSearchResponseSchema,
  HIDDEN_COUNT,
} from '../../../shared/responses/ai-search';
import { aiImageSearchPageOfOne, aiListMembersFirstPage, aiListOfRunners } from './fixtures/ai-search';
import { withValue, without } from './fixtures/edit-path';

describe('aiSearchResponseSchema', () => {
  const parse = (body: unknown) => aiSearchResponseSchema.safeParse(body).success;

  it('reads a page of profiles with hidden likes kept as -1', () => {
    const page = aiSearchResponseSchema.parse(aiImageSearchPageOfOne());
    expect(page.total).toBe(412);
    expect(page.profiles[0]?.engagementRate).toBe(3.46);
    expect(page.profiles[0]?.matchedPosts[0]?.stats.likesCount).toBe(HIDDEN_COUNT);
  });

  it.each([['userId'], ['fullName'], ['viewsCountMedian'], ['viewsCountMean'], ['followersGrowthRate']])(
    'accepts a profile without the optional %s',
    (field) => {
      expect(parse(without(aiImageSearchPageOfOne(), ['profiles', 0, field]))).toBe(true);
    },
  );

  it.each([
    ['username'],
    ['profilePicture'],
    ['followersCount'],
    ['engagementRate'],
    ['postingFrequency'],
    ['matchedPosts'],
    ['recentPosts'],
    ['accountCategory'],
  ])('rejects a profile without the required %s', (field) => {
    expect(parse(without(aiImageSearchPageOfOne(), ['profiles', 0, field]))).toBe(false);
  });

  it('rejects a matched post without stats or with a string count, and a page without total', () => {
    expect(parse(without(aiImageSearchPageOfOne(), ['profiles', 0, 'matchedPosts', 0, 'stats']))).toBe(false);
    expect(
      parse(
        withValue(aiImageSearchPageOfOne(), ['profiles', 0, 'matchedPosts', 0, 'stats', 'playsCount'], '10'),
      ),
    ).toBe(false);
    expect(parse(without(aiImageSearchPageOfOne(), ['total']))).toBe(false);
  });

  it('keeps unknown fields at every level', () => {
    let body = withValue(aiImageSearchPageOfOne(), ['searchId'], 's1');
    body = withValue(body, ['profiles', 0, 'country'], 'DE');
    body = withValue(body, ['profiles', 0, 'matchedPosts', 0, 'stats', 'savesCount'], 4);
    expect(aiSearchResponseSchema.parse(body)).toMatchObject({
      searchId: 's1',
      profiles: [{ country: 'DE', matchedPosts: [{ stats: { savesCount: 4 } }] }],
    });
  });
});

describe('AI dictionaries', () => {
  it('read brands, hashtags and mentions in the chosen shapes', () => {
    expect(aiBrandsResponseSchema.parse({ error: false, brands: [{ name: 'Nike' }] }).brands[0]?.name).toBe(
      'Nike',
    );
    const hashtags = aiHashtagsResponseSchema.parse({
      error: false,
      hashtags: [{ tag: 'running', postCount: 900 }],
    });
    expect(hashtags.hashtags[0]?.postCount).toBe(900);
    const mentions = aiMentionsResponseSchema.parse({
      error: false,
      mentions: [{ username: 'nike', postCount: 50 }],
    });
    expect(mentions.mentions[0]?.username).toBe('nike');
  });

  it('reject counts sent as text and items without their name', () => {
    expect(
      aiHashtagsResponseSchema.safeParse({ error: false, hashtags: [{ tag: 'running', postCount: '900' }] })
        .success,
    ).toBe(false);
    expect(aiBrandsResponseSchema.safeParse({ error: false, brands: [{ id: 1 }] }).success).toBe(false);
  });

  it('keep unknown fields', () => {
    const parsed = aiBrandsResponseSchema.parse({
      error: false,
      brands: [{ name: 'Nike', domain: 'nike.com' }],
    });
    expect(parsed.brands[0]).toEqual({ name: 'Nike', domain: 'nike.com' });
  });
});

describe('AI lists', () => {
  it('read list metadata from create, list-all and get', () => {
    expect(
      aiListCreateResponseSchema.parse({
        error: false,
        list: without(aiListOfRunners(), ['approximateMemberCount']),
      }).list.name,
    ).toBe('Runners');
    expect(aiListsResponseSchema.parse({ error: false, lists: [aiListOfRunners()] }).lists).toHaveLength(1);
    expect(
      aiListResponseSchema.parse({ error: false, list: aiListOfRunners() }).list.approximateMemberCount,
    ).toBe(120);
  });

  it('require the member estimate only from the single-list answer', () => {
    const noEstimate = without(aiListOfRunners(), ['approximateMemberCount']);
    expect(aiListsResponseSchema.safeParse({ error: false, lists: [noEstimate] }).success).toBe(true);
    expect(aiListResponseSchema.safeParse({ error: false, list: noEstimate }).success).toBe(false);
  });

  it('reject an unknown platform and a missing id', () => {
    expect(
      aiListResponseSchema.safeParse({
        error: false,
        list: withValue(aiListOfRunners(), ['platform'], 'twitch'),
      }).success,
    ).toBe(false);
    expect(
      aiListsResponseSchema.safeParse({ error: false, lists: [without(aiListOfRunners(), ['id'])] }).success,
    ).toBe(false);
  });

  it('read a members page that says more pages follow', () => {
    const page = aiListMembersResponseSchema.parse(aiListMembersFirstPage());
    expect(page.members).toEqual(['173560420', '99887766']);
    expect(page.more_available).toBe(true);
  });

  it('reject a members page with numeric ids or without the paging flag', () => {
    expect(
      aiListMembersResponseSchema.safeParse(withValue(aiListMembersFirstPage(), ['members', 0], 173560420))
        .success,
    ).toBe(false);
    expect(
      aiListMembersResponseSchema.safeParse(without(aiListMembersFirstPage(), ['more_available'])).success,
    ).toBe(false);
  });

  it('read add, remove and delete answers', () => {
    expect(aiListMembersAddResponseSchema.parse({ error: false, added: 2, total: 122 }).added).toBe(2);
    expect(aiListMembersRemoveResponseSchema.parse({ error: false, removed: 1, total: 121 }).removed).toBe(1);
    expect(aiListDeleteResponseSchema.parse({ error: false, listId: 'lst_01' }).listId).toBe('lst_01');
    expect(aiListMembersAddResponseSchema.safeParse({ error: false, removed: 2, total: 122 }).success).toBe(
      false,
    );
  });

  it('keep unknown fields of lists', () => {
    const body = { error: false, list: withValue(aiListOfRunners(), ['color'], 'blue'), quota: 20000 };
    expect(aiListResponseSchema.parse(body)).toMatchObject({ quota: 20000, list: { color: 'blue' } });
  });
});
