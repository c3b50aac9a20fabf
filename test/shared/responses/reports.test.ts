import {
  engagementRateDistributionSchema,
  instagramReportResponseSchema,
  REPORT_RESPONSE_SCHEMAS,
  tiktokReportResponseSchema,
  youtubeReportResponseSchema,
} from '../../../shared/responses/reports';
import { withValue, without } from './fixtures/edit-path';
import {
  instagramReportOfFitnessCreator,
  tiktokReportOfDanceCreator,
  youtubeReportOfTechChannel,
  youtubeReportWithOnlyUserId,
} from './fixtures/reports';

const ok = (result: { success: boolean }) => result.success;

describe('instagramReportResponseSchema', () => {
  const parse = (body: unknown) => instagramReportResponseSchema.safeParse(body);

  it('reads a full Instagram report', () => {
    const report = instagramReportResponseSchema.parse(instagramReportOfFitnessCreator()).profile;
    expect(report.profile?.username).toBe('ada.runs');
    expect(report.hashtags).toEqual([{ tag: '#running', weight: 0.4 }]);
    expect(report.sponsoredPosts[0]?.sponsors?.[0]?.domain).toBe('nike.com');
    expect(report.statHistory[0]?.avgShares).toBe(12);
    expect(report.audience?.credibility).toBe(0.82);
  });

  it.each([
    ['profile'],
    ['statsByContentType'],
    ['audience'],
    ['recentPosts'],
    ['popularPosts'],
    ['city'],
    ['gender'],
    ['language'],
    ['contacts'],
    ['ageGroup'],
    ['audienceExtra'],
    ['paidPostPerformance'],
  ])('accepts a report without the optional %s', (field) => {
    expect(ok(parse(without(instagramReportOfFitnessCreator(), ['profile', field])))).toBe(true);
  });

  it('accepts optional fields missing inside sponsored posts, history and lookalikes', () => {
    let body = without(instagramReportOfFitnessCreator(), ['profile', 'sponsoredPosts', 0, 'likes']);
    body = without(body, ['profile', 'sponsoredPosts', 0, 'image']);
    body = without(body, ['profile', 'sponsoredPosts', 0, 'sponsors']);
    body = without(body, ['profile', 'statHistory', 0, 'avgShares']);
    body = without(body, ['profile', 'lookalikes', 0, 'userId']);
    expect(ok(parse(body))).toBe(true);
  });

  it.each([
    ['userId'],
    ['hashtags'],
    ['isVerified'],
    ['accountType'],
    ['avgReelsPlays'],
    ['bio'],
    ['brandAffinity'],
    ['sponsoredPosts'],
    ['statHistory'],
    ['lookalikes'],
    ['nonSponsoredPostsMedianLikes'],
  ])('rejects a report without the required %s', (field) => {
    expect(ok(parse(without(instagramReportOfFitnessCreator(), ['profile', field])))).toBe(false);
  });

  it('rejects required nested fields that are missing', () => {
    expect(
      ok(parse(without(instagramReportOfFitnessCreator(), ['profile', 'sponsoredPosts', 0, 'thumbnail']))),
    ).toBe(false);
    expect(
      ok(parse(without(instagramReportOfFitnessCreator(), ['profile', 'statHistory', 0, 'month']))),
    ).toBe(false);
    expect(
      ok(parse(without(instagramReportOfFitnessCreator(), ['profile', 'lookalikes', 0, 'picture']))),
    ).toBe(false);
  });

  it('rejects documented fields of the wrong type', () => {
    const body = instagramReportOfFitnessCreator();
    expect(ok(parse(withValue(body, ['profile', 'avgLikes'], '1700')))).toBe(false);
    expect(ok(parse(withValue(body, ['profile', 'hashtags', 0, 'weight'], '0.4')))).toBe(false);
    expect(ok(parse(withValue(body, ['profile', 'isPrivate'], 'false')))).toBe(false);
    expect(ok(parse(withValue(body, ['profile', 'interests', 0, 'id'], '13')))).toBe(false);
  });

  it('holds gender, account type and age group to their documented values', () => {
    const body = instagramReportOfFitnessCreator();
    expect(ok(parse(withValue(body, ['profile', 'gender'], 'OTHER')))).toBe(false);
    expect(ok(parse(withValue(body, ['profile', 'accountType'], 'Personal')))).toBe(false);
    expect(ok(parse(withValue(body, ['profile', 'ageGroup'], '13-17')))).toBe(true);
    expect(ok(parse(withValue(body, ['profile', 'ageGroup'], '18-25')))).toBe(false);
  });

  it('keeps unknown fields at every level', () => {
    let body = withValue(instagramReportOfFitnessCreator(), ['cached'], true);
    body = withValue(body, ['profile', 'newMetric'], 7);
    body = withValue(body, ['profile', 'audience', 'ageSplit'], [1]);
    body = withValue(body, ['profile', 'statHistory', 0, 'avgSaves'], 3);
    const parsed = instagramReportResponseSchema.parse(body);
    expect(parsed).toMatchObject({
      cached: true,
      profile: { newMetric: 7, audience: { ageSplit: [1] }, statHistory: [{ avgSaves: 3 }] },
    });
    expect(parsed.profile.stats).toEqual({ avgLikes: { value: 1700 } });
  });

  it('rejects a body flagged as an error', () => {
    expect(ok(parse(withValue(instagramReportOfFitnessCreator(), ['error'], true)))).toBe(false);
  });
});

