import { openPostgresStore } from '../../../../worker/src/store/postgres/postgres-store';
import type { Store } from '../../../../worker/src/store/store';
import { openStore } from '../../../../worker/src/store/sqlite/sqlite-store';

/** A test's database as a child process is told it (JSON in an argument): store-engines.ts `location()`. */
export type StoreLocation = { dataDir: string } | { databaseUrl: string; secretHex: string };

/** Opens the store at a location a test handed over, as a worker process would. */
export async function openStoreAt(location: StoreLocation): Promise<Store> {
  if ('dataDir' in location) return openStore({ dataDir: location.dataDir });
  return openPostgresStore({ url: location.databaseUrl, secret: Buffer.from(location.secretHex, 'hex') });
}
