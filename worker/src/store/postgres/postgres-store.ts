import { systemClock, type Clock } from '../../../common/clock';
import { CACHE_NAMESPACES, defaultCacheTtlMs } from '../cache/cache-namespaces';
import { deriveKeys } from '../sealing/data-secret';
import { createEmailCacheKey } from '../sealing/email-cache-key';
import { createEmailResultCache } from '../cache/email-result-cache';
import type { KeyPolicy } from '../rows/worker-key-rules';
import type { LedgerOptions } from '../rows/ledger-rows';
import { SealedBox } from '../sealing/sealed-box';
import { DEFAULT_REPORT_MEMORY_CHARS, type Store } from '../store';
import { createPostgresAccountReadingRepository } from './postgres-account-reading-repository';
import { createPostgresAiListOwnerRepository } from './postgres-ai-list-owner-repository';
import { createPostgresBudgetRepository } from './postgres-budget-repository';
import { createPostgresCacheRepository } from './postgres-cache-repository';
import { createPostgresContractDriftRepository } from './postgres-contract-drift-repository';
import { createPostgresFormulaAllowanceRepository } from './postgres-formula-allowance-repository';
import { createPostgresJobDeliveryRepository } from './postgres-job-delivery-repository';
import { createPostgresJobRepository } from './postgres-job-repository';
import { createPostgresJobWaitRepository } from './postgres-job-wait-repository';
import { createPostgresKeyRepository } from './postgres-key-repository';
import { createPostgresLedgerRepository } from './postgres-ledger-repository';
import { createPostgresPaidCallJournal } from './postgres-paid-call-journal';
import { createPostgresDatabase, type PostgresDatabase } from './postgres-database';
import { migratePostgres } from './postgres-migrations';
import { createPostgresScheduleRepository } from './postgres-schedule-repository';
import { createPostgresScheduleAlertSettingsRepository } from './postgres-schedule-alert-settings-repository';
import { createPostgresDocumentChangeRepository } from './postgres-document-change-repository';
import { createPostgresDocumentTitleRepository } from './postgres-document-title-repository';
import { createPostgresEditProofRepository } from './postgres-edit-proof-repository';
import { createPostgresSheetOwnershipRepository } from './postgres-sheet-ownership-repository';
import { createPostgresUnconfirmedCallRepository } from './postgres-unconfirmed-calls';
import { createPostgresUnreadableAnswerRepository } from './postgres-unreadable-answer-repository';
import { databaseUrlProblem, describeDatabaseUrl } from './database-url';
import { createPostgresBudgetHolds } from './budget-holds';
import { createFlightLocks, FLIGHT_LOCK_CONNECTIONS } from './flight-locks';
import { createPostgresSharedPace } from './rate-slots';
import { holdRunLock, type RunLock } from './run-liveness';
import { keepUnrecordedAnswers, type UnrecordedNotice } from '../unrecorded-answers';
import { createAvailabilityState, type AvailabilityState } from '../store-availability';
import { createConnectionWatch, type ConnectionWatch } from './connection-watch';

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
  /** Paid answers kept during an outage recorded late, or lost (unrecorded-answers.ts): worth a log line. */
  onUnrecordedNotice?: (notice: UnrecordedNotice) => void;
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
  const availability = createAvailabilityState();
  // One line per outage: a restart fails every connection of every pool at once.
  const onConnectionError = (error: Error) => {
    if (availability.problem === null) options.onConnectionError?.(error);
  };
  const watched: { db?: PostgresDatabase } = {};
  const watch = createConnectionWatch(availability, () => watched.db?.query('SELECT 1') ?? Promise.resolve());
  const db = createPostgresDatabase({
    url: options.url,
    ...(options.poolSize === undefined ? {} : { size: options.poolSize }),
    onIdleError: onConnectionError,
    watch,
  });
  watched.db = db;
  try {
    await reach(db, options.url);
    await migratePostgres(db);
    const run = await holdRunLock(
      db,
      (error) => {
        onConnectionError(error);
        availability.failing(RUN_LOCK, "this instance's run lock was lost; taking it again");
      },
      () => availability.fine(RUN_LOCK),
    );
    return assemble({ db, run, clock, availability, watch, onConnectionError }, options);
  } catch (error) {
    watch.stop();
    await db.close().catch(() => undefined);
    throw error;
  }
}

/** The availability condition of this run's lock: held, or being taken again. */
const RUN_LOCK = 'run lock';

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

interface Opened {
  db: PostgresDatabase;
  run: RunLock;
  clock: Clock;
  availability: AvailabilityState;
  watch: ConnectionWatch;
  onConnectionError: (error: Error) => void;
}

function assemble(opened: Opened, options: PostgresStoreOptions): Store {
  const { db, run, clock, availability, watch, onConnectionError } = opened;
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
  const flights = createFlightLocks(options.url, onConnectionError, FLIGHT_LOCK_CONNECTIONS, watch);
  // Budget decisions lock on connections of their own: a flight holding its lock may reserve
  // budget, and must not wait for a connection that another flight holds.
  const budgetLocks = createFlightLocks(options.url, onConnectionError, BUDGET_LOCK_CONNECTIONS, watch);
  let closing: Promise<void> | null = null;
  // Answers that arrive while the database is away are kept and recorded when it is back.
  const paidCalls = keepUnrecordedAnswers(
    createPostgresPaidCallJournal(db, clock, box, emailCacheKey, run, availability),
    {
      availability,
      clock,
      ...(options.onUnrecordedNotice === undefined ? {} : { onNotice: options.onUnrecordedNotice }),
    },
  );

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
    scheduleAlerts: createPostgresScheduleAlertSettingsRepository(db, clock, box),
    editProofs: createPostgresEditProofRepository(db, clock, keys.editProofKey),
    documentChanges: createPostgresDocumentChangeRepository(db, clock),
    documentTitles: createPostgresDocumentTitleRepository(db, clock),
    sheetOwnership: createPostgresSheetOwnershipRepository(db, clock),
    aiListOwners: createPostgresAiListOwnerRepository(db, clock),
    jobWaits: createPostgresJobWaitRepository(db, box),
    paidCalls,
    accountReadings: createPostgresAccountReadingRepository(db),
    unconfirmed: createPostgresUnconfirmedCallRepository(db),
    unreadableAnswers: createPostgresUnreadableAnswerRepository(db, clock, box, emailCacheKey),
    drift,
    cacheTtlMs,
    oneAtATime: (key, work) => flights.run(key, work),
    sharedPace: (tokenHash) => createPostgresSharedPace(db, tokenHash),
    budgetHolds: createPostgresBudgetHolds(db, clock, (key, work) => budgetLocks.run(key, work)),
    engine: 'postgres',
    databasePath: null,
    availability,
    close() {
      closing ??= (async () => {
        watch.stop();
        try {
          const left = await paidCalls.flush().catch(() => paidCalls.waiting);
          paidCalls.stop();
          if (left > 0)
            options.onUnrecordedNotice?.({
              message:
                'paid calls answered during a store outage could not be recorded before closing: the journal counts them at their estimate',
              calls: left,
            });
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
