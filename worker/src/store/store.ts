import { chmodSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { systemClock, type Clock } from '../../common/clock';
import type { AiListOwnerRepository } from './ai-list-owner-repository';
import { createSqliteAiListOwnerRepository } from './sqlite/sqlite-ai-list-owner-repository';
import type { BudgetRepository } from './budget-repository';
import { createSqliteBudgetRepository } from './sqlite/sqlite-budget-repository';
import type { CacheRepository } from './cache-repository';
import { createSqliteCacheRepository } from './sqlite/sqlite-cache-repository';
import { CACHE_NAMESPACES, defaultCacheTtlMs, type CacheNamespace } from './cache-namespaces';
import type { ContractDriftRepository } from './contract-drift-repository';
import { createSqliteContractDriftRepository } from './sqlite/sqlite-contract-drift-repository';
import { deriveKeys, loadOrCreateDataSecret, randomDataSecret } from './data-secret';
import { createEmailCacheKey, type EmailCacheKey } from './email-cache-key';
import { createEmailResultCache, type EmailResultCache } from './email-result-cache';
import type { JobDeliveryRepository } from './job-delivery-repository';
import { createSqliteJobDeliveryRepository } from './sqlite/sqlite-job-delivery-repository';
import type { JobRepository } from './job-repository';
import { createSqliteJobRepository } from './sqlite/sqlite-job-repository';
import type { JobWaitRepository } from './job-wait-repository';
import { createSqliteJobWaitRepository } from './sqlite/sqlite-job-wait-repository';
import type { PaidCallJournal } from './paid-call-journal';
import { createSqlitePaidCallJournal } from './sqlite/sqlite-paid-call-journal';
import { ALWAYS_AVAILABLE, type StoreAvailability } from './store-availability';
import type { UnconfirmedCallRepository } from './unconfirmed-calls';
import { createSqliteUnconfirmedCallRepository } from './sqlite/sqlite-unconfirmed-calls';
import type { AccountReadingRepository } from './account-reading-repository';
import { createSqliteAccountReadingRepository } from './sqlite/sqlite-account-reading-repository';
import type { KeyRepository } from './key-repository';
import type { KeyPolicy } from './rows/worker-key-rules';
import { createSqliteKeyRepository } from './sqlite/sqlite-key-repository';
import type { FormulaAllowanceRepository } from './formula-allowance-repository';
import { createSqliteFormulaAllowanceRepository } from './sqlite/sqlite-formula-allowance-repository';
import type { LedgerRepository } from './ledger-repository';
import type { LedgerOptions } from './rows/ledger-rows';
import { createSqliteLedgerRepository } from './sqlite/sqlite-ledger-repository';
import { migrate } from './migrations';
import type { ScheduleRepository } from './schedule-repository';
import { createSqliteScheduleRepository } from './sqlite/sqlite-schedule-repository';
import { SealedBox } from './sealed-box';
import type { ScheduleAlertSettingsRepository } from './schedule-alert-settings-repository';
import { createSqliteScheduleAlertSettingsRepository } from './sqlite/sqlite-schedule-alert-settings-repository';
import type { DocumentChangeRepository } from './document-change-repository';
import { createSqliteDocumentChangeRepository } from './sqlite/sqlite-document-change-repository';
import type { DocumentTitleRepository } from './document-title-repository';
import { createSqliteDocumentTitleRepository } from './sqlite/sqlite-document-title-repository';
import type { EditProofRepository } from './edit-proof-repository';
import { createSqliteEditProofRepository } from './sqlite/sqlite-edit-proof-repository';
import type { SheetOwnershipRepository } from './sheet-ownership-repository';
import { createSqliteSheetOwnershipRepository } from './sqlite/sqlite-sheet-ownership-repository';
import type { SharedPace } from '../upstream/throttle';
import type { SharedBudgetHolds } from '../budgets/budget-guard';
import type { UnreadableAnswerRepository } from './unreadable-answer-repository';
import { createSqliteUnreadableAnswerRepository } from './sqlite/sqlite-unreadable-answer-repository';

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

/** About 200 to 250 reports of the sandbox's size; parsed, they take about twice this in heap. */
export const DEFAULT_REPORT_MEMORY_CHARS = 8 * 2 ** 20;

/**
 * Everything the worker keeps: caches, worker keys, the ledger, budgets and jobs. The worker codes
 * against these interfaces only (all Promise-based), so the store is SQLite (openStore, here: one
 * process) or Postgres (postgres/postgres-store.ts: several instances on one database), as
 * open-worker-store.ts picks from DATABASE_URL. The repositories' tests run on both.
 */
export interface Store {
  cache: CacheRepository;
  /** Submitted e-mail results, stored without the addresses. */
  emailResults: EmailResultCache;
  /** HMAC-SHA256 of a normalized address under the data directory's secret. */
  emailCacheKey: EmailCacheKey;
  keys: KeyRepository;
  ledger: LedgerRepository;
  budgets: BudgetRepository;
  /** Documents' formula allowances, approvals and refused asks. */
  formulaAllowances: FormulaAllowanceRepository;
  jobs: JobRepository;
  /** Where the worker writes jobs' rows into sheets itself, and how far it got. */
  jobDeliveries: JobDeliveryRepository;
  /** Scheduled shared reports, their runs' outcomes and their leases. */
  schedules: ScheduleRepository;
  /** Each document's chat webhook for failed scheduled runs, sealed (issue 25). */
  scheduleAlerts: ScheduleAlertSettingsRepository;
  /** What the last check of each person's edit access to each spreadsheet found (issue 22). */
  editProofs: EditProofRepository;
  /** Who changed what about each document (connections, allowance, approvals, schedules). */
  documentChanges: DocumentChangeRepository;
  /** Connected spreadsheets' titles, as their sidebars said them (issue 25). */
  documentTitles: DocumentTitleRepository;
  /** What the worker wrote into sheets itself: it overwrites nothing else. */
  sheetOwnership: SheetOwnershipRepository;
  /** Who created each AI list through this worker. */
  aiListOwners: AiListOwnerRepository;
  /** Jobs waiting out upstream trouble, and until when. */
  jobWaits: JobWaitRepository;
  /** Every paid call before it is sent, and its answer the moment it arrives. */
  paidCalls: PaidCallJournal;
  /** The API account's balance as read on a schedule, to reconcile the ledger against. */
  accountReadings: AccountReadingRepository;
  /** Ledger rows counted at their estimate after a crash, for the reconciliation to settle. */
  unconfirmed: UnconfirmedCallRepository;
  /** Paid answers this version could not read, kept for admins (bounded, sealed, no addresses). */
  unreadableAnswers: UnreadableAnswerRepository;
  /** What the API's answers lacked against the contract, per operation and field path. */
  drift: ContractDriftRepository;
  /** Default time to live per cache namespace. */
  cacheTtlMs: Readonly<Record<CacheNamespace, number>>;
  /**
   * Runs `work` while no other instance runs work under `key`: the single flight across instances
   * (Postgres: postgres/flight-locks.ts). SQLite has one process, whose own single flight suffices:
   * the work runs at once.
   */
  oneAtATime<T>(key: string, work: () => Promise<T>): Promise<T>;
  /**
   * The upstream pace every instance books from, for the API token with this hash (never the
   * token): Postgres (postgres/rate-slots.ts); null on SQLite, whose one process paces in memory.
   */
  sharedPace(tokenHash: string): SharedPace | null;
  /**
   * Budget holds every instance counts (postgres/budget-holds.ts); null on SQLite, whose one
   * process holds in memory (budgets/budget-guard.ts).
   */
  budgetHolds: SharedBudgetHolds | null;
  /** SQLite (one process, a file or memory) or Postgres (shared by every instance: DATABASE_URL). */
  engine: 'sqlite' | 'postgres';
  /**
   * Whether the store answers and paid calls can be recorded now (store-availability.ts): a
   * Postgres connection lost, or this run's lock being taken again, says why not; SQLite always can.
   */
  availability: StoreAvailability;
  /** The SQLite database file, or null (in memory, or Postgres). */
  databasePath: string | null;
  /**
   * Writes the savings and drift counts still summed in memory, then closes the database (a
   * Postgres store also lets go of its run, so other instances may settle what it left).
   * Idempotent. SQLite's is done when the call returns.
   */
  close(): Promise<void>;
}

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
