import {
  accountWithoutRateLimits,
  aiPageWithNewFields,
  collaborationsWithNeitherSide,
  emailSearchMatchedOnly,
  healthAsHelpPage,
  instagramReportWithVendorPartialHistory,
  overlapWithoutTotals,
  rawIgHashtagFeedPage,
  rawIgUserInfoFlat,
  rawTiktokUserFeedPage,
  retryLaterOn200,
  searchPageWithAThinItem,
  summaryWithBrandObject,
  youtubeReportAsPublicClientsShowIt,
} from './recorded-answers';
import { startLiveWorld, type LiveWorld } from './live-world';

/**
 * Every operation, in live mode against an upstream that answers as the real service has been
 * seen to (recorded-answers.ts): each gives rows or a readable sentence, never a 502 over a field
 * the contract did not keep.
 */

let world: LiveWorld;
beforeEach(async () => {
  world = await startLiveWorld();
});
afterEach(async () => world.close());

type Rows = (string | number | boolean | null)[][];
const column = (body: { header: string[]; rows: Rows }, label: string) =>
  body.rows.map((row) => row[body.header.indexOf(label)]);

describe('reports', () => {
  it('an Instagram report as the vendor shows it (partial history, no account type) fills its row', async () => {
    world.upstream.answer('report', (call) => ({
      body: instagramReportWithVendorPartialHistory(call.path.split('/')[4]),
      credits: 1,
    }));
    const res = await world.post('/api/reports', {
      handles: ['@ada.runs'],
      platform: 'instagram',
      fields: 'default,growth,profile',
    });
    expect(res.status).toBe(200);
    const row = Object.fromEntries(
      res.body.header.map((label: string, i: number) => [label, res.body.rows[0][i]]),
    );
    expect(row).toMatchObject({
      Handle: 'ada.runs',
      Followers: 48210,
      'Engagement rate': 0.0416,
      'Audience female': 0.62,
      'Audience credibility': 0.81,
      'History from': '2026-08',
      'Follower growth': Number((48210 / 45000 - 1).toPrecision(12)),
      // The vendor's report says nothing of it: an empty cell, not a failed row.
      'Account type': null,
    });
  });

  it('a YouTube report reads its description, total views and handle', async () => {
    world.upstream.answer('report', { body: youtubeReportAsPublicClientsShowIt(), credits: 1 });
    const res = await world.post('/api/reports', {
      handles: ['https://www.youtube.com/@gadgetlab'],
      fields: 'handle,bio,total_views,engagement_rate',
    });
    expect(res.status).toBe(200);
    expect(res.body.rows).toEqual([
      ['gadgetlab', 'Honest reviews of phones and laptops.', 412_000_000, null],
    ]);
  });

  it("a 200 with `error: true` is the service's error: its message in the row, nothing billed", async () => {
    world.upstream.answer('report', { body: retryLaterOn200, credits: 1 });
    const res = await world.post('/api/reports', { handles: ['@slowpoke'], platform: 'instagram' });
    expect(res.status).toBe(200);
    expect(res.body.rows[0][0]).toBe(
      'The API is still preparing "@slowpoke" on instagram: refresh in a few hours',
    );
    expect(world.upstream.charged().credits).toBe(0);
    expect(await world.deps.store.ledger.recent(world.member)).toEqual([]);
  });
});

describe('the free operations', () => {
  it('health `{ "status": "ok" }` is a healthy API', async () => {
    world.upstream.answer('health', { body: healthAsHelpPage });
    const res = await world.get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body.api).toEqual({ reachable: true, status: 'Healthy', groups: {}, said: 'ok' });
    expect(res.body.status).toBe('ok');
  });

  it('an account answer without rate limits gives the credits left', async () => {
    world.upstream.answer('userInfo', { body: accountWithoutRateLimits });
    // Only admins are shown the API account's balance.
    const res = await world.get('/api/account', world.admin);
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).toContain('812.5');
  });
});

