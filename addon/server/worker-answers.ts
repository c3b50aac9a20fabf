import type { Cell, Column, ColumnFormat, Row } from '../../shared/rows/columns';
import { COLUMN_FORMATS } from '../../shared/rows/columns';
import { WorkerCallError } from './worker-failure';

/**
 * The worker's answers as the add-on reads them, checked by hand: zod would add hundreds of
 * kilobytes to Code.js for a handful of fields. Unknown fields are ignored, missing ones fail with
 * a sentence, so a worker of another version is noticed instead of writing garbage into a sheet.
 */

export type JsonRecord = Record<string, unknown>;

function unexpected(what: string): WorkerCallError {
  return new WorkerCallError(
    200,
    'unexpected_answer',
    `The worker's answer lacks ${what}: is the add-on as new as the worker?`,
  );
}

export function asRecord(value: unknown, what: string): JsonRecord {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw unexpected(what);
  return value as JsonRecord;
}

export function numberAt(record: JsonRecord, key: string): number {
  const value = record[key];
  if (typeof value !== 'number' || !isFinite(value)) throw unexpected(`a number "${key}"`);
  return value;
}

export function optionalNumberAt(record: JsonRecord, key: string): number | null {
  const value = record[key];
  return typeof value === 'number' && isFinite(value) ? value : null;
}

export function stringAt(record: JsonRecord, key: string): string {
  const value = record[key];
  if (typeof value !== 'string') throw unexpected(`a text "${key}"`);
  return value;
}

export function optionalStringAt(record: JsonRecord, key: string): string | null {
  const value = record[key];
  return typeof value === 'string' ? value : null;
}

/** A nested object the answer may leave out: null when absent or not an object. */
export function optionalRecordAt(record: JsonRecord, key: string): JsonRecord | null {
  const value = record[key];
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonRecord) : null;
}

function isCell(value: unknown): value is Cell {
  return value === null || ['string', 'number', 'boolean'].indexOf(typeof value) >= 0;
}

export function rowsAt(record: JsonRecord, key: string): Row[] {
  const value = record[key];
  if (!Array.isArray(value)) throw unexpected(`rows "${key}"`);
  return value.map((row) => {
    if (!Array.isArray(row) || !row.every(isCell)) throw unexpected(`rows of cells in "${key}"`);
    return row as Row;
  });
}

export function columnsAt(record: JsonRecord, key: string): Column[] {
  const value = record[key];
  if (!Array.isArray(value)) throw unexpected(`columns "${key}"`);
  return value.map((item) => {
    const col = asRecord(item, 'a column description');
    const format = col.format;
    return {
      id: stringAt(col, 'id'),
      label: stringAt(col, 'label'),
      // A format this version does not know is shown as text rather than refused.
      format: (COLUMN_FORMATS as readonly unknown[]).indexOf(format) >= 0 ? (format as ColumnFormat) : 'text',
    };
  });
}

/** `POST /api/reports`, `/api/email-search`, `/api/overlap`: rows for a sheet. */
export interface TableAnswer {
  columns: Column[];
  rows: Row[];
  /** Rows still being fetched (they say so in words). */
  pending: number;
}

export function readTableAnswer(value: unknown): TableAnswer {
  const record = asRecord(value, 'rows');
  return {
    columns: columnsAt(record, 'columns'),
    rows: rowsAt(record, 'rows'),
    pending: optionalNumberAt(record, 'pending') ?? 0,
  };
}

export type WorkerJobStatus = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';
const JOB_STATUSES: readonly WorkerJobStatus[] = ['queued', 'running', 'done', 'failed', 'cancelled'];

/** `GET /api/jobs/:id`. */
export interface WorkerJobProgress {
  id: string;
  kind: string;
  status: WorkerJobStatus;
  done: number;
  total: number;
  creditsSpent: number;
  errors: number;
  lastError: string | null;
  /** The job is waiting out upstream trouble (still `running`); null when it is not. */
  waiting: JobWaiting | null;
  header: string[];
  columns: Column[];
}

export interface JobWaiting {
  /** ISO 8601: when the worker tries again. */
  until: string;
  pause: number;
  maxPauses: number;
  reason: string;
}

/** A job's `waiting`, read tolerantly: an older worker sends none. */
function readJobWaiting(value: unknown): JobWaiting | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const record = value as JsonRecord;
  const until = optionalStringAt(record, 'until');
  if (until === null) return null;
  return {
    until,
    pause: optionalNumberAt(record, 'pause') ?? 1,
    maxPauses: optionalNumberAt(record, 'maxPauses') ?? 0,
    reason: optionalStringAt(record, 'reason') ?? 'the API failed',
  };
}

export function readJobProgress(value: unknown): WorkerJobProgress {
  const record = asRecord(value, 'the job');
  const status = stringAt(record, 'status');
  if ((JOB_STATUSES as readonly string[]).indexOf(status) < 0) throw unexpected('a known job status');
  const columns = Array.isArray(record.columns) ? columnsAt(record, 'columns') : [];
  const header = Array.isArray(record.header)
    ? record.header.map((label) => String(label))
    : columns.map((col) => col.label);
  return {
    id: stringAt(record, 'id'),
    kind: stringAt(record, 'kind'),
    status: status as WorkerJobStatus,
    done: numberAt(record, 'done'),
    total: numberAt(record, 'total'),
    creditsSpent: optionalNumberAt(record, 'creditsSpent') ?? 0,
    errors: optionalNumberAt(record, 'errors') ?? 0,
    lastError: optionalStringAt(record, 'lastError'),
    waiting: readJobWaiting(record.waiting),
    header,
    columns,
  };
}

/** `GET /api/jobs/:id/rows`: finished rows in input order from `after`. */
export interface JobRowsPage {
  rows: { position: number; row: Row }[];
  next: number;
}

export function readJobRows(value: unknown): JobRowsPage {
  const record = asRecord(value, 'job rows');
  const list = record.rows;
  if (!Array.isArray(list)) throw unexpected('job rows');
  const rows = list.map((item) => {
    const entry = asRecord(item, 'a job row');
    const row = entry.row;
    if (!Array.isArray(row) || !row.every(isCell)) throw unexpected('a job row of cells');
    return { position: numberAt(entry, 'position'), row: row as Row };
  });
  return { rows, next: numberAt(record, 'next') };
}
