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
import { readAnswer } from '../../../shared/responses/tolerant';
import { driftByPath } from './drift-by-path';
import { aiImageSearchPageOfOne, aiListMembersFirstPage, aiListOfRunners } from './fixtures/ai-search';
import { withValue, without } from './fixtures/edit-path';

describe('aiSearchResponseSchema', () => {
  const schema = aiSearchResponseSchema;
  const drift = (body: unknown) => driftByPath(schema, body);

  it('reads a page of profiles with hidden likes kept as -1, with no drift', () => {
    const page = schema.parse(aiImageSearchPageOfOne());
    expect(page.total).toBe(412);
    expect(page.profiles[0]?.engagementRate).toBe(3.46);
    expect(page.profiles[0]?.matchedPosts?.[0]?.stats?.likesCount).toBe(HIDDEN_COUNT);
    expect(drift(aiImageSearchPageOfOne())).toEqual([]);
  });

  it.each([
    ['userId'],
    ['fullName'],
    ['profilePicture'],
    ['viewsCountMedian'],
    ['viewsCountMean'],
    ['followersGrowthRate'],
    ['recentPosts'],
  ])('reads a profile without %s, which no row needs, with no drift', (field) => {
    const body = without(aiImageSearchPageOfOne(), ['profiles', 0, field]);
    expect(schema.parse(body).profiles[0]?.username).toBe('ada.runs');
    expect(drift(body)).toEqual([]);
  });

  it.each([
    ['username'],
    ['followersCount'],
    ['engagementRate'],
    ['postingFrequency'],
    ['matchedPosts'],
    ['accountCategory'],
  ])('reads a profile without the wanted %s, and reports exactly that', (field) => {
    const body = without(aiImageSearchPageOfOne(), ['profiles', 0, field]);
    expect(schema.parse(body).profiles[0]).not.toHaveProperty(field);
    expect(drift(body)).toEqual([{ kind: 'missing', path: `profiles[].${field}` }]);
  });

  it('reports a matched post without stats or url, a page without total, and reads a string count as none', () => {
    let body = without(aiImageSearchPageOfOne(), ['profiles', 0, 'matchedPosts', 0, 'stats']);
    body = without(body, ['profiles', 0, 'matchedPosts', 0, 'url']);
    body = without(body, ['total']);
    expect(drift(body)).toEqual([
      { kind: 'missing', path: 'profiles[].matchedPosts[].stats' },
      { kind: 'missing', path: 'profiles[].matchedPosts[].url' },
      { kind: 'missing', path: 'total' },
    ]);
    const stringCount = withValue(
      aiImageSearchPageOfOne(),
      ['profiles', 0, 'matchedPosts', 0, 'stats', 'playsCount'],
      '10',
    );
    expect(schema.parse(stringCount).profiles[0]?.matchedPosts?.[0]?.stats).toEqual({
      likesCount: -1,
      commentsCount: 40,
    });
    expect(drift(stringCount)).toEqual([]);
  });

  it('keeps unknown fields at every level', () => {
    let body = withValue(aiImageSearchPageOfOne(), ['searchId'], 's1');
    body = withValue(body, ['profiles', 0, 'country'], 'DE');
    body = withValue(body, ['profiles', 0, 'matchedPosts', 0, 'stats', 'savesCount'], 4);
    expect(schema.parse(body)).toMatchObject({
      searchId: 's1',
      profiles: [{ country: 'DE', matchedPosts: [{ stats: { savesCount: 4 } }] }],
    });
  });

  it('rejects a page whose profiles are not a list', () => {
    expect(readAnswer(schema, without(aiImageSearchPageOfOne(), ['profiles'])).ok).toBe(false);
    expect(readAnswer(schema, withValue(aiImageSearchPageOfOne(), ['profiles'], {})).ok).toBe(false);
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

  it('read counts sent as text as none, silently, and report items without their name', () => {
    const hashtags = { error: false, hashtags: [{ tag: 'running', postCount: '900' }] };
    expect(aiHashtagsResponseSchema.parse(hashtags).hashtags[0]).toEqual({ tag: 'running' });
    expect(driftByPath(aiHashtagsResponseSchema, hashtags)).toEqual([]);
    const brands = { error: false, brands: [{ id: 1 }, { name: 'Nike' }] };
    expect(aiBrandsResponseSchema.parse(brands).brands).toEqual([{ id: 1 }, { name: 'Nike' }]);
    expect(driftByPath(aiBrandsResponseSchema, brands)).toEqual([{ kind: 'missing', path: 'brands[].name' }]);
    const mentions = { error: false, mentions: [{ postCount: 3 }] };
    expect(driftByPath(aiMentionsResponseSchema, mentions)).toEqual([
      { kind: 'missing', path: 'mentions[].username' },
    ]);
  });

  it('keep unknown fields', () => {
    const parsed = aiBrandsResponseSchema.parse({
      error: false,
      brands: [{ name: 'Nike', domain: 'nike.com' }],
    });
    expect(parsed.brands[0]).toEqual({ name: 'Nike', domain: 'nike.com' });
  });

  it('reject an answer whose list is not a list', () => {
    expect(readAnswer(aiBrandsResponseSchema, { error: false }).ok).toBe(false);
    expect(readAnswer(aiHashtagsResponseSchema, { error: false, hashtags: 'running' }).ok).toBe(false);
  });
});

describe('AI lists', () => {
  it('read list metadata from create, list-all and get, with no drift', () => {
    const created = { error: false, list: without(aiListOfRunners(), ['approximateMemberCount']) };
    expect(aiListCreateResponseSchema.parse(created).list.name).toBe('Runners');
    expect(driftByPath(aiListCreateResponseSchema, created)).toEqual([]);
    expect(aiListsResponseSchema.parse({ error: false, lists: [aiListOfRunners()] }).lists).toHaveLength(1);
    const got = { error: false, list: aiListOfRunners() };
    expect(aiListResponseSchema.parse(got).list.approximateMemberCount).toBe(120);
    expect(driftByPath(aiListResponseSchema, got)).toEqual([]);
  });

  it('want the member estimate only from the single-list answer', () => {
    const noEstimate = without(aiListOfRunners(), ['approximateMemberCount']);
    expect(driftByPath(aiListsResponseSchema, { error: false, lists: [noEstimate] })).toEqual([]);
    expect(
      aiListResponseSchema.parse({ error: false, list: noEstimate }).list.approximateMemberCount,
    ).toBeUndefined();
    expect(driftByPath(aiListResponseSchema, { error: false, list: noEstimate })).toEqual([
      { kind: 'missing', path: 'list.approximateMemberCount' },
    ]);
  });

  it('pass an unknown platform through as text, and report it', () => {
    const body = { error: false, list: withValue(aiListOfRunners(), ['platform'], 'twitch') };
    expect(aiListResponseSchema.parse(body).list.platform).toBe('twitch');
    expect(driftByPath(aiListResponseSchema, body)).toEqual([
      { kind: 'unknown_value', path: 'list.platform', value: 'twitch' },
    ]);
  });

  it('reject a list without the id that names it, or with an empty one', () => {
    const lists = (list: unknown) => readAnswer(aiListsResponseSchema, { error: false, lists: [list] });
    expect(lists(without(aiListOfRunners(), ['id']))).toMatchObject({ ok: false });
    expect(lists(withValue(aiListOfRunners(), ['id'], ''))).toMatchObject({ ok: false });
    expect(readAnswer(aiListCreateResponseSchema, { error: false }).ok).toBe(false);
  });

  it('read a list id sent as a number as its text, with no drift, in every list answer', () => {
    const numbered = withValue(aiListOfRunners(), ['id'], 4711);
    expect(aiListsResponseSchema.parse({ error: false, lists: [numbered] }).lists[0].id).toBe('4711');
    expect(aiListResponseSchema.parse({ error: false, list: numbered }).list.id).toBe('4711');
    expect(aiListCreateResponseSchema.parse({ error: false, list: numbered }).list.id).toBe('4711');
    expect(driftByPath(aiListResponseSchema, { error: false, list: numbered })).toEqual([]);
    expect(aiListDeleteResponseSchema.parse({ error: false, listId: 4711 }).listId).toBe('4711');
    expect(aiListMembersResponseSchema.parse({ ...aiListMembersFirstPage(), listId: 4711 }).listId).toBe(
      '4711',
    );
  });

  it('read a members page that says more pages follow, with no drift', () => {
    const page = aiListMembersResponseSchema.parse(aiListMembersFirstPage());
    expect(page.members).toEqual(['173560420', '99887766']);
    expect(page.more_available).toBe(true);
    expect(driftByPath(aiListMembersResponseSchema, aiListMembersFirstPage())).toEqual([]);
  });

  it('report a members page without its paging flag', () => {
    expect(
      driftByPath(aiListMembersResponseSchema, without(aiListMembersFirstPage(), ['more_available'])),
    ).toEqual([{ kind: 'missing', path: 'more_available' }]);
  });

  it('read members sent as numbers or as objects naming them, with no drift', () => {
    const body = {
      ...aiListMembersFirstPage(),
      members: [173560420, { userId: '99887766' }, { user_id: 5 }, { id: 'UC1' }],
    };
    expect(aiListMembersResponseSchema.parse(body).members).toEqual(['173560420', '99887766', '5', 'UC1']);
    expect(driftByPath(aiListMembersResponseSchema, body)).toEqual([]);
  });

  it('keep every readable member when some are not, and report those', () => {
    const body = {
      ...aiListMembersFirstPage(),
      members: ['173560420', null, { name: 'no id' }, '', true, '99887766'],
    };
    expect(aiListMembersResponseSchema.parse(body).members).toEqual(['173560420', '99887766']);
    expect(driftByPath(aiListMembersResponseSchema, body)).toEqual([
      { kind: 'missing', path: 'members[]' },
      { kind: 'wrong_type', path: 'members[]' },
    ]);
  });

  it('read add, remove and delete answers, and report a count under another name', () => {
    expect(aiListMembersAddResponseSchema.parse({ error: false, added: 2, total: 122 }).added).toBe(2);
    expect(aiListMembersRemoveResponseSchema.parse({ error: false, removed: 1, total: 121 }).removed).toBe(1);
    expect(aiListDeleteResponseSchema.parse({ error: false, listId: 'lst_01' }).listId).toBe('lst_01');
    expect(driftByPath(aiListMembersAddResponseSchema, { error: false, removed: 2, total: 122 })).toEqual([
      { kind: 'missing', path: 'added' },
    ]);
  });

  it('keep unknown fields of lists', () => {
    const body = { error: false, list: withValue(aiListOfRunners(), ['color'], 'blue'), quota: 20000 };
    expect(aiListResponseSchema.parse(body)).toMatchObject({ quota: 20000, list: { color: 'blue' } });
  });
});