describe('raw data', () => {
  it('Instagram user-info, flat at the root, becomes its row', async () => {
    world.upstream.answer('rawIgUserInfo', { body: rawIgUserInfoFlat() });
    const res = await world.post('/api/raw', { operation: 'rawIgUserInfo', query: { url: '@ada.runs' } });
    expect(res.status).toBe(200);
    const byLabel = Object.fromEntries(
      res.body.header.map((label: string, i: number) => [label, res.body.rows[0][i]]),
    );
    expect(byLabel).toMatchObject({
      Id: '173560420',
      Username: 'ada.runs',
      Followers: 52000,
      Posts: 410,
      Verified: true,
    });
    expect(res.body.rawUnits).toBe(1);
  });

  it('the hashtag feed sends `hashtag` even when an older sheet says `tag`, and null view counts are empty', async () => {
    world.upstream.answer('rawIgHashtagFeed', { body: rawIgHashtagFeedPage });
    const res = await world.post('/api/raw', { operation: 'rawIgHashtagFeed', query: { tag: '#running' } });
    expect(res.status).toBe(200);
    expect(world.upstream.calls[0].query).toEqual({ hashtag: '#running' });
    expect(column(res.body, 'Views')).toEqual([null]);
    expect(column(res.body, 'Likes')).toEqual([120]);
  });

  it('a TikTok feed paged with `hasMore` and a numeric cursor is followed to its end', async () => {
    world.upstream.answer('rawTiktokUserFeed', (call) =>
      call.query.cursor === undefined
        ? { body: rawTiktokUserFeedPage(['v1', 'v2'], 1_760_000_123) }
        : { body: rawTiktokUserFeedPage(['v3'], null) },
    );
    const res = await world.post('/api/raw', {
      operation: 'rawTiktokUserFeed',
      query: { url: '@ada' },
      maxPages: 5,
    });
    expect(res.status).toBe(200);
    expect(world.upstream.calls.map((call) => call.query.cursor)).toEqual([undefined, '1760000123']);
    expect(column(res.body, 'Id')).toEqual(['v1', 'v2', 'v3']);
    expect(res.body).toMatchObject({ pages: 2, more: false });
  });
});

describe('collaborations', () => {
  it('a creator with no collaborations is an empty answer, billed as the call it was', async () => {
    world.upstream.answer('collaborationPosts', { body: collaborationsWithNeitherSide(), credits: 0.2 });
    const res = await world.post('/api/collaborations/posts', { id: '@newbie', platform: 'instagram' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ rows: [], pages: 1, more: false, credits: 0.2 });
    const [row] = await world.deps.store.ledger.recent(world.member);
    expect(row).toMatchObject({ operation: 'collaborationPosts', actualCredits: 0.2 });
  });

  it('the summary names each brand from its brand object', async () => {
    world.upstream.answer('collaborationSummary', {
      body: summaryWithBrandObject(),
      credits: 0.2,
    });
    const res = await world.post('/api/collaborations/summary', { id: '@ada.runs', platform: 'instagram' });
    expect(res.status).toBe(200);
    expect(res.body.rows[0]).toEqual(['Nike', '13460080', 2100, 15000, 0, 12, 0]);
  });
});

