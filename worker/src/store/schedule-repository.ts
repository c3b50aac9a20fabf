import { randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';
import type {
  ScheduleAlert,
  ScheduleAnswer,
  ScheduleRequest,
  ScheduleRun,
  ScheduleRunner,
} from '../../../shared/worker-api/schedules';
import { SCHEDULE_RUNS_KEPT } from '../../../shared/worker-api/schedules';
import type { Clock } from '../../common/clock';

/**
 * Scheduled shared reports (issue 14, part 3). A schedule is taken for a run with a lease, one
 * conditional UPDATE on `running_until`, so it never runs twice at once, whichever process or
 * restart asks; a lease whose worker died simply expires. Only the holder of the lease (its
 * token) may record the run's end.
 */
export interface ScheduleRecord extends ScheduleAnswer {
  /** The rows the last run wrote: the next run of a `replace` schedule clears what it no longer writes. */
  rowsWritten: number;
  /** A run holds the schedule until then; null when none does. */
  runningUntil: number | null;
}

/** A run's hold on a schedule. */
export interface ScheduleLease {
  schedule: ScheduleRecord;
  token: string;
}

/** What a run's end changes, decided from the schedule as it stands then (it may have been edited). */
export interface ScheduleRunEnd {
  lastRun: ScheduleRun;
  failuresInARow: number;
  status: 'active' | 'paused';
  pausedReason: string | null;
  nextRunAt: number | null;
  /** The rows the run wrote, when it says (kept as they were otherwise). */
  rowsWritten?: number;
}

/** Thrown by `create` when the document already has `cap` schedules. */
export class ScheduleCapError extends Error {
  override readonly name = 'ScheduleCapError';
  constructor(readonly cap: number) {
    super(`the document already has ${cap} schedules`);
  }
}

export interface ScheduleRepository {
  /**
   * With `cap`, counted and inserted as one step (a transaction on SQLite; on Postgres under a
   * lock on the document), so that creates racing through several instances never pass it
   * (issue 22); ScheduleCapError when the document is full.
   */
  create(
    documentId: string,
    request: ScheduleRequest,
    createdBy: string,
    nextRunAt: number,
    cap?: number,
  ): Promise<ScheduleRecord>;
  get(id: string): Promise<ScheduleRecord | null>;
  /** A document's schedules, oldest first. */
  ofDocument(documentId: string): Promise<ScheduleRecord[]>;
  /** Every schedule, by document then age (admins). */
  all(): Promise<ScheduleRecord[]>;
  /** Replaces what the schedule runs; its next run as given (null while paused). */
  update(id: string, request: ScheduleRequest, nextRunAt: number | null): Promise<ScheduleRecord | null>;
  /** Pauses (next run null) or resumes (failures cleared, next run as given). */
  setStatus(
    id: string,
    status: 'active' | 'paused',
    nextRunAt: number | null,
    pausedReason: string | null,
  ): Promise<ScheduleRecord | null>;
  /** Due now (run now): only an active schedule no run holds. False otherwise. */
  runNow(id: string): Promise<boolean>;
  delete(id: string): Promise<boolean>;
  /** Active schedules the worker runs, due by `now`, that no live lease holds, earliest first. */
  due(now: number, limit: number): Promise<ScheduleRecord[]>;
  /**
   * When the earliest active schedule the worker runs can run: its next run, or for one a live lease holds at
   * `now`, the later of that and the lease's end. Null when none is active.
   */
  earliestNextRun(now: number): Promise<number | null>;
  /**
   * Takes the schedule for a run until `now + leaseMs` if it is active, due, held by no live
   * lease and run by `runner` (the worker when absent: the scheduler never takes an add-on's
   * schedule); null when it is not (another run holds it, it was paused, edited or deleted meanwhile).
   */
  take(id: string, now: number, leaseMs: number, runner?: ScheduleRunner): Promise<ScheduleLease | null>;
  /** Moves a held lease on (a long run); false when the lease is no longer this run's. */
  renew(id: string, token: string, until: number): Promise<boolean>;
  /**
   * Records a run's end and frees the lease, with `end` decided from the schedule as it stands
   * (edited, paused or resumed during the run); false when the lease is no longer this run's.
   */
  finish(id: string, token: string, end: (current: ScheduleRecord) => ScheduleRunEnd): Promise<boolean>;
  /** Frees a held lease without recording a run (one cut short by shutdown runs again). */
  release(id: string, token: string): Promise<boolean>;
  /** Frees every lease (SQLite at start: one process owns the data, so each is an earlier run's); how many. */
  freeLeases(): Promise<number>;
  /** Gives the schedule to another person (issue 25): its runs are theirs from now on. */
  handOver(id: string, to: string): Promise<ScheduleRecord | null>;
  /** The alert of a failed run, or null; `finish` of a good run and a resume clear it too. */
  setAlert(id: string, alert: ScheduleAlert | null): Promise<void>;
  /** Its runs, newest first, up to `limit` (the store keeps SCHEDULE_RUNS_KEPT). */
  runs(id: string, limit: number): Promise<ScheduleRun[]>;
}

/** Runs listed with each schedule (the sidebar's run log); `runs()` reads up to all that are kept. */
export const RUNS_LISTED = 10;

/** `2026-11`: the calendar month (UTC) a schedule's monthly spend counts in. */
export function utcMonth(millis: number): string {
  return new Date(millis).toISOString().slice(0, 7);
}

/** A schedule as either engine stores it. */
export interface ScheduleRow {
  id: string;
  document_id: string;
  request: string;
  created_by: string;
  created_at: number;
  status: 'active' | 'paused';
  paused_reason: string | null;
  failures_in_a_row: number;
  last_run: string | null;
  next_run_at: number | null;
  rows_written: number;
  running_until: number | null;
  lease_token: string | null;
  updated_at: number;
  alert: string | null;
  month_key: string | null;
  month_milli: number;
}

/** The answer the routes send: the record without the run's bookkeeping. */
export function scheduleAnswer(record: ScheduleRecord): ScheduleAnswer {
  const { rowsWritten: _rows, runningUntil: _until, ...answer } = record;
  return answer;
}

/** The request's fields only, in a fixed order (what is stored and run). */
export function requestOf(request: ScheduleRequest): ScheduleRequest {
  return {
    name: request.name,
    kind: request.kind,
    input: { sheetName: request.input.sheetName, row: request.input.row, column: request.input.column },
    ...(request.platform === undefined ? {} : { platform: request.platform }),
    ...(request.fields === undefined ? {} : { fields: [...request.fields] }),
    output: { sheetName: request.output.sheetName, row: request.output.row, column: request.output.column },
    mode: request.mode,
    cadence: request.cadence,
    timeZone: request.timeZone,
    ...(request.search === undefined ? {} : { search: request.search }),
    ...(request.aiSearch === undefined ? {} : { aiSearch: request.aiSearch }),
    ...(request.savedSearch === undefined ? {} : { savedSearch: request.savedSearch }),
    ...(request.monthlyBudget === undefined || request.monthlyBudget === null
      ? {}
      : { monthlyBudget: request.monthlyBudget }),
    ...(request.freshnessDays === undefined ? {} : { freshnessDays: request.freshnessDays }),
    ...(request.runner === 'add-on' ? { runner: 'add-on' as const } : {}),
  };
}

/** Who runs it, as the `runner` column keeps it (absent: the worker). */
export function runnerOf(request: ScheduleRequest): ScheduleRunner {
  return request.runner ?? 'worker';
}

/** What a run's end adds to a schedule's month: its credits, in the month it ended (thousandths). */
export function monthAfter(
  row: Pick<ScheduleRow, 'month_key' | 'month_milli'>,
  run: ScheduleRun,
  now: number,
) {
  const key = utcMonth(now);
  const before = row.month_key === key ? Number(row.month_milli) : 0;
  return { key, milli: before + Math.round(run.credits * 1000) };
}

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

/** A stored schedule with its newest runs; its month's spend as of `now` (0 in a new month). */
export function toScheduleRecord(row: ScheduleRow, runs: ScheduleRun[], now: number): ScheduleRecord {
  return {
    ...(JSON.parse(row.request) as ScheduleRequest),
    id: row.id,
    documentId: row.document_id,
    createdBy: row.created_by,
    createdAt: row.created_at,
    status: row.status,
    pausedReason: row.paused_reason,
    failuresInARow: row.failures_in_a_row,
    lastRun: row.last_run === null ? null : (JSON.parse(row.last_run) as ScheduleRun),
    nextRunAt: row.next_run_at,
    rowsWritten: row.rows_written,
    runningUntil: row.running_until,
    runs,
    spentThisMonth: row.month_key === utcMonth(now) ? Number(row.month_milli) / 1000 : 0,
    alert: row.alert === null ? null : (JSON.parse(row.alert) as ScheduleAlert),
  };
}

export function newScheduleId(): string {
  return `sch_${randomBytes(12).toString('base64url')}`;
}

export function newLeaseToken(): string {
  return randomBytes(12).toString('base64url');
}
