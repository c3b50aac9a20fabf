import {
  instagramReportResponseSchema,
  tiktokReportResponseSchema,
  youtubeReportResponseSchema,
} from '../../../shared/responses/reports';
import { columnIds, errorRow, headerRow } from '../../../shared/rows/columns';
import {
  DEFAULT_REPORT_COLUMNS,
  REPORT_COLUMNS,
  REPORT_GROUPS,
  reportToRow,
  reportToRows,
  normalizeFieldName,
  type ReportRowInput,
  selectReportColumns,
} from '../../../shared/rows/report-rows';
import { withValue, without } from '../responses/fixtures/edit-path';
import {
  instagramReportOfFitnessCreator,
  tiktokBinsWithoutMedian,
  tiktokReportOfDanceCreator,
  vendorPartialStatHistory,
  youtubeReportAsPublicClientsShowIt,
  youtubeReportOfTechChannel,
  youtubeReportWithHandleOnly,
  youtubeReportWithOnlyUserId,
} from '../responses/fixtures/reports';

const instagram = (body: unknown = instagramReportOfFitnessCreator()): ReportRowInput => ({
  kind: 'report',
  platform: 'instagram',
  report: instagramReportResponseSchema.parse(body).profile,
  reportDate: '2024-05-03T10:00:00.000Z',
});
const tiktok = (body: unknown = tiktokReportOfDanceCreator()): ReportRowInput => ({
  kind: 'report',
  platform: 'tiktok',
  report: tiktokReportResponseSchema.parse(body).profile,
  reportDate: '2024-05-04',
});
const youtube = (body: unknown): ReportRowInput => ({
  kind: 'report',
  platform: 'youtube',
  report: youtubeReportResponseSchema.parse(body).profile,
});

/** The row as { column id: cell }, so a test names what it checks. */
function byId(input: ReportRowInput, columns = DEFAULT_REPORT_COLUMNS) {
  const row = reportToRow(input, columns);
  return Object.fromEntries(columns.map((col, i) => [col.id, row[i]]));
}

function selected(fields: string | string[]) {
  const result = selectReportColumns(fields);
  if (!result.ok) throw new Error(result.error);
  return result.columns;
}

describe('default report columns', () => {
  it('are pinned: ids, labels and formats', () => {
    expect(DEFAULT_REPORT_COLUMNS.map((col) => [col.id, col.label, col.format])).toEqual([
      ['handle', 'Handle', 'text'],
      ['name', 'Name', 'text'],
      ['followers', 'Followers', 'integer'],
      ['engagement_rate', 'Engagement rate', 'percent'],
      ['avg_likes', 'Avg likes', 'integer'],
      ['avg_views', 'Avg views', 'integer'],
      ['country', 'Country', 'text'],
      ['language', 'Language', 'text'],
      ['gender', 'Gender', 'text'],
      ['email', 'E-mail', 'text'],
      ['audience_top_country', 'Top audience country', 'text'],
      ['audience_age_13_17', 'Audience 13-17', 'percent'],
      ['audience_age_18_24', 'Audience 18-24', 'percent'],
      ['audience_age_25_34', 'Audience 25-34', 'percent'],
      ['audience_age_35_44', 'Audience 35-44', 'percent'],
      ['audience_age_45_64', 'Audience 45-64', 'percent'],
      ['audience_age_65_plus', 'Audience 65+', 'percent'],
      ['audience_male', 'Audience male', 'percent'],
      ['audience_female', 'Audience female', 'percent'],
      ['credibility', 'Audience credibility', 'percent'],
      ['report_date', 'Report date', 'date'],
    ]);
  });

  it('pins the groups and their columns', () => {
    const { default: defaults, all, ...groups } = REPORT_GROUPS;
    expect(defaults).toEqual(columnIds(DEFAULT_REPORT_COLUMNS));
    expect(all).toEqual(columnIds(REPORT_COLUMNS));
    expect(groups).toEqual({
      profile: ['bio', 'verified', 'private', 'account_type', 'city', 'age_group'],
      growth: ['history_from', 'history_to', 'followers_growth', 'avg_views_growth', 'followers_history'],
      audience_geo: [
        'audience_country_1',
        'audience_country_1_share',
        'audience_country_2',
        'audience_country_2_share',
        'audience_country_3',
        'audience_country_3_share',
        'audience_country_4',
        'audience_country_4_share',
        'audience_country_5',
        'audience_country_5_share',
        'audience_top_city',
        'audience_top_language',
      ],
      audience_interests: ['audience_top_interests', 'creator_interests'],
      brands: ['brand_affinity', 'audience_brand_affinity'],
      posts: [
        'avg_comments',
        'avg_engagements',
        'posts_count',
        'avg_reels_plays',
        'posts_per_4_weeks',
        'total_likes',
        'total_views',
        'last_post_date',
      ],
      sponsored: [
        'sponsored_posts',
        'sponsors',
        'sponsored_median_likes',
        'sponsored_median_views',
        'non_sponsored_median_likes',
        'non_sponsored_median_views',
        'paid_post_performance',
        'paid_post_performance_views',
      ],
      contacts: ['contact_details'],
      ids: ['platform', 'user_id', 'url', 'picture'],
    });
  });

  it('gives every column its own id and label, and no group shares a name with a column', () => {
    const ids = columnIds(REPORT_COLUMNS);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(REPORT_COLUMNS.map((col) => col.label)).size).toBe(ids.length);
    for (const group of Object.keys(REPORT_GROUPS)) expect(ids).not.toContain(group);
  });

  it('lets no header label read as another column or a group in a selection', () => {
    const names = [...Object.keys(REPORT_GROUPS), ...columnIds(REPORT_COLUMNS)];
    for (const col of REPORT_COLUMNS) {
      const asName = normalizeFieldName(col.label);
      if (asName !== col.id) expect(names).not.toContain(asName);
    }
  });
});

