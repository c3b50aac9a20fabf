import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Store } from '../../../../worker/src/store/store';
import { DATABASE_FILE, openStore } from '../../../../worker/src/store/sqlite/sqlite-store';
import {
  CACHE_NAMESPACES,
  defaultCacheTtlMs,
  reportCacheKey,
} from '../../../../worker/src/store/cache/cache-namespaces';
import { describeEachEngine } from './store-engines';
import { DAY_MS, ManualClock, makeTempDir } from './store-fixtures';

describeEachEngine('cache repository', (engine) => {
  let clock: ManualClock;
  let store: Store;

  beforeEach(async () => {
    clock = new ManualClock();
    store = await engine.open({ clock });
  });

  it('returns what was stored, as JSON, with when it was stored and when it expires', async () => {
    const report = { userId: '123', followers: 1500, tags: ['a', 'b'], nested: { ok: true, none: null } };
    await store.cache.set('reports', 'k1', report, DAY_MS);

    const entry = await store.cache.get('reports', 'k1');

    expect(entry).toEqual({ value: report, storedAt: clock.now(), expiresAt: clock.now() + DAY_MS });
  });

  it('stops serving an entry once its TTL has passed, to the millisecond', async () => {
    await store.cache.set('dictionaries', 'brands', ['Nike'], 1000);

    clock.advance(999);
    expect(await store.cache.get('dictionaries', 'brands')).not.toBeNull();
    clock.advance(1);
    expect(await store.cache.get('dictionaries', 'brands')).toBeNull();
  });

  it('takes an explicit instant instead of the clock', async () => {
    await store.cache.set('search-pages', 'p', 1, 1000, 5000);
    expect(await store.cache.get('search-pages', 'p', 5999)).not.toBeNull();
    expect(await store.cache.get('search-pages', 'p', 6000)).toBeNull();
  });

  it('keeps namespaces apart', async () => {
    await store.cache.set('reports', 'same', 'a report', DAY_MS);
    await store.cache.set('search-pages', 'same', 'a page', DAY_MS);

    expect((await store.cache.get('reports', 'same'))?.value).toBe('a report');
    expect((await store.cache.get('search-pages', 'same'))?.value).toBe('a page');
    expect(await store.cache.get('dictionaries', 'same')).toBeNull();
  });

  it('overwrites an entry and restarts its TTL', async () => {
    await store.cache.set('reports', 'k', 'old', 1000);
    clock.advance(900);
    await store.cache.set('reports', 'k', 'new', 1000);
    clock.advance(900);

    expect((await store.cache.get('reports', 'k'))?.value).toBe('new');
  });

  it('reads many keys at once, leaving out missing and expired ones', async () => {
    await store.cache.setMany(
      'reports',
      [
        { key: 'a', value: 1 },
        { key: 'b', value: 2 },
      ],
      1000,
    );
    await store.cache.set('reports', 'short', 3, 10);
    clock.advance(10);
    const keys = Array.from({ length: 1200 }, (_, i) => `missing-${i}`).concat(['a', 'b', 'short', 'a']);

    const found = await store.cache.getMany('reports', keys);

    expect([...found.keys()].sort()).toEqual(['a', 'b']);
    expect(found.get('b')?.value).toBe(2);
  });

  it('deletes one entry and purges every expired one', async () => {
    await store.cache.set('reports', 'keep', 1, 10_000);
    await store.cache.set('reports', 'gone', 2, 10);
    await store.cache.set('dictionaries', 'gone-too', 3, 10);
    await store.cache.set('reports', 'deleted', 4, 10_000);

    expect(await store.cache.delete('reports', 'deleted')).toBe(true);
    expect(await store.cache.delete('reports', 'deleted')).toBe(false);
    clock.advance(10);
    expect(await store.cache.purgeExpired()).toBe(2);
    expect(await store.cache.purgeExpired()).toBe(0);
    expect(await store.cache.get('reports', 'keep')).not.toBeNull();
  });

  it('refuses a TTL that is not positive and a value that is not JSON, writing nothing', async () => {
    await expect(store.cache.set('reports', 'k', 1, 0)).rejects.toThrow(
      'a cache TTL must be a positive number of milliseconds, got 0',
    );
    await expect(
      store.cache.setMany(
        'reports',
        [
          { key: 'ok', value: 1 },
          { key: 'bad', value: undefined },
        ],
        1000,
      ),
    ).rejects.toThrow('a cached value of reports must be a JSON value, got undefined');
    expect(await store.cache.get('reports', 'ok')).toBeNull();
  });

  it('finds its entries again after the database is reopened', async () => {
    await store.cache.set('reports', 'k', { followers: 10 }, DAY_MS);
    await store.close();

    const second = await engine.open({ clock });
    expect((await second.cache.get('reports', 'k'))?.value).toEqual({ followers: 10 });
  });
});

