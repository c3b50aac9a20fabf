import {
  CACHE_KEY_MAX_CHARACTERS,
  CACHE_VALUE_MAX_BYTES,
} from '../../../../../worker/playground/apps-script/services/cache-service';
import { createAppsScriptFakes } from '../../../../../worker/playground/apps-script/create-fakes';

describe('FakeCacheService', () => {
  it('keeps values for 10 minutes by default, on the fake clock', () => {
    const { cacheService, clock } = createAppsScriptFakes();
    const cache = cacheService.getUserCache();
    cache.put('a', '1');
    clock.advance(599_999);
    expect(cache.get('a')).toBe('1');
    clock.advance(1);
    expect(cache.get('a')).toBeNull();
  });

  it('keeps a value at most 6 hours and refuses a longer time', () => {
    const { cacheService, clock } = createAppsScriptFakes();
    const cache = cacheService.getScriptCache();
    cache.put('a', '1', 21_600);
    expect(() => cache.put('b', '1', 21_601)).toThrow('expirationInSeconds must be from 1 to 21600');
    clock.advance(6 * 3600 * 1000 - 1);
    expect(cache.getAll(['a', 'b'])).toEqual({ a: '1' });
    clock.advance(1);
    expect(cache.getAll(['a', 'b'])).toEqual({});
  });

  it('refuses a value over 100 KB and a key over 250 characters', () => {
    const cache = createAppsScriptFakes().cacheService.getDocumentCache();
    cache.put('fits', 'x'.repeat(CACHE_VALUE_MAX_BYTES));
    expect(() => cache.put('big', 'x'.repeat(CACHE_VALUE_MAX_BYTES + 1))).toThrow(
      'Argument too large: value',
    );
    expect(() => cache.put('k'.repeat(CACHE_KEY_MAX_CHARACTERS + 1), 'v')).toThrow('Argument too large: key');
    expect(() => cache.putAll({ ok: 'v', big: 'x'.repeat(CACHE_VALUE_MAX_BYTES + 1) })).toThrow(
      'Argument too large',
    );
    expect(cache.get('ok')).toBeNull();
  });

  it('puts, gets and removes many at once, and stores other values as strings', () => {
    const cache = createAppsScriptFakes().cacheService.getUserCache();
    cache.putAll({ a: '1', b: 2 as unknown as string, c: '3' });
    expect(cache.getAll(['a', 'b', 'x'])).toEqual({ a: '1', b: '2' });
    cache.removeAll(['a', 'b']);
    cache.remove('missing');
    expect(cache.keys()).toEqual(['c']);
  });

  it('may lose entries before their time', () => {
    const cache = createAppsScriptFakes().cacheService.getUserCache();
    cache.putAll({ 'report:1': 'x', 'report:2': 'y', other: 'z' });
    expect(cache.vanish((key) => key.startsWith('report:'))).toBe(2);
    expect(cache.getAll(['report:1', 'report:2', 'other'])).toEqual({ other: 'z' });
    expect(cache.evicted).toBe(2);
  });

  it('is within reach of a custom function, not of onOpen in AuthMode.NONE', () => {
    const { cacheService, runtime } = createAppsScriptFakes();
    expect(runtime.run('custom-function', () => cacheService.getUserCache().get('a'))).toBeNull();
    expect(() => runtime.run('auth-none', () => cacheService.getUserCache())).toThrow(
      'You do not have permission to call CacheService.getUserCache',
    );
  });
});
