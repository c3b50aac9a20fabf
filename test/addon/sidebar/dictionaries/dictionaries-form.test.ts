import {
  browseKey,
  dictionaryChoices,
  dictionaryLimitText,
  dictionaryWriteRequest,
  platformChoicesFor,
  platformNote,
  readDictionaryBrowse,
} from '../../../../addon/sidebar/dictionaries/dictionaries-form';

describe('the dictionaries form', () => {
  it('offers every dictionary, and for each only the platforms it exists for', () => {
    expect(dictionaryChoices().map((choice) => choice.label)).toEqual([
      'Locations',
      'Languages',
      'Interests',
      'Brands',
      'Topics',
      'Hashtags',
      'Creators',
      'AI search brands',
      'AI search hashtags',
      'AI search mentions',
    ]);
    expect(platformChoicesFor('locations').map((choice) => choice.label)).toEqual([
      'Instagram',
      'TikTok',
      'YouTube',
    ]);
    expect(platformChoicesFor('ai_mentions').map((choice) => choice.value)).toEqual(['instagram', 'tiktok']);
    expect(platformChoicesFor('ai_brands')).toEqual([]);
  });

  it('asks for what the dictionary has: its own platform when the chosen one lacks it, the search trimmed', () => {
    expect(readDictionaryBrowse({ dictionary: 'interests', platform: 'youtube', query: ' trav ' })).toEqual({
      dictionary: 'interests',
      platform: 'instagram',
      query: 'trav',
    });
    expect(readDictionaryBrowse({ dictionary: 'languages', platform: 'tiktok', query: '' })).toEqual({
      dictionary: 'languages',
      platform: 'tiktok',
      query: '',
    });
    expect(readDictionaryBrowse({ dictionary: 'nope', platform: '', query: 'x' }).dictionary).toBe(
      'locations',
    );
  });

  it('treats requests with the same answer as the same, whatever the platform of a platform-less one', () => {
    expect(browseKey({ dictionary: 'ai_brands', platform: 'tiktok', query: 'ni' })).toBe(
      browseKey({ dictionary: 'ai_brands', platform: 'youtube', query: 'ni' }),
    );
    expect(browseKey({ dictionary: 'locations', platform: 'tiktok', query: 'ni' })).not.toBe(
      browseKey({ dictionary: 'locations', platform: 'youtube', query: 'ni' }),
    );
  });

  it('states the write limit and the platform rule up front', () => {
    expect(dictionaryLimitText('locations')).toBe(
      '"Write all" puts every location matching the search (the whole list when it is blank) into the chosen tab, up to 50,000; search to narrow a longer list.',
    );
    expect(dictionaryLimitText('users')).toMatch(/every creator .* up to 1,000;/);
    expect(platformNote('brands')).toBe('Exists for Instagram only.');
    expect(platformNote('ai_mentions')).toBe('Exists for Instagram and TikTok only.');
    expect(platformNote('ai_brands')).toBe('The same list serves every platform.');
    expect(platformNote('locations')).toBeNull();
  });

  it('sends "Write all" with the tab it goes into, a pasted name on one line, the browse unchanged', () => {
    const browse = readDictionaryBrowse({ dictionary: 'locations', platform: 'tiktok', query: 'par' });
    const request = dictionaryWriteRequest(browse, '  City\n ids ', 'append');
    expect(request).toEqual({
      dictionary: 'locations',
      platform: 'tiktok',
      query: 'par',
      tab: { name: 'City ids', mode: 'append' },
    });
    // The tab does not change the answer: the preview shown stays the one for this request.
    expect(browseKey(request)).toBe(browseKey(browse));
  });
});
