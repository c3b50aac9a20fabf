import type { JobWaitRepository } from '../job-wait-repository';
import { sealWaitReason, waitOf, type WaitRow } from '../rows/job-wait-rows';
import type { SealedBox } from '../sealing/sealed-box';
import type { PostgresDatabase } from './postgres-database';

/** Jobs' waits on Postgres, one row per job, the reason sealed; gone with the job. */
export function createPostgresJobWaitRepository(db: PostgresDatabase, box: SealedBox): JobWaitRepository {
  return {
    async get(jobId) {
      const { rows } = await db.query<WaitRow>('SELECT * FROM job_waits WHERE job_id = $1', [jobId]);
      return rows[0] === undefined ? null : waitOf(box, rows[0]);
    },
    async set(wait) {
      await db.query(
        `INSERT INTO job_waits (job_id, until, pauses, code, sealed_reason, since)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (job_id) DO UPDATE SET until = excluded.until, pauses = excluded.pauses,
           code = excluded.code, sealed_reason = excluded.sealed_reason, since = excluded.since`,
        [wait.jobId, wait.until, wait.pauses, wait.code, sealWaitReason(box, wait), wait.since],
      );
    },
    async clear(jobId) {
      await db.query('DELETE FROM job_waits WHERE job_id = $1', [jobId]);
    },
    async all() {
      const { rows } = await db.query<WaitRow>('SELECT * FROM job_waits ORDER BY until');
      return rows.map((row) => waitOf(box, row));
    },
  };
}
