import { randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';
import { isFinalJobStatus, type FinalJobStatus, type JobStatus } from '../../../shared/worker-api/job-status';
import { MAX_JOB_ROWS_PAGE } from '../../../shared/worker-api/request-limits';
import type { Clock } from '../../common/clock';
import { fromStoredJson, toStoredJson, type JsonValue } from './json-value';
import { createLedgerWriter, type LedgerEntry, type LedgerEntryInput } from './ledger-repository';
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

interface JobRow {
  position: number;
  row: unknown;
}

interface BatchCommit {
  /** Batch number within the job; a batch commits once. */
  index: number;
  rows: readonly { position: number; row: JsonValue }[];
  /** Opaque to the store: what the runner needs to know this batch is done (a cursor, counts). Sealed. */
  checkpoint?: JsonValue;
  /** Rows of this batch that record an error. */
  errors?: number;
  lastError?: string;
  /** The paid call behind the batch; the job id is filled in, the owner is the default user. */
  ledger?: Omit<LedgerEntryInput, 'jobId' | 'userEmail'> & { userEmail?: string };
  /**
   * More writes that must stand or fall with the batch, run inside its transaction (synchronous):
   * the paid-call journal settling the batch's calls, so that a crash right after the commit never
   * leaves them to be recorded a second time.
   */
  alsoInTransaction?: () => void;
}

interface BatchCommitResult {
  /** false when this batch index was already committed: nothing was written again. */
  committed: boolean;
  job: JobRecord;
  ledgerEntry: LedgerEntry | null;
}

interface JobRowsPage {
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
}

interface JobDbRow {
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

  // Error text may quote an input ("c@x.com: malformed address"), so it is sealed like the rows.
  const sealError = (jobId: string, error: string | undefined): Buffer | null =>
    error === undefined ? null : box.seal(error, errorContext(jobId));

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

  const toRecord = (row: JobDbRow): JobRecord => ({
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
  });

  const mustGet = (id: string): JobDbRow => {
    const row = byId.get(id);
    if (row === undefined) throw new JobStoreError('job_not_found', `no job with id "${id}"`);
    return row;
  };

  const create = db.transaction((job: NewJob): { job: JobRecord; created: boolean } => {
    const owner = normalizeUserEmail(job.ownerEmail);
    if (job.idempotencyKey !== undefined) {
      const existing = byIdempotency.get(owner, job.idempotencyKey);
      if (existing !== undefined) return { job: toRecord(existing), created: false };
    }
    if (!Number.isInteger(job.total) || job.total < 0) {
      throw new RangeError(`a job's total must be a whole number of 0 or more, got ${String(job.total)}`);
    }
    const id = `job_${randomBytes(12).toString('base64url')}`;
    const sealed =
      job.privateInput === undefined
        ? null
        : box.seal(toStoredJson(job.privateInput, 'a job private input'), inputContext(id));
    const now = clock.now();
    insertJob.run(
      id,
      job.kind,
      owner,
      job.idempotencyKey ?? null,
      sealStoredJson(box, toStoredJson(job.input, 'a job input'), inputParamsContext(id)),
      sealed,
      job.total,
      now,
      now,
    );
    return { job: toRecord(mustGet(id)), created: true };
  });

  const commit = db.transaction((jobId: string, batch: BatchCommit): BatchCommitResult => {
    const job = mustGet(jobId);
    if (batchExists.get(jobId, batch.index) !== undefined) {
      return { committed: false, job: toRecord(job), ledgerEntry: null };
    }
    const now = clock.now();
    for (const { position, row } of batch.rows) {
      checkPosition(job, position);
      try {
        insertRow.run(
          jobId,
          position,
          box.seal(toStoredJson(row, `row ${position}`), rowContext(jobId, position)),
        );
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new JobStoreError(
            'invalid_batch',
            `job ${jobId} already has a row at position ${position} (batch ${batch.index} overlaps an earlier one)`,
          );
        }
        throw error;
      }
    }
    insertBatch.run(
      jobId,
      batch.index,
      sealStoredJson(
        box,
        toStoredJson(batch.checkpoint ?? null, 'a batch checkpoint'),
        checkpointContext(jobId, batch.index),
      ),
      now,
    );
    const ledgerEntry =
      batch.ledger === undefined
        ? null
        : writeLedger({
            ...batch.ledger,
            userEmail: batch.ledger.userEmail ?? job.owner_email,
            jobId,
            at: batch.ledger.at ?? now,
          });
    const spentMilli = ledgerEntry === null ? 0 : toMilliCredits(ledgerEntry.actualCredits);
    addProgress.run(
      batch.rows.length,
      batch.errors ?? 0,
      spentMilli,
      sealError(jobId, batch.lastError),
      now,
      jobId,
    );
    batch.alsoInTransaction?.();
    return { committed: true, job: toRecord(mustGet(jobId)), ledgerEntry };
  });

  const finish = db.transaction(
    (id: string, status: FinalJobStatus, error: string | undefined): JobRecord => {
      const job = mustGet(id);
      if (job.status === status) return toRecord(job);
      if (isFinalJobStatus(job.status)) {
        throw new JobStoreError('job_conflict', `job ${id} has already ended (${job.status})`);
      }
      const now = clock.now();
      markFinished.run(status, sealError(id, error), now, now, id);
      return toRecord(mustGet(id));
    },
  );

  const start = db.transaction((id: string): JobRecord => {
    const job = mustGet(id);
    if (isFinalJobStatus(job.status)) {
      throw new JobStoreError('job_conflict', `job ${id} has already ended (${job.status})`);
    }
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
      const job = mustGet(id);
      if (job.sealed_input === null) return null;
      return fromStoredJson(box.open(job.sealed_input, inputContext(id)));
    },

    async start(id) {
      return start(id);
    },

    async finish(id, status, error) {
      return finish(id, status, error);
    },

    async commitBatch(jobId, batch) {
      if (!Number.isInteger(batch.index) || batch.index < 0) {
        throw new JobStoreError(
          'invalid_batch',
          `a batch index must be a whole number of 0 or more, got ${String(batch.index)}`,
        );
      }
      return commit(jobId, batch);
    },

    async checkpoints(jobId) {
      return new Map(
        batches
          .all(jobId)
          .map((row) => [
            row.batch_index,
            openStoredJson(box, row.checkpoint, checkpointContext(jobId, row.batch_index)),
          ]),
      );
    },

    async rows(jobId, { after = 0, limit }) {
      if (!Number.isInteger(after) || after < 0) {
        throw new RangeError(`after must be a whole number of 0 or more, got ${String(after)}`);
      }
      if (!Number.isInteger(limit) || limit < 1 || limit > MAX_JOB_ROWS_PAGE) {
        throw new RangeError(
          `limit must be a whole number from 1 to ${MAX_JOB_ROWS_PAGE}, got ${String(limit)}`,
        );
      }
      mustGet(jobId);
      const rows: JobRow[] = [];
      for (const { position, sealed_row } of rowsFrom.all(jobId, after, limit)) {
        if (position !== after + rows.length) break;
        rows.push({ position, row: fromStoredJson(box.open(sealed_row, rowContext(jobId, position))) });
      }
      return { rows, next: after + rows.length };
    },

    async delete(id) {
      return remove.run(id).changes > 0;
    },

    async purgeFinished(before) {
      return purge.run(before).changes;
    },
  };
}

function checkPosition(job: JobDbRow, position: number): void {
  if (!Number.isInteger(position) || position < 0 || position >= job.total) {
    throw new JobStoreError(
      'invalid_batch',
      `a row position of job ${job.id} must be a whole number from 0 to ${job.total - 1}, got ${String(position)}`,
    );
  }
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
