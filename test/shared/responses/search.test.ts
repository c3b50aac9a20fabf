import { searchResponseSchema } from '../../../shared/responses/search';
import { readAnswer } from '../../../shared/responses/tolerant';
import { driftByPath } from './drift-by-path';
import { withValue, without } from './fixtures/edit-path';
import {
  instagramSearchPageWithLookalikes,
  searchPageWithoutTotalAndPartialProfiles,
  tiktokSearchPageWithViews,
} from './fixtures/search';

const drift = (body: unknown) => driftByPath(searchResponseSchema, body);

describe('searchResponseSchema', () => {
  it('reads an Instagram page with directs and lookalikes, with no drift', () => {
    const page = searchResponseSchema.parse(instagramSearchPageWithLookalikes());
    expect(page.directs[0]?.profile?.username).toBe('ada.runs');
    expect(page.lookalikes?.[0]?.profile?.followers).toBe(21000);
    expect(page.isExactMatch).toBe(true);
    expect(page.total).toBe(1234);
    expect(drift(instagramSearchPageWithLookalikes())).toEqual([]);
  });

  it('reads a TikTok page that carries averageViews and no lookalikes or exact-match flag', () => {
    const page = searchResponseSchema.parse(tiktokSearchPageWithViews());
    expect(page.directs[0]?.profile?.averageViews).toBe(140000);
    expect(page.lookalikes).toBeUndefined();
    expect(drift(tiktokSearchPageWithViews())).toEqual([]);
  });

  it('reads profiles without the optional userId, fullname and match, with no drift', () => {
    let page = without(instagramSearchPageWithLookalikes(), ['directs', 0, 'profile', 'userId']);
    page = without(page, ['directs', 0, 'profile', 'fullname']);
    page = without(page, ['directs', 0, 'match']);
    page = without(page, ['isExactMatch']);
    expect(searchResponseSchema.safeParse(page).success).toBe(true);
    expect(drift(page)).toEqual([]);
  });

  it('reads a page without total and with partial profiles, and reports exactly what they lack', () => {
    const page = searchResponseSchema.parse(searchPageWithoutTotalAndPartialProfiles());
    expect(page.total).toBeUndefined();
    expect(page.directs.map((item) => item.profile?.username)).toEqual(['gadgetlab', 'techtalk']);
    expect(page.directs[1]?.profile?.userId).toBe('UCtechtalk0000000000000');
    expect(drift(searchPageWithoutTotalAndPartialProfiles())).toEqual([
      { kind: 'missing', path: 'directs[].profile.engagementRate' },
      { kind: 'missing', path: 'directs[].profile.picture' },
      { kind: 'missing', path: 'directs[].profile.url' },
      { kind: 'missing', path: 'directs[].userId' },
      { kind: 'missing', path: 'total' },
    ]);
  });

  it('reads followers sent as text as empty, and reports the path', () => {
    const body = withValue(
      instagramSearchPageWithLookalikes(),
      ['directs', 0, 'profile', 'followers'],
      '52000',
    );
    expect(searchResponseSchema.parse(body).directs[0]?.profile?.followers).toBeUndefined();
    expect(drift(body)).toEqual([{ kind: 'wrong_type', path: 'directs[].profile.followers' }]);
  });

  it('reports a lookalike without username or profile under its own list', () => {
    let body = without(instagramSearchPageWithLookalikes(), ['lookalikes', 0, 'profile', 'username']);
    expect(searchResponseSchema.parse(body).lookalikes?.[0]?.profile?.followers).toBe(21000);
    expect(drift(body)).toEqual([{ kind: 'missing', path: 'lookalikes[].profile.username' }]);
    body = without(instagramSearchPageWithLookalikes(), ['lookalikes', 0, 'profile']);
    expect(drift(body)).toEqual([{ kind: 'missing', path: 'lookalikes[].profile' }]);
  });

  it('reads lookalikes that are not a list as none, silently', () => {
    const body = withValue(instagramSearchPageWithLookalikes(), ['lookalikes'], { count: 1 });
    expect(searchResponseSchema.parse(body).lookalikes).toBeUndefined();
    expect(drift(body)).toEqual([]);
  });

  it('keeps unknown fields at the top, in items and in profiles', () => {
    let page = withValue(instagramSearchPageWithLookalikes(), ['cost'], 0.02);
    page = withValue(page, ['directs', 0, 'rank'], 1);
    page = withValue(page, ['directs', 0, 'profile', 'isVerified'], true);
    expect(searchResponseSchema.parse(page)).toMatchObject({
      cost: 0.02,
      directs: [{ rank: 1, profile: { isVerified: true }, match: { influencer: { relevance: 0.9 } } }],
    });
    expect(drift(page)).toEqual([]);
  });

  it.each<[string, unknown]>([
    ['no directs', without(instagramSearchPageWithLookalikes(), ['directs'])],
    ['null directs', withValue(instagramSearchPageWithLookalikes(), ['directs'], null)],
    ['directs as an object', withValue(instagramSearchPageWithLookalikes(), ['directs'], { 0: {} })],
    ['directs as text', withValue(instagramSearchPageWithLookalikes(), ['directs'], 'ada.runs')],
    ['a list body', [instagramSearchPageWithLookalikes()]],
    ['a text body', 'OK'],
  ])('rejects a page with %s: there is no page to bill or write', (_, body) => {
    const reading = readAnswer(searchResponseSchema, body);
    expect(reading.ok).toBe(false);
  });

  it('names directs when it rejects, without quoting the body', () => {
    const body = withValue(instagramSearchPageWithLookalikes(), ['directs'], 'ada.runs');
    expect(readAnswer(searchResponseSchema, body)).toEqual({
      ok: false,
      problems: ['directs: Invalid input: expected array, received string'],
    });
  });
});
