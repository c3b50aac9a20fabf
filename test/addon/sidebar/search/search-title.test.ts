import { initialSearchValues, type SearchFormValues } from '../../../../addon/sidebar/search/search-form';
import { shortCount, suggestSearchTitle } from '../../../../addon/sidebar/search/search-title';

function values(change: Partial<SearchFormValues>): SearchFormValues {
  return { ...initialSearchValues('tiktok'), ...change };
}

describe('suggestSearchTitle', () => {
  it('names the platform alone when no filter tells the search apart', () => {
    expect(suggestSearchTitle(values({}))).toBe('TikTok search');
  });

  it('lists followers, places, interests, brands, keywords and audience places', () => {
    expect(
      suggestSearchTitle(
        values({
          followersMin: '50k',
          locations: [{ id: 1, label: 'Paris' }],
          interests: [{ id: 2, label: 'Beauty' }],
          brands: [{ id: 3, label: 'Sephora' }],
          keywords: 'skincare',
          audienceLocations: [
            { id: 4, label: 'France' },
            { id: 5, label: 'Belgium' },
          ],
        }),
      ),
    ).toBe('TikTok · 50K+ followers · Paris · Beauty · Sephora · "skincare" · audience France, Belgium');
    expect(suggestSearchTitle(values({ followersMax: '2.5m' }))).toBe('TikTok · up to 2.5M followers');
  });

  it('leaves out characters a tab name may not hold, and stays well under 100 characters', () => {
    const title = suggestSearchTitle(
      values({
        keywords: 'a/b [test]: *?',
        locations: Array.from({ length: 30 }, (_, i) => ({ id: i, label: `Place number ${i}` })),
      }),
    );
    expect(title).not.toMatch(/[[\]*?:/\\]/);
    expect(title.length).toBeLessThanOrEqual(90);
    expect(title.startsWith('TikTok · Place number 0 · ')).toBe(true);
  });

  it('ignores follower fields that do not hold a number', () => {
    expect(suggestSearchTitle(values({ followersMin: 'many' }))).toBe('TikTok search');
  });
});

describe('shortCount', () => {
  it('writes counts the way follower numbers are spoken of', () => {
    expect([999, 1000, 15500, 1_000_000, 2_500_000].map(shortCount)).toEqual([
      '999',
      '1K',
      '15.5K',
      '1M',
      '2.5M',
    ]);
  });
});