describeEachEngine('cache repository: reports kept parsed in memory', (engine) => {
  let clock: ManualClock;
  let store: Store;
  const report = { userId: '1', followers: 1500, audience: { geo: [{ code: 'US', weight: 0.5 }] } };

  beforeEach(async () => {
    clock = new ManualClock();
    store = await engine.open({ clock });
  });

  it('serves a report read again without parsing it again, frozen so no reader can change it', async () => {
    await store.cache.set('reports', 'k', report, DAY_MS);

    const first = await store.cache.get('reports', 'k');
    const second = (await store.cache.getMany('reports', ['k'])).get('k');

    expect(first).toEqual({ value: report, storedAt: clock.now(), expiresAt: clock.now() + DAY_MS });
    expect(second).toBe(first);
    const value = first?.value as typeof report;
    expect(Object.isFrozen(value.audience.geo[0])).toBe(true);
    expect(() => {
      value.followers = 0;
    }).toThrow(TypeError);
    expect((await store.cache.get('reports', 'k'))?.value).toEqual(report);
  });

  it('forgets a kept report when it is written again, refreshed or deleted', async () => {
    await store.cache.set('reports', 'k', { followers: 1 }, DAY_MS);
    await store.cache.get('reports', 'k');
    await store.cache.set('reports', 'k', { followers: 2 }, DAY_MS);
    expect((await store.cache.get('reports', 'k'))?.value).toEqual({ followers: 2 });

    await store.cache.setMany('reports', [{ key: 'k', value: { followers: 3 } }], DAY_MS);
    expect((await store.cache.getMany('reports', ['k'])).get('k')?.value).toEqual({ followers: 3 });

    await store.cache.delete('reports', 'k');
    expect(await store.cache.get('reports', 'k')).toBeNull();
  });

  it('stops serving a kept report when its TTL has passed, and purges it', async () => {
    await store.cache.set('reports', 'k', report, 1000);
    await store.cache.get('reports', 'k');

    clock.advance(999);
    expect(await store.cache.get('reports', 'k')).not.toBeNull();
    expect(await store.cache.get('reports', 'k', clock.now() + 1)).toBeNull();
    clock.advance(1);
    expect((await store.cache.getMany('reports', ['k'])).size).toBe(0);
    expect(await store.cache.purgeExpired()).toBe(1);
  });

  it('keeps only as many reports as its bound of JSON text allows, least recently read out first', async () => {
    const small = await engine.open({ clock, reportMemoryChars: 110 });
    try {
      // 51 characters of JSON each: two fit in 110.
      const big = { text: 'x'.repeat(40) };
      await small.cache.setMany(
        'reports',
        ['a', 'b', 'c'].map((key) => ({ key, value: big })),
        DAY_MS,
      );
      const a = await small.cache.get('reports', 'a');
      const b = await small.cache.get('reports', 'b');
      await small.cache.get('reports', 'a');
      await small.cache.get('reports', 'c');

      expect(await small.cache.get('reports', 'a')).toBe(a);
      expect(await small.cache.get('reports', 'b')).not.toBe(b);
      expect(await small.cache.get('reports', 'b')).toEqual(b);
    } finally {
      await small.close();
    }
  });

  it('gives other namespaces a fresh copy on every read', async () => {
    await store.cache.set('dictionaries', 'brands', [{ name: 'Nike' }], DAY_MS);
    const first = await store.cache.get('dictionaries', 'brands');
    const second = await store.cache.get('dictionaries', 'brands');
    expect(second).toEqual(first);
    expect(second).not.toBe(first);
    expect(Object.isFrozen(first?.value)).toBe(false);
  });
});

