import {
  previewDictionary,
  writeDictionary,
} from '../../../../addon/server/dictionaries/dictionaries-functions';
import { NOT_CONNECTED } from '../../../../addon/server/worker-client/worker-failure';
import type { DictionaryBrowse } from '../../../../addon/bridge-contract/dictionaries-api';
import type { DictionaryItems, DictionaryKind } from '../../../../shared/rows/dictionary-rows';
import { dictionaryAnswer } from '../../../../worker/src/operations/dictionaries/dictionaries';
import type { RecordedRequest } from '../scripted-worker';
import { installServerGlobals, type ServerGlobals } from '../server-globals';

let env: ServerGlobals;
beforeEach(() => {
  env = installServerGlobals({ spreadsheet: { sheets: ['Sheet1'] } });
  env.connect();
});
afterEach(() => env.restore());

const LOCATIONS = Array.from({ length: 25 }, (_, i) => ({
  id: 1000 + i,
  name: `Paris ${i}`,
  title: `Paris ${i}, France`,
}));

/** The worker's answer for `items`, `limit` of them, as its own dictionaryAnswer builds it. */
function answerWith<K extends DictionaryKind>(
  kind: K,
  items: DictionaryItems[K][],
  withTotal: boolean,
): (request: RecordedRequest) => { body: unknown } {
  return (request) => {
    const limit = Number(request.query.limit);
    const stored = { items: items.slice(0, limit), total: withTotal ? items.length : null };
    return { body: dictionaryAnswer(kind, stored, false, false) };
  };
}

const browse = (
  dictionary: DictionaryBrowse['dictionary'],
  platform: DictionaryBrowse['platform'],
  query = '',
) => ({
  dictionary,
  platform,
  query,
});

describe('previewDictionary', () => {
  it('shows the first 10 matches in the preview columns, with the total the API gives', () => {
    env.worker.on('get', 'api/dictionaries/tiktok/locations', answerWith('locations', LOCATIONS, true));
    const preview = previewDictionary(browse('locations', 'tiktok', '  par '));
    expect(env.worker.calls('api/dictionaries/tiktok/locations')[0].query).toEqual({
      query: 'par',
      limit: '11',
    });
    expect(preview.header).toEqual(['Id', 'Full name']);
    expect(preview.rows).toHaveLength(10);
    // Ids as they are typed into filters: no thousands separator.
    expect(preview.rows[0]).toEqual(['1000', 'Paris 0, France']);
    expect(preview).toMatchObject({ total: 25, more: true, summary: '10 of 25 locations matching "par".' });
  });

  it('asks the worker once for a preview it already showed', () => {
    env.worker.on(
      'get',
      'api/dictionaries/instagram/languages',
      answerWith('languages', [{ code: 'fr', name: 'French' }], true),
    );
    const first = previewDictionary(browse('languages', 'instagram', 'fr'));
    expect(previewDictionary(browse('languages', 'instagram', 'fr'))).toEqual(first);
    expect(first).toMatchObject({
      rows: [['fr', 'French']],
      more: false,
      summary: '1 of 1 language matching "fr".',
    });
    expect(env.worker.requests).toHaveLength(1);
  });

  it('reads the AI dictionaries by prefix, counts with separators, and says when there are more', () => {
    const tags = Array.from({ length: 30 }, (_, i) => ({ tag: `travel${i}`, postCount: 1_234_000 - i }));
    env.worker.on('get', 'api/ai/hashtags', answerWith('ai_hashtags', tags, false));
    const preview = previewDictionary(browse('ai_hashtags', 'youtube', 'travel'));
    expect(env.worker.calls('api/ai/hashtags')[0].query).toEqual({
      platform: 'youtube',
      q: 'travel',
      limit: '11',
    });
    expect(preview.header).toEqual(['Hashtag', 'Posts']);
    expect(preview.rows[0]).toEqual(['travel0', '1,234,000']);
    expect(preview).toMatchObject({
      total: null,
      more: true,
      summary: 'The first 10 hashtags matching "travel"; there are more.',
    });
  });

  it('sends no platform for the AI brands, and browses from the start when the search is blank', () => {
    env.worker.on(
      'get',
      'api/ai/brands',
      answerWith('ai_brands', [{ name: 'Adidas' }, { name: 'Nike' }], false),
    );
    expect(previewDictionary(browse('ai_brands', 'tiktok'))).toMatchObject({
      rows: [['Adidas'], ['Nike']],
      summary: '2 brands.',
    });
    expect(env.worker.calls('api/ai/brands')[0].query).toEqual({ limit: '11' });
  });

  it('says when nothing matches', () => {
    env.worker.on('get', 'api/dictionaries/instagram/interests', answerWith('interests', [], true));
    expect(previewDictionary(browse('interests', 'instagram', 'zzz')).summary).toBe(
      'No interests match "zzz": try another spelling or a shorter search.',
    );
  });

  it('refuses a platform the dictionary lacks, and an unknown dictionary, without calling the worker', () => {
    expect(() => previewDictionary(browse('brands', 'tiktok'))).toThrow(
      'Brands exist for instagram only: pick one of those.',
    );
    expect(() => previewDictionary(browse('ai_mentions', 'youtube'))).toThrow(/instagram and tiktok only/);
    expect(() =>
      previewDictionary({
        dictionary: 'colours' as DictionaryBrowse['dictionary'],
        platform: 'tiktok',
        query: '',
      }),
    ).toThrow('There is no dictionary "colours": pick one from the list.');
    expect(env.worker.requests).toHaveLength(0);
  });

  it('says how to connect without a worker key', () => {
    env.fakes.propertiesService.user.deleteAllProperties();
    expect(() => previewDictionary(browse('locations', 'tiktok'))).toThrow(NOT_CONNECTED);
  });
});

