import type Database from 'better-sqlite3';
import type { Clock } from '../../../common/clock';
import type { JobDeliveryRepository } from '../job-delivery-repository';
import { type DeliveryRow, toDelivery, HANDED_BACK } from '../rows/job-delivery-rows';

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