describe('search, e-mails, overlap and AI search', () => {
  it('a search page without `total` and with a thin item gives rows with empty cells', async () => {
    world.upstream.answer('search', { body: searchPageWithAThinItem, credits: 0.02 });
    const res = await world.post('/api/search', {
      platform: 'instagram',
      filter: { influencer: { followers: { min: 1000 } } },
    });
    expect(res.status).toBe(200);
    expect(column(res.body, 'Handle')).toEqual(['ada.runs', 'bo.bikes']);
    expect(column(res.body, 'Avg engagements')).toEqual([2005, null]);
    expect(res.body.credits).toBe(0.02);
  });

  it('an e-mail answer with the matched list only: the rest "no match in this answer", asked again only on refresh', async () => {
    world.upstream.answer('emailSearch', (call) => {
      const [first] = (call.body as { emails: string[] }).emails;
      return { body: emailSearchMatchedOnly(first), credits: 0.02 };
    });
    const emails = ['ada@example.com', 'zed@example.com'];
    const res = await world.post('/api/email-search', { emails });
    expect(res.status).toBe(200);
    expect(column(res.body, 'Status')).toEqual(['matched', 'no match in this answer']);
    expect(column(res.body, 'Handle')).toEqual(['ada.runs', null]);
    const sent = () => world.upstream.calls.filter((call) => call.operation === 'emailSearch');
    expect(sent()).toHaveLength(1);

    // A recalculation sends nothing: the unanswered address is kept like a no match.
    const again = await world.post('/api/email-search', { emails });
    expect(column(again.body, 'Status')).toEqual(['matched', 'no match in this answer']);
    expect(sent()).toHaveLength(1);

    // A refresh asks for it alone (the match stands, never billed twice); this answer says no match.
    world.upstream.answer('emailSearch', (call) => ({
      body: { error: false, matchedEmails: [], notMatchedEmails: (call.body as { emails: string[] }).emails },
    }));
    const refreshed = await world.post('/api/email-search', { emails, refresh: true });
    expect(column(refreshed.body, 'Status')).toEqual(['matched', 'no match']);
    expect(sent()).toHaveLength(2);
    expect(sent()[1].body).toEqual({ emails: ['zed@example.com'] });
    await world.post('/api/email-search', { emails, refresh: true });
    expect(sent()).toHaveLength(2);
  });

  it('an overlap without totals shows its creators and an empty totals row', async () => {
    world.upstream.answer('audienceOverlap', { body: overlapWithoutTotals, credits: 1 });
    const res = await world.post('/api/overlap', {
      platform: 'instagram',
      handles: ['@ada.runs', '@bo.bikes'],
    });
    expect(res.status).toBe(200);
    expect(res.body.rows).toEqual([
      ['ada.runs', 'u1', 48210, Math.round(48210 * 0.61), 0.61, 0.39],
      ['bo.bikes', 'u2', 12000, 9600, 0.8, 0.2],
      ['Total', null, null, null, null, null],
    ]);
    expect(res.body).toMatchObject({ reportInfo: {}, unreadable: null });
  });

  it('an AI profile with new fields and without postingFrequency is a row', async () => {
    world.upstream.answer('aiTextSearch', { body: aiPageWithNewFields, credits: 0.025 });
    const res = await world.post('/api/ai/search', {
      mode: 'text',
      platform: 'instagram',
      query: 'home cooks',
      pageSize: 10,
    });
    expect(res.status).toBe(200);
    expect(column(res.body, 'Handle')).toEqual(['Cleo.Cooks']);
    expect(column(res.body, 'Posts per month')).toEqual([null]);
    expect(column(res.body, 'Top post likes')).toEqual([null]);
  });
});

describe('contract drift, for admins', () => {
  it('counts what answers lacked, per operation and field path, and shows it to admins only', async () => {
    world.upstream.answer('report', (call) => ({
      body: instagramReportWithVendorPartialHistory(call.path.split('/')[4]),
      credits: 1,
    }));
    world.upstream.answer('health', { body: healthAsHelpPage });
    await world.post('/api/reports', { handles: ['@ada.runs', '@bo.bikes'], platform: 'instagram' });

    const asMember = await world.get('/api/health');
    expect(asMember.body.contract).toBeUndefined();
    const asAdmin = await world.get('/api/health', world.admin);
    const report = asAdmin.body.contract.drifting.find(
      (entry: { operation: string }) => entry.operation === 'report',
    );
    expect(report).toMatchObject({ answers: 2, unreadable: 0 });
    const paths = report.findings.map((finding: { kind: string; path: string; answers: number }) => [
      finding.kind,
      finding.path,
      finding.answers,
    ]);
    expect(paths).toEqual(
      expect.arrayContaining([
        ['missing', 'profile.accountType', 2],
        ['missing', 'profile.avgReelsPlays', 2],
      ]),
    );
    // Fields the contract leaves optional are never drift, however often they are missing.
    expect(paths.map((entry: unknown[]) => entry[1])).not.toContain('profile.city');
    expect(paths.map((entry: unknown[]) => entry[1])).not.toContain('profile.statHistory[].following');
    // `{ "status": "ok" }` misses nothing the worker wants: health is not drifting.
    expect(
      asAdmin.body.contract.drifting.map((entry: { operation: string }) => entry.operation),
    ).not.toContain('health');
  });

  it('reports an enum value this version does not know, with the value', async () => {
    world.upstream.answer('report', (call) => {
      const body = instagramReportWithVendorPartialHistory(call.path.split('/')[4]);
      return {
        body: { ...body, profile: { ...body.profile, gender: 'NON_BINARY', accountType: 'Media' } },
        credits: 1,
      };
    });
    const res = await world.post('/api/reports', {
      handles: ['@ada.runs'],
      platform: 'instagram',
      fields: 'gender,account_type',
    });
    expect(res.body.rows).toEqual([['non_binary', 'Media']]);
    const health = await world.get('/api/health', world.admin);
    const report = health.body.contract.drifting.find(
      (entry: { operation: string }) => entry.operation === 'report',
    );
    expect(report.findings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'unknown_value', path: 'profile.gender', value: 'NON_BINARY' }),
        expect.objectContaining({ kind: 'unknown_value', path: 'profile.accountType', value: 'Media' }),
      ]),
    );
  });
});

