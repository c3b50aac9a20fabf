import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Client } from 'pg';
import type { Clock } from '../../../../worker/common/clock';
import type { KeyPolicy } from '../../../../worker/src/store/rows/worker-key-rules';
import {
  createPostgresDatabase,
  type PostgresDatabase,
} from '../../../../worker/src/store/postgres/postgres-database';
import { openPostgresStore } from '../../../../worker/src/store/postgres/postgres-store';
import type { Store } from '../../../../worker/src/store/store';
import { DATABASE_FILE, openStore } from '../../../../worker/src/store/sqlite/sqlite-store';
import type { StoreLocation } from './store-location';

/**
 * One repository test suite, two engines: `describeEachEngine` defines its tests once for SQLite
 * and once for Postgres (the server test/support/postgres-global-setup.ts starts for the run).
 * Each test gets an empty database: on SQLite a fresh data directory, on Postgres this test file's
 * own database (made once per file, so files run in parallel workers) with its tables emptied.
 * Opening a store again within a test opens the same database with the same secret: a restart, or
 * on Postgres also a second worker instance beside the first.
 */
export type EngineName = 'sqlite' | 'postgres';

export interface EngineStoreOptions {
  clock?: Clock;
  reportCacheDays?: number;
  reportMemoryChars?: number;
  keyPolicy?: KeyPolicy;
  /** Another data secret than this test's (a lost or changed secret). */
  secret?: Buffer;
  savingsFlushMs?: number;
}

export interface StoreEngine {
  readonly name: EngineName;
  /** A store on this test's database, closed after the test if the test did not. */
  open(options?: EngineStoreOptions): Promise<Store>;
  /** A store on a database of its own under a secret of its own: another deployment. */
  openElsewhere(options?: EngineStoreOptions): Promise<Store>;
  /** Rows as this test's database holds them, read beside the store (SQL both engines speak). */
  rows<T = Record<string, unknown>>(sql: string): Promise<T[]>;
  /** Everything this test's database holds, as text (bytes as they are), to scan for what must not be there. */
  everything(): Promise<string>;
  /** Where this test's database is, for a child process to open it (openStoreAt). */
  location(): Promise<StoreLocation>;
}

const ENGINES: readonly EngineName[] = ['sqlite', 'postgres'];

/** Lifecycle hooks describeEachEngine runs around each test. */
interface EngineLifecycle extends StoreEngine {
  beforeEach(): Promise<void>;
  afterEach(): Promise<void>;
}

/** `define` runs once per engine inside `describe("<title> [<engine>]")`. */
export function describeEachEngine(title: string, define: (engine: StoreEngine) => void): void {
  for (const name of ENGINES) {
    describe(`${title} [${name}]`, () => {
      const engine = name === 'sqlite' ? sqliteEngine() : postgresEngine();
      beforeEach(() => engine.beforeEach());
      afterEach(() => engine.afterEach());
      define(engine);
    });
  }
}

function sqliteEngine(): EngineLifecycle {
  const dirs: string[] = [];
  const opened: Store[] = [];
  const newDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'creator-sheets-store-'));
    dirs.push(dir);
    return dir;
  };
  let dataDir = '';
  const open = async (dir: string, options: EngineStoreOptions) => {
    const store = openStore({ dataDir: dir, ...options });
    opened.push(store);
    return store;
  };
  return {
    name: 'sqlite',
    async beforeEach() {
      dataDir = newDir();
    },
    async afterEach() {
      for (const store of opened.splice(0)) await store.close();
      for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
    },
    open: (options = {}) => open(dataDir, options),
    openElsewhere: (options = {}) => open(newDir(), options),
    async rows<T>(sql: string) {
      const db = new Database(join(dataDir, DATABASE_FILE), { readonly: true });
      try {
        return db.prepare(sql).all() as T[];
      } finally {
        db.close();
      }
    },
    location: async () => ({ dataDir }),
    async everything() {
      return readdirSync(dataDir)
        .filter((name) => name.startsWith(DATABASE_FILE))
        .map((name) => readFileSync(join(dataDir, name)).toString('latin1'))
        .join('\n');
    },
  };
}

/** A database of this test file's on the run's server, made the first time a test asks. */
interface FileDatabase {
  url: string;
  name: string;
  /** Beside the stores: for rows(), everything() and emptying the tables. */
  reader: PostgresDatabase;
}

/**
 * This test file's databases: its tests' own, and another deployment's (made only when a test
 * asks for one). Module state, so every describeEachEngine of the file shares them (Jest gives each
 * file its own modules); dropped once the file is done.
 */
const fileDatabases: { own: Promise<FileDatabase> | null; elsewhere: Promise<FileDatabase> | null } = {
  own: null,
  elsewhere: null,
};
let dropRegistered = false;

