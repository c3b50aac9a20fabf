import {
  engagementRateBinSchema,
  instagramReportResponseSchema,
  REPORT_RESPONSE_SCHEMAS,
  tiktokReportResponseSchema,
  youtubeReportResponseSchema,
} from '../../../shared/responses/reports';
import { readAnswer } from '../../../shared/responses/tolerant';
import { driftByPath } from './drift-by-path';
import { withValue, without } from './fixtures/edit-path';
import {
  instagramReportOfFitnessCreator,
  tiktokBinsWithoutMedian,
  tiktokReportOfDanceCreator,
  vendorPartialStatHistory,
  youtubeReportAsPublicClientsShowIt,
  youtubeReportOfTechChannel,
  youtubeReportWithHandleOnly,
  youtubeReportWithOnlyUserId,
} from './fixtures/reports';

/** Report bodies that carry no report at all: the one thing a report answer must have. */
const BODIES_WITHOUT_A_REPORT: [string, unknown][] = [
  ['no profile', { error: false }],
  ['a null profile', { error: false, profile: null }],
  ['a profile that is text', { error: false, profile: 'ada.runs' }],
  ['a profile that is a list', { error: false, profile: [] }],
  ['a list', []],
  ['text', 'not json'],
  ['null', null],
];

describe('instagramReportResponseSchema', () => {
  const schema = instagramReportResponseSchema;
  const drift = (body: unknown) => driftByPath(schema, body);

  it('reads a full Instagram report with no drift', () => {
    const report = schema.parse(instagramReportOfFitnessCreator()).profile;
    expect(report.profile?.username).toBe('ada.runs');
    expect(report.hashtags).toEqual([{ tag: '#running', weight: 0.4 }]);
    expect(report.sponsoredPosts?.[0]?.sponsors?.[0]?.domain).toBe('nike.com');
    expect(report.statHistory?.[0]?.avgShares).toBe(12);
    expect(report.audience?.credibility).toBe(0.82);
    expect(report.accountType).toBe('Creator');
    expect(drift(instagramReportOfFitnessCreator())).toEqual([]);
  });

  it('reads history entries as partial as the vendor example, with no drift', () => {
    const report = schema.parse(vendorPartialStatHistory()).profile;
    expect(report.statHistory).toEqual([
      { month: '2024-02', followers: 49000, avgLikes: 1600 },
      { month: '2024-03', followers: 50200, avgLikes: 1620 },
      { month: '2024-04', followers: 51000, avgLikes: 1650 },
    ]);
    expect(drift(vendorPartialStatHistory())).toEqual([]);
  });

  it.each([
    ['userId'],
    ['hashtags'],
    ['mentions'],
    ['statsByContentType'],
    ['recentPosts'],
    ['popularPosts'],
    ['city'],
    ['country'],
    ['gender'],
    ['language'],
    ['contacts'],
    ['ageGroup'],
    ['postsCounts'],
    ['lookalikes'],
    ['audienceExtra'],
    ['paidPostPerformance'],
    ['stats'],
  ])('reads a report without %s, which no row needs, with no drift', (field) => {
    const body = without(instagramReportOfFitnessCreator(), ['profile', field]);
    expect(schema.safeParse(body).success).toBe(true);
    expect(drift(body)).toEqual([]);
  });

  it.each([
    ['profile'],
    ['audience'],
    ['accountType'],
    ['isPrivate'],
    ['isVerified'],
    ['postsCount'],
    ['avgLikes'],
    ['avgComments'],
    ['avgViews'],
    ['avgReelsPlays'],
    ['bio'],
    ['interests'],
    ['brandAffinity'],
    ['sponsoredPosts'],
    ['statHistory'],
    ['sponsoredPostsMedianViews'],
    ['sponsoredPostsMedianLikes'],
    ['nonSponsoredPostsMedianViews'],
    ['nonSponsoredPostsMedianLikes'],
    ['paidPostPerformanceViews'],
  ])('reads a report without the wanted %s, and reports exactly that', (field) => {
    const body = without(instagramReportOfFitnessCreator(), ['profile', field]);
    const report = schema.parse(body).profile;
    expect(report).not.toHaveProperty(field);
    expect(report.profile === undefined ? 'ada.runs' : report.profile.username).toBe('ada.runs');
    expect(drift(body)).toEqual([{ kind: 'missing', path: `profile.${field}` }]);
  });

  it('reports wanted fields missing inside the summary, the audience and the history', () => {
    let body = without(instagramReportOfFitnessCreator(), ['profile', 'profile', 'engagementRate']);
    body = withValue(body, ['profile', 'profile', 'followers'], null);
    body = without(body, ['profile', 'audience', 'credibility']);
    body = without(body, ['profile', 'audience', 'geoCountries']);
    body = withValue(
      body,
      ['profile', 'statHistory'],
      [{ followers: 1 }, { month: null }, { month: '2024-04' }],
    );
    const report = schema.parse(body).profile;
    expect(report.profile?.username).toBe('ada.runs');
    expect(report.audience?.genders).toHaveLength(2);
    expect(report.statHistory).toHaveLength(3);
    expect(drift(body)).toEqual([
      { kind: 'missing', path: 'profile.audience.credibility' },
      { kind: 'missing', path: 'profile.audience.geoCountries' },
      { kind: 'missing', path: 'profile.profile.engagementRate' },
      { kind: 'missing', path: 'profile.profile.followers' },
      { kind: 'missing', path: 'profile.statHistory[].month' },
    ]);
  });

  it('reads wanted fields of another type as empty and reports their paths', () => {
    let body = withValue(instagramReportOfFitnessCreator(), ['profile', 'avgLikes'], '1700');
    body = withValue(body, ['profile', 'isPrivate'], 'false');
    body = withValue(body, ['profile', 'profile', 'followers'], '52K');
    body = withValue(body, ['profile', 'sponsoredPosts'], { count: 1 });
    const report = schema.parse(body).profile;
    expect(report.avgLikes).toBeUndefined();
    expect(report.isPrivate).toBeUndefined();
    expect(report.profile?.followers).toBeUndefined();
    expect(report.sponsoredPosts).toBeUndefined();
    expect(drift(body)).toEqual([
      { kind: 'wrong_type', path: 'profile.avgLikes' },
      { kind: 'wrong_type', path: 'profile.isPrivate' },
      { kind: 'wrong_type', path: 'profile.profile.followers' },
      { kind: 'wrong_type', path: 'profile.sponsoredPosts' },
    ]);
  });

  it('reads optional fields of another type as empty, silently', () => {
    let body = withValue(instagramReportOfFitnessCreator(), ['profile', 'hashtags', 0, 'weight'], '0.4');
    body = withValue(body, ['profile', 'sponsoredPosts', 0, 'likes'], 'many');
    body = withValue(body, ['profile', 'city'], 12);
    const report = schema.parse(body).profile;
    expect(report.hashtags).toEqual([{ tag: '#running' }]);
    expect(report.sponsoredPosts?.[0]?.likes).toBeUndefined();
    expect(report.city).toBeUndefined();
    expect(drift(body)).toEqual([]);
  });

  it('keeps interest ids sent as text', () => {
    const body = withValue(instagramReportOfFitnessCreator(), ['profile', 'interests', 0, 'id'], '13');
    expect(schema.parse(body).profile.interests).toEqual([{ id: '13', name: 'Fitness & Yoga' }]);
    expect(drift(body)).toEqual([]);
  });

  it('passes unknown gender, account type and age group through as text, and reports each', () => {
    let body = withValue(instagramReportOfFitnessCreator(), ['profile', 'gender'], 'OTHER');
    body = withValue(body, ['profile', 'accountType'], 'Personal');
    body = withValue(body, ['profile', 'ageGroup'], '18-25');
    const report = schema.parse(body).profile;
    expect([report.gender, report.accountType, report.ageGroup]).toEqual(['OTHER', 'Personal', '18-25']);
    expect(drift(body)).toEqual([
      { kind: 'unknown_value', path: 'profile.accountType', value: 'Personal' },
      { kind: 'unknown_value', path: 'profile.ageGroup', value: '18-25' },
      { kind: 'unknown_value', path: 'profile.gender', value: 'OTHER' },
    ]);
  });

  it('knows the documented age group 13-17', () => {
    expect(drift(withValue(instagramReportOfFitnessCreator(), ['profile', 'ageGroup'], '13-17'))).toEqual([]);
  });

  it('keeps unknown fields at every level', () => {
    let body = withValue(instagramReportOfFitnessCreator(), ['cached'], true);
    body = withValue(body, ['profile', 'newMetric'], 7);
    body = withValue(body, ['profile', 'audience', 'ageSplit'], [1]);
    body = withValue(body, ['profile', 'statHistory', 0, 'avgSaves'], 3);
    body = withValue(body, ['profile', 'sponsoredPosts', 0, 'sponsors', 0, 'verified'], true);
    const parsed = schema.parse(body);
    expect(parsed).toMatchObject({
      cached: true,
      profile: {
        newMetric: 7,
        audience: { ageSplit: [1] },
        statHistory: [{ avgSaves: 3 }],
        sponsoredPosts: [{ image: 'https://cdn.example/c2-full.jpg', sponsors: [{ verified: true }] }],
      },
    });
    expect(parsed.profile.stats).toEqual({ avgLikes: { value: 1700 } });
    expect(drift(body)).toEqual([]);
  });

  it.each(BODIES_WITHOUT_A_REPORT)('rejects a body with %s', (_, body) => {
    const reading = readAnswer(schema, body);
    expect(reading.ok).toBe(false);
  });

  it('names the missing profile when it rejects', () => {
    expect(readAnswer(schema, { error: false })).toEqual({
      ok: false,
      problems: ['profile: Invalid input: expected object, received undefined'],
    });
  });
});

