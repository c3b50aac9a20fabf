import { randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';
import { isFinalJobStatus, type FinalJobStatus, type JobStatus } from '../../../shared/worker-api/job-status';
import { MAX_JOB_ROWS_PAGE } from '../../../shared/worker-api/request-limits';
import type { Clock } from '../../common/clock';
import { fromStoredJson, toStoredJson, type JsonValue } from './json-value';
import { createLedgerWriter, type LedgerEntry, type LedgerEntryInput } from './ledger-repository';
import { createCallSettler, type CallSettlement } from './paid-call-journal';
import { fromMilliCredits, toMilliCredits } from './milli-credits';
import { SealedDataError, type SealedBox } from './sealed-box';
import { normalizeUserEmail } from './user-email';

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

type BatchLedgerRow = Omit<LedgerEntryInput, 'jobId' | 'userEmail'> & { userEmail?: string };

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

/** A job as either engine stores it. */
export interface JobDbRow {
  id: string;
  kind: string;
  owner_email: string;
  idempotency_key: string | null;
  status: JobStatus;
  input: string;
  sealed_input: Buffer | null;
  total: number;
  done: number;
  errors: number;
  spent_milli: number;
  sealed_last_error: Buffer | null;
  created_at: number;
  updated_at: number;
  started_at: number | null;
  finished_at: number | null;
  lease_owner: string | null;
  lease_until: number | null;
}

export function createSqliteJobRepository(
  db: Database.Database,
  clock: Clock,
  box: SealedBox,
): JobRepository {
  const writeLedger = createLedgerWriter(db, clock);
  sealPlainJobData(db, box);
  const byId = db.prepare<[string], JobDbRow>('SELECT * FROM jobs WHERE id = ?');
  const byIdempotency = db.prepare<[string, string], JobDbRow>(
    'SELECT * FROM jobs WHERE owner_email = ? AND idempotency_key = ?',
  );
  const insertJob = db.prepare<
    [string, string, string, string | null, string, Buffer | null, number, number, number]
  >(
    `INSERT INTO jobs (id, kind, owner_email, idempotency_key, status, input, sealed_input, total,
       created_at, updated_at) VALUES (?, ?, ?, ?, 'queued', ?, ?, ?, ?, ?)`,
  );
  const ofOwner = db.prepare<[string, number], JobDbRow>(
    'SELECT * FROM jobs WHERE owner_email = ? ORDER BY created_at DESC, id LIMIT ?',
  );
  const unfinished = db.prepare<[], JobDbRow>(
    "SELECT * FROM jobs WHERE status IN ('queued', 'running') ORDER BY created_at, id",
  );
  const markStarted = db.prepare<[number, number, string]>(
    "UPDATE jobs SET status = 'running', started_at = COALESCE(started_at, ?), updated_at = ? WHERE id = ?",
  );
  const markFinished = db.prepare<[string, Buffer | null, number, number, string]>(
    `UPDATE jobs SET status = ?, sealed_last_error = COALESCE(?, sealed_last_error), sealed_input = NULL,
       finished_at = ?, updated_at = ? WHERE id = ?`,
  );
  const batchExists = db.prepare<[string, number], { found: number }>(
    'SELECT 1 AS found FROM job_batches WHERE job_id = ? AND batch_index = ?',
  );
  const insertRow = db.prepare<[string, number, Buffer]>(
    'INSERT INTO job_rows (job_id, position, sealed_row) VALUES (?, ?, ?)',
  );
  const insertBatch = db.prepare<[string, number, string, number]>(
    'INSERT INTO job_batches (job_id, batch_index, checkpoint, committed_at) VALUES (?, ?, ?, ?)',
  );
  const addProgress = db.prepare<[number, number, number, Buffer | null, number, string]>(
    `UPDATE jobs SET done = done + ?, errors = errors + ?, spent_milli = spent_milli + ?,
       sealed_last_error = COALESCE(?, sealed_last_error), updated_at = ? WHERE id = ?`,
  );
  const batches = db.prepare<[string], { batch_index: number; checkpoint: string }>(
    'SELECT batch_index, checkpoint FROM job_batches WHERE job_id = ? ORDER BY batch_index',
  );
  const rowsFrom = db.prepare<[string, number, number], { position: number; sealed_row: Buffer }>(
    'SELECT position, sealed_row FROM job_rows WHERE job_id = ? AND position >= ? ORDER BY position LIMIT ?',
  );
  const remove = db.prepare<[string]>('DELETE FROM jobs WHERE id = ?');
  const purge = db.prepare<[number]>(
    "DELETE FROM jobs WHERE status IN ('done', 'failed', 'cancelled') AND finished_at < ?",
  );

  const { toRecord, sealError } = jobRecords(box);
  const settleCalls = createCallSettler(db, clock);
  const leases = sqliteJobLeases(db);

  const mustGet = (id: string): JobDbRow => {
    const row = byId.get(id);
    if (row === undefined) throw jobNotFound(id);
    return row;
  };

  const create = db.transaction((job: NewJob): { job: JobRecord; created: boolean } => {
    const owner = normalizeUserEmail(job.ownerEmail);
    if (job.idempotencyKey !== undefined) {
      const existing = byIdempotency.get(owner, job.idempotencyKey);
      if (existing !== undefined) return { job: toRecord(existing), created: false };
    }
    const { id, input, sealedInput } = sealNewJob(box, job);
    const now = clock.now();
    insertJob.run(id, job.kind, owner, job.idempotencyKey ?? null, input, sealedInput, job.total, now, now);
    return { job: toRecord(mustGet(id)), created: true };
  });

  const commit = db.transaction((jobId: string, batch: BatchCommit): BatchCommitResult => {
    const job = mustGet(jobId);
    if (batchExists.get(jobId, batch.index) !== undefined) {
      return { committed: false, job: toRecord(job), ledgerEntry: null };
    }
    checkCommittable(job, batch);
    const now = clock.now();
    for (const { position, row } of batch.rows) {
      checkPosition(job, position);
      try {
        insertRow.run(jobId, position, sealRow(box, jobId, position, row));
      } catch (error) {
        if (isUniqueViolation(error)) throw overlappingRow(jobId, position, batch.index);
        throw error;
      }
    }
    insertBatch.run(jobId, batch.index, sealCheckpoint(box, jobId, batch), now);
    const ledgerEntry =
      batch.ledger === undefined ? null : writeLedger(batchLedgerEntry(job, batch.ledger, now));
    for (const row of batch.moreLedger ?? []) writeLedger(batchLedgerEntry(job, row, now));
    const spentMilli = ledgerEntry === null ? 0 : toMilliCredits(ledgerEntry.actualCredits);
    addProgress.run(
      batch.rows.length,
      batch.errors ?? 0,
      spentMilli,
      sealError(jobId, batch.lastError),
      now,
      jobId,
    );
    if (batch.calls !== undefined) settleCalls(batch.calls.ids, batch.calls.as);
    return { committed: true, job: toRecord(mustGet(jobId)), ledgerEntry };
  });

  const finish = db.transaction(
    (id: string, status: FinalJobStatus, error: string | undefined): JobRecord => {
      const job = mustGet(id);
      if (job.status === status) return toRecord(job);
      if (isFinalJobStatus(job.status)) throw alreadyEnded(job);
      const now = clock.now();
      markFinished.run(status, sealError(id, error), now, now, id);
      return toRecord(mustGet(id));
    },
  );

  const start = db.transaction((id: string): JobRecord => {
    const job = mustGet(id);
    if (isFinalJobStatus(job.status)) throw alreadyEnded(job);
    const now = clock.now();
    markStarted.run(now, now, id);
    return toRecord(mustGet(id));
  });

  return {
    async create(job) {
      return create(job);
    },

    async get(id) {
      const row = byId.get(id);
      return row === undefined ? null : toRecord(row);
    },

    async list(ownerEmail, options = {}) {
      return ofOwner.all(normalizeUserEmail(ownerEmail), options.limit ?? 100).map(toRecord);
    },

    async unfinished() {
      return unfinished.all().map(toRecord);
    },

    async privateInput(id) {
      return openPrivateInput(box, mustGet(id));
    },

    async start(id) {
      return start(id);
    },

    async finish(id, status, error) {
      return finish(id, status, error);
    },

    async commitBatch(jobId, batch) {
      checkBatchIndex(batch.index);
      return commit(jobId, batch);
    },

    async checkpoints(jobId) {
      return openCheckpoints(box, jobId, batches.all(jobId));
    },

    async rows(jobId, { after = 0, limit }) {
      checkRowsPage(after, limit);
      mustGet(jobId);
      return rowsPage(box, jobId, after, rowsFrom.all(jobId, after, limit));
    },

    async delete(id) {
      return remove.run(id).changes > 0;
    },

    async purgeFinished(before) {
      return purge.run(before).changes;
    },

    async lease(id, owner, _now, until) {
      return leases.take.run(owner, until, id).changes > 0;
    },

    async renewLease(id, owner, until) {
      return leases.renew.run(until, id, owner).changes > 0;
    },

    async releaseLease(id, owner) {
      leases.release.run(id, owner);
    },

    async leasable() {
      return leases.free.all().map(toRecord);
    },
  };
}

/**
 * The lease statements on SQLite. One process owns a data directory (index.ts locks it), so there
 * is no other instance to keep out: a lease is always granted on an unfinished job (one left by an
 * earlier runner was a dead run's, and today's resume at start must not wait for it to expire),
 * and it only names the runner whose commits count, so a runner replaced by a restart commits
 * nothing more.
 */
function sqliteJobLeases(db: Database.Database) {
  return {
    take: db.prepare<[string, number, string]>(
      `UPDATE jobs SET lease_owner = ?, lease_until = ? WHERE id = ? AND status IN ('queued', 'running')`,
    ),
    renew: db.prepare<[number, string, string]>(
      `UPDATE jobs SET lease_until = ? WHERE id = ? AND lease_owner = ? AND status IN ('queued', 'running')`,
    ),
    release: db.prepare<[string, string]>(
      'UPDATE jobs SET lease_owner = NULL, lease_until = NULL WHERE id = ? AND lease_owner = ?',
    ),
    free: db.prepare<[], JobDbRow>(
      "SELECT * FROM jobs WHERE status IN ('queued', 'running') ORDER BY created_at, id",
    ),
  };
}

/**
 * Inside a batch's commit: a job that ended (cancelled through any instance) or that another
 * instance has leased since commits nothing more; the runner then stops it.
 */
export function checkCommittable(job: JobDbRow, batch: BatchCommit): void {
  if (isFinalJobStatus(job.status)) throw alreadyEnded(job);
  if (batch.leaseOwner !== undefined && job.lease_owner !== batch.leaseOwner) {
    throw new JobStoreError(
      'job_conflict',
      `job ${job.id} is run by another worker instance now (its lease was taken over); this batch was not committed`,
    );
  }
}

/** A job's stored rows read back: the record (sealed texts opened) and its sealed last error. */
export function jobRecords(box: SealedBox) {
  // A job listing must not fail because one error text cannot be opened any more.
  const openError = (jobId: string, sealed: Buffer): string => {
    try {
      return box.open(sealed, errorContext(jobId));
    } catch (error) {
      if (error instanceof SealedDataError)
        return "the error text cannot be read: the data directory's secret changed";
      throw error;
    }
  };

  // A listing must not fail because one job's input cannot be opened any more: the job then reads
  // as one this version cannot run, and fails with a reason when it is resumed.
  const openInput = (jobId: string, stored: string): unknown => {
    try {
      return openStoredJson(box, stored, inputParamsContext(jobId));
    } catch (error) {
      if (error instanceof SealedDataError) return null;
      throw error;
    }
  };

  return {
    toRecord: (row: JobDbRow): JobRecord => ({
      id: row.id,
      kind: row.kind,
      ownerEmail: row.owner_email,
      idempotencyKey: row.idempotency_key,
      status: row.status,
      input: openInput(row.id, row.input),
      hasPrivateInput: row.sealed_input !== null,
      progress: {
        done: row.done,
        total: row.total,
        errors: row.errors,
        creditsSpent: fromMilliCredits(row.spent_milli),
      },
      lastError: row.sealed_last_error === null ? null : openError(row.id, row.sealed_last_error),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      startedAt: row.started_at,
      finishedAt: row.finished_at,
    }),
    // Error text may quote an input ("c@x.com: malformed address"), so it is sealed like the rows.
    sealError: (jobId: string, error: string | undefined): Buffer | null =>
      error === undefined ? null : box.seal(error, errorContext(jobId)),
  };
}

/** A new job's id and its sealed inputs. Throws on a total that is not a whole number. */
export function sealNewJob(
  box: SealedBox,
  job: NewJob,
): { id: string; input: string; sealedInput: Buffer | null } {
  if (!Number.isInteger(job.total) || job.total < 0) {
    throw new RangeError(`a job's total must be a whole number of 0 or more, got ${String(job.total)}`);
  }
  const id = `job_${randomBytes(12).toString('base64url')}`;
  return {
    id,
    input: sealStoredJson(box, toStoredJson(job.input, 'a job input'), inputParamsContext(id)),
    sealedInput:
      job.privateInput === undefined
        ? null
        : box.seal(toStoredJson(job.privateInput, 'a job private input'), inputContext(id)),
  };
}

export function openPrivateInput(box: SealedBox, job: JobDbRow): unknown {
  if (job.sealed_input === null) return null;
  return fromStoredJson(box.open(job.sealed_input, inputContext(job.id)));
}

export function sealRow(box: SealedBox, jobId: string, position: number, row: JsonValue): Buffer {
  return box.seal(toStoredJson(row, `row ${position}`), rowContext(jobId, position));
}

export function sealCheckpoint(box: SealedBox, jobId: string, batch: BatchCommit): string {
  return sealStoredJson(
    box,
    toStoredJson(batch.checkpoint ?? null, 'a batch checkpoint'),
    checkpointContext(jobId, batch.index),
  );
}

export function openCheckpoints(
  box: SealedBox,
  jobId: string,
  rows: readonly { batch_index: number; checkpoint: string }[],
): Map<number, unknown> {
  return new Map(
    rows.map((row) => [
      row.batch_index,
      openStoredJson(box, row.checkpoint, checkpointContext(jobId, row.batch_index)),
    ]),
  );
}

/** The page of rows from `after`, stopping before the first position without one. */
export function rowsPage(
  box: SealedBox,
  jobId: string,
  after: number,
  stored: readonly { position: number; sealed_row: Buffer }[],
): JobRowsPage {
  const rows: JobRow[] = [];
  for (const { position, sealed_row } of stored) {
    if (position !== after + rows.length) break;
    rows.push({ position, row: fromStoredJson(box.open(sealed_row, rowContext(jobId, position))) });
  }
  return { rows, next: after + rows.length };
}

/** The ledger entry of one of a batch's rows: filed under the job, billed to its owner by default. */
export function batchLedgerEntry(job: JobDbRow, row: BatchLedgerRow, now: number): LedgerEntryInput {
  return { ...row, userEmail: row.userEmail ?? job.owner_email, jobId: job.id, at: row.at ?? now };
}

export function checkBatchIndex(index: number): void {
  if (!Number.isInteger(index) || index < 0) {
    throw new JobStoreError(
      'invalid_batch',
      `a batch index must be a whole number of 0 or more, got ${String(index)}`,
    );
  }
}

export function checkRowsPage(after: number, limit: number): void {
  if (!Number.isInteger(after) || after < 0) {
    throw new RangeError(`after must be a whole number of 0 or more, got ${String(after)}`);
  }
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_JOB_ROWS_PAGE) {
    throw new RangeError(`limit must be a whole number from 1 to ${MAX_JOB_ROWS_PAGE}, got ${String(limit)}`);
  }
}

