import type { Cell, Column, ColumnFormat, Row } from '../../../shared/rows/columns';
import { COLUMN_FORMATS } from '../../../shared/rows/columns';
import { isJobStatus } from '../../../shared/worker-api/job-status';
import type {
  JobDeliveryState,
  JobProgressAnswer,
  JobRowsAnswer,
  JobWaiting,
} from '../../../shared/worker-api/jobs';
import type { FormulaTable, SheetTable } from '../../../shared/worker-api/sheet-table';
import { WorkerCallError } from './worker-failure';

/**
 * The worker's answers as the add-on reads them, checked by hand: zod would add hundreds of
 * kilobytes to Code.js for a handful of fields. Unknown fields are ignored, missing ones fail with
 * a sentence, so a worker of another version is noticed instead of writing garbage into a sheet.
 *
 * What the fields are called is the worker's (shared/worker-api): a reader opens an answer as
 * `asRecord<ReportsAnswer>(...)` and names its fields through that type, so a field renamed on the
 * worker's side fails the add-on's build rather than reading as absent in a sheet.
 */

export type JsonRecord = Record<string, unknown>;

declare const ANSWER: unique symbol;

/** The fields of an answer type, of every variant of a union. */
type FieldOf<T> = T extends unknown ? keyof T & string : never;
type FieldType<T, K extends string> = T extends unknown ? (K extends keyof T ? T[K] : never) : never;
/** A part of an untyped record is untyped too. */
type Part<V> = unknown extends V ? JsonRecord : NonNullable<V>;

/**
 * An answer (or a part of one) not checked yet: the fields `T` names, each of a type still unknown.
 * It remembers `T`, so the parts read from it are typed by theirs.
 */
export type Unread<T> = { readonly [K in FieldOf<T>]?: unknown } & { readonly [ANSWER]?: T };

function unexpected(what: string): WorkerCallError {
  return new WorkerCallError(
    200,
    'unexpected_answer',
    `The worker's answer lacks ${what}: is the add-on as new as the worker?`,
  );
}

function valueAt(record: object, key: string): unknown {
  return (record as JsonRecord)[key];
}

export function asRecord<T = JsonRecord>(value: unknown, what: string): Unread<T> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw unexpected(what);
  return value as Unread<T>;
}

export function numberAt<T = JsonRecord>(record: Unread<T>, key: NoInfer<FieldOf<T>>): number {
  const value = valueAt(record, key);
  if (typeof value !== 'number' || !isFinite(value)) throw unexpected(`a number "${key}"`);
  return value;
}

export function optionalNumberAt<T = JsonRecord>(record: Unread<T>, key: NoInfer<FieldOf<T>>): number | null {
  const value = valueAt(record, key);
  return typeof value === 'number' && isFinite(value) ? value : null;
}

export function stringAt<T = JsonRecord>(record: Unread<T>, key: NoInfer<FieldOf<T>>): string {
  const value = valueAt(record, key);
  if (typeof value !== 'string') throw unexpected(`a text "${key}"`);
  return value;
}

export function optionalStringAt<T = JsonRecord>(record: Unread<T>, key: NoInfer<FieldOf<T>>): string | null {
  const value = valueAt(record, key);
  return typeof value === 'string' ? value : null;
}

/** A nested object the answer may leave out: null when absent or not an object. */
export function optionalRecordAt<T = JsonRecord, K extends FieldOf<T> = FieldOf<T>>(
  record: Unread<T>,
  key: K,
): Unread<Part<FieldType<T, K>>> | null {
  const value = valueAt(record, key);
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Unread<Part<FieldType<T, K>>>)
    : null;
}

function isCell(value: unknown): value is Cell {
  return value === null || ['string', 'number', 'boolean'].indexOf(typeof value) >= 0;
}

export function rowsAt<T = JsonRecord>(record: Unread<T>, key: NoInfer<FieldOf<T>>): Row[] {
  const value = valueAt(record, key);
  if (!Array.isArray(value)) throw unexpected(`rows "${key}"`);
  return value.map((row) => {
    if (!Array.isArray(row) || !row.every(isCell)) throw unexpected(`rows of cells in "${key}"`);
    return row as Row;
  });
}

