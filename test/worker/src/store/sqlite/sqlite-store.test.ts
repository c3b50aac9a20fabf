import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { MIGRATIONS, SCHEMA_VERSION } from '../../../../../worker/src/store/sqlite/sqlite-migrations';
import { DATABASE_FILE, openStore } from '../../../../../worker/src/store/sqlite/sqlite-store';
import { makeTempDir } from '../store-fixtures';

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
    expect((await second.budgets.get({ scope: 'team' }, 'day'))?.limit).toBe(10);
    second.close();
  });

  it('keeps the credit budgets of a version-5 directory when budgets gain raw requests', async () => {
    const db = new Database(join(dir, DATABASE_FILE));
    db.exec('CREATE TABLE schema_version (version INTEGER NOT NULL)');
    for (const step of MIGRATIONS.slice(0, 5)) db.exec(step);
    db.prepare('INSERT INTO schema_version (version) VALUES (5)').run();
    db.prepare("INSERT INTO budgets VALUES ('user', 'ana@team.com', 'day', 12500, 1, 'boss@team.com')").run();
    db.close();

    const store = openStore({ dataDir: dir });
    expect(await store.budgets.get({ scope: 'user', email: 'ana@team.com' }, 'day')).toMatchObject({
      unit: 'credits',
      limit: 12.5,
    });
    expect(
      await store.budgets.get({ scope: 'user', email: 'ana@team.com' }, 'day', 'rawRequests'),
    ).toBeNull();
    store.close();
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