describe('reportToRow', () => {
  it('maps an Instagram report to the default row', () => {
    expect(reportToRow(instagram())).toEqual([
      'ada.runs',
      'Ada Runner',
      52000,
      0.0346,
      1700,
      12000,
      'DE',
      'German',
      'female',
      'ada@example.com',
      'Germany',
      null,
      0.44,
      null,
      null,
      null,
      null,
      0.39,
      0.61,
      0.82,
      '2024-05-03',
    ]);
  });

  it('maps a TikTok report, reading likes and views where TikTok keeps them', () => {
    expect(byId(tiktok())).toEqual({
      handle: 'cy.dances',
      name: 'Cy Dances',
      followers: 310000,
      engagement_rate: 0.081,
      avg_likes: 23000,
      avg_views: 140000,
      country: 'US',
      language: null,
      gender: 'female',
      email: 'cy@example.com',
      audience_top_country: 'United States',
      audience_age_13_17: null,
      audience_age_18_24: 0.5,
      audience_age_25_34: null,
      audience_age_35_44: null,
      audience_age_45_64: null,
      audience_age_65_plus: null,
      audience_male: 0.3,
      audience_female: 0.7,
      credibility: null,
      report_date: '2024-05-04',
    });
  });

  it('maps a YouTube report from what it has', () => {
    const row = byId(youtube(youtubeReportOfTechChannel()));
    expect(row).toMatchObject({
      handle: 'gadgetlab',
      followers: 880000,
      engagement_rate: 0.02,
      avg_views: 250000,
      audience_male: 0.8,
      audience_female: null,
      email: null,
    });
  });

  it('gives empty cells, never a crash, for a YouTube report holding only its id', () => {
    const columns = selected('all');
    const row = reportToRow(youtube(youtubeReportWithOnlyUserId()), columns);
    expect(row).toHaveLength(columns.length);
    const filled = columns.filter((_, i) => row[i] !== null).map((col) => col.id);
    expect(filled).toEqual(['platform', 'user_id']);
  });

  it.each([
    [['audience'], ['audience_top_country', 'audience_age_18_24', 'audience_male', 'credibility']],
    [['contacts'], ['email']],
    [['profile'], ['handle', 'name', 'followers', 'engagement_rate']],
    [['language'], ['language']],
  ])('leaves the cells empty when the Instagram report lacks %j', (path, emptied) => {
    const full = byId(instagram());
    const row = byId(instagram(without(instagramReportOfFitnessCreator(), ['profile', ...path])));
    for (const id of emptied) {
      expect(full[id]).not.toBeNull();
      expect(row[id]).toBeNull();
    }
  });

  it('ranks audience countries by weight, whatever order the API lists them in', () => {
    const body = withValue(
      instagramReportOfFitnessCreator(),
      ['profile', 'audience', 'geoCountries'],
      [
        { name: 'Austria', code: 'AT', weight: 0.1 },
        { name: 'Germany', code: 'DE', weight: 0.5 },
        { name: 'Switzerland', code: 'CH', weight: 0.2 },
      ],
    );
    const row = byId(instagram(body), selected(['audience_top_country', 'audience_geo']));
    expect(row).toMatchObject({
      audience_top_country: 'Germany',
      audience_country_1: 'Germany',
      audience_country_1_share: 0.5,
      audience_country_2: 'Switzerland',
      audience_country_2_share: 0.2,
      audience_country_3: 'Austria',
      audience_country_4: null,
      audience_country_5_share: null,
    });
  });

  it('takes the e-mail among other contacts, and lists all contacts in the contacts group', () => {
    const body = withValue(
      instagramReportOfFitnessCreator(),
      ['profile', 'contacts'],
      [
        { type: 'phone', value: '+49 30 123' },
        { type: 'email', value: 'ada@example.com' },
      ],
    );
    expect(byId(instagram(body), selected('email, contacts'))).toEqual({
      email: 'ada@example.com',
      contact_details: 'phone: +49 30 123; email: ada@example.com',
    });
  });

  it('computes growth over the months of the history, oldest first', () => {
    const body = withValue(
      instagramReportOfFitnessCreator(),
      ['profile', 'statHistory'],
      [
        { month: '2024-03', followers: 50000, following: 1, avgLikes: 1, avgViews: 10000, avgComments: 1 },
        { month: '2024-01', followers: 40000, following: 1, avgLikes: 1, avgViews: 8000, avgComments: 1 },
        { month: '2024-02', followers: 45000, following: 1, avgLikes: 1, avgViews: 9000, avgComments: 1 },
      ],
    );
    expect(byId(instagram(body), selected('growth'))).toEqual({
      history_from: '2024-01',
      history_to: '2024-03',
      followers_growth: 0.25,
      avg_views_growth: 0.25,
      followers_history: '2024-01: 40000; 2024-02: 45000; 2024-03: 50000',
    });
  });

  it('reads TikTok growth from statsByContentType and leaves follower growth empty', () => {
    const row = byId(tiktok(), selected('growth'));
    expect(row).toEqual({
      history_from: '2024-04',
      history_to: '2024-04',
      followers_growth: null,
      avg_views_growth: null,
      followers_history: null,
    });
  });

  it('fills the extra groups from an Instagram report', () => {
    const row = byId(
      instagram(),
      selected(['posts', 'sponsored', 'brands', 'audience_interests', 'ids', 'profile']),
    );
    expect(row).toEqual({
      avg_comments: 55,
      avg_engagements: 1800,
      posts_count: 410,
      avg_reels_plays: 15000,
      posts_per_4_weeks: null,
      total_likes: null,
      total_views: null,
      last_post_date: '2024-05-01',
      sponsored_posts: 1,
      sponsors: 'nike.com',
      sponsored_median_likes: 2000,
      sponsored_median_views: 10000,
      non_sponsored_median_likes: 1700,
      non_sponsored_median_views: 11000,
      paid_post_performance: 1.2,
      paid_post_performance_views: 0.9,
      brand_affinity: 'Nike',
      audience_brand_affinity: null,
      audience_top_interests: null,
      creator_interests: 'Fitness & Yoga',
      platform: 'instagram',
      user_id: '173560420',
      url: 'https://www.instagram.com/ada.runs/',
      picture: 'https://cdn.example/ada.jpg',
      bio: 'Runner. Coach. Coffee.',
      verified: true,
      private: false,
      account_type: 'Creator',
      city: 'Berlin',
      age_group: '25-34',
    });
  });

  it('writes audience interests with their shares, largest first', () => {
    const body = withValue(
      instagramReportOfFitnessCreator(),
      ['profile', 'audience', 'interests'],
      [
        { name: 'Travel', weight: 0.2 },
        { name: 'Fitness & Yoga', weight: 0.314 },
      ],
    );
    expect(byId(instagram(body), selected('audience_top_interests'))).toEqual({
      audience_top_interests: 'Fitness & Yoga 31%, Travel 20%',
    });
  });

  it('fills TikTok-only post fields', () => {
    expect(byId(tiktok(), selected('posts'))).toMatchObject({
      avg_comments: 400,
      posts_per_4_weeks: 18,
      total_likes: 12000000,
      avg_reels_plays: null,
      last_post_date: '2024-05-02',
    });
  });

  it('writes the report date from milliseconds since the epoch as YYYY-MM-DD', () => {
    const input: ReportRowInput = {
      kind: 'report',
      platform: 'instagram',
      report: instagramReportResponseSchema.parse(instagramReportOfFitnessCreator()).profile,
      reportDate: Date.UTC(2024, 4, 3, 23, 59),
    };
    expect(byId(input, selected('report_date'))).toEqual({ report_date: '2024-05-03' });
  });

  it("writes the report date as a day of the sheet's zone: 23:59 UTC is the next day in Berlin", () => {
    const input: ReportRowInput = {
      kind: 'report',
      platform: 'instagram',
      report: instagramReportResponseSchema.parse(instagramReportOfFitnessCreator()).profile,
      reportDate: Date.UTC(2024, 4, 3, 23, 59),
    };
    const columns = selected('report_date');
    expect(reportToRow(input, columns, 'Europe/Berlin')).toEqual(['2024-05-04']);
    expect(reportToRow(input, columns, 'America/Los_Angeles')).toEqual(['2024-05-03']);
    expect(reportToRow(input, columns)).toEqual(['2024-05-03']);
    expect(reportToRows([input], columns, { timeZone: 'Europe/Berlin' })).toEqual([['2024-05-04']]);
    // Text with an offset is an instant too; a bare date is already a day and stays as written.
    expect(reportToRow({ ...input, reportDate: '2024-05-03T23:59:00Z' }, columns, 'Europe/Berlin')).toEqual([
      '2024-05-04',
    ]);
    expect(reportToRow({ ...input, reportDate: '2024-05-03' }, columns, 'Asia/Tokyo')).toEqual([
      '2024-05-03',
    ]);
  });

  it('maps a YouTube report as public clients show it: Bio from description, total views, handle', () => {
    const row = byId(youtube(youtubeReportAsPublicClientsShowIt()), selected('default, profile, posts, ids'));
    expect(row).toMatchObject({
      handle: 'gadgetlab',
      name: 'Gadget Lab',
      followers: 880000,
      engagement_rate: null,
      avg_views: 250000,
      country: 'US',
      email: 'hello@gadgetlab.example',
      audience_male: 0.8,
      audience_female: 0.2,
      bio: 'Honest reviews of phones and laptops.',
      verified: true,
      avg_engagements: null,
      posts_count: 1290,
      total_likes: 9800000,
      total_views: 412000000,
      last_post_date: '2024-05-06',
      platform: 'youtube',
      user_id: 'UCgadgetlab000000000000',
      url: 'https://www.youtube.com/@gadgetlab',
    });
  });

  it('takes the handle from profile.handle when there is no username, and the username when both are there', () => {
    expect(byId(youtube(youtubeReportWithHandleOnly()), selected('handle'))).toEqual({
      handle: '@gadgetlab',
    });
    expect(byId(youtube(youtubeReportAsPublicClientsShowIt()), selected('handle'))).toEqual({
      handle: 'gadgetlab',
    });
  });

  it('prefers bio to description when a report carries both', () => {
    const body = withValue(youtubeReportAsPublicClientsShowIt(), ['profile', 'bio'], 'Short bio');
    expect(byId(youtube(body), selected('bio'))).toEqual({ bio: 'Short bio' });
  });

  it('fills total views from totalViews of any platform, and leaves it empty without it', () => {
    const body = withValue(tiktokReportOfDanceCreator(), ['profile', 'totalViews'], 99000000);
    expect(byId(tiktok(body), selected('total_views'))).toEqual({ total_views: 99000000 });
    expect(byId(tiktok(), selected('total_views'))).toEqual({ total_views: null });
    expect(selected('Total views').map((col) => [col.id, col.format])).toEqual([['total_views', 'integer']]);
  });

  it('computes follower growth from history entries as partial as the vendor example', () => {
    expect(byId(instagram(vendorPartialStatHistory()), selected('growth'))).toEqual({
      history_from: '2024-02',
      history_to: '2024-04',
      followers_growth: Number((51000 / 49000 - 1).toPrecision(12)),
      avg_views_growth: null,
      followers_history: '2024-02: 49000; 2024-03: 50200; 2024-04: 51000',
    });
  });

  it('maps a TikTok report whose histogram marks no median bin like any other', () => {
    expect(reportToRow(tiktok(tiktokBinsWithoutMedian()), REPORT_COLUMNS)).toEqual(
      reportToRow(tiktok(), REPORT_COLUMNS),
    );
  });

  it('leaves the cells of wanted fields the report lacked, or sent as another type, empty', () => {
    let body = without(instagramReportOfFitnessCreator(), ['profile', 'avgLikes']);
    body = withValue(body, ['profile', 'profile', 'followers'], '52K');
    body = withValue(body, ['profile', 'isVerified'], 'yes');
    body = withValue(
      body,
      ['profile', 'statHistory'],
      [{ followers: 1 }, { month: '2024-04', followers: 51000 }],
    );
    expect(byId(instagram(body), selected('handle, followers, avg_likes, verified, growth'))).toEqual({
      handle: 'ada.runs',
      followers: null,
      avg_likes: null,
      verified: null,
      history_from: '2024-04',
      history_to: '2024-04',
      followers_growth: null,
      avg_views_growth: null,
      followers_history: '2024-04: 51000',
    });
  });

  it('writes unknown enum values as they came', () => {
    let body = withValue(instagramReportOfFitnessCreator(), ['profile', 'gender'], 'OTHER');
    body = withValue(body, ['profile', 'accountType'], 'Personal');
    body = withValue(body, ['profile', 'ageGroup'], '18-25');
    expect(byId(instagram(body), selected('gender, account_type, age_group'))).toEqual({
      gender: 'other',
      account_type: 'Personal',
      age_group: '18-25',
    });
  });

  it('leaves a column it does not know empty (a job saved by another version)', () => {
    const row = reportToRow(instagram(), [{ id: 'future_metric', label: 'Future', format: 'decimal' }]);
    expect(row).toEqual([null]);
  });
});