describe('dictionaries, lists and the older endpoints', () => {
  it('a users dictionary item with `profile_picture` instead of `picture` keeps its picture', async () => {
    world.upstream.answer('dictionaryUsers', {
      body: {
        error: false,
        users: [
          {
            userId: '1789',
            username: 'ada.runs',
            fullname: 'Ada Runs',
            profile_picture: 'https://cdn.example/ada.jpg',
            followers: 48210,
            isVerified: true,
          },
        ],
      },
    });
    const res = await world.get('/api/dictionaries/instagram/users?query=ada');
    expect(res.status).toBe(200);
    expect(res.body.rows).toEqual([
      ['1789', 'ada.runs', 'Ada Runs', 48210, true, 'https://cdn.example/ada.jpg'],
    ]);
  });

  it('an AI list with a platform this version does not know is listed, and counted as drift', async () => {
    world.upstream.answer('aiListsGet', {
      body: { lists: [{ id: 'l1', name: 'Q4 creators', platform: 'twitch', approximateMemberCount: 3 }] },
    });
    const res = await world.get('/api/ai/lists');
    expect(res.status).toBe(200);
    expect(res.body.rows).toEqual([['l1', 'Q4 creators', 'twitch', 3, null, null]]);
    const health = await world.get('/api/health', world.admin);
    const lists = health.body.contract.drifting.find(
      (entry: { operation: string }) => entry.operation === 'aiListsGet',
    );
    expect(lists.findings).toEqual([
      expect.objectContaining({ kind: 'unknown_value', path: 'lists[].platform', value: 'twitch' }),
    ]);
  });

  it('adding members when the answer omits the new total still says how many were added', async () => {
    world.upstream.answer('aiListGet', {
      body: { list: { id: 'l1', name: 'Q4', platform: 'instagram', approximateMemberCount: 1 } },
    });
    world.upstream.answer('aiListMembersAdd', { body: { added: 2 } });
    // A list made outside this worker: only an admin may change it.
    const res = await world.post('/api/ai/lists/l1/members', { ids: ['1', '2'] }, world.admin);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ added: 2, total: null, calls: 1 });
  });

  it('the older collaborations endpoint without an end cursor is one page, billed once', async () => {
    world.upstream.answer('collaborationsInfluencerDeprecated', {
      body: { collaborations: [{ id: 'c1', brand: 'Nike' }], more_available: true },
      credits: 1,
    });
    const res = await world.post('/api/collaborations/deprecated', {
      kind: 'influencer',
      platform: 'instagram',
      id: '@ada.runs',
      maxPages: 3,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ pages: 1, more: false, credits: 1 });
    expect(world.upstream.callsOf('collaborationsInfluencerDeprecated')).toBe(1);
  });

  it('YouTube uploads paged by a `continuation_token` are followed', async () => {
    world.upstream.answer('rawYoutubeUploadedVideos', (call) => ({
      body: {
        videos_list: {
          videos: [{ id: call.query.cursor === undefined ? 'y1' : 'y2', title: 'A video' }],
          ...(call.query.cursor === undefined ? { continuation_token: 'tok-2' } : {}),
        },
      },
    }));
    const res = await world.post('/api/raw', {
      operation: 'rawYoutubeUploadedVideos',
      query: { url: '@techtalk' },
      maxPages: 4,
    });
    expect(res.status).toBe(200);
    expect(column(res.body, 'Id')).toEqual(['y1', 'y2']);
    expect(world.upstream.calls.map((call) => call.query.cursor)).toEqual([undefined, 'tok-2']);
  });
});
