import type Database from 'better-sqlite3';
import type { SealedBox } from '../sealing/sealed-box';
import type { JobWaitRepository } from '../job-wait-repository';
import { type WaitRow, waitOf, sealWaitReason } from '../rows/job-wait-rows';

export function createSqliteJobWaitRepository(db: Database.Database, box: SealedBox): JobWaitRepository {
  const toWait = (row: WaitRow) => waitOf(box, row);
  const one = db.prepare<[string], WaitRow>('SELECT * FROM job_waits WHERE job_id = ?');
  const every = db.prepare<[], WaitRow>('SELECT * FROM job_waits ORDER BY until');
  const upsert = db.prepare(
    `INSERT INTO job_waits (job_id, until, pauses, code, sealed_reason, since)
     VALUES (@job_id, @until, @pauses, @code, @sealed_reason, @since)
     ON CONFLICT (job_id) DO UPDATE SET until = excluded.until, pauses = excluded.pauses,
       code = excluded.code, sealed_reason = excluded.sealed_reason, since = excluded.since`,
  );
  const remove = db.prepare<[string]>('DELETE FROM job_waits WHERE job_id = ?');
  return {
    async get(jobId) {
      const row = one.get(jobId);
      return row === undefined ? null : toWait(row);
    },
    async set(wait) {
      upsert.run({
        job_id: wait.jobId,
        until: wait.until,
        pauses: wait.pauses,
        code: wait.code,
        sealed_reason: sealWaitReason(box, wait),
        since: wait.since,
      });
    },
    async clear(jobId) {
      remove.run(jobId);
    },
    async all() {
      return every.all().map(toWait);
    },
  };
}