export function checkPosition(job: JobDbRow, position: number): void {
  if (!Number.isInteger(position) || position < 0 || position >= job.total) {
    throw new JobStoreError(
      'invalid_batch',
      `a row position of job ${job.id} must be a whole number from 0 to ${job.total - 1}, got ${String(position)}`,
    );
  }
}

export function overlappingRow(jobId: string, position: number, batchIndex: number): JobStoreError {
  return new JobStoreError(
    'invalid_batch',
    `job ${jobId} already has a row at position ${position} (batch ${batchIndex} overlaps an earlier one)`,
  );
}

export function jobNotFound(id: string): JobStoreError {
  return new JobStoreError('job_not_found', `no job with id "${id}"`);
}

export function alreadyEnded(job: JobDbRow): JobStoreError {
  return new JobStoreError('job_conflict', `job ${job.id} has already ended (${job.status})`);
}

function inputContext(jobId: string): string {
  return `job ${jobId} input`;
}

function inputParamsContext(jobId: string): string {
  return `job ${jobId} params`;
}

function checkpointContext(jobId: string, batchIndex: number): string {
  return `job ${jobId} checkpoint ${batchIndex}`;
}

/**
 * The text columns `jobs.input` and `job_batches.checkpoint` hold `{"sealed": "<base64>"}`: the
 * JSON sealed under the data secret. One rule for everything of a job a user may have typed into,
 * rather than a rule per kind about which fields may quote an address: a kind added later cannot
 * forget it.
 */
