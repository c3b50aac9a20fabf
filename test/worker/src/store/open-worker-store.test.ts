import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { SecretBytes } from '../../../../worker/src/store/sealing/data-secret';
import { openWorkerStore } from '../../../../worker/src/store/open-worker-store';
import { SHARED_SECRET_REQUIRED } from '../../../../worker/src/store/postgres/database-url';
import type { Store } from '../../../../worker/src/store/store';
import { DATABASE_FILE } from '../../../../worker/src/store/sqlite/sqlite-store';
import { freshPostgresDatabase } from './store-engines';
import { makeTempDir } from './store-fixtures';

/** The store the worker's settings ask for: SQLite in DATA_DIR, or Postgres with DATABASE_URL. */

let dir: ReturnType<typeof makeTempDir>;
let opened: Store[];
beforeEach(() => {
  dir = makeTempDir();
  opened = [];
});
afterEach(async () => {
  for (const store of opened) await store.close();
  dir.cleanup();
});

const open = async (databaseUrl: string | null, dataSecret: SecretBytes | null = null) => {
  const store = await openWorkerStore({ databaseUrl, dataDir: dir.dir, dataSecret });
  opened.push(store);
  return store;
};

describe('the worker’s store', () => {
  it('is SQLite in the data directory without DATABASE_URL', async () => {
    const store = await open(null);
    expect(store).toMatchObject({ engine: 'sqlite', databasePath: join(dir.dir, DATABASE_FILE) });
  });

  it('is Postgres with DATABASE_URL, shared by every worker under the same DATA_SECRET', async () => {
    const database = await freshPostgresDatabase();
    try {
      const secret = randomBytes(32);
      const first = await open(database.url, new SecretBytes(secret));
      const second = await open(database.url, new SecretBytes(secret));
      expect(first).toMatchObject({ engine: 'postgres', databasePath: null });
      await first.cache.set('reports', 'ana', { followers: 5 }, 60_000);
      expect((await second.cache.get('reports', 'ana'))?.value).toEqual({ followers: 5 });
      expect(second.emailCacheKey('ana@example.com')).toBe(first.emailCacheKey('ana@example.com'));
      await Promise.all(opened.splice(0).map((store) => store.close()));
    } finally {
      await database.drop();
    }
  });

  it('refuses DATABASE_URL without DATA_SECRET, saying why every instance needs the same one', async () => {
    await expect(open('postgres://worker@127.0.0.1:1/creator_sheets')).rejects.toThrow(
      `Worker: ${SHARED_SECRET_REQUIRED}`,
    );
  });

  it('says so when DATABASE_URL is wrong or its server cannot be reached', async () => {
    const secret = new SecretBytes(randomBytes(32));
    await expect(open('https://db.internal/creator_sheets', secret)).rejects.toThrow(
      'Worker: DATABASE_URL must be a postgres:// URL such as postgres://worker:secret@db.internal:5432/creator_sheets, not https://',
    );
    await expect(open('postgres://worker:pw@127.0.0.1:1/creator_sheets', secret)).rejects.toThrow(
      'Worker: the Postgres database at 127.0.0.1:1/creator_sheets (DATABASE_URL) cannot be reached: ',
    );
  });
});