describe('reportToRows', () => {
  it('keeps one row per input position: blanks stay blank, errors sit in the first column', () => {
    const rows = reportToRows(
      [
        instagram(),
        { kind: 'blank' },
        { kind: 'error', message: 'Unknown handle "@foo" on instagram' },
        tiktok(),
      ],
      DEFAULT_REPORT_COLUMNS,
      { withHeader: true },
    );
    const width = DEFAULT_REPORT_COLUMNS.length;
    expect(rows).toHaveLength(5);
    expect(rows[0]).toEqual(headerRow(DEFAULT_REPORT_COLUMNS));
    expect(rows[1][0]).toBe('ada.runs');
    expect(rows[2]).toEqual(Array(width).fill(null));
    expect(rows[3]).toEqual(errorRow('Unknown handle "@foo" on instagram', width));
    expect(rows[3][0]).toBe('Unknown handle "@foo" on instagram');
    expect(rows[4][0]).toBe('cy.dances');
    expect(rows.every((row) => row.length === width)).toBe(true);
  });

  it('has no header row unless asked', () => {
    expect(reportToRows([instagram()])).toHaveLength(1);
  });

  it('holds only sheet values: no objects, no Date', () => {
    const rows = reportToRows(
      [
        instagram(),
        tiktok(),
        youtube(youtubeReportOfTechChannel()),
        youtube(youtubeReportAsPublicClientsShowIt()),
      ],
      REPORT_COLUMNS,
    );
    for (const cell of rows.flat()) {
      expect(cell === null || ['string', 'number', 'boolean'].includes(typeof cell)).toBe(true);
    }
  });
});

