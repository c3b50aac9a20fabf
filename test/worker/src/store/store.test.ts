import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { SCHEMA_VERSION } from '../../../../worker/src/store/migrations';
import { DATABASE_FILE, openStore } from '../../../../worker/src/store/store';
import { makeTempDir } from './store-fixtures';

describe('openStore', () => {
  let dir: string;
  let cleanup: () => void;

  beforeEach(() => ({ dir, cleanup } = makeTempDir()));
  afterEach(() => cleanup());

  it('creates the data directory, one database file in WAL mode, and records the schema version', () => {
    const dataDir = join(dir, 'nested', 'data');
    const store = openStore({ dataDir });
    expect(store.databasePath).toBe(join(dataDir, DATABASE_FILE));
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    store.close();

    const db = new Database(join(dataDir, DATABASE_FILE), { readonly: true });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.prepare('SELECT version FROM schema_version').all()).toEqual([{ version: SCHEMA_VERSION }]);
    db.close();
  });

  it('reopens an existing directory without migrating twice', async () => {
    const first = openStore({ dataDir: dir });
    await first.budgets.set({ scope: 'team' }, 'day', 10, 'boss@team.com');
    first.close();

    const second = openStore({ dataDir: dir });
    expect((await second.budgets.get({ scope: 'team' }, 'day'))?.credits).toBe(10);
    second.close();
  });

  it('refuses a database written by a newer worker, saying so', () => {
    openStore({ dataDir: dir }).close();
    const db = new Database(join(dir, DATABASE_FILE));
    db.prepare('UPDATE schema_version SET version = ?').run(SCHEMA_VERSION + 1);
    db.close();

    expect(() => openStore({ dataDir: dir })).toThrow(
      `the database is at schema version ${SCHEMA_VERSION + 1}, newer than this worker's ${SCHEMA_VERSION}`,
    );
  });

  it('keeps an in-memory store off the disk', async () => {
    const store = openStore({ memory: true });
    await store.cache.set('reports', 'k', 1, 1000);
    expect(store.databasePath).toBeNull();
    store.close();
    store.close();
    expect(existsSync(join(process.cwd(), ':memory:'))).toBe(false);
  });
});