describe('tiktokReportResponseSchema', () => {
  const schema = tiktokReportResponseSchema;
  const drift = (body: unknown) => driftByPath(schema, body);

  it('reads a full TikTok report with no drift', () => {
    const report = schema.parse(tiktokReportOfDanceCreator()).profile;
    expect(report.profile?.averageViews).toBe(140000);
    expect(report.statsByContentType?.all?.statHistory?.[0]?.avgSaves).toBe(700);
    expect(report.audience?.audienceReachability?.map((bucket) => bucket.code)).toEqual([
      '-500',
      '500-1000',
      '1000-1500',
      '1500-',
    ]);
    expect(report.contacts).toEqual([{ value: 'cy@example.com', type: 'email' }]);
    expect(report.totalLikes).toBe(12000000);
    expect(drift(tiktokReportOfDanceCreator())).toEqual([]);
  });

  it('reads a histogram whose bins mark no median, as the vendor example does, with no drift', () => {
    const report = schema.parse(tiktokBinsWithoutMedian()).profile;
    expect(report.audienceExtra?.engagementRateDistribution).toEqual([
      { min: 0, max: 0.05, total: 120 },
      { min: 0.05, max: 0.1, total: 300 },
      { min: 0.1, max: 0.2, total: 80 },
    ]);
    expect(drift(tiktokBinsWithoutMedian())).toEqual([]);
  });

  it('reads a histogram with two median bins: no refinement may reject a paid report', () => {
    const body = withValue(
      tiktokReportOfDanceCreator(),
      ['profile', 'audienceExtra', 'engagementRateDistribution', 0, 'median'],
      true,
    );
    const bins = schema.parse(body).profile.audienceExtra?.engagementRateDistribution;
    expect(bins?.filter((bin) => bin.median === true)).toHaveLength(2);
    expect(drift(body)).toEqual([]);
  });

  it('reads a bin of bare numbers', () => {
    expect(engagementRateBinSchema.parse({ min: 0, max: 0.1 })).toEqual({ min: 0, max: 0.1 });
    expect(engagementRateBinSchema.parse({ total: 'n/a', median: 'yes' })).toEqual({});
  });

  it.each([
    ['userId'],
    ['secUid'],
    ['audience'],
    ['statsByContentType'],
    ['recentPosts'],
    ['popularPosts'],
    ['contacts'],
    ['ageGroup'],
    ['gender'],
    ['country'],
    ['interests'],
    ['lookalikes'],
    ['audienceExtra'],
    ['paidPostPerformance'],
  ])('reads a report without %s, which no row needs, with no drift', (field) => {
    const body = without(tiktokReportOfDanceCreator(), ['profile', field]);
    expect(schema.safeParse(body).success).toBe(true);
    expect(drift(body)).toEqual([]);
  });

  it.each([
    ['profile'],
    ['isPrivate'],
    ['isVerified'],
    ['postsCount'],
    ['totalLikes'],
    ['bio'],
    ['sponsoredPosts'],
    ['sponsoredPostsMedianViews'],
    ['sponsoredPostsMedianLikes'],
    ['nonSponsoredPostsMedianViews'],
    ['nonSponsoredPostsMedianLikes'],
    ['paidPostPerformanceViews'],
  ])('reads a report without the wanted %s, and reports exactly that', (field) => {
    const body = without(tiktokReportOfDanceCreator(), ['profile', field]);
    expect(schema.parse(body).profile).not.toHaveProperty(field);
    expect(drift(body)).toEqual([{ kind: 'missing', path: `profile.${field}` }]);
  });

  it('reports the wanted averageViews and audience notable share, and nothing optional inside', () => {
    let body = without(tiktokReportOfDanceCreator(), ['profile', 'profile', 'averageViews']);
    body = without(body, ['profile', 'profile', 'fullname']);
    body = without(body, ['profile', 'audience', 'notable']);
    body = without(body, ['profile', 'audience', 'audienceReachability']);
    body = without(body, ['profile', 'recentPosts', 0, 'thumbnail']);
    body = without(body, ['profile', 'contacts', 0, 'value']);
    body = without(body, ['profile', 'sponsoredPosts', 0, 'title']);
    body = without(body, ['profile', 'audienceExtra', 'engagementRateDistribution', 0, 'total']);
    const report = schema.parse(body).profile;
    expect(report.profile?.username).toBe('cy.dances');
    expect(report.audience?.languages).toEqual([{ code: 'en', weight: 0.8 }]);
    expect(drift(body)).toEqual([
      { kind: 'missing', path: 'profile.audience.notable' },
      { kind: 'missing', path: 'profile.profile.averageViews' },
    ]);
  });

  it('passes unknown age groups and reachability buckets through, and reports them', () => {
    let body = withValue(tiktokReportOfDanceCreator(), ['profile', 'ageGroup'], '13-17');
    body = withValue(body, ['profile', 'audience', 'audienceReachability', 0, 'code'], '0-500');
    body = withValue(body, ['profile', 'audience', 'audienceReachability', 3, 'code'], '2000-');
    const report = schema.parse(body).profile;
    expect(report.ageGroup).toBe('13-17');
    expect(report.audience?.audienceReachability?.[0]?.code).toBe('0-500');
    expect(drift(body)).toEqual([
      { kind: 'unknown_value', path: 'profile.ageGroup', value: '13-17' },
      { kind: 'unknown_value', path: 'profile.audience.audienceReachability[].code', value: '0-500' },
      { kind: 'unknown_value', path: 'profile.audience.audienceReachability[].code', value: '2000-' },
    ]);
  });

  it('reads an optional field of another type as empty, silently', () => {
    const body = withValue(
      tiktokReportOfDanceCreator(),
      ['profile', 'sponsoredPosts', 0, 'sponsors', 0, 'logo_url'],
      5,
    );
    expect(schema.parse(body).profile.sponsoredPosts?.[0]?.sponsors?.[0]).toEqual({
      domain: 'brand.example',
    });
    expect(drift(body)).toEqual([]);
  });

  it('keeps unknown fields at every level', () => {
    let body = withValue(tiktokReportOfDanceCreator(), ['requestId'], 'r-9');
    body = withValue(body, ['profile', 'profile', 'region'], 'US');
    body = withValue(body, ['profile', 'audienceExtra', 'followersRange', 'bins'], 10);
    expect(schema.parse(body)).toMatchObject({
      requestId: 'r-9',
      profile: { profile: { region: 'US' }, audienceExtra: { followersRange: { bins: 10 } } },
    });
  });

  it.each(BODIES_WITHOUT_A_REPORT)('rejects a body with %s', (_, body) => {
    expect(readAnswer(schema, body).ok).toBe(false);
  });
});