describe('writeDictionary', () => {
  it('writes the whole dictionary into a new tab, ids first, in one call', () => {
    env.worker.on('get', 'api/dictionaries/youtube/locations', answerWith('locations', LOCATIONS, true));
    const written = writeDictionary(browse('locations', 'youtube'));
    expect(env.worker.calls('api/dictionaries/youtube/locations')).toHaveLength(1);
    expect(env.worker.requests[0].query).toEqual({ limit: '50001' });
    const tab = env.fakes.spreadsheet.requireSheet('Locations (youtube)');
    const values = tab.getDataRange().getValues();
    expect(values[0]).toEqual(['Id', 'Name', 'Full name']);
    expect(values.slice(1).map((row) => row[0])).toEqual(LOCATIONS.map((item) => item.id));
    expect(written).toEqual({
      sheetName: 'Locations (youtube)',
      destination: "'Locations (youtube)'!A2",
      rows: 25,
      leftOut: 0,
      truncated: false,
      message: "Wrote 25 locations to 'Locations (youtube)'!A2, for free.",
    });
  });

  it('stops at the write limit and says how to narrow the list', () => {
    const users = Array.from({ length: 1500 }, (_, i) => ({
      userId: `u${i}`,
      username: `creator${i}`,
      fullname: `Creator ${i}`,
      picture: 'https://cdn.example/p.jpg',
      followers: 10_000 - i,
      isVerified: false,
    }));
    env.worker.on('get', 'api/dictionaries/instagram/users', answerWith('users', users, false));
    const written = writeDictionary(browse('users', 'instagram', 'creator'));
    expect(env.worker.requests[0].query).toEqual({ query: 'creator', limit: '1001' });
    expect(written).toMatchObject({
      sheetName: 'Creators (instagram), "creator"',
      rows: 1000,
      truncated: true,
    });
    expect(written.message).toBe(
      `Wrote 1,000 creators matching "creator" to 'Creators (instagram), "creator"'!A2, for free. A tab takes at most 1,000 creators: search to narrow the list.`,
    );
    expect(env.fakes.spreadsheet.requireSheet(written.sheetName).getDataRange().getValues()).toHaveLength(
      1001,
    );
  });

  it('creates no tab when nothing matches', () => {
    env.worker.on('get', 'api/ai/mentions', answerWith('ai_mentions', [], false));
    expect(() => writeDictionary(browse('ai_mentions', 'tiktok', '@zzz'))).toThrow(
      'No mentions match "@zzz": try another spelling or a shorter search. Nothing was written.',
    );
    expect(env.fakes.spreadsheet.getSheets()).toHaveLength(1);
  });
});