describe('selectReportColumns', () => {
  it('gives the defaults when nothing is asked for', () => {
    expect(selectReportColumns(undefined)).toEqual({ ok: true, columns: DEFAULT_REPORT_COLUMNS });
    expect(selectReportColumns([])).toEqual({ ok: true, columns: DEFAULT_REPORT_COLUMNS });
    expect(selectReportColumns(' , ')).toEqual({ ok: true, columns: DEFAULT_REPORT_COLUMNS });
  });

  it('keeps the order named, expands groups in place and drops repeats', () => {
    expect(columnIds(selected(['followers', 'handle', 'contacts', 'followers', 'ids']))).toEqual([
      'followers',
      'handle',
      'contact_details',
      'platform',
      'user_id',
      'url',
      'picture',
    ]);
  });

  it('accepts one comma-separated text, any case, and header labels', () => {
    expect(
      columnIds(selected('Handle, ENGAGEMENT_RATE; engagement-rate, Top audience country, E-mail')),
    ).toEqual(['handle', 'engagement_rate', 'audience_top_country', 'email']);
  });

  it('adds a group to the defaults with "default"', () => {
    const columns = selected('default, growth');
    expect(columnIds(columns)).toEqual([...REPORT_GROUPS.default, ...REPORT_GROUPS.growth]);
  });

  it('names every unknown field with the name it is closest to, and the groups, never every column (issue 25)', () => {
    const result = selectReportColumns(['handle', 'folowers', 'growht', 'shoe size']);
    expect(result.ok).toBe(false);
    const error = result.ok ? '' : result.error;
    expect(error).toBe(
      'Unknown fields "folowers" (did you mean "followers"?), "growht" (did you mean "growth"?), "shoe size". ' +
        'Columns are named as in the report, such as followers or engagement_rate, or by group: ' +
        'default, profile, growth, audience_geo, audience_interests, brands, posts, sponsored, contacts, ids, all.',
    );
    expect(error.length).toBeLessThan(300);
  });

  it('says "field" for a single unknown one', () => {
    const result = selectReportColumns('nope');
    expect(!result.ok && result.error).toMatch(/^Unknown field "nope" \(did you mean "name"\?\)\. /);
  });
});
