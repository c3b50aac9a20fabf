import { formulaCacheKey, readThroughCache } from '../../../../addon/server/formulas/formula-cache';
import { installServerGlobals, type ServerGlobals } from '../server-globals';

let env: ServerGlobals;
beforeEach(() => {
  env = installServerGlobals();
});
afterEach(() => env.restore());

describe('formulaCacheKey', () => {
  it('differs by worker, by key and by request, and fits CacheService keys', () => {
    const key = formulaCacheKey('http://w/', 'k1', ['api/reports', { handles: ['@a'] }]);
    expect(key).toMatch(/^cs1\.[A-Za-z0-9_-]{43}$/);
    expect(formulaCacheKey('http://w/', 'k1', ['api/reports', { handles: ['@a'] }])).toBe(key);
    expect(formulaCacheKey('http://w/', 'k2', ['api/reports', { handles: ['@a'] }])).not.toBe(key);
    expect(formulaCacheKey('http://v/', 'k1', ['api/reports', { handles: ['@a'] }])).not.toBe(key);
    expect(formulaCacheKey('http://w/', 'k1', ['api/reports', { handles: ['@b'] }])).not.toBe(key);
    // The key itself is digested: a revoked key is not readable from the cache's keys.
    expect(key).not.toContain('k1');
  });
});

describe('readThroughCache', () => {
  it('keeps final answers in the document cache for 6 hours, and not the others', () => {
    let loads = 0;
    const load = (cacheable: boolean) => () => {
      loads += 1;
      return { value: [['row', loads]], cacheable };
    };
    expect(readThroughCache('k-pending', load(false))).toEqual([['row', 1]]);
    expect(readThroughCache('k-pending', load(false))).toEqual([['row', 2]]);
    expect(readThroughCache('k-final', load(true))).toEqual([['row', 3]]);
    expect(readThroughCache('k-final', load(true))).toEqual([['row', 3]]);
    expect(loads).toBe(3);
    const document = env.fakes.cacheService.document;
    expect(document.keys()).toEqual(['k-final']);
    expect(document.expiresAt('k-final')).toBe(env.fakes.clock.now() + 6 * 3600 * 1000);
  });

  it('loads again when the entry vanished early', () => {
    let loads = 0;
    const load = () => ({ value: ++loads, cacheable: true });
    readThroughCache('k', load);
    env.fakes.cacheService.document.vanish();
    expect(readThroughCache('k', load)).toBe(2);
  });
});
