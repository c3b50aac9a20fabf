import { systemClock, type Clock } from '../../../common/clock';
import { CACHE_NAMESPACES, defaultCacheTtlMs } from '../cache-namespaces';
import { deriveKeys } from '../data-secret';
import { createEmailCacheKey } from '../email-cache-key';
import { createEmailResultCache } from '../email-result-cache';
import type { KeyPolicy } from '../key-repository';
import type { LedgerOptions } from '../ledger-repository';
import { SealedBox } from '../sealed-box';
import { DEFAULT_REPORT_MEMORY_CHARS, type Store } from '../store';
import { createPostgresAccountReadingRepository } from './account-reading-repository';
import { createPostgresAiListOwnerRepository } from './ai-list-owner-repository';
import { createPostgresBudgetRepository } from './budget-repository';
import { createPostgresCacheRepository } from './cache-repository';
import { createPostgresContractDriftRepository } from './contract-drift-repository';
import { createPostgresFormulaAllowanceRepository } from './formula-allowance-repository';
import { createPostgresJobDeliveryRepository } from './job-delivery-repository';
import { createPostgresJobRepository } from './job-repository';
import { createPostgresJobWaitRepository } from './job-wait-repository';
import { createPostgresKeyRepository } from './key-repository';
import { createPostgresLedgerRepository } from './ledger-repository';
import { createPostgresPaidCallJournal } from './paid-call-journal';
import { createPostgresDatabase, type PostgresDatabase } from './postgres-database';
import { migratePostgres } from './postgres-migrations';
import { createPostgresScheduleRepository } from './schedule-repository';
import { createPostgresDocumentChangeRepository } from './document-change-repository';
import { createPostgresDocumentTitleRepository } from './document-title-repository';
import { createPostgresEditProofRepository } from './edit-proof-repository';
import { createPostgresSheetOwnershipRepository } from './sheet-ownership-repository';
import { createPostgresUnreadableAnswerRepository } from './unreadable-answer-repository';
import { databaseUrlProblem, describeDatabaseUrl } from './database-url';
import { createPostgresBudgetHolds } from './budget-holds';
import { createFlightLocks, FLIGHT_LOCK_CONNECTIONS } from './flight-locks';
import { createPostgresSharedPace } from './rate-slots';
import { holdRunLock, type RunLock } from './run-liveness';

export interface PostgresStoreOptions extends LedgerOptions {
  /** DATABASE_URL: `postgres://user:password@host:5432/database`. */
  url: string;
  /**
   * The deployment's data secret (DATA_SECRET), the same for every instance: cache keys are HMACs
   * under it and job data is sealed under it, so instances with different secrets would not find
   * each other's entries nor open each other's jobs.
   */
  secret: Buffer;
  clock?: Clock;
  /** `REPORT_CACHE_DAYS`; 30 by default. */
  reportCacheDays?: number;
  /** Parsed reports kept in this instance's memory, in characters of their JSON; 0 keeps none. */
  reportMemoryChars?: number;
  keyPolicy?: KeyPolicy;
  /**
   * Connections of the store's pool (postgres-database.ts DEFAULT_POOL_SIZE, 10). Besides it an
   * instance opens FLIGHT_LOCK_CONNECTIONS (6), BUDGET_LOCK_CONNECTIONS (2) and one for its run's
   * lock: 19 at most by default.
   */
  poolSize?: number;
  /** A connection failed outside any request (an idle one, the run's lock): worth a log line. */
  onConnectionError?: (error: Error) => void;
}

/** Budget decisions take one lock in turn: one connection holds it, one waits in Postgres's queue. */
const BUDGET_LOCK_CONNECTIONS = 2;

/**
 * The store on Postgres, shared by every worker instance that opens it: reached and migrated (one
 * instance at a time) before anything else, then holding this run's lock until closed. Throws a
 * sentence naming the server (never its password) when it cannot be reached.
 */
