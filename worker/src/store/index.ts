/** The worker's state: one SQLite file behind Promise-based repositories (see store.ts). */
export {
  describeTarget,
  type BudgetOverride,
  type BudgetRepository,
  type BudgetTarget,
} from './budget-repository';
export {
  CACHE_NAMESPACES,
  DEFAULT_REPORT_CACHE_DAYS,
  defaultCacheTtlMs,
  reportCacheKey,
  type CacheNamespace,
} from './cache-namespaces';
export type { CacheEntry, CacheRepository } from './cache-repository';
export { DATA_SECRET_FILE } from './data-secret';
export { createEmailCacheKey, type EmailCacheKey } from './email-cache-key';
export { createEmailResultCache, type EmailLookup, type EmailResultCache } from './email-result-cache';
export {
  JOB_STATUSES,
  JobStoreError,
  MAX_ROWS_PAGE,
  type BatchCommit,
  type BatchCommitResult,
  type FinalJobStatus,
  type JobProgress,
  type JobRecord,
  type JobRepository,
  type JobRow,
  type JobRowsPage,
  type JobStatus,
  type JobStoreErrorCode,
  type NewJob,
} from './job-repository';
export type { JsonValue } from './json-value';
export {
  WORKER_KEY_PREFIX,
  isWorkerKeyShaped,
  type IssuedWorkerKey,
  type KeyRepository,
  type WorkerKeyInfo,
} from './key-repository';
export {
  DEFAULT_RECENT_LIMIT,
  type LedgerEntry,
  type LedgerEntryInput,
  type LedgerRepository,
  type Spend,
  type UserSpend,
} from './ledger-repository';
export { SCHEMA_VERSION } from './migrations';
export { SealedDataError } from './sealed-box';
export { DATABASE_FILE, openStore, type Store, type StoreLocation, type StoreOptions } from './store';
export { normalizeUserEmail } from './user-email';
export { BUDGET_PERIODS, periodEnd, periodStart, type BudgetPeriod } from './utc-periods';
