import type { FinalJobStatus, JobStatus } from '../../../shared/worker-api/job-status';
import type { JsonValue } from './values/json-value';
import type { LedgerEntry, LedgerEntryInput } from './ledger-repository';
import type { CallSettlement } from './paid-call-journal';

// The jobs' code names the status types from here; the list itself is the API's (shared/worker-api).

interface JobProgress {
  /** Input positions with a stored result row. */
  done: number;
  total: number;
  /** Positions whose row records an error (counted by the job runner). */
  errors: number;
  creditsSpent: number;
}

export interface JobRecord {
  id: string;
  kind: string;
  ownerEmail: string;
  idempotencyKey: string | null;
  status: JobStatus;
  /**
   * The job's input as given to create(); null when it can no longer be opened (the data
   * directory's secret changed). Sealed in the database, like the checkpoints.
   */
  input: unknown;
  /** Whether a sealed private input is still held; false once the job has ended. */
  hasPrivateInput: boolean;
  progress: JobProgress;
  lastError: string | null;
  createdAt: number;
  updatedAt: number;
  startedAt: number | null;
  finishedAt: number | null;
}

export interface NewJob {
  kind: string;
  ownerEmail: string;
  /** Unique per owner: creating again with the same key returns the first job. */
  idempotencyKey?: string;
  /**
   * What the job runs on, kept until the job is purged. It may hold anything a user typed (search
   * filters, handles, queries), addresses included, so it is sealed like the rows.
   */
  input: JsonValue;
  /**
   * What the job needs to resume but must not be readable from the database: the addresses of an
   * e-mail job. Sealed with AES-256-GCM under the data directory's secret and deleted when the job
   * ends. (Hashes would not do: the API needs the addresses themselves.)
   */
  privateInput?: JsonValue;
  /** Input positions, 0 to total - 1. */
  total: number;
}

export interface JobRow {
  position: number;
  row: unknown;
}

export interface BatchCommit {
  /** Batch number within the job; a batch commits once. */
  index: number;
  rows: readonly { position: number; row: JsonValue }[];
  /** Opaque to the store: what the runner needs to know this batch is done (a cursor, counts). Sealed. */
  checkpoint?: JsonValue;
  /** Rows of this batch that record an error. */
  errors?: number;
  lastError?: string;
  /**
   * The paid call behind the batch, counted in the job's credits; the job id is filled in, the
   * owner is the default user.
   */
  ledger?: BatchLedgerRow;
  /** Ledger rows of the batch's other operations, written with it (the job's credits count `ledger` only). */
  moreLedger?: readonly BatchLedgerRow[];
  /**
   * Journaled paid calls (paid-call-journal.ts) these rows account for, ended in the batch's
   * transaction: a crash right after the commit never leaves them to be recorded a second time.
   */
  calls?: { ids: readonly string[]; as: CallSettlement };
  /**
   * The lease holder committing (the runner's instance): the commit writes nothing unless the job
   * is still leased to it, so an instance whose lease another took over commits nothing more.
   */
  leaseOwner?: string;
}

export type BatchLedgerRow = Omit<LedgerEntryInput, 'jobId' | 'userEmail'> & { userEmail?: string };

export interface BatchCommitResult {
  /** false when this batch index was already committed: nothing was written again. */
  committed: boolean;
  job: JobRecord;
  ledgerEntry: LedgerEntry | null;
}

export interface JobRowsPage {
  rows: JobRow[];
  /** The position to ask for next (`after` of the next page). */
  next: number;
}

type JobStoreErrorCode = 'job_not_found' | 'job_conflict' | 'invalid_batch';

export class JobStoreError extends Error {
  override readonly name = 'JobStoreError';
  constructor(
    readonly code: JobStoreErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export interface JobRepository {
  create(job: NewJob): Promise<{ job: JobRecord; created: boolean }>;
  get(id: string): Promise<JobRecord | null>;
  /** The owner's jobs, newest first. */
  list(ownerEmail: string, options?: { limit?: number }): Promise<JobRecord[]>;
  /** Queued and running jobs, oldest first: what a restarted worker resumes. */
  unfinished(): Promise<JobRecord[]>;
  /** The opened private input, or null when the job had none or has ended. */
  privateInput(id: string): Promise<unknown>;
  /** queued -> running; running stays running (a resume after a restart). */
  start(id: string): Promise<JobRecord>;
  /** Ends the job and deletes its private input. Ending it again with the same status is a no-op. */
  finish(id: string, status: FinalJobStatus, error?: string): Promise<JobRecord>;
  /**
   * A batch's rows, checkpoint, progress and ledger row in one transaction: after a crash either
   * all of them are there or none is, so a resumed job neither loses a row nor pays twice.
   */
  commitBatch(jobId: string, batch: BatchCommit): Promise<BatchCommitResult>;
  /** Checkpoints of the committed batches, by batch index. */
  checkpoints(jobId: string): Promise<Map<number, unknown>>;
  /**
   * Result rows in input order, starting at position `after` (the number of rows the caller
   * already has; 0 for the first page). A page stops before the first position without a row
   * yet, so a reader that advances `after` by what it got never skips one.
   */
  rows(jobId: string, page: { after?: number; limit: number }): Promise<JobRowsPage>;
  delete(id: string): Promise<boolean>;
  /** Deletes ended jobs (with their rows) that finished before `before`; the ledger keeps its rows. */
  purgeFinished(before: number): Promise<number>;
  /**
   * Takes the job for `owner` until `until` when it has not ended and no other owner's lease is
   * live at `now` (one conditional UPDATE: of instances asking at once, one wins); false when not.
   * SQLite has one process per data directory and grants it whenever the job has not ended.
   */
  lease(id: string, owner: string, now: number, until: number): Promise<boolean>;
  /** Moves `owner`'s lease on to `until`; false when the job ended or is no longer leased to `owner`. */
  renewLease(id: string, owner: string, until: number): Promise<boolean>;
  /** Lets go of `owner`'s lease, so another instance may take the job at once. */
  releaseLease(id: string, owner: string): Promise<void>;
  /**
   * Unfinished jobs that no lease holds at `now`, oldest first: what an instance may take on
   * (SQLite: every unfinished job).
   */
  leasable(now: number): Promise<JobRecord[]>;
}
