import { isFinalJobStatus } from '../../../../shared/worker-api/job-status';
import type { Clock } from '../../../common/clock';
import type { BatchCommit, BatchCommitResult, JobRepository } from '../job-repository';
import {
  alreadyEnded,
  batchLedgerEntry,
  checkBatchIndex,
  checkCommittable,
  checkPosition,
  checkRowsPage,
  jobNotFound,
  jobRecords,
  openCheckpoints,
  openPrivateInput,
  overlappingRow,
  rowsPage,
  sealCheckpoint,
  sealNewJob,
  sealRow,
  type JobDbRow,
} from '../rows/sealed-job-rows';
import { toMilliCredits } from '../values/milli-credits';
import type { SealedBox } from '../sealing/sealed-box';
import { normalizeUserEmail } from '../values/user-email';
import { writeLedgerRow } from './postgres-ledger-repository';
import { settleCalls } from './postgres-paid-call-journal';
import type { PostgresDatabase, Sql } from './postgres-database';

/**
 * Jobs on Postgres. Every change to a job (start, finish, a batch's commit) locks the job's row
 * first (`SELECT ... FOR UPDATE`), so two instances committing the same batch, or one committing
 * while another cancels, happen one after the other: the second sees the batch already there (and
 * writes nothing) or the job as the first left it. A batch's rows, checkpoint, progress, ledger
 * rows and journal settlement commit together or not at all, as on SQLite.
 *
 * Jobs a SQLite version wrote with plain inputs are SQLite's only: a Postgres database starts
 * sealed, so nothing is sealed in place when it opens.
 */