describe('tiktokReportResponseSchema', () => {
  const parse = (body: unknown) => tiktokReportResponseSchema.safeParse(body);

  it('reads a full TikTok report', () => {
    const report = tiktokReportResponseSchema.parse(tiktokReportOfDanceCreator()).profile;
    expect(report.profile?.averageViews).toBe(140000);
    expect(report.statsByContentType?.all?.statHistory[0]?.avgSaves).toBe(700);
    expect(report.audience?.audienceReachability?.map((bucket) => bucket.code)).toEqual([
      '-500',
      '500-1000',
      '1000-1500',
      '1500-',
    ]);
    expect(report.contacts).toEqual([{ value: 'cy@example.com', type: 'email' }]);
  });

  it.each([
    ['profile'],
    ['audience'],
    ['statsByContentType'],
    ['recentPosts'],
    ['popularPosts'],
    ['contacts'],
    ['ageGroup'],
    ['gender'],
    ['country'],
    ['audienceExtra'],
    ['paidPostPerformance'],
  ])('accepts a report without the optional %s', (field) => {
    expect(ok(parse(without(tiktokReportOfDanceCreator(), ['profile', field])))).toBe(true);
  });

  it('accepts a report without the optional audience reachability, post counts or sponsors', () => {
    let body = without(tiktokReportOfDanceCreator(), ['profile', 'audience', 'audienceReachability']);
    body = without(body, ['profile', 'recentPosts', 0, 'views']);
    body = without(body, ['profile', 'sponsoredPosts', 0, 'sponsors']);
    body = without(body, ['profile', 'profile', 'fullname']);
    expect(ok(parse(body))).toBe(true);
  });

  it.each([
    ['userId'],
    ['secUid'],
    ['isPrivate'],
    ['postsCount'],
    ['totalLikes'],
    ['bio'],
    ['interests'],
    ['lookalikes'],
  ])('rejects a report without the required %s', (field) => {
    expect(ok(parse(without(tiktokReportOfDanceCreator(), ['profile', field])))).toBe(false);
  });

  it('rejects missing required nested fields', () => {
    const body = tiktokReportOfDanceCreator();
    expect(ok(parse(without(body, ['profile', 'profile', 'averageViews'])))).toBe(false);
    expect(ok(parse(without(body, ['profile', 'audience', 'notable'])))).toBe(false);
    expect(ok(parse(without(body, ['profile', 'recentPosts', 0, 'thumbnail'])))).toBe(false);
    expect(ok(parse(without(body, ['profile', 'contacts', 0, 'value'])))).toBe(false);
    expect(ok(parse(without(body, ['profile', 'audienceExtra', 'followersRange'])))).toBe(false);
    expect(ok(parse(without(body, ['profile', 'sponsoredPosts', 0, 'title'])))).toBe(false);
    expect(
      ok(parse(without(body, ['profile', 'audienceExtra', 'engagementRateDistribution', 0, 'total']))),
    ).toBe(false);
  });

  it('rejects documented fields of the wrong type or value', () => {
    const body = tiktokReportOfDanceCreator();
    expect(ok(parse(withValue(body, ['profile', 'totalLikes'], '12M')))).toBe(false);
    expect(
      ok(parse(withValue(body, ['profile', 'audience', 'audienceReachability', 0, 'code'], '0-500'))),
    ).toBe(false);
    expect(ok(parse(withValue(body, ['profile', 'ageGroup'], '13-17')))).toBe(false);
    expect(ok(parse(withValue(body, ['profile', 'sponsoredPosts', 0, 'sponsors', 0, 'logo_url'], 5)))).toBe(
      false,
    );
  });

  it('keeps unknown fields at every level', () => {
    let body = withValue(tiktokReportOfDanceCreator(), ['requestId'], 'r-9');
    body = withValue(body, ['profile', 'profile', 'region'], 'US');
    body = withValue(body, ['profile', 'audienceExtra', 'followersRange', 'bins'], 10);
    const parsed = tiktokReportResponseSchema.parse(body);
    expect(parsed).toMatchObject({
      requestId: 'r-9',
      profile: { profile: { region: 'US' }, audienceExtra: { followersRange: { bins: 10 } } },
    });
  });
});

