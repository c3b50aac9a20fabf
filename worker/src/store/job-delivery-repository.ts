import type Database from 'better-sqlite3';
import type { JobDeliveryRequest, JobDeliveryState } from '../../../shared/worker-api/jobs';
import type { Clock } from '../../common/clock';

/**
 * Server delivery of a job's rows (issue 14): where the worker writes them into a sheet itself,
 * and how far it got. `rowsWritten` only grows, and only after Google accepted the block: rows 0
 * to rowsWritten - 1 are in the sheet, so a worker that restarts writes on from there (a block
 * cut short is written again at the same cells). Deleted with its job.
 */
export interface JobDelivery extends JobDeliveryRequest {
  jobId: string;
  rowsWritten: number;
  mode: JobDeliveryState['mode'];
  /** Every row of the ended job is in the sheet: nothing left to write. */
  delivered: boolean;
  reason: string | null;
  updatedAt: number;
}

export interface JobDeliveryRepository {
  get(jobId: string): Promise<JobDelivery | null>;
  /** Stores a server delivery unless the job has one already; the job's delivery either way. */
  create(jobId: string, target: JobDeliveryRequest): Promise<{ delivery: JobDelivery; created: boolean }>;
  /**
   * rowsWritten from `from` to `to`, only if it still is `from` (one writer per job: a second
   * one finds it moved and stops). False when it was not.
   */
  advance(jobId: string, from: number, to: number): Promise<boolean>;
  /** The worker no longer writes: the add-on takes over from rowsWritten, told why. */
  fallBack(jobId: string, reason: string): Promise<JobDelivery | null>;
  /** Every row of the ended job is written. */
  markDelivered(jobId: string): Promise<void>;
  /** Server deliveries with rows still to write: what a restarted worker goes on with. */
  pending(): Promise<JobDelivery[]>;
}

/** A delivery as either engine stores it. */
export interface DeliveryRow {
  job_id: string;
  spreadsheet_id: string;
  sheet_name: string;
  first_row: number;
  first_column: number;
  rows_written: number;
  mode: 'server' | 'sidebar';
  delivered: number;
  reason: string | null;
  updated_at: number;
}

/** The state the add-on reads, from a stored delivery. */
export function deliveryState(delivery: JobDelivery): JobDeliveryState {
  return {
    mode: delivery.mode,
    rowsWritten: delivery.rowsWritten,
    ...(delivery.reason === null ? {} : { reason: delivery.reason }),
  };
}

export function createSqliteJobDeliveryRepository(
  db: Database.Database,
  clock: Clock,
): JobDeliveryRepository {
  const one = db.prepare<[string], DeliveryRow>('SELECT * FROM job_deliveries WHERE job_id = ?');
  const insert = db.prepare(
    `INSERT INTO job_deliveries (job_id, spreadsheet_id, sheet_name, first_row, first_column, mode, updated_at)
     VALUES (@job_id, @spreadsheet_id, @sheet_name, @first_row, @first_column, 'server', @updated_at)
     ON CONFLICT (job_id) DO NOTHING`,
  );
  const move = db.prepare<[number, number, string, number]>(
    'UPDATE job_deliveries SET rows_written = ?, updated_at = ? WHERE job_id = ? AND rows_written = ?',
  );
  const stop = db.prepare<[string, number, string]>(
    "UPDATE job_deliveries SET mode = 'sidebar', reason = ?, updated_at = ? WHERE job_id = ?",
  );
  const done = db.prepare<[number, string]>(
    'UPDATE job_deliveries SET delivered = 1, updated_at = ? WHERE job_id = ?',
  );
  const open = db.prepare<[], DeliveryRow>(
    "SELECT * FROM job_deliveries WHERE mode = 'server' AND delivered = 0 ORDER BY updated_at",
  );
  const get = (jobId: string) => {
    const row = one.get(jobId);
    return row === undefined ? null : toDelivery(row);
  };
  return {
    async get(jobId) {
      return get(jobId);
    },
    async create(jobId, target) {
      const { changes } = insert.run({
        job_id: jobId,
        spreadsheet_id: target.spreadsheetId,
        sheet_name: target.sheetName,
        first_row: target.firstRow,
        first_column: target.firstColumn,
        updated_at: clock.now(),
      });
      const delivery = get(jobId);
      if (delivery === null) throw new Error(`job ${jobId} has no delivery after storing one`);
      return { delivery, created: changes > 0 };
    },
    async advance(jobId, from, to) {
      return move.run(to, clock.now(), jobId, from).changes > 0;
    },
    async fallBack(jobId, reason) {
      stop.run(reason, clock.now(), jobId);
      return get(jobId);
    },
    async markDelivered(jobId) {
      done.run(clock.now(), jobId);
    },
    async pending() {
      return open.all().map(toDelivery);
    },
  };
}

export function toDelivery(row: DeliveryRow): JobDelivery {
  return {
    jobId: row.job_id,
    spreadsheetId: row.spreadsheet_id,
    sheetName: row.sheet_name,
    firstRow: row.first_row,
    firstColumn: row.first_column,
    rowsWritten: row.rows_written,
    mode: row.mode,
    delivered: row.delivered === 1,
    reason: row.reason,
    updatedAt: row.updated_at,
  };
}
