import type { Clock } from '../../common/clock';
import { dataSecretFor, type SecretBytes } from './sealing/data-secret';
import type { KeyPolicy } from './rows/worker-key-rules';
import { SHARED_SECRET_REQUIRED } from './postgres/database-url';
import { openPostgresStore } from './postgres/postgres-store';
import type { Store } from './store';
import { openStore } from './sqlite/sqlite-store';
import type { UnrecordedNotice } from './unrecorded-answers';

/** What the worker's settings say about its store (config.ts). */
export interface WorkerStoreSettings {
  /** DATABASE_URL: Postgres, shared by every instance; null for SQLite in `dataDir`. */
  databaseUrl: string | null;
  /** DATABASE_POOL_SIZE: connections of the Postgres store's pool (10 by default). */
  poolSize?: number;
  dataDir: string;
  /** DATA_SECRET; null for the data directory's own secret file (SQLite only). */
  dataSecret: SecretBytes | null;
  reportCacheDays?: number;
  keyPolicy?: KeyPolicy;
  clock?: Clock;
  /** Savings summed in memory could not be written (they are kept and tried again). */
  onFlushError?: (error: unknown) => void;
  /** Postgres: a connection failed outside any request (an idle one, the run's lock). */
  onConnectionError?: (error: Error) => void;
  /** Postgres: paid answers kept during an outage, recorded late or lost. */
  onUnrecordedNotice?: (notice: UnrecordedNotice) => void;
}

/**
 * The worker's store: Postgres when DATABASE_URL is set (several instances, one store), else
 * SQLite in the data directory (one process: index.ts locks the directory first).
 */
export async function openWorkerStore(settings: WorkerStoreSettings): Promise<Store> {
  const shared = {
    ...(settings.clock === undefined ? {} : { clock: settings.clock }),
    ...(settings.reportCacheDays === undefined ? {} : { reportCacheDays: settings.reportCacheDays }),
    ...(settings.keyPolicy === undefined ? {} : { keyPolicy: settings.keyPolicy }),
    ...(settings.onFlushError === undefined ? {} : { onFlushError: settings.onFlushError }),
  };
  if (settings.databaseUrl === null) {
    return openStore({
      dataDir: settings.dataDir,
      secret: dataSecretFor(settings.dataDir, settings.dataSecret),
      ...shared,
    });
  }
  if (settings.dataSecret === null) throw new Error(`Worker: ${SHARED_SECRET_REQUIRED}`);
  return openPostgresStore({
    url: settings.databaseUrl,
    secret: settings.dataSecret.reveal(),
    ...shared,
    ...(settings.poolSize === undefined ? {} : { poolSize: settings.poolSize }),
    ...(settings.onConnectionError === undefined ? {} : { onConnectionError: settings.onConnectionError }),
    ...(settings.onUnrecordedNotice === undefined ? {} : { onUnrecordedNotice: settings.onUnrecordedNotice }),
  });
}