describe('engagementRateDistributionSchema', () => {
  const bin = (median?: boolean) => ({
    min: 0,
    max: 0.1,
    total: 5,
    ...(median === undefined ? {} : { median }),
  });

  it('accepts exactly one median bin, whatever the other bins say', () => {
    expect(engagementRateDistributionSchema.safeParse([bin(), bin(true), bin(false)]).success).toBe(true);
  });

  it('rejects a histogram with no median bin', () => {
    const result = engagementRateDistributionSchema.safeParse([bin(false), bin()]);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/exactly one bin/);
  });

  it('rejects a histogram with two median bins', () => {
    expect(engagementRateDistributionSchema.safeParse([bin(true), bin(true)]).success).toBe(false);
  });

  it('accepts an empty histogram', () => {
    expect(engagementRateDistributionSchema.safeParse([]).success).toBe(true);
  });

  it('fails the whole report when its histogram has two medians', () => {
    const body = withValue(
      tiktokReportOfDanceCreator(),
      ['profile', 'audienceExtra', 'engagementRateDistribution', 0, 'median'],
      true,
    );
    expect(tiktokReportResponseSchema.safeParse(body).success).toBe(false);
  });
});

describe('youtubeReportResponseSchema', () => {
  it('reads a TikTok-like YouTube report', () => {
    const report = youtubeReportResponseSchema.parse(youtubeReportOfTechChannel()).profile;
    expect(report.profile?.averageViews).toBe(250000);
    expect(report.audience?.genders?.[0]?.code).toBe('MALE');
  });

  it('accepts a report that carries only userId', () => {
    expect(youtubeReportResponseSchema.safeParse(youtubeReportWithOnlyUserId()).success).toBe(true);
  });

  it('still checks the types of what is present', () => {
    expect(
      youtubeReportResponseSchema.safeParse(
        withValue(youtubeReportOfTechChannel(), ['profile', 'isVerified'], 'yes'),
      ).success,
    ).toBe(false);
    expect(
      youtubeReportResponseSchema.safeParse(without(youtubeReportOfTechChannel(), ['profile', 'userId']))
        .success,
    ).toBe(false);
  });

  it('keeps unknown fields', () => {
    const body = withValue(youtubeReportOfTechChannel(), ['profile', 'channelTrailer'], 'abc');
    expect(youtubeReportResponseSchema.parse(body).profile).toMatchObject({ channelTrailer: 'abc' });
  });
});

describe('REPORT_RESPONSE_SCHEMAS', () => {
  it('holds each platform to its own shape', () => {
    expect(REPORT_RESPONSE_SCHEMAS.instagram.safeParse(tiktokReportOfDanceCreator()).success).toBe(false);
    expect(REPORT_RESPONSE_SCHEMAS.tiktok.safeParse(tiktokReportOfDanceCreator()).success).toBe(true);
    expect(REPORT_RESPONSE_SCHEMAS.youtube.safeParse(youtubeReportWithOnlyUserId()).success).toBe(true);
  });
});
