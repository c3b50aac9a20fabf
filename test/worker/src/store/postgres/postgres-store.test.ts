import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import { Client } from 'pg';
import { MIGRATIONS, SCHEMA_VERSION } from '../../../../../worker/src/store/sqlite/sqlite-migrations';
import { POSTGRES_MIGRATIONS } from '../../../../../worker/src/store/postgres/postgres-migrations';
import { openPostgresStore } from '../../../../../worker/src/store/postgres/postgres-store';
import { freshPostgresDatabase } from '../store-engines';

/** Opening a store on Postgres: migrating (once, however many instances start), refusing, failing to reach. */

let database: { url: string; drop: () => Promise<void> };
beforeEach(async () => {
  database = await freshPostgresDatabase();
});
afterEach(() => database.drop());

async function query<T>(url: string, sql: string): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

const open = (url = database.url) => openPostgresStore({ url, secret: randomBytes(32), poolSize: 2 });

describe('a Postgres store', () => {
  it('migrates an empty database to the schema version SQLite is at, and records it', async () => {
    const store = await open();
    expect(store).toMatchObject({ engine: 'postgres', databasePath: null });
    await store.close();
    expect(await query(database.url, 'SELECT version FROM schema_version')).toEqual([
      { version: SCHEMA_VERSION },
    ]);
  });

  it('has every table and column of the SQLite schema, step for step', async () => {
    expect(POSTGRES_MIGRATIONS).toHaveLength(MIGRATIONS.length);
    const sqlite = new Database(':memory:');
    for (const step of MIGRATIONS) sqlite.exec(step);
    const sqliteColumns = sqlite
      .prepare<[], { name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
      )
      .all()
      .flatMap(({ name }) =>
        sqlite
          .prepare<[], { name: string }>(`SELECT name FROM pragma_table_info('${name}')`)
          .all()
          .map((column) => `${name}.${column.name}`),
      )
      .sort();
    sqlite.close();
    await (await open()).close();
    const postgresColumns = (
      await query<{ column: string }>(
        database.url,
        `SELECT table_name || '.' || column_name AS column FROM information_schema.columns
         WHERE table_schema = 'public' AND table_name <> 'schema_version' AND column_name <> 'seq'`,
      )
    )
      .map((row) => row.column)
      .sort();
    expect(postgresColumns).toEqual(sqliteColumns);
  });

  it('is migrated once when several instances start at the same moment', async () => {
    const stores = await Promise.all([open(), open(), open()]);
    await Promise.all(stores.map((store) => store.close()));
    expect(await query(database.url, 'SELECT version FROM schema_version')).toEqual([
      { version: SCHEMA_VERSION },
    ]);
    // A second migration would have failed on tables that exist; opening again changes nothing.
    await (await open()).close();
  });

  it('refuses a database a newer worker migrated, saying so', async () => {
    await (await open()).close();
    await query(database.url, `UPDATE schema_version SET version = ${SCHEMA_VERSION + 1}`);
    await expect(open()).rejects.toThrow(
      `the database is at schema version ${SCHEMA_VERSION + 1}, newer than this worker's ${SCHEMA_VERSION}: run a newer worker or restore an older database`,
    );
  });

  it('says which server it cannot reach, without its password', async () => {
    const unreachable = 'postgres://worker:s3cret-pass@127.0.0.1:1/creator_sheets';
    const failure = open(unreachable);
    await expect(failure).rejects.toThrow(
      /^Worker: the Postgres database at 127\.0\.0\.1:1\/creator_sheets \(DATABASE_URL\) cannot be reached: /,
    );
    await expect(failure).rejects.not.toThrow(/s3cret-pass/);
  });

  it('refuses a URL that is not a Postgres one, with an example of one', async () => {
    await expect(open('mysql://worker@db/creator_sheets')).rejects.toThrow(
      'Worker: DATABASE_URL must be a postgres:// URL such as postgres://worker:secret@db.internal:5432/creator_sheets, not mysql://',
    );
    await expect(open('db.internal:5432')).rejects.toThrow('Worker: DATABASE_URL must be a postgres:// URL');
  });
});