export async function openPostgresStore(options: PostgresStoreOptions): Promise<Store> {
  const problem = databaseUrlProblem(options.url);
  if (problem !== null) throw new Error(`Worker: DATABASE_URL ${problem}`);
  const clock = options.clock ?? systemClock;
  const onConnectionError = options.onConnectionError ?? (() => undefined);
  const db = createPostgresDatabase({
    url: options.url,
    ...(options.poolSize === undefined ? {} : { size: options.poolSize }),
    onIdleError: onConnectionError,
  });
  try {
    await reach(db, options.url);
    await migratePostgres(db);
    const run = await holdRunLock(db, onConnectionError);
    return assemble(db, run, clock, options);
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}

async function reach(db: PostgresDatabase, url: string): Promise<void> {
  try {
    await db.query('SELECT 1');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `Worker: the Postgres database at ${describeDatabaseUrl(url)} (DATABASE_URL) cannot be reached: ${reason}`,
      { cause: error },
    );
  }
}

function assemble(db: PostgresDatabase, run: RunLock, clock: Clock, options: PostgresStoreOptions): Store {
  const keys = deriveKeys(options.secret);
  const emailCacheKey = createEmailCacheKey(keys.emailCacheKey);
  const cacheTtlMs = defaultCacheTtlMs({ reportCacheDays: options.reportCacheDays });
  const box = new SealedBox(keys.sealKey);
  const cache = createPostgresCacheRepository(db, clock, keys.cacheKey, {
    namespaces: [CACHE_NAMESPACES.reports],
    maxChars: options.reportMemoryChars ?? DEFAULT_REPORT_MEMORY_CHARS,
  });
  const ledger = createPostgresLedgerRepository(db, clock, {
    ...(options.savingsFlushMs === undefined ? {} : { savingsFlushMs: options.savingsFlushMs }),
    ...(options.onFlushError === undefined ? {} : { onFlushError: options.onFlushError }),
  });
  const drift = createPostgresContractDriftRepository(db, clock);
  const onConnectionError = options.onConnectionError ?? (() => undefined);
  const flights = createFlightLocks(options.url, onConnectionError, FLIGHT_LOCK_CONNECTIONS);
  // Budget decisions lock on connections of their own: a flight holding its lock may reserve
  // budget, and must not wait for a connection that another flight holds.
  const budgetLocks = createFlightLocks(options.url, onConnectionError, BUDGET_LOCK_CONNECTIONS);
  let closing: Promise<void> | null = null;

  return {
    cache,
    emailResults: createEmailResultCache({ cache, cacheKey: emailCacheKey, ttlMs: cacheTtlMs.emails }),
    emailCacheKey,
    keys: createPostgresKeyRepository(db, clock, options.keyPolicy),
    ledger,
    budgets: createPostgresBudgetRepository(db, clock),
    formulaAllowances: createPostgresFormulaAllowanceRepository(db, clock),
    jobs: createPostgresJobRepository(db, clock, box),
    jobDeliveries: createPostgresJobDeliveryRepository(db, clock),
    schedules: createPostgresScheduleRepository(db, clock),
    editProofs: createPostgresEditProofRepository(db, clock, keys.editProofKey),
    documentChanges: createPostgresDocumentChangeRepository(db, clock),
    documentTitles: createPostgresDocumentTitleRepository(db, clock),
    sheetOwnership: createPostgresSheetOwnershipRepository(db, clock),
    aiListOwners: createPostgresAiListOwnerRepository(db, clock),
    jobWaits: createPostgresJobWaitRepository(db, box),
    paidCalls: createPostgresPaidCallJournal(db, clock, box, emailCacheKey, run),
    accountReadings: createPostgresAccountReadingRepository(db),
    unreadableAnswers: createPostgresUnreadableAnswerRepository(db, clock, box, emailCacheKey),
    drift,
    cacheTtlMs,
    oneAtATime: (key, work) => flights.run(key, work),
    sharedPace: (tokenHash) => createPostgresSharedPace(db, tokenHash),
    budgetHolds: createPostgresBudgetHolds(db, clock, (key, work) => budgetLocks.run(key, work)),
    engine: 'postgres',
    databasePath: null,
    close() {
      closing ??= (async () => {
        try {
          await ledger.flushBeforeClose();
          await drift.flushBeforeClose(options.onFlushError ?? (() => undefined));
        } finally {
          await run.close();
          await flights.close();
          await budgetLocks.close();
          await db.close();
        }
      })();
      return closing;
    },
  };
}
