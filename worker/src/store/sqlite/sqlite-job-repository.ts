import type Database from 'better-sqlite3';
import { isFinalJobStatus, type FinalJobStatus } from '../../../../shared/worker-api/job-status';
import type { Clock } from '../../../common/clock';
import { createLedgerWriter } from './sqlite-ledger-repository';
import { createCallSettler } from './sqlite-paid-call-journal';
import { toMilliCredits } from '../values/milli-credits';
import type { SealedBox } from '../sealing/sealed-box';
import { normalizeUserEmail } from '../values/user-email';
import type { JobRepository, NewJob, JobRecord, BatchCommit, BatchCommitResult } from '../job-repository';
import {
  type JobDbRow,
  jobRecords,
  jobNotFound,
  sealNewJob,
  checkCommittable,
  checkPosition,
  sealRow,
  overlappingRow,
  sealCheckpoint,
  batchLedgerEntry,
  alreadyEnded,
  openPrivateInput,
  checkBatchIndex,
  openCheckpoints,
  checkRowsPage,
  rowsPage,
  sealStoredJson,
  inputParamsContext,
  checkpointContext,
} from '../rows/sealed-job-rows';

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

function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    (error.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || error.code === 'SQLITE_CONSTRAINT_UNIQUE')
  );
}
