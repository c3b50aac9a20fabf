import { SCHEDULE_RUNS_KEPT, type ScheduleRun } from '../../../../shared/worker-api/schedules';
import type { Clock } from '../../../common/clock';
import { ScheduleCapError, type ScheduleRepository } from '../schedule-repository';
import {
  monthAfter,
  RUNS_LISTED,
  newLeaseToken,
  newScheduleId,
  requestOf,
  runnerOf,
  toScheduleRecord,
  type ScheduleRow,
} from '../rows/schedule-rows';
import { ADVISORY_LOCKS, lockKeyOf } from './advisory-locks';
import type { PostgresDatabase } from './postgres-database';

/** What a live lease holds at `$now`: no run, or one whose lease ran out. */
const FREE_AT_NOW = '(running_until IS NULL OR running_until <= $2)';

/**
 * Scheduled reports on Postgres. A lease is taken by one conditional UPDATE (Postgres locks the
 * row and checks the condition again once a concurrent update committed), so of several instances'
 * schedulers exactly one wins a due schedule; a run's end reads the schedule under `FOR UPDATE`,
 * decides, and writes in the same transaction.
 */
export function createPostgresScheduleRepository(db: PostgresDatabase, clock: Clock): ScheduleRepository {
  const runsOf = async (id: string, limit: number): Promise<ScheduleRun[]> => {
    const { rows } = await db.query<{ run: string }>(
      'SELECT run FROM schedule_runs WHERE schedule_id = $1 ORDER BY id DESC LIMIT $2',
      [id, limit],
    );
    return rows.map(({ run }) => JSON.parse(run) as ScheduleRun);
  };
  const record = async (row: ScheduleRow) =>
    toScheduleRecord(row, await runsOf(row.id, RUNS_LISTED), clock.now());
  const records = (rows: ScheduleRow[]) => Promise.all(rows.map(record));
  const get = async (id: string) => {
    const { rows } = await db.query<ScheduleRow>('SELECT * FROM schedules WHERE id = $1', [id]);
    return rows[0] === undefined ? null : record(rows[0]);
  };
  const changed = async (text: string, values: unknown[]) =>
    ((await db.query(text, values)).rowCount ?? 0) > 0;

  return {
    async create(documentId, request, createdBy, nextRunAt, cap) {
      const row = await db.transaction(async (sql) => {
        if (cap !== undefined) {
          await sql.query('SELECT pg_advisory_xact_lock($1::int, $2::int)', [
            ADVISORY_LOCKS.scheduleCap,
            lockKeyOf(documentId),
          ]);
          const { rows } = await sql.query<{ n: number }>(
            'SELECT COUNT(*)::int AS n FROM schedules WHERE document_id = $1',
            [documentId],
          );
          if ((rows[0]?.n ?? 0) >= cap) throw new ScheduleCapError(cap);
        }
        const { rows } = await sql.query<ScheduleRow>(
          `INSERT INTO schedules (id, document_id, request, created_by, created_at, status, next_run_at, updated_at, runner)
           VALUES ($1, $2, $3, $4, $5, 'active', $6, $5, $7) RETURNING *`,
          [
            newScheduleId(),
            documentId,
            JSON.stringify(requestOf(request)),
            createdBy,
            clock.now(),
            nextRunAt,
            runnerOf(request),
          ],
        );
        return rows[0];
      });
      if (row === undefined) throw new Error('a schedule is missing after storing it');
      return record(row);
    },
    get,
    async ofDocument(documentId) {
      const { rows } = await db.query<ScheduleRow>(
        'SELECT * FROM schedules WHERE document_id = $1 ORDER BY created_at, id COLLATE "C"',
        [documentId],
      );
      return records(rows);
    },
    async all() {
      const { rows } = await db.query<ScheduleRow>(
        'SELECT * FROM schedules ORDER BY document_id COLLATE "C", created_at, id COLLATE "C"',
      );
      return records(rows);
    },
    async update(id, request, nextRunAt) {
      await db.query(
        'UPDATE schedules SET request = $1, next_run_at = $2, updated_at = $3, runner = $5 WHERE id = $4',
        [JSON.stringify(requestOf(request)), nextRunAt, clock.now(), id, runnerOf(request)],
      );
      return get(id);
    },
    async setStatus(id, status, nextRunAt, pausedReason) {
      if (status === 'paused') {
        await db.query(
          "UPDATE schedules SET status = 'paused', paused_reason = $1, next_run_at = NULL, updated_at = $2 WHERE id = $3",
          [pausedReason, clock.now(), id],
        );
      } else {
        await db.query(
          `UPDATE schedules SET status = 'active', paused_reason = NULL, failures_in_a_row = 0, next_run_at = $1,
           alert = NULL, updated_at = $2 WHERE id = $3`,
          [nextRunAt, clock.now(), id],
        );
      }
      return get(id);
    },
    async runNow(id) {
      return changed(
        `UPDATE schedules SET next_run_at = $2, updated_at = $2 WHERE id = $1 AND status = 'active' AND ${FREE_AT_NOW}`,
        [id, clock.now()],
      );
    },
    async delete(id) {
      return changed('DELETE FROM schedules WHERE id = $1', [id]);
    },
    async due(now, limit) {
      const { rows } = await db.query<ScheduleRow>(
        `SELECT * FROM schedules WHERE status = 'active' AND runner = 'worker' AND next_run_at <= $2 AND ${FREE_AT_NOW}
         ORDER BY next_run_at, id COLLATE "C" LIMIT $1`,
        [limit, now],
      );
      return records(rows);
    },
    async earliestNextRun(now) {
      const { rows } = await db.query<{ at: number | null }>(
        `SELECT MIN(CASE WHEN running_until > $1 THEN GREATEST(next_run_at, running_until) ELSE next_run_at END) AS at
         FROM schedules WHERE status = 'active' AND runner = 'worker' AND next_run_at IS NOT NULL`,
        [now],
      );
      return rows[0]?.at ?? null;
    },
    async take(id, now, leaseMs, runner = 'worker') {
      const token = newLeaseToken();
      const { rows } = await db.query<ScheduleRow>(
        `UPDATE schedules SET running_until = $3, lease_token = $4, updated_at = $2
         WHERE id = $1 AND runner = $5 AND status = 'active' AND next_run_at <= $2 AND ${FREE_AT_NOW}
         RETURNING *`,
        [id, now, now + leaseMs, token, runner],
      );
      return rows[0] === undefined ? null : { schedule: await record(rows[0]), token };
    },
    async renew(id, token, until) {
      return changed('UPDATE schedules SET running_until = $1 WHERE id = $2 AND lease_token = $3', [
        until,
        id,
        token,
      ]);
    },
    async finish(id, token, decide) {
      return db.transaction(async (sql) => {
        const { rows } = await sql.query<ScheduleRow>(
          'SELECT * FROM schedules WHERE id = $1 AND lease_token = $2 FOR UPDATE',
          [id, token],
        );
        const row = rows[0];
        if (row === undefined) return false;
        const { rows: recent } = await sql.query<{ run: string }>(
          'SELECT run FROM schedule_runs WHERE schedule_id = $1 ORDER BY id DESC LIMIT $2',
          [id, RUNS_LISTED],
        );
        const now = clock.now();
        const outcome = decide(
          toScheduleRecord(
            row,
            recent.map(({ run }) => JSON.parse(run) as ScheduleRun),
            now,
          ),
        );
        const month = monthAfter(row, outcome.lastRun, now);
        await sql.query('INSERT INTO schedule_runs (schedule_id, at, run) VALUES ($1, $2, $3)', [
          id,
          outcome.lastRun.at,
          JSON.stringify(outcome.lastRun),
        ]);
        // The newest SCHEDULE_RUNS_KEPT stay: the log is bounded, whatever the cadence.
        await sql.query(
          `DELETE FROM schedule_runs WHERE schedule_id = $1 AND id NOT IN
           (SELECT id FROM schedule_runs WHERE schedule_id = $1 ORDER BY id DESC LIMIT $2)`,
          [id, SCHEDULE_RUNS_KEPT],
        );
        const { rowCount } = await sql.query(
          `UPDATE schedules SET last_run = $3, failures_in_a_row = $4, status = $5, paused_reason = $6,
             next_run_at = $7, rows_written = COALESCE($8, rows_written), running_until = NULL,
             lease_token = NULL, updated_at = $9,
             alert = CASE WHEN $10 THEN NULL ELSE alert END, month_key = $11, month_milli = $12
           WHERE id = $1 AND lease_token = $2`,
          [
            id,
            token,
            JSON.stringify(outcome.lastRun),
            outcome.failuresInARow,
            outcome.status,
            outcome.pausedReason,
            outcome.status === 'paused' ? null : outcome.nextRunAt,
            outcome.rowsWritten ?? null,
            now,
            outcome.lastRun.outcome === 'ok',
            month.key,
            month.milli,
          ],
        );
        return (rowCount ?? 0) > 0;
      });
    },
    async release(id, token) {
      return changed(
        'UPDATE schedules SET running_until = NULL, lease_token = NULL WHERE id = $1 AND lease_token = $2',
        [id, token],
      );
    },
    async freeLeases() {
      const { rowCount } = await db.query(
        'UPDATE schedules SET running_until = NULL, lease_token = NULL WHERE lease_token IS NOT NULL',
      );
      return rowCount ?? 0;
    },
    async handOver(id, to) {
      await db.query('UPDATE schedules SET created_by = $1, updated_at = $2 WHERE id = $3', [
        to,
        clock.now(),
        id,
      ]);
      return get(id);
    },
    async setAlert(id, alert) {
      await db.query('UPDATE schedules SET alert = $1 WHERE id = $2', [
        alert === null ? null : JSON.stringify(alert),
        id,
      ]);
    },
    runs: runsOf,
  };
}
