import {
  type AiSearchFormValues,
  buildAiSearchRequest,
  cappedPages,
  initialAiSearchValues,
  lookalikeSources,
  negationHint,
  pagesLimitText,
  suggestAiSearchTitle,
} from '../../../../addon/sidebar/ai-search/ai-search-form';
import { initialAiFilterValues } from '../../../../addon/sidebar/ai-search/ai-filters-form';

function form(overrides: Partial<AiSearchFormValues>): AiSearchFormValues {
  return { ...initialAiSearchValues(), ...overrides };
}

describe('buildAiSearchRequest', () => {
  it('maps a text search with filters to the request and its estimate', () => {
    const result = buildAiSearchRequest(
      form({
        query: '  home workouts with kettlebells ',
        pageSize: '20',
        pages: '3',
        filters: { ...initialAiFilterValues(), followersMin: '12k' },
      }),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.request).toEqual({
      mode: 'text',
      platform: 'instagram',
      query: 'home workouts with kettlebells',
      filters: { followersCount: { min: 10000 } },
      pageSize: 20,
      pages: 3,
      title: 'AI Instagram: home workouts with kettlebells',
    });
    expect(result.estimate).toMatchObject({ maxCredits: 1.5, needsConfirmation: true, maxResults: 60 });
  });

  it('caps pages at the 1,500-result depth for the page size, saying so', () => {
    const result = buildAiSearchRequest(form({ query: 'cats', pageSize: '100', pages: '16' }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual([
      {
        field: 'pages',
        message: 'Pages: at most 15 pages of 100 (1,500 results deep); type a whole number from 1 to 15.',
      },
    ]);
    expect(pagesLimitText('100')).toBe('At most 15 pages of 100 (1,500 results deep).');
    expect(pagesLimitText('')).toBe('At most 75 pages of 20 (1,500 results deep).');
    expect(buildAiSearchRequest(form({ query: 'cats', pageSize: '100', pages: '15' })).ok).toBe(true);
  });

  it('caps the pages field at the most the page size allows when it is left', () => {
    expect(cappedPages('20', '80')).toBe('75');
    expect(cappedPages('100', '16')).toBe('15');
    expect(cappedPages('20', '75')).toBeNull();
    expect(cappedPages('20', 'lots')).toBeNull();
    expect(cappedPages('500', '3')).toBeNull();
  });

  it("asks for the mode's own input: a description, an image, 1 to 5 sources", () => {
    const text = buildAiSearchRequest(form({ query: ' ' }));
    const image = buildAiSearchRequest(form({ mode: 'image' }));
    const lookalikes = buildAiSearchRequest(form({ mode: 'lookalikes', sources: 'a\nb\nc\nd\ne\nf' }));
    expect(text.ok || text.errors.map((e) => e.field)).toEqual(['query']);
    expect(image.ok || image.errors).toEqual([
      { field: 'image', message: 'Choose an image: upload a file, or use the selected cell.' },
    ]);
    expect(lookalikes.ok || lookalikes.errors).toEqual([
      { field: 'sources', message: 'Give 1 to 5 source creators, one a line; got 6.' },
    ]);
  });

  it('takes an image chosen by upload or from a cell', () => {
    const result = buildAiSearchRequest(
      form({
        mode: 'image',
        platform: 'youtube',
        image: { kind: 'url', url: 'https://cdn.example/cat.png' },
      }),
    );
    expect(result.ok && result.request).toMatchObject({
      mode: 'image',
      platform: 'youtube',
      image: { kind: 'url', url: 'https://cdn.example/cat.png' },
      title: 'AI image search YouTube',
    });
  });
});

describe('lookalike sources', () => {
  it('reads handles, profile links and ids of the platform, once each', () => {
    expect(
      lookalikeSources(
        '@FitWithAna\nhttps://www.instagram.com/chef.bo/\n123456789\n@fitwithana\n',
        'instagram',
      ),
    ).toEqual({ sources: ['fitwithana', 'chef.bo', '123456789'], problems: [] });
    const wrong = lookalikeSources('https://www.tiktok.com/@dancer', 'instagram');
    expect(wrong.sources).toEqual([]);
    expect(wrong.problems).toHaveLength(1);
    expect(suggestAiSearchTitle(form({ mode: 'lookalikes', sources: '@fitwithana\n123456789' }))).toBe(
      'Lookalikes of @fitwithana, 123456789',
    );
  });
});

describe('negationHint', () => {
  it('warns that negations are searched for, not excluded', () => {
    expect(negationHint('vegan food without meat')).toBe(
      'AI search reads "without" as something to look for: describe what the posts show, and leave creators out with the exclude filters (hashtags, mentions, lists) instead.',
    );
    expect(negationHint('nothing special')).toBeNull();
    expect(negationHint('knot tying tutorials')).toBeNull();
  });
});
