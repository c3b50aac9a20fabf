import { randomBytes } from 'node:crypto';
import {
  openPostgresStore,
  type PostgresStoreOptions,
} from '../../../../../worker/src/store/postgres/postgres-store';
import type { Store } from '../../../../../worker/src/store/store';
import { freshPostgresDatabase } from '../store-engines';

/**
 * Several worker instances on one Postgres database, as a deployment runs them: per test a fresh
 * database and one data secret, and each instance a store of its own on it (its own pool and
 * locks); after the test every store is closed and the database dropped.
 */
export interface InstancesOnOneDatabase {
  /** The test's database, for a client of the test's own (a lock to drop, a row to read). */
  readonly url: string;
  /** The data secret every instance shares, for an instance in a child process. */
  readonly secret: Buffer;
  /** One more instance's store, closed after the test. */
  instance(options?: Omit<PostgresStoreOptions, 'url' | 'secret'>): Promise<Store>;
}

/** Call at the top of a describe (or a file): the hooks set up and take down each test's database. */
export function instancesOnOneDatabase(): () => InstancesOnOneDatabase {
  let current: InstancesOnOneDatabase | null = null;
  let teardown: (() => Promise<void>) | null = null;
  beforeEach(async () => {
    const database = await freshPostgresDatabase();
    const secret = randomBytes(32);
    const opened: Store[] = [];
    current = {
      url: database.url,
      secret,
      instance: async (options = {}) => {
        const store = await openPostgresStore({ poolSize: 4, ...options, url: database.url, secret });
        opened.push(store);
        return store;
      },
    };
    teardown = async () => {
      for (const store of opened) await store.close();
      await database.drop();
    };
  });
  afterEach(async () => {
    await teardown?.();
    current = null;
    teardown = null;
  });
  return () => {
    if (current === null) throw new Error('instancesOnOneDatabase: only inside a test');
    return current;
  };
}