describe('cache namespaces', () => {
  it('keeps reports 30 days by default, or REPORT_CACHE_DAYS, and the rest as documented', () => {
    expect(defaultCacheTtlMs()).toEqual({
      reports: 30 * DAY_MS,
      dictionaries: DAY_MS,
      'search-pages': DAY_MS,
      emails: 30 * DAY_MS,
    });
    expect(defaultCacheTtlMs({ reportCacheDays: 7 })[CACHE_NAMESPACES.reports]).toBe(7 * DAY_MS);
    expect(() => defaultCacheTtlMs({ reportCacheDays: 0 })).toThrow(
      'REPORT_CACHE_DAYS must be a number greater than 0, got 0',
    );
  });

  it('gives one report key per platform, handle and calculation method', () => {
    const keys = new Set([
      reportCacheKey('instagram', 'nike', 'median'),
      reportCacheKey('instagram', 'nike', 'average'),
      reportCacheKey('tiktok', 'nike', 'median'),
      reportCacheKey('instagram', 'adidas', 'median'),
    ]);
    expect(keys.size).toBe(4);
    expect(reportCacheKey('instagram', 'nike', 'median')).toBe(reportCacheKey('instagram', 'nike', 'median'));
  });
});

describeEachEngine('cache repository: keys', (engine) => {
  let clock: ManualClock;

  beforeEach(() => {
    clock = new ManualClock();
  });

  it('stores an HMAC of each key under the data secret, never the key', async () => {
    const key = JSON.stringify(['instagram', { filter: { bio: 'Ana@Example.com' } }, 0]);
    const store = await engine.open({ clock });
    await store.cache.set('search-pages', key, { total: 1 }, DAY_MS);
    await store.cache.setMany('reports', [{ key: 'ana@example.com', value: 1 }], DAY_MS);
    expect((await store.cache.get('search-pages', key))?.value).toEqual({ total: 1 });
    expect(
      (await store.cache.getMany('reports', ['ana@example.com', 'x'])).get('ana@example.com')?.value,
    ).toBe(1);
    await store.close();

    const rows = await engine.rows<{ namespace: string; key: string }>(
      'SELECT namespace, key FROM cache_entries',
    );
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.key).toMatch(/^hmac1:[\w-]{43}$/);
    expect(JSON.stringify(rows).toLowerCase()).not.toContain('example.com');
    expect((await engine.everything()).toLowerCase()).not.toContain('example.com');

    // Another deployment's secret gives other keys: a copy of the database cannot be matched
    // against a list of guesses without the secret.
    const elsewhere = await engine.openElsewhere({ clock });
    await elsewhere.cache.set('search-pages', key, { total: 1 }, DAY_MS);
    expect(await elsewhere.cache.get('reports', 'ana@example.com')).toBeNull();
    const differentSecret = await engine.open({ clock, secret: Buffer.alloc(32, 7) });
    expect(await differentSecret.cache.get('search-pages', key)).toBeNull();
  });
});

describe('cache repository: keys of an older version (SQLite)', () => {
  let clock: ManualClock;
  let dir: string;
  let cleanup: () => void;

  beforeEach(() => {
    clock = new ManualClock();
    ({ dir, cleanup } = makeTempDir());
  });
  afterEach(() => cleanup());

  const storedRows = () => {
    const db = new Database(join(dir, DATABASE_FILE), { readonly: true });
    try {
      return db
        .prepare<[], { namespace: string; key: string }>('SELECT namespace, key FROM cache_entries')
        .all();
    } finally {
      db.close();
    }
  };

  it('moves entries stored under plain keys by an older version to their HMAC keys, keeping them', async () => {
    await openStore({ dataDir: dir, clock }).close();
    const db = new Database(join(dir, DATABASE_FILE));
    const insert = db.prepare(
      'INSERT INTO cache_entries (namespace, key, value, stored_at, expires_at) VALUES (?, ?, ?, ?, ?)',
    );
    const reportKey = reportCacheKey('instagram', 'ana', 'median');
    insert.run('reports', reportKey, JSON.stringify({ followers: 7 }), clock.now(), clock.now() + DAY_MS);
    insert.run(
      'search-pages',
      '["tiktok",{"bio":"bo@example.org"},0]',
      '{"total":2}',
      clock.now(),
      clock.now() + DAY_MS,
    );
    insert.run('', 'a-key-in-no-namespace', '3', clock.now(), clock.now() + DAY_MS);
    db.close();

    const store = openStore({ dataDir: dir, clock });
    try {
      expect((await store.cache.get('reports', reportKey))?.value).toEqual({ followers: 7 });
      expect((await store.cache.get('search-pages', '["tiktok",{"bio":"bo@example.org"},0]'))?.value).toEqual(
        {
          total: 2,
        },
      );
      expect((await store.cache.get('', 'a-key-in-no-namespace'))?.value).toBe(3);
    } finally {
      await store.close();
    }
    const rows = storedRows();
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row.key).toMatch(/^hmac1:/);

    // Opening again finds nothing left to move and changes nothing.
    await openStore({ dataDir: dir, clock }).close();
    expect(storedRows()).toEqual(rows);
  });
});
