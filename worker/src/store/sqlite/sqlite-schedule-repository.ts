import type Database from 'better-sqlite3';
import type { ScheduleRun } from '../../../../shared/worker-api/schedules';
import { SCHEDULE_RUNS_KEPT } from '../../../../shared/worker-api/schedules';
import type { Clock } from '../../../common/clock';
import {
  type ScheduleRepository,
  ScheduleCapError,
  type ScheduleRecord,
  type ScheduleRunEnd,
} from '../schedule-repository';
import {
  type ScheduleRow,
  toScheduleRecord,
  RUNS_LISTED,
  monthAfter,
  newScheduleId,
  requestOf,
  runnerOf,
  newLeaseToken,
} from '../rows/schedule-rows';

export function createSqliteScheduleRepository(db: Database.Database, clock: Clock): ScheduleRepository {
  const one = db.prepare<[string], ScheduleRow>('SELECT * FROM schedules WHERE id = ?');
  const ofDocument = db.prepare<[string], ScheduleRow>(
    'SELECT * FROM schedules WHERE document_id = ? ORDER BY created_at, id',
  );
  const all = db.prepare<[], ScheduleRow>('SELECT * FROM schedules ORDER BY document_id, created_at, id');
  const insert = db.prepare(
    `INSERT INTO schedules (id, document_id, request, created_by, created_at, status, next_run_at, updated_at, runner)
     VALUES (@id, @document_id, @request, @created_by, @created_at, 'active', @next_run_at, @created_at, @runner)`,
  );
  const change = db.prepare<[string, number | null, number, string, string]>(
    'UPDATE schedules SET request = ?, next_run_at = ?, updated_at = ?, runner = ? WHERE id = ?',
  );
  const pause = db.prepare<[string | null, number, string]>(
    "UPDATE schedules SET status = 'paused', paused_reason = ?, next_run_at = NULL, updated_at = ? WHERE id = ?",
  );
  const resume = db.prepare<[number | null, number, string]>(
    `UPDATE schedules SET status = 'active', paused_reason = NULL, failures_in_a_row = 0, next_run_at = ?,
     alert = NULL, updated_at = ? WHERE id = ?`,
  );
  const handOver = db.prepare<[string, number, string]>(
    'UPDATE schedules SET created_by = ?, updated_at = ? WHERE id = ?',
  );
  const setAlert = db.prepare<[string | null, string]>('UPDATE schedules SET alert = ? WHERE id = ?');
  const runsOf = db.prepare<[string, number], { run: string }>(
    'SELECT run FROM schedule_runs WHERE schedule_id = ? ORDER BY id DESC LIMIT ?',
  );
  const logRun = db.prepare<[string, number, string]>(
    'INSERT INTO schedule_runs (schedule_id, at, run) VALUES (?, ?, ?)',
  );
  // The newest SCHEDULE_RUNS_KEPT stay: the log is bounded, whatever the cadence.
  const trimRuns = db.prepare<[string, string, number]>(
    `DELETE FROM schedule_runs WHERE schedule_id = ? AND id NOT IN
     (SELECT id FROM schedule_runs WHERE schedule_id = ? ORDER BY id DESC LIMIT ?)`,
  );
  const removeRuns = db.prepare<[string]>('DELETE FROM schedule_runs WHERE schedule_id = ?');
  const dueNow = db.prepare<[number, number, string, number]>(
    `UPDATE schedules SET next_run_at = ?, updated_at = ? WHERE id = ? AND status = 'active'
     AND (running_until IS NULL OR running_until <= ?)`,
  );
  const remove = db.prepare<[string]>('DELETE FROM schedules WHERE id = ?');
  const due = db.prepare<[number, number, number], ScheduleRow>(
    `SELECT * FROM schedules WHERE status = 'active' AND runner = 'worker' AND next_run_at <= ?
     AND (running_until IS NULL OR running_until <= ?) ORDER BY next_run_at, id LIMIT ?`,
  );
  const earliest = db.prepare<[number], { at: number | null }>(
    `SELECT MIN(CASE WHEN running_until > ? THEN MAX(next_run_at, running_until) ELSE next_run_at END) AS at
     FROM schedules WHERE status = 'active' AND runner = 'worker' AND next_run_at IS NOT NULL`,
  );
  // The lease: one statement decides, so two schedulers (threads, processes) never both win.
  const take = db.prepare<[number, string, number, string, string, number, number]>(
    `UPDATE schedules SET running_until = ?, lease_token = ?, updated_at = ?
     WHERE id = ? AND runner = ? AND status = 'active' AND next_run_at <= ?
     AND (running_until IS NULL OR running_until <= ?)`,
  );
  const renew = db.prepare<[number, string, string]>(
    'UPDATE schedules SET running_until = ? WHERE id = ? AND lease_token = ?',
  );
  const freeAll = db.prepare(
    'UPDATE schedules SET running_until = NULL, lease_token = NULL WHERE lease_token IS NOT NULL',
  );
  const release = db.prepare<[string, string]>(
    'UPDATE schedules SET running_until = NULL, lease_token = NULL WHERE id = ? AND lease_token = ?',
  );
  const held = db.prepare<[string, string], ScheduleRow>(
    'SELECT * FROM schedules WHERE id = ? AND lease_token = ?',
  );
  const end = db.prepare(
    `UPDATE schedules SET last_run = @last_run, failures_in_a_row = @failures, status = @status,
     paused_reason = @paused_reason, next_run_at = @next_run_at,
     rows_written = COALESCE(@rows_written, rows_written), running_until = NULL, lease_token = NULL,
     alert = CASE WHEN @ok = 1 THEN NULL ELSE alert END, month_key = @month_key, month_milli = @month_milli,
     updated_at = @now WHERE id = @id AND lease_token = @token`,
  );

  const countOf = db.prepare<[string], { n: number }>(
    'SELECT COUNT(*) AS n FROM schedules WHERE document_id = ?',
  );
  const insertCapped = db.transaction((row: Record<string, string | number>, cap: number | null) => {
    if (cap !== null && (countOf.get(String(row.document_id))?.n ?? 0) >= cap)
      throw new ScheduleCapError(cap);
    insert.run(row);
  });
  const record = (row: ScheduleRow) =>
    toScheduleRecord(
      row,
      runsOf.all(row.id, RUNS_LISTED).map(({ run }) => JSON.parse(run) as ScheduleRun),
      clock.now(),
    );
  const get = (id: string) => {
    const row = one.get(id);
    return row === undefined ? null : record(row);
  };
  const finish = db.transaction(
    (id: string, token: string, decide: (current: ScheduleRecord) => ScheduleRunEnd): boolean => {
      const row = held.get(id, token);
      if (row === undefined) return false;
      const outcome = decide(record(row));
      const now = clock.now();
      const month = monthAfter(row, outcome.lastRun, now);
      logRun.run(id, outcome.lastRun.at, JSON.stringify(outcome.lastRun));
      trimRuns.run(id, id, SCHEDULE_RUNS_KEPT);
      return (
        end.run({
          ok: outcome.lastRun.outcome === 'ok' ? 1 : 0,
          month_key: month.key,
          month_milli: month.milli,
          id,
          token,
          last_run: JSON.stringify(outcome.lastRun),
          failures: outcome.failuresInARow,
          status: outcome.status,
          paused_reason: outcome.pausedReason,
          next_run_at: outcome.status === 'paused' ? null : outcome.nextRunAt,
          rows_written: outcome.rowsWritten ?? null,
          now,
        }).changes > 0
      );
    },
  );

  return {
    async create(documentId, request, createdBy, nextRunAt, cap) {
      const id = newScheduleId();
      insertCapped(
        {
          id,
          document_id: documentId,
          request: JSON.stringify(requestOf(request)),
          created_by: createdBy,
          created_at: clock.now(),
          next_run_at: nextRunAt,
          runner: runnerOf(request),
        },
        cap ?? null,
      );
      const record = get(id);
      if (record === null) throw new Error(`schedule ${id} is missing after storing it`);
      return record;
    },
    async get(id) {
      return get(id);
    },
    async ofDocument(documentId) {
      return ofDocument.all(documentId).map(record);
    },
    async all() {
      return all.all().map(record);
    },
    async update(id, request, nextRunAt) {
      change.run(JSON.stringify(requestOf(request)), nextRunAt, clock.now(), runnerOf(request), id);
      return get(id);
    },
    async setStatus(id, status, nextRunAt, pausedReason) {
      if (status === 'paused') pause.run(pausedReason, clock.now(), id);
      else resume.run(nextRunAt, clock.now(), id);
      return get(id);
    },
    async runNow(id) {
      const now = clock.now();
      return dueNow.run(now, now, id, now).changes > 0;
    },
    async delete(id) {
      removeRuns.run(id);
      return remove.run(id).changes > 0;
    },
    async due(now, limit) {
      return due.all(now, now, limit).map(record);
    },
    async earliestNextRun(now) {
      return earliest.get(now)?.at ?? null;
    },
    async take(id, now, leaseMs, runner = 'worker') {
      const token = newLeaseToken();
      if (take.run(now + leaseMs, token, now, id, runner, now, now).changes === 0) return null;
      const schedule = get(id);
      return schedule === null ? null : { schedule, token };
    },
    async renew(id, token, until) {
      return renew.run(until, id, token).changes > 0;
    },
    async finish(id, token, decide) {
      return finish(id, token, decide);
    },
    async release(id, token) {
      return release.run(id, token).changes > 0;
    },
    async freeLeases() {
      return freeAll.run().changes;
    },
    async handOver(id, to) {
      handOver.run(to, clock.now(), id);
      return get(id);
    },
    async setAlert(id, alert) {
      setAlert.run(alert === null ? null : JSON.stringify(alert), id);
    },
    async runs(id, limit) {
      return runsOf.all(id, limit).map(({ run }) => JSON.parse(run) as ScheduleRun);
    },
  };
}