function sealStoredJson(box: SealedBox, json: string, context: string): string {
  return JSON.stringify({ sealed: box.seal(json, context).toString('base64') });
}

/** What every sealed text column starts with (sealStoredJson); LIKE's wildcards appear in none of it. */
const SEALED_JSON_START = '{"sealed":"';

/**
 * Inputs and checkpoints that a version before sealing wrote in plain text are sealed in place when
 * the store opens, so an upgrade leaves no typed address behind (secure_delete overwrites the old
 * text). Jobs are purged once they end, so the tables this scans stay small.
 */
function sealPlainJobData(db: Database.Database, box: SealedBox): void {
  const plainInputs = db.prepare<[string], { id: string; input: string }>(
    "SELECT id, input FROM jobs WHERE input NOT LIKE ? || '%'",
  );
  const plainCheckpoints = db.prepare<[string], { job_id: string; batch_index: number; checkpoint: string }>(
    "SELECT job_id, batch_index, checkpoint FROM job_batches WHERE checkpoint NOT LIKE ? || '%'",
  );
  const setInput = db.prepare<[string, string]>('UPDATE jobs SET input = ? WHERE id = ?');
  const setCheckpoint = db.prepare<[string, string, number]>(
    'UPDATE job_batches SET checkpoint = ? WHERE job_id = ? AND batch_index = ?',
  );
  db.transaction(() => {
    for (const { id, input } of plainInputs.all(SEALED_JSON_START)) {
      setInput.run(sealStoredJson(box, input, inputParamsContext(id)), id);
    }
    for (const row of plainCheckpoints.all(SEALED_JSON_START)) {
      const sealed = sealStoredJson(box, row.checkpoint, checkpointContext(row.job_id, row.batch_index));
      setCheckpoint.run(sealed, row.job_id, row.batch_index);
    }
  })();
}

/** Also reads the plain JSON that versions before sealing wrote. Throws SealedDataError. */
function openStoredJson(box: SealedBox, stored: string, context: string): unknown {
  const value = fromStoredJson(stored);
  if (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.keys(value).length === 1 &&
    'sealed' in value &&
    typeof value.sealed === 'string'
  ) {
    return fromStoredJson(box.open(Buffer.from(value.sealed, 'base64'), context));
  }
  return value;
}

function errorContext(jobId: string): string {
  return `job ${jobId} last error`;
}

function rowContext(jobId: string, position: number): string {
  return `job ${jobId} row ${position}`;
}

function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    (error.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || error.code === 'SQLITE_CONSTRAINT_UNIQUE')
  );
}
