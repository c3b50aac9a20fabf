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
  /**
   * Takes the delivery's lease for `owner` until `until` (one conditional UPDATE, so of two
   * instances one wins): false while another's lease is live at `now`, or when nothing is left
   * to write. The holder alone writes its rows (google/delivery-lease.ts).
   */
  lease(jobId: string, owner: string, now: number, until: number): Promise<boolean>;
  /** Moves `owner`'s lease on; false when it is no longer `owner`'s (taken over, or delivered). */
  renewLease(jobId: string, owner: string, until: number): Promise<boolean>;
  /**
   * Lets go of `owner`'s lease. `handBack` (the worker stops with rows left): left expired, so a
   * live instance's watch takes the delivery over at once; otherwise freed (the next kick takes it).
   */
  releaseLease(jobId: string, owner: string, handBack: boolean): Promise<void>;
  /**
   * Deliveries with rows to write whose lease ran out or was handed back at `now`: an instance
   * died or stopped while it wrote them.
   */
  abandoned(now: number): Promise<JobDelivery[]>;
  /** When the soonest live lease of a delivery with rows to write runs out, unless renewed; null when none. */
  nextLeaseEnd(now: number): Promise<number | null>;
  /** Frees every lease (SQLite at start: one process owns the data, so each is an earlier run's); how many. */
  freeLeases(): Promise<number>;
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
  lease_owner?: string | null;
  lease_until?: number | null;
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
  const take = db.prepare<{ job: string; owner: string; now: number; until: number }>(
    `UPDATE job_deliveries SET lease_owner = @owner, lease_until = @until
     WHERE job_id = @job AND mode = 'server' AND delivered = 0
       AND (lease_owner IS NULL OR lease_owner = @owner OR lease_until <= @now)`,
  );
  const renew = db.prepare<[number, string, string]>(
    `UPDATE job_deliveries SET lease_until = ? WHERE job_id = ? AND lease_owner = ?
       AND mode = 'server' AND delivered = 0`,
  );
  const handBack = db.prepare<[number, string, string]>(
    'UPDATE job_deliveries SET lease_until = ? WHERE job_id = ? AND lease_owner = ?',
  );
  const free = db.prepare<[string, string]>(
    'UPDATE job_deliveries SET lease_owner = NULL, lease_until = NULL WHERE job_id = ? AND lease_owner = ?',
  );
  const abandoned = db.prepare<[number], DeliveryRow>(
    `SELECT * FROM job_deliveries WHERE mode = 'server' AND delivered = 0
       AND lease_owner IS NOT NULL AND lease_until <= ? ORDER BY updated_at`,
  );
  const soonest = db.prepare<[number], { at: number | null }>(
    `SELECT MIN(lease_until) AS at FROM job_deliveries WHERE mode = 'server' AND delivered = 0
       AND lease_owner IS NOT NULL AND lease_until > ?`,
  );
  const freeAll = db.prepare(
    'UPDATE job_deliveries SET lease_owner = NULL, lease_until = NULL WHERE lease_owner IS NOT NULL',
  );
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
    async lease(jobId, owner, now, until) {
      return take.run({ job: jobId, owner, now, until }).changes > 0;
    },
    async renewLease(jobId, owner, until) {
      return renew.run(until, jobId, owner).changes > 0;
    },
    async releaseLease(jobId, owner, backToAnyone) {
      if (backToAnyone) handBack.run(HANDED_BACK, jobId, owner);
      else free.run(jobId, owner);
    },
    async abandoned(now) {
      return abandoned.all(now).map(toDelivery);
    },
    async nextLeaseEnd(now) {
      return soonest.get(now)?.at ?? null;
    },
    async freeLeases() {
      return freeAll.run().changes;
    },
  };
}

/** A lease handed back: expired since the epoch, so any instance may take it at once. */
export const HANDED_BACK = 0;

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
