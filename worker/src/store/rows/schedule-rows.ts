import { randomBytes } from 'node:crypto';
import type {
  ScheduleAlert,
  ScheduleAnswer,
  ScheduleRequest,
  ScheduleRun,
  ScheduleRunner,
} from '../../../../shared/worker-api/schedules';
import type { ScheduleRecord } from '../schedule-repository';

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
