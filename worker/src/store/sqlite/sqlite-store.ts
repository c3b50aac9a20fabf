import { chmodSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { systemClock, type Clock } from '../../../common/clock';
import { createSqliteAiListOwnerRepository } from './sqlite-ai-list-owner-repository';
import { createSqliteBudgetRepository } from './sqlite-budget-repository';
import { createSqliteCacheRepository } from './sqlite-cache-repository';
import { CACHE_NAMESPACES, defaultCacheTtlMs } from '../cache/cache-namespaces';
import { createSqliteContractDriftRepository } from './sqlite-contract-drift-repository';
import { deriveKeys, loadOrCreateDataSecret, randomDataSecret } from '../sealing/data-secret';
import { createEmailCacheKey } from '../sealing/email-cache-key';
import { createEmailResultCache } from '../cache/email-result-cache';
import { createSqliteJobDeliveryRepository } from './sqlite-job-delivery-repository';
import { createSqliteJobRepository } from './sqlite-job-repository';
import { createSqliteJobWaitRepository } from './sqlite-job-wait-repository';
import { createSqlitePaidCallJournal } from './sqlite-paid-call-journal';
import { ALWAYS_AVAILABLE } from '../store-availability';
import { createSqliteUnconfirmedCallRepository } from './sqlite-unconfirmed-calls';
import { createSqliteAccountReadingRepository } from './sqlite-account-reading-repository';
import type { KeyPolicy } from '../rows/worker-key-rules';
import { createSqliteKeyRepository } from './sqlite-key-repository';
import { createSqliteFormulaAllowanceRepository } from './sqlite-formula-allowance-repository';
import type { LedgerOptions } from '../rows/ledger-rows';
import { createSqliteLedgerRepository } from './sqlite-ledger-repository';
import { migrate } from './sqlite-migrations';
import { createSqliteScheduleRepository } from './sqlite-schedule-repository';
import { SealedBox } from '../sealing/sealed-box';
import { createSqliteScheduleAlertSettingsRepository } from './sqlite-schedule-alert-settings-repository';
import { createSqliteDocumentChangeRepository } from './sqlite-document-change-repository';
import { createSqliteDocumentTitleRepository } from './sqlite-document-title-repository';
import { createSqliteEditProofRepository } from './sqlite-edit-proof-repository';
import { createSqliteSheetOwnershipRepository } from './sqlite-sheet-ownership-repository';
import { createSqliteUnreadableAnswerRepository } from './sqlite-unreadable-answer-repository';
import { type Store, DEFAULT_REPORT_MEMORY_CHARS } from '../store';

export const DATABASE_FILE = 'creator-sheets.db';

type StoreLocation =
  /** `DATA_DIR`: the database and its secret file live here; created (mode 0700) when missing. */
  | { dataDir: string; memory?: never }
  /** Tests: nothing touches the disk; the secret is random unless `secret` is given. */
  | { memory: true; dataDir?: never };

type StoreOptions = StoreLocation & {
  clock?: Clock;
  /** `REPORT_CACHE_DAYS`; 30 by default. */
  reportCacheDays?: number;
  /** Overrides the data directory's secret (32 bytes). */
  secret?: Buffer;
  /**
   * Parsed reports kept in memory in front of the database, bounded by their stored JSON in
   * characters; 0 keeps none.
   */
  reportMemoryChars?: number;
  /** `WORKER_KEY_DAYS` and `WORKER_KEYS_PER_USER`; their defaults when absent. */
  keyPolicy?: KeyPolicy;
} & LedgerOptions;

export function openStore(options: StoreOptions): Store {
  const clock = options.clock ?? systemClock;
  let databasePath: string | null = null;
  let secret = options.secret;
  if (options.memory !== true) {
    mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
    databasePath = join(options.dataDir, DATABASE_FILE);
    secret ??= loadOrCreateDataSecret(options.dataDir);
  }
  secret ??= randomDataSecret();

  const db = new Database(databasePath ?? ':memory:');
  try {
    configure(db);
    if (databasePath !== null) chmodSync(databasePath, 0o600);
    migrate(db);
  } catch (error) {
    db.close();
    throw error;
  }

  const keys = deriveKeys(secret);
  const emailCacheKey = createEmailCacheKey(keys.emailCacheKey);
  const cacheTtlMs = defaultCacheTtlMs({ reportCacheDays: options.reportCacheDays });
  const cache = createSqliteCacheRepository(db, clock, keys.cacheKey, {
    namespaces: [CACHE_NAMESPACES.reports],
    maxChars: options.reportMemoryChars ?? DEFAULT_REPORT_MEMORY_CHARS,
  });
  const ledger = createSqliteLedgerRepository(db, clock, {
    ...(options.savingsFlushMs === undefined ? {} : { savingsFlushMs: options.savingsFlushMs }),
    ...(options.onFlushError === undefined ? {} : { onFlushError: options.onFlushError }),
  });

  const box = new SealedBox(keys.sealKey);
  const drift = createSqliteContractDriftRepository(db, clock);

  return {
    cache,
    emailResults: createEmailResultCache({ cache, cacheKey: emailCacheKey, ttlMs: cacheTtlMs.emails }),
    emailCacheKey,
    keys: createSqliteKeyRepository(db, clock, options.keyPolicy),
    ledger,
    budgets: createSqliteBudgetRepository(db, clock),
    formulaAllowances: createSqliteFormulaAllowanceRepository(db, clock),
    jobs: createSqliteJobRepository(db, clock, box),
    jobDeliveries: createSqliteJobDeliveryRepository(db, clock),
    schedules: createSqliteScheduleRepository(db, clock),
    scheduleAlerts: createSqliteScheduleAlertSettingsRepository(db, clock, box),
    editProofs: createSqliteEditProofRepository(db, clock, keys.editProofKey),
    documentChanges: createSqliteDocumentChangeRepository(db, clock),
    documentTitles: createSqliteDocumentTitleRepository(db, clock),
    sheetOwnership: createSqliteSheetOwnershipRepository(db, clock),
    aiListOwners: createSqliteAiListOwnerRepository(db, clock),
    jobWaits: createSqliteJobWaitRepository(db, box),
    paidCalls: createSqlitePaidCallJournal(db, clock, box, emailCacheKey),
    accountReadings: createSqliteAccountReadingRepository(db),
    unconfirmed: createSqliteUnconfirmedCallRepository(db),
    unreadableAnswers: createSqliteUnreadableAnswerRepository(db, clock, box, emailCacheKey),
    drift,
    cacheTtlMs,
    oneAtATime: (_key, work) => work(),
    sharedPace: () => null,
    budgetHolds: null,
    engine: 'sqlite',
    databasePath,
    availability: ALWAYS_AVAILABLE,
    close: async () => {
      if (!db.open) return;
      try {
        ledger.flushSavingsNow();
        drift.flushNow();
      } finally {
        db.close();
      }
    },
  };
}

function configure(db: Database.Database): void {
  db.pragma('journal_mode = WAL');
  // NORMAL with WAL: a commit is in the WAL file when it returns, so it survives a killed process
  // (kill -9, a crash of the worker); only checkpoints wait for the disk. An OS crash or power cut
  // may lose the last commits before a checkpoint (the database stays consistent). FULL would make
  // every commit wait for an fsync, several milliseconds on a disk, which capped cached answers at
  // a few hundred per second.
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // Deleted job inputs and rows are overwritten, not left in free pages.
  db.pragma('secure_delete = ON');
}
