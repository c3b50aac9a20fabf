import type { Clock } from '../../../common/clock';
import type { JobDeliveryRepository } from '../job-delivery-repository';
import { HANDED_BACK, toDelivery, type DeliveryRow } from '../rows/job-delivery-rows';
import type { PostgresDatabase } from './postgres-database';

/**
 * Server deliveries on Postgres. `advance` is one conditional UPDATE: of two instances writing the
 * same job's rows, only the one that still finds `rows_written` where it left it moves it on; and
 * the lease, taken by one conditional UPDATE too, keeps a second from writing at all.
 */
export function createPostgresJobDeliveryRepository(
  db: PostgresDatabase,
  clock: Clock,
): JobDeliveryRepository {
  const get = async (jobId: string) => {
    const { rows } = await db.query<DeliveryRow>('SELECT * FROM job_deliveries WHERE job_id = $1', [jobId]);
    return rows[0] === undefined ? null : toDelivery(rows[0]);
  };
  return {
    get,
    async create(jobId, target) {
      const { rowCount } = await db.query(
        `INSERT INTO job_deliveries (job_id, spreadsheet_id, sheet_name, first_row, first_column, mode, updated_at)
         VALUES ($1, $2, $3, $4, $5, 'server', $6)
         ON CONFLICT (job_id) DO NOTHING`,
        [jobId, target.spreadsheetId, target.sheetName, target.firstRow, target.firstColumn, clock.now()],
      );
      const delivery = await get(jobId);
      if (delivery === null) throw new Error(`job ${jobId} has no delivery after storing one`);
      return { delivery, created: (rowCount ?? 0) > 0 };
    },
    async advance(jobId, from, to) {
      const { rowCount } = await db.query(
        'UPDATE job_deliveries SET rows_written = $1, updated_at = $2 WHERE job_id = $3 AND rows_written = $4',
        [to, clock.now(), jobId, from],
      );
      return (rowCount ?? 0) > 0;
    },
    async fallBack(jobId, reason) {
      await db.query(
        "UPDATE job_deliveries SET mode = 'sidebar', reason = $1, updated_at = $2 WHERE job_id = $3",
        [reason, clock.now(), jobId],
      );
      return get(jobId);
    },
    async markDelivered(jobId) {
      await db.query('UPDATE job_deliveries SET delivered = 1, updated_at = $1 WHERE job_id = $2', [
        clock.now(),
        jobId,
      ]);
    },
    async pending() {
      const { rows } = await db.query<DeliveryRow>(
        "SELECT * FROM job_deliveries WHERE mode = 'server' AND delivered = 0 ORDER BY updated_at",
      );
      return rows.map(toDelivery);
    },
    async lease(jobId, owner, now, until) {
      const { rowCount } = await db.query(
        `UPDATE job_deliveries SET lease_owner = $2, lease_until = $4
         WHERE job_id = $1 AND mode = 'server' AND delivered = 0
           AND (lease_owner IS NULL OR lease_owner = $2 OR lease_until <= $3)`,
        [jobId, owner, now, until],
      );
      return (rowCount ?? 0) > 0;
    },
    async renewLease(jobId, owner, until) {
      const { rowCount } = await db.query(
        `UPDATE job_deliveries SET lease_until = $3 WHERE job_id = $1 AND lease_owner = $2
           AND mode = 'server' AND delivered = 0`,
        [jobId, owner, until],
      );
      return (rowCount ?? 0) > 0;
    },
    async releaseLease(jobId, owner, handBack) {
      await db.query(
        handBack
          ? 'UPDATE job_deliveries SET lease_until = $3 WHERE job_id = $1 AND lease_owner = $2'
          : 'UPDATE job_deliveries SET lease_owner = NULL, lease_until = NULL WHERE job_id = $1 AND lease_owner = $2',
        handBack ? [jobId, owner, HANDED_BACK] : [jobId, owner],
      );
    },
    async abandoned(now) {
      const { rows } = await db.query<DeliveryRow>(
        `SELECT * FROM job_deliveries WHERE mode = 'server' AND delivered = 0
           AND lease_owner IS NOT NULL AND lease_until <= $1 ORDER BY updated_at`,
        [now],
      );
      return rows.map(toDelivery);
    },
    async nextLeaseEnd(now) {
      const { rows } = await db.query<{ at: number | null }>(
        `SELECT MIN(lease_until) AS at FROM job_deliveries WHERE mode = 'server' AND delivered = 0
           AND lease_owner IS NOT NULL AND lease_until > $1`,
        [now],
      );
      return rows[0]?.at ?? null;
    },
    async freeLeases() {
      const { rowCount } = await db.query(
        'UPDATE job_deliveries SET lease_owner = NULL, lease_until = NULL WHERE lease_owner IS NOT NULL',
      );
      return rowCount ?? 0;
    },
  };
}
