import { searchResponseSchema } from '../../../shared/responses/search';
import { instagramSearchPageWithLookalikes, tiktokSearchPageWithViews } from './fixtures/search';
import { withValue, without } from './fixtures/edit-path';

describe('searchResponseSchema', () => {
  it('reads an Instagram page with directs and lookalikes', () => {
    const page = searchResponseSchema.parse(instagramSearchPageWithLookalikes());
    expect(page.directs[0]?.profile.username).toBe('ada.runs');
    expect(page.lookalikes?.[0]?.profile.followers).toBe(21000);
    expect(page.isExactMatch).toBe(true);
  });

  it('reads a TikTok page that carries averageViews and no lookalikes or exact-match flag', () => {
    const page = searchResponseSchema.parse(tiktokSearchPageWithViews());
    expect(page.directs[0]?.profile.averageViews).toBe(140000);
    expect(page.lookalikes).toBeUndefined();
  });

  it('accepts profiles without the optional userId, fullname and match', () => {
    let page = without(instagramSearchPageWithLookalikes(), ['directs', 0, 'profile', 'userId']);
    page = without(page, ['directs', 0, 'profile', 'fullname']);
    page = without(page, ['directs', 0, 'match']);
    expect(searchResponseSchema.safeParse(page).success).toBe(true);
  });

  it('rejects followers sent as a string', () => {
    const page = withValue(
      instagramSearchPageWithLookalikes(),
      ['directs', 0, 'profile', 'followers'],
      '52000',
    );
    expect(searchResponseSchema.safeParse(page).success).toBe(false);
  });

  it('rejects a page without total or an item without username', () => {
    expect(
      searchResponseSchema.safeParse(without(instagramSearchPageWithLookalikes(), ['total'])).success,
    ).toBe(false);
    const noUsername = without(instagramSearchPageWithLookalikes(), ['lookalikes', 0, 'profile', 'username']);
    expect(searchResponseSchema.safeParse(noUsername).success).toBe(false);
  });

  it('keeps unknown fields at the top, in items and in profiles', () => {
    let page = withValue(instagramSearchPageWithLookalikes(), ['cost'], 0.02);
    page = withValue(page, ['directs', 0, 'rank'], 1);
    page = withValue(page, ['directs', 0, 'profile', 'isVerified'], true);
    const parsed = searchResponseSchema.parse(page);
    expect(parsed).toMatchObject({ cost: 0.02, directs: [{ rank: 1, profile: { isVerified: true } }] });
  });
});
