import type Database from 'better-sqlite3';
import { SealedDataError, type SealedBox } from './sealed-box';

/**
 * Jobs waiting out upstream trouble (the job runner's back-off): a job whose batch failed on
 * something retrying can fix (5xx, 429, timeouts) waits instead of failing, and goes on at `until`.
 * Kept in the store so a restarted worker waits out the same pause rather than hammering the API.
 */
export interface JobWait {
  jobId: string;
  /** When the job goes on (ms since the epoch). */
  until: number;
  /** Pauses in a row so far, this one included; a committed batch clears them. */
  pauses: number;
  /** The error code behind the pause (`upstream_failed`, `rate_limited`...). */
  code: string;
  /** The sentence of the error behind the pause (sealed at rest: it may quote an input). */
  reason: string;
  /** When the first pause of this run of pauses began. */
  since: number;
}

export interface JobWaitRepository {
  get(jobId: string): Promise<JobWait | null>;
  set(wait: JobWait): Promise<void>;
  clear(jobId: string): Promise<void>;
  all(): Promise<JobWait[]>;
}

/** A wait as either engine stores it. */
export interface WaitRow {
  job_id: string;
  until: number;
  pauses: number;
  code: string;
  sealed_reason: Buffer;
  since: number;
}

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

function waitReasonContext(jobId: string): string {
  return `job ${jobId} wait reason`;
}

export function sealWaitReason(box: SealedBox, wait: JobWait): Buffer {
  return box.seal(wait.reason, waitReasonContext(wait.jobId));
}

/** The wait a row holds; a reason that can no longer be opened reads as a sentence saying so. */
export function waitOf(box: SealedBox, row: WaitRow): JobWait {
  let reason: string;
  try {
    reason = box.open(row.sealed_reason, waitReasonContext(row.job_id));
  } catch (error) {
    if (!(error instanceof SealedDataError)) throw error;
    reason = "the reason cannot be read: the data directory's secret changed";
  }
  return {
    jobId: row.job_id,
    until: row.until,
    pauses: row.pauses,
    code: row.code,
    reason,
    since: row.since,
  };
}
