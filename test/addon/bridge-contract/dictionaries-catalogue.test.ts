import {
  DICTIONARIES,
  DICTIONARY_NAMES,
  dictionaryCostText,
  dictionaryPlatform,
  type DictionaryName,
} from '../../../addon/bridge-contract/dictionaries-catalogue';
import { OPERATIONS } from '../../../shared/operations';
import { DICTIONARY_COLUMNS, type DictionaryKind } from '../../../shared/rows/dictionary-rows';
import { DICTIONARY_KINDS } from '../../../shared/worker-api/dictionaries';

/** The rows each dictionary comes back as (worker/src/operations/dictionaries.ts). */
const ROWS_KIND: Record<DictionaryName, DictionaryKind> = {
  locations: 'locations',
  languages: 'languages',
  interests: 'interests',
  brands: 'brands',
  topics: 'tags',
  hashtags: 'tags',
  users: 'users',
  ai_brands: 'ai_brands',
  ai_hashtags: 'ai_hashtags',
  ai_mentions: 'ai_mentions',
};

describe('the dictionaries catalogue', () => {
  it("offers every dictionary of the worker's routes and the three AI ones", () => {
    expect(DICTIONARY_NAMES.filter((name) => !name.startsWith('ai_')).sort()).toEqual(
      [...DICTIONARY_KINDS].sort(),
    );
    expect(DICTIONARY_NAMES.filter((name) => name.startsWith('ai_'))).toEqual([
      'ai_brands',
      'ai_hashtags',
      'ai_mentions',
    ]);
  });

  it('previews columns the rows really have, and names the platforms of its API operation', () => {
    for (const name of DICTIONARY_NAMES) {
      const entry = DICTIONARIES[name];
      const ids = DICTIONARY_COLUMNS[ROWS_KIND[name]].map((col) => col.id);
      for (const id of entry.previewColumns)
        expect([name, ids]).toEqual([name, expect.arrayContaining([id])]);
      const operation = OPERATIONS[entry.operation];
      // Routes without a platform segment: the platforms are the service's own rule (brands,
      // interests are Instagram's; /ai/hashtags and /ai/mentions take it as a query parameter).
      // Hashtags: the spec names every platform, the vendor's notes Instagram only.
      if (operation.platforms.length > 0 && name !== 'hashtags')
        expect([name, entry.platforms]).toEqual([name, operation.platforms]);
    }
    expect(DICTIONARIES.hashtags.platforms).toEqual(['instagram']);
    expect(DICTIONARIES.brands.platforms).toEqual(['instagram']);
    expect(DICTIONARIES.ai_mentions.platforms).toEqual(['instagram', 'tiktok']);
    expect(DICTIONARIES.ai_brands.platforms).toEqual([]);
  });

  it('says every dictionary is free, from the price table', () => {
    for (const name of DICTIONARY_NAMES) expect(dictionaryCostText(name)).toMatch(/^Free: /);
  });

  it('keeps the chosen platform where the dictionary has it, else its own', () => {
    expect(dictionaryPlatform('locations', 'youtube')).toBe('youtube');
    expect(dictionaryPlatform('interests', 'youtube')).toBe('instagram');
    expect(dictionaryPlatform('ai_mentions', 'youtube')).toBe('instagram');
    expect(dictionaryPlatform('ai_brands', 'tiktok')).toBeNull();
  });
});
