import {
  lookupDictionaryOptions,
  toDictionaryOptions,
} from '../../../../addon/server/dictionaries/dictionary-lookup';
import { NOT_CONNECTED } from '../../../../addon/server/worker-client/worker-failure';
import { installServerGlobals, type ServerGlobals } from '../server-globals';

let env: ServerGlobals;
beforeEach(() => {
  env = installServerGlobals();
});
afterEach(() => env.restore());

describe('toDictionaryOptions', () => {
  it('uses ids as the API takes them and the clearest label', () => {
    expect(
      toDictionaryOptions('locations', [
        [148838, 'Paris', 'Paris, France'],
        [1, 'X', null],
      ]),
    ).toEqual([
      { id: 148838, label: 'Paris, France' },
      { id: 1, label: 'X' },
    ]);
    expect(
      toDictionaryOptions('languages', [
        ['en', 'English'],
        [5, 'bad'],
      ]),
    ).toEqual([{ id: 'en', label: 'English' }]);
  });
});

describe('lookupDictionaryOptions', () => {
  it('asks the worker once per query (brands on Instagram, whatever the platform) and caches the answer', () => {
    env.connect();
    env.worker.on('get', 'api/dictionaries/instagram/brands', { body: { rows: [[7, 'Nike']], columns: [] } });
    expect(lookupDictionaryOptions('youtube', 'brands', ' nik ')).toEqual([{ id: 7, label: 'Nike' }]);
    expect(lookupDictionaryOptions('tiktok', 'brands', 'nik')).toEqual([{ id: 7, label: 'Nike' }]);
    const calls = env.worker.calls('api/dictionaries/instagram/brands');
    expect(calls).toHaveLength(1);
    expect(calls[0].query).toEqual({ query: 'nik', limit: '20' });
  });

  it('fails with "Not connected" without a key', () => {
    expect(() => lookupDictionaryOptions('instagram', 'locations', 'par')).toThrow(NOT_CONNECTED);
  });
});