function postgresEngine(): EngineLifecycle {
  const opened: Store[] = [];
  let secret = randomBytes(32);
  let elsewhereSecret = randomBytes(32);

  const own = () => (fileDatabases.own ??= createFileDatabase());
  const elsewhere = () => (fileDatabases.elsewhere ??= createFileDatabase());
  const open = async (database: FileDatabase, defaultSecret: Buffer, options: EngineStoreOptions) => {
    const store = await openPostgresStore({
      url: database.url,
      secret: defaultSecret,
      poolSize: 4,
      ...options,
    });
    opened.push(store);
    return store;
  };
  if (!dropRegistered) {
    dropRegistered = true;
    afterAll(dropFileDatabases);
  }

  return {
    name: 'postgres',
    async beforeEach() {
      secret = randomBytes(32);
      elsewhereSecret = randomBytes(32);
      for (const database of [fileDatabases.own, fileDatabases.elsewhere]) {
        if (database !== null) await emptyTables((await database).reader);
      }
      await own();
    },
    async afterEach() {
      for (const store of opened.splice(0)) await store.close();
    },
    open: async (options = {}) => open(await own(), secret, options),
    openElsewhere: async (options = {}) => open(await elsewhere(), elsewhereSecret, options),
    location: async () => ({ databaseUrl: (await own()).url, secretHex: secret.toString('hex') }),
    async rows<T>(sql: string) {
      const { rows } = await (await own()).reader.query(sql);
      return rows as T[];
    },
    async everything() {
      const { reader } = await own();
      return reader.transaction(async (sql) => {
        // Bytes as they are: a plain address in a BYTEA column must show, not hide in hex.
        await sql.query("SET LOCAL bytea_output = 'escape'");
        const texts: string[] = [];
        for (const table of await tablesOf(sql)) {
          const { rows } = await sql.query<{ text: string | null }>(
            `SELECT string_agg(t::text, E'\\n') AS text FROM ${table} t`,
          );
          texts.push(rows[0]?.text ?? '');
        }
        return texts.join('\n');
      });
    },
  };
}

async function dropFileDatabases(): Promise<void> {
  const made = await Promise.all(
    [fileDatabases.own, fileDatabases.elsewhere].map((database) => database?.catch(() => null) ?? null),
  );
  fileDatabases.own = null;
  fileDatabases.elsewhere = null;
  const names: string[] = [];
  for (const database of made) {
    if (database === null) continue;
    await database.reader.close();
    names.push(database.name);
  }
  await dropDatabases(names);
}

/** The admin URL of the run's server, or why there is none. */
function serverUrl(): string {
  const url = process.env.TEST_POSTGRES_URL ?? '';
  if (url !== '') return url;
  const why = process.env.TEST_POSTGRES_ERROR;
  throw new Error(
    why === undefined
      ? 'TEST_POSTGRES_URL is not set: run the tests through jest.config.js, whose globalSetup starts PostgreSQL'
      : `PostgreSQL for the tests could not start: ${why}`,
  );
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * An empty database of its own on the run's server (not migrated), for tests of what opening a
 * store does to one; `drop` deletes it (closing what is still connected).
 */
export async function freshPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const { url, name, reader } = await createFileDatabase();
  await reader.close();
  return { url, drop: () => dropDatabases([name]) };
}

async function createFileDatabase(): Promise<FileDatabase> {
  const admin = serverUrl();
  const name = `store_test_${randomBytes(6).toString('hex')}`;
  // FILE_COPY: a small template is copied in a few milliseconds, not written through the WAL.
  await withAdmin(admin, (client) => client.query(`CREATE DATABASE ${name} STRATEGY = FILE_COPY`));
  const url = withDatabase(admin, name);
  return { url, name, reader: createPostgresDatabase({ url, size: 2 }) };
}

async function dropDatabases(names: readonly string[]): Promise<void> {
  if (names.length === 0) return;
  await withAdmin(serverUrl(), async (client) => {
    for (const name of names) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
}

async function withAdmin(url: string, work: (client: Client) => Promise<unknown>): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

/** Every table but the schema's version, so a migrated database stays migrated. */
async function tablesOf(sql: { query: PostgresDatabase['query'] }): Promise<string[]> {
  const { rows } = await sql.query<{ name: string }>(
    "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'schema_version' ORDER BY 1",
  );
  return rows.map((row) => row.name);
}

/** DELETE, not TRUNCATE: on tables this small it takes a millisecond where TRUNCATE takes a hundred. */
async function emptyTables(reader: PostgresDatabase): Promise<void> {
  const tables = await tablesOf(reader);
  if (tables.length > 0) await reader.query(tables.map((table) => `DELETE FROM ${table};`).join(' '));
}
