import type { AiListOwnerRepository } from './ai-list-owner-repository';
import type { BudgetRepository } from './budget-repository';
import type { CacheRepository } from './cache-repository';
import type { CacheNamespace } from './cache/cache-namespaces';
import type { ContractDriftRepository } from './contract-drift-repository';
import type { EmailCacheKey } from './sealing/email-cache-key';
import type { EmailResultCache } from './cache/email-result-cache';
import type { JobDeliveryRepository } from './job-delivery-repository';
import type { JobRepository } from './job-repository';
import type { JobWaitRepository } from './job-wait-repository';
import type { PaidCallJournal } from './paid-call-journal';
import type { StoreAvailability } from './store-availability';
import type { UnconfirmedCallRepository } from './unconfirmed-calls';
import type { AccountReadingRepository } from './account-reading-repository';
import type { KeyRepository } from './key-repository';
import type { FormulaAllowanceRepository } from './formula-allowance-repository';
import type { LedgerRepository } from './ledger-repository';
import type { ScheduleRepository } from './schedule-repository';
import type { ScheduleAlertSettingsRepository } from './schedule-alert-settings-repository';
import type { DocumentChangeRepository } from './document-change-repository';
import type { DocumentTitleRepository } from './document-title-repository';
import type { EditProofRepository } from './edit-proof-repository';
import type { SheetOwnershipRepository } from './sheet-ownership-repository';
import type { SharedPace } from '../upstream/throttle';
import type { SharedBudgetHolds } from './shared-budget-holds';
import type { UnreadableAnswerRepository } from './unreadable-answer-repository';

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
