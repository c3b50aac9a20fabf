import { buildRawPull } from '../../../../addon/bridge-contract/raw-data-request';
import { initialAiSearchValues } from '../../../../addon/sidebar/ai-search/ai-search-form';
import {
  keptAiSearchForm,
  readKeptAiSearchForm,
} from '../../../../addon/sidebar/ai-search/kept-ai-search-form';
import { keptSearchForm, readKeptSearchForm } from '../../../../addon/sidebar/search/kept-search-form';
import {
  initialRawFormState,
  keptRawForm,
  rawFormValues,
  readKeptRawForm,
  setParam,
  setTabName,
} from '../../../../addon/sidebar/raw-data/raw-data-form-state';
import { toFormJson } from '../../../../addon/sidebar/ui/saved-forms-panel';
import { buildSearchForm, initialSearchValues } from '../../../../addon/sidebar/search/search-form';
import { tabModeHint } from '../../../../addon/sidebar/ui/tab-mode-field';

/**
 * Issue 15: forms kept (saved under a name, or the user's last one) and read back, whatever an
 * older version or another editor left; and the tab choice carried to the server.
 */

describe('the Search form kept and read back', () => {
  const values = {
    ...initialSearchValues('tiktok'),
    followersMin: '10k',
    locations: [{ id: 82, label: 'Germany' }],
    language: { id: 'de', label: 'German' },
    audienceAges: ['18-24'],
    hasEmail: true,
    title: 'TikTok · 10K+ followers · Germany',
    tabMode: 'append',
  };

  it('comes back as it was, with the tab choice; a name made from the filters is not kept', () => {
    const kept = toFormJson(keptSearchForm(values, false));
    expect(readKeptSearchForm(kept)).toEqual({ ...values, title: '' });
    expect(readKeptSearchForm(toFormJson(keptSearchForm(values, true))).title).toBe(values.title);
  });

  it('takes the defaults for what is missing or of another kind', () => {
    const read = readKeptSearchForm({
      platform: 'myspace',
      followersMin: 10000,
      locations: [{ id: 82 }],
      hasEmail: 'yes',
      keywords: 'vegan',
    });
    expect(read).toEqual({ ...initialSearchValues('instagram'), keywords: 'vegan' });
    expect(readKeptSearchForm(null)).toEqual(initialSearchValues());
  });

  it('sends the tab choice with the search, and none for a new tab', () => {
    const built = buildSearchForm(readKeptSearchForm(toFormJson(values)));
    expect(built.ok && built.form.tabMode).toBe('append');
    const fresh = buildSearchForm(initialSearchValues());
    expect(fresh.ok && 'tabMode' in fresh.form).toBe(false);
  });
});

describe('the AI search form kept and read back', () => {
  it('keeps an image link but never an uploaded file', () => {
    const uploaded = {
      ...initialAiSearchValues(),
      mode: 'image' as const,
      image: {
        kind: 'upload' as const,
        imageType: 'image/png' as const,
        base64Image: 'iVBORw0',
        name: 'a.png',
      },
    };
    expect(keptAiSearchForm(uploaded, false).image).toBeNull();
    const linked = { ...uploaded, image: { kind: 'url' as const, url: 'https://example.com/a.jpg' } };
    expect(readKeptAiSearchForm(toFormJson(keptAiSearchForm(linked, false)))).toMatchObject({
      mode: 'image',
      image: { kind: 'url', url: 'https://example.com/a.jpg' },
    });
  });

  it('reads every filter back, and the defaults for the rest', () => {
    const values = initialAiSearchValues();
    const kept = {
      ...values,
      mode: 'lookalikes' as const,
      platform: 'youtube' as const,
      sources: '@ana',
      tabMode: 'replace',
      filters: { ...values.filters, hashtagsExclude: [{ id: 'ad', label: '#ad' }], credibility: '75' },
    };
    expect(readKeptAiSearchForm(toFormJson(keptAiSearchForm(kept, false)))).toEqual({ ...kept, title: '' });
    expect(readKeptAiSearchForm({ mode: 'telepathy', filters: 'none' })).toEqual(values);
  });
});

describe('the Raw data form kept and read back', () => {
  it('keeps the values of every operation and the tab choice, not a cursor offered by a pull', () => {
    let state = setParam(initialRawFormState('rawIgUserFeed'), 'url', '@nasa');
    state = {
      ...state,
      pages: '3',
      tabMode: 'append',
      offered: { operation: 'rawIgUserFeed', cursor: 'x', subject: '' },
    };
    const kept = toFormJson(keptRawForm(state));
    expect(kept).not.toHaveProperty('offered');
    const read = readKeptRawForm(kept, 'rawIgUserFeed');
    expect(rawFormValues(read)).toEqual({ ...rawFormValues(state), tabName: 'Instagram user posts @nasa' });
    expect(read.tabNameEdited).toBe(false);
  });

  it('keeps a typed tab name as typed, and falls back for an operation that no longer exists', () => {
    const state = setTabName(initialRawFormState('rawIgUserFeed'), 'NASA posts');
    expect(readKeptRawForm(toFormJson(keptRawForm(state)), 'rawIgUserFeed')).toMatchObject({
      tabName: 'NASA posts',
      tabNameEdited: true,
    });
    expect(readKeptRawForm({ operation: 'rawFaxFeed' }, 'rawIgUserFeed').operation).toBe('rawIgUserFeed');
  });

  it("reads an older form's Instagram search text, kept as `query`, as the `keyword` it is sent as now", () => {
    const older = { operation: 'rawIgSearch', values: { 'instagram|query|Search text': 'coffee' } };
    const read = readKeptRawForm(older, 'rawIgUserFeed');
    expect(rawFormValues(read).params).toEqual({ keyword: 'coffee' });
    const hashtags = readKeptRawForm({ ...older, operation: 'rawIgSearchHashtags' }, 'rawIgUserFeed');
    expect(rawFormValues(hashtags).params).toEqual({ keyword: 'coffee' });
    // A value kept since under the new name wins.
    const both = { ...older, values: { ...older.values, 'instagram|keyword|Search text': 'tea' } };
    expect(rawFormValues(readKeptRawForm(both, 'rawIgUserFeed')).params).toEqual({ keyword: 'tea' });
  });

  it('refuses to add "All fields" below a table: its columns come from the answer', () => {
    const result = buildRawPull({
      operation: 'rawIgUserInfo',
      params: { url: '@nasa' },
      pages: '1',
      untilDone: false,
      allFields: true,
      tabName: '',
      tabMode: 'append',
    });
    expect(result).toEqual({
      ok: false,
      errors: [
        {
          field: 'tabMode',
          message:
            '"All fields" takes its columns from the answer, so it cannot be added below a table: replace the tab or write a new one.',
        },
      ],
    });
  });
});

describe('the tab choice', () => {
  it('says what a run does to the tab named', () => {
    expect(tabModeHint('new', 'Vegan', true)).toBe(
      'A number is added to the name when a tab of that name exists.',
    );
    expect(tabModeHint('replace', 'Vegan', false)).toBe(
      '"Vegan" does not exist yet: it is made, with the header.',
    );
    expect(tabModeHint('replace', 'Vegan', true)).toBe(
      'Everything in "Vegan" is cleared, then the new table written.',
    );
    expect(tabModeHint('append', ' Vegan ', true)).toBe(
      'The rows go below the table in "Vegan"; its header must match, or nothing is started.',
    );
  });
});