describe('youtubeReportResponseSchema', () => {
  const schema = youtubeReportResponseSchema;
  const drift = (body: unknown) => driftByPath(schema, body);

  it('reads a TikTok-like YouTube report with no drift', () => {
    const report = schema.parse(youtubeReportOfTechChannel()).profile;
    expect(report.profile?.averageViews).toBe(250000);
    expect(report.audience?.genders?.[0]?.code).toBe('MALE');
    expect(drift(youtubeReportOfTechChannel())).toEqual([]);
  });

  it('reads a YouTube report as public clients show it: description, totalViews, handle', () => {
    const report = schema.parse(youtubeReportAsPublicClientsShowIt()).profile;
    expect(report.description).toBe('Honest reviews of phones and laptops.');
    expect(report.totalViews).toBe(412000000);
    expect(report.profile?.handle).toBe('@gadgetlab');
    expect(report.profile?.engagements).toBeUndefined();
    expect(report.lookalikesByTopics).toEqual([{ userId: 'UCother00000000000000000', username: 'techtalk' }]);
    expect(report.audienceCommenters).toEqual({ genders: [{ code: 'MALE', weight: 0.9 }], credibility: 0.7 });
  });

  it('reads a channel named by its handle only', () => {
    const report = schema.parse(youtubeReportWithHandleOnly()).profile;
    expect(report.profile?.username).toBeUndefined();
    expect(report.profile?.handle).toBe('@gadgetlab');
  });

  // Bug in shared/responses/reports.ts (reported, not fixed here): the file says every YouTube field
  // is optional and its drift "not worth an alarm", but youtubeReportSchema reuses
  // influencerProfileSchema, whose username / url / picture / followers / engagements /
  // engagementRate are wanted, so this answer is reported as missing profile.profile.engagements
  // and profile.profile.engagementRate.
  it('reports no drift for a YouTube report as public clients show it', () => {
    expect(drift(youtubeReportAsPublicClientsShowIt())).toEqual([]);
  });

  it('reads a report that carries only its user id, and counts its missing channel summary as drift', () => {
    expect(schema.parse(youtubeReportWithOnlyUserId()).profile).toEqual({ userId: 'UC0000000001' });
    // A row of it would name no channel: that is an answer whose rows are gone, for an admin to see.
    expect(drift(youtubeReportWithOnlyUserId())).toEqual([{ kind: 'missing', path: 'profile.profile' }]);
  });

  it('counts a channel summary that names the channel by neither username, handle nor id as drift', () => {
    const body = without(without(youtubeReportOfTechChannel(), ['profile', 'profile', 'username']), [
      'profile',
      'profile',
      'userId',
    ]);
    expect(drift(body)).toEqual([{ kind: 'missing', path: 'profile.profile.username|handle|userId' }]);
  });

  it('reads fields of another type as empty, silently, and a report without userId', () => {
    let body = withValue(youtubeReportOfTechChannel(), ['profile', 'isVerified'], 'yes');
    body = withValue(body, ['profile', 'totalViews'], '412M');
    body = without(body, ['profile', 'userId']);
    const report = schema.parse(body).profile;
    expect(report.isVerified).toBeUndefined();
    expect(report.totalViews).toBeUndefined();
    expect(drift(body)).toEqual([]);
  });

  it('keeps unknown fields', () => {
    const body = withValue(youtubeReportOfTechChannel(), ['profile', 'channelTrailer'], 'abc');
    expect(schema.parse(body).profile).toMatchObject({ channelTrailer: 'abc' });
  });

  it.each(BODIES_WITHOUT_A_REPORT)('rejects a body with %s', (_, body) => {
    expect(readAnswer(schema, body).ok).toBe(false);
  });
});

describe('REPORT_RESPONSE_SCHEMAS', () => {
  it('reads any platform report without rejecting it; drift shows what the platform lacks', () => {
    expect(REPORT_RESPONSE_SCHEMAS.tiktok.safeParse(tiktokReportOfDanceCreator()).success).toBe(true);
    expect(REPORT_RESPONSE_SCHEMAS.youtube.safeParse(youtubeReportWithOnlyUserId()).success).toBe(true);
    const tiktokAsInstagram = readAnswer(REPORT_RESPONSE_SCHEMAS.instagram, tiktokReportOfDanceCreator());
    expect(tiktokAsInstagram.ok).toBe(true);
    expect(tiktokAsInstagram.ok && tiktokAsInstagram.drift.map((finding) => finding.path)).toEqual(
      expect.arrayContaining([
        'profile.audience.credibility',
        'profile.accountType',
        'profile.avgReelsPlays',
      ]),
    );
  });
});