export function createPostgresJobRepository(
  db: PostgresDatabase,
  clock: Clock,
  box: SealedBox,
): JobRepository {
  const { toRecord, sealError } = jobRecords(box);

  const find = async (sql: Sql, id: string, lock = false): Promise<JobDbRow | null> => {
    const { rows } = await sql.query<JobDbRow>(
      `SELECT * FROM jobs WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
      [id],
    );
    return rows[0] ?? null;
  };
  const mustFind = async (sql: Sql, id: string, lock = false): Promise<JobDbRow> => {
    const row = await find(sql, id, lock);
    if (row === null) throw jobNotFound(id);
    return row;
  };
  const byIdempotency = async (sql: Sql, owner: string, key: string) => {
    const { rows } = await sql.query<JobDbRow>(
      'SELECT * FROM jobs WHERE owner_email = $1 AND idempotency_key = $2',
      [owner, key],
    );
    return rows[0] ?? null;
  };

  const changed = async (text: string, values: unknown[]) =>
    ((await db.query(text, values)).rowCount ?? 0) > 0;

  const commit = (jobId: string, batch: BatchCommit) =>
    db.transaction(async (sql): Promise<BatchCommitResult> => {
      const job = await mustFind(sql, jobId, true);
      const { rows: done } = await sql.query(
        'SELECT 1 FROM job_batches WHERE job_id = $1 AND batch_index = $2',
        [jobId, batch.index],
      );
      if (done.length > 0) return { committed: false, job: toRecord(job), ledgerEntry: null };
      checkCommittable(job, batch);
      const now = clock.now();
      await insertRows(sql, job, batch);
      await sql.query(
        'INSERT INTO job_batches (job_id, batch_index, checkpoint, committed_at) VALUES ($1, $2, $3, $4)',
        [jobId, batch.index, sealCheckpoint(box, jobId, batch), now],
      );
      const ledgerEntry =
        batch.ledger === undefined
          ? null
          : await writeLedgerRow(sql, clock, batchLedgerEntry(job, batch.ledger, now));
      for (const row of batch.moreLedger ?? [])
        await writeLedgerRow(sql, clock, batchLedgerEntry(job, row, now));
      const spentMilli = ledgerEntry === null ? 0 : toMilliCredits(ledgerEntry.actualCredits);
      await sql.query(
        `UPDATE jobs SET done = done + $1, errors = errors + $2, spent_milli = spent_milli + $3,
           sealed_last_error = COALESCE($4, sealed_last_error), updated_at = $5 WHERE id = $6`,
        [batch.rows.length, batch.errors ?? 0, spentMilli, sealError(jobId, batch.lastError), now, jobId],
      );
      if (batch.calls !== undefined) await settleCalls(sql, clock, batch.calls.ids, batch.calls.as);
      return { committed: true, job: toRecord(await mustFind(sql, jobId)), ledgerEntry };
    });

  /**
   * The batch's rows in one statement, after the checks SQLite makes row by row, in the same order
   * and with the same sentences: the first row (in the batch's order) outside the input, or at a
   * position an earlier batch (or this one) already filled. The job's lock keeps other writers out
   * meanwhile.
   */
  const insertRows = async (sql: Sql, job: JobDbRow, batch: BatchCommit) => {
    if (batch.rows.length === 0) return;
    const positions = batch.rows.map((row) => row.position);
    const { rows: taken } = await sql.query<{ position: number }>(
      'SELECT position FROM job_rows WHERE job_id = $1 AND position = ANY($2::int[])',
      [
        job.id,
        positions.filter((position) => Number.isInteger(position) && position >= 0 && position < job.total),
      ],
    );
    const filled = new Set(taken.map((row) => row.position));
    for (const { position } of batch.rows) {
      checkPosition(job, position);
      if (filled.has(position)) throw overlappingRow(job.id, position, batch.index);
      filled.add(position);
    }
    await sql.query(
      `INSERT INTO job_rows (job_id, position, sealed_row)
       SELECT $1, row.position, row.sealed FROM unnest($2::int[], $3::bytea[]) AS row (position, sealed)`,
      [job.id, positions, batch.rows.map(({ position, row }) => sealRow(box, job.id, position, row))],
    );
  };

  return {
    async create(job) {
      const owner = normalizeUserEmail(job.ownerEmail);
      const key = job.idempotencyKey;
      if (key !== undefined) {
        const existing = await byIdempotency(db, owner, key);
        if (existing !== null) return { job: toRecord(existing), created: false };
      }
      const { id, input, sealedInput } = sealNewJob(box, job);
      const now = clock.now();
      // Two instances creating with one key at once: the unique index lets one in, the other
      // gets the first job, as if it had come second.
      const { rows } = await db.query<JobDbRow>(
        `INSERT INTO jobs (id, kind, owner_email, idempotency_key, status, input, sealed_input, total,
           created_at, updated_at) VALUES ($1, $2, $3, $4, 'queued', $5, $6, $7, $8, $8)
         ON CONFLICT (owner_email, idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
         RETURNING *`,
        [id, job.kind, owner, key ?? null, input, sealedInput, job.total, now],
      );
      if (rows[0] !== undefined) return { job: toRecord(rows[0]), created: true };
      const first = key === undefined ? null : await byIdempotency(db, owner, key);
      if (first === null) throw new Error(`job ${id} was neither stored nor found under its idempotency key`);
      return { job: toRecord(first), created: false };
    },

    async get(id) {
      const row = await find(db, id);
      return row === null ? null : toRecord(row);
    },

    async list(ownerEmail, options = {}) {
      const { rows } = await db.query<JobDbRow>(
        'SELECT * FROM jobs WHERE owner_email = $1 ORDER BY created_at DESC, id COLLATE "C" LIMIT $2',
        [normalizeUserEmail(ownerEmail), options.limit ?? 100],
      );
      return rows.map(toRecord);
    },

    async unfinished() {
      const { rows } = await db.query<JobDbRow>(
        `SELECT * FROM jobs WHERE status IN ('queued', 'running') ORDER BY created_at, id COLLATE "C"`,
      );
      return rows.map(toRecord);
    },

    async privateInput(id) {
      return openPrivateInput(box, await mustFind(db, id));
    },

    start: (id) =>
      db.transaction(async (sql) => {
        const job = await mustFind(sql, id, true);
        if (isFinalJobStatus(job.status)) throw alreadyEnded(job);
        const now = clock.now();
        const { rows } = await sql.query<JobDbRow>(
          `UPDATE jobs SET status = 'running', started_at = COALESCE(started_at, $1), updated_at = $1
           WHERE id = $2 RETURNING *`,
          [now, id],
        );
        return toRecord(rows[0] ?? job);
      }),

    finish: (id, status, error) =>
      db.transaction(async (sql) => {
        const job = await mustFind(sql, id, true);
        if (job.status === status) return toRecord(job);
        if (isFinalJobStatus(job.status)) throw alreadyEnded(job);
        const now = clock.now();
        const { rows } = await sql.query<JobDbRow>(
          `UPDATE jobs SET status = $1, sealed_last_error = COALESCE($2, sealed_last_error), sealed_input = NULL,
             finished_at = $3, updated_at = $3 WHERE id = $4 RETURNING *`,
          [status, sealError(id, error), now, id],
        );
        return toRecord(rows[0] ?? job);
      }),

    async commitBatch(jobId, batch) {
      checkBatchIndex(batch.index);
      return commit(jobId, batch);
    },

    async checkpoints(jobId) {
      const { rows } = await db.query<{ batch_index: number; checkpoint: string }>(
        'SELECT batch_index, checkpoint FROM job_batches WHERE job_id = $1 ORDER BY batch_index',
        [jobId],
      );
      return openCheckpoints(box, jobId, rows);
    },

    async rows(jobId, { after = 0, limit }) {
      checkRowsPage(after, limit);
      await mustFind(db, jobId);
      const { rows } = await db.query<{ position: number; sealed_row: Buffer }>(
        `SELECT position, sealed_row FROM job_rows WHERE job_id = $1 AND position >= $2
         ORDER BY position LIMIT $3`,
        [jobId, after, limit],
      );
      return rowsPage(box, jobId, after, rows);
    },

    async delete(id) {
      const { rowCount } = await db.query('DELETE FROM jobs WHERE id = $1', [id]);
      return (rowCount ?? 0) > 0;
    },

    async purgeFinished(before) {
      const { rowCount } = await db.query(
        "DELETE FROM jobs WHERE status IN ('done', 'failed', 'cancelled') AND finished_at < $1",
        [before],
      );
      return rowCount ?? 0;
    },

    // One conditional UPDATE each: Postgres re-checks the condition on the row once a concurrent
    // update committed, so of instances taking a job at once exactly one wins.
    lease: (id, owner, now, until) =>
      changed(
        `UPDATE jobs SET lease_owner = $2, lease_until = $4 WHERE id = $1 AND status IN ('queued', 'running')
           AND (lease_owner IS NULL OR lease_owner = $2 OR lease_until <= $3)`,
        [id, owner, now, until],
      ),

    renewLease: (id, owner, until) =>
      changed(
        `UPDATE jobs SET lease_until = $3 WHERE id = $1 AND lease_owner = $2 AND status IN ('queued', 'running')`,
        [id, owner, until],
      ),

    async releaseLease(id, owner) {
      await db.query(
        'UPDATE jobs SET lease_owner = NULL, lease_until = NULL WHERE id = $1 AND lease_owner = $2',
        [id, owner],
      );
    },

    async leasable(now) {
      const { rows } = await db.query<JobDbRow>(
        `SELECT * FROM jobs WHERE status IN ('queued', 'running') AND (lease_owner IS NULL OR lease_until <= $1)
         ORDER BY created_at, id COLLATE "C"`,
        [now],
      );
      return rows.map(toRecord);
    },
  };
}