export function columnsAt<T = JsonRecord>(record: Unread<T>, key: NoInfer<FieldOf<T>>): Column[] {
  const value = valueAt(record, key);
  if (!Array.isArray(value)) throw unexpected(`columns "${key}"`);
  return value.map((item) => {
    const col = asRecord<Column>(item, 'a column description');
    const format = col.format;
    return {
      id: stringAt(col, 'id'),
      label: stringAt(col, 'label'),
      // A format this version does not know is shown as text rather than refused.
      format: (COLUMN_FORMATS as readonly unknown[]).indexOf(format) >= 0 ? (format as ColumnFormat) : 'text',
    };
  });
}

/**
 * `POST /api/reports`, `/api/email-search`, `/api/overlap`...: rows for a sheet, the rows still
 * being fetched and the rows waiting for an approval of the document's formula allowance (both
 * say so in words).
 */
export interface TableAnswer extends Pick<SheetTable, 'rows'> {
  columns: Column[];
  pending: number;
  awaitingApproval: number;
}

export function readTableAnswer(value: unknown): TableAnswer {
  const record = asRecord<SheetTable & Partial<FormulaTable>>(value, 'rows');
  return {
    columns: columnsAt(record, 'columns'),
    rows: rowsAt(record, 'rows'),
    // Answers of routes (and workers) that have none leave them out.
    pending: optionalNumberAt(record, 'pending') ?? 0,
    awaitingApproval: optionalNumberAt(record, 'awaitingApproval') ?? 0,
  };
}

/**
 * `GET /api/jobs/:id`, with what an older worker may leave out filled in: `lastError` and
 * `waiting` are null when there is none.
 */
export interface WorkerJobProgress extends Omit<
  JobProgressAnswer,
  'lastError' | 'waiting' | 'createdAt' | 'updatedAt' | 'delivery'
> {
  lastError: string | null;
  /** The job is waiting out upstream trouble (still `running`); null when it is not. */
  waiting: JobWaiting | null;
  /** Who writes its rows; null until the add-on asked the worker (or from an older worker). */
  delivery: JobDeliveryState | null;
}

/** A job's `waiting`, read tolerantly: an older worker sends none. */
function readJobWaiting(record: Unread<JobWaiting> | null): JobWaiting | null {
  if (record === null) return null;
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
  const record = asRecord<JobProgressAnswer>(value, 'the job');
  const status = stringAt(record, 'status');
  if (!isJobStatus(status)) throw unexpected('a known job status');
  const columns = Array.isArray(record.columns) ? columnsAt(record, 'columns') : [];
  const header = Array.isArray(record.header)
    ? record.header.map((label) => String(label))
    : columns.map((col) => col.label);
  return {
    id: stringAt(record, 'id'),
    kind: stringAt(record, 'kind'),
    status,
    done: numberAt(record, 'done'),
    total: numberAt(record, 'total'),
    creditsSpent: optionalNumberAt(record, 'creditsSpent') ?? 0,
    errors: optionalNumberAt(record, 'errors') ?? 0,
    lastError: optionalStringAt(record, 'lastError'),
    waiting: readJobWaiting(optionalRecordAt(record, 'waiting')),
    header,
    columns,
    delivery: readJobDelivery(optionalRecordAt(record, 'delivery')),
  };
}

/** Who writes a job's rows, read tolerantly (null: never asked, or an older worker). */
export function readJobDelivery(record: Unread<JobDeliveryState> | null): JobDeliveryState | null {
  if (record === null) return null;
  const mode = record.mode === 'server' ? 'server' : 'sidebar';
  const reason = optionalStringAt(record, 'reason');
  return {
    mode,
    rowsWritten: optionalNumberAt(record, 'rowsWritten') ?? 0,
    ...(reason === null ? {} : { reason }),
  };
}

/** `GET /api/jobs/:id/rows`: finished rows in input order from `after`. */
/** A page of a job's rows, with the job's progress when the worker sends it (older ones do not). */
export interface WorkerJobRows {
  rows: JobRowsAnswer['rows'];
  next: number;
  job: WorkerJobProgress | null;
}

export function readJobRows(value: unknown): WorkerJobRows {
  const record = asRecord<JobRowsAnswer>(value, 'job rows');
  const list = record.rows;
  if (!Array.isArray(list)) throw unexpected('job rows');
  const rows = list.map((item) => {
    const entry = asRecord<JobRowsAnswer['rows'][number]>(item, 'a job row');
    const row = entry.row;
    if (!Array.isArray(row) || !row.every(isCell)) throw unexpected('a job row of cells');
    return { position: numberAt(entry, 'position'), row: row as Row };
  });
  const job = optionalRecordAt(record, 'job');
  return { rows, next: numberAt(record, 'next'), job: job === null ? null : readJobProgress(job) };
}
